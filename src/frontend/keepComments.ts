/**
 * What the author says about one array in the text (issue 28):
 *
 *     double t[N];  /* beeclak: keep *\/                  keep t as written, say nothing of it
 *     // beeclak: suppress BC1204 read-before-write      (the line before) hide these findings
 *     #pragma beeclak keep(t)    #pragma beeclak keep(kernel:t)
 *
 * A comment is next to a declaration when it stands alone on the line before it, inside it,
 * or right after it on its last line (after its `;`; a parameter's before the `,` or `)` that
 * follows). A pragma inside a function names an array of that function; elsewhere an
 * unqualified name keeps every array of that name (keeping more is always sound). A code a
 * comment names that is not one is an error: a typo must not leave a finding shown.
 */
import { InputError } from '../model/errors.js';
import { reasonNamed, type ReasonName } from '../model/reasons.js';
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import { pragmasIn } from '../model/pragmas.js';

/** `beeclak: keep` or `beeclak: suppress CODE ...` inside one comment. */
const DIRECTIVE =
  /\/\*\s*beeclak:\s*(keep|suppress)\b((?:(?!\*\/)[\s\S])*)\*\/|\/\/\s*beeclak:\s*(keep|suppress)\b([^\n]*)/g;

export interface ArrayDirectives {
  readonly keep: boolean;
  readonly suppress: readonly ReasonName[];
  /** Where the request stands, for the report. */
  readonly line?: number;
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

function codesOf(list: string, source: string, at: number, file: string): ReasonName[] {
  return list
    .split(/[\s,]+/)
    .filter((w) => w !== '')
    .map((w) => {
      const name = reasonNamed(w);
      if (!name)
        throw new InputError(
          `beeclak: suppress: '${w}' is no reason code (docs/reasons.md)`,
          file,
          {
            line: lineOf(source, at),
            column: 1,
          },
        );
      return name;
    });
}

/** A comment starting the text: `/* ... *\/` or `// ...`. */
const COMMENT = /^\s*;?\s*(?:\/\*(?:(?!\*\/)[\s\S])*\*\/|\/\/[^\n]*)/;

/** The pieces of text where a comment counts as next to `array`'s declaration. */
function nextTo(source: string, a: ArrayInfo): { start: number; end: number }[] {
  const { start, end } = a.declarationRange;
  // The declaration and a comment right after it (after its `;`, before a `,` or `)`).
  const after = COMMENT.exec(source.slice(end));
  const out = [{ start, end: end + (after ? after[0].length : 0) }];
  // The line before, when it holds nothing but a comment.
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  if (lineStart > 0) {
    const previousStart = source.lastIndexOf('\n', lineStart - 2) + 1;
    const previous = source.slice(previousStart, lineStart - 1);
    const only = COMMENT.exec(previous);
    if (only && previous.slice(only[0].length).trim() === '')
      out.push({ start: previousStart, end: lineStart - 1 });
  }
  return out;
}

function commentDirectives(source: string, a: ArrayInfo, file: string): ArrayDirectives {
  let keep = false;
  const suppress: ReasonName[] = [];
  let line: number | undefined;
  for (const r of nextTo(source, a)) {
    const text = source.slice(r.start, r.end);
    for (const m of text.matchAll(DIRECTIVE)) {
      const what = m[1] ?? m[3];
      line ??= lineOf(source, r.start + m.index);
      if (what === 'keep') keep = true;
      else suppress.push(...codesOf(m[2] ?? m[4] ?? '', source, r.start + m.index, file));
    }
  }
  return { keep, suppress, ...(line !== undefined ? { line } : {}) };
}

/** `#pragma beeclak keep(NAME)` / `keep(FUNCTION:NAME)`: which arrays of which function. */
function keepPragmas(source: string, functions: readonly FunctionModel[]) {
  const out: { fn?: string; array: string; line: number }[] = [];
  for (const p of pragmasIn(source)) {
    const m = /^beeclak\s+keep\s*\(\s*(?:([A-Za-z_]\w*)\s*:\s*)?([A-Za-z_]\w*)\s*\)\s*$/.exec(
      p.body,
    );
    if (!m) continue;
    const inside = functions.find((f) => f.range.start <= p.start && p.start < f.range.end);
    out.push({ fn: m[1] ?? inside?.name, array: m[2]!, line: lineOf(source, p.start) });
  }
  return out;
}

/** Per function and array, what the text asks for it (only arrays it asks anything for). */
export function arrayDirectives(
  source: string,
  functions: readonly FunctionModel[],
  file: string,
): Map<ArrayInfo, ArrayDirectives> {
  const pragmas = keepPragmas(source, functions);
  const used = new Set<(typeof pragmas)[number]>();
  const out = new Map<ArrayInfo, ArrayDirectives>();
  for (const fn of functions)
    for (const a of fn.arrays) {
      const c = commentDirectives(source, a, file);
      const p = pragmas.find((x) => x.array === a.name && (x.fn === undefined || x.fn === fn.name));
      if (p) used.add(p);
      const keep = c.keep || p !== undefined;
      if (!keep && c.suppress.length === 0) continue;
      out.set(a, { keep, suppress: c.suppress, line: c.line ?? p?.line });
    }
  // A typo must not leave an array it was meant to keep contracted.
  // (A function the model does not have, one it could not analyse, is not told.)
  const unused = pragmas.find(
    (p) => !used.has(p) && (p.fn === undefined || functions.some((f) => f.name === p.fn)),
  );
  if (unused)
    throw new InputError(
      `pragma keep(${unused.fn ? `${unused.fn}:` : ''}${unused.array}): no such array`,
      file,
      { line: unused.line, column: 1 },
    );
  return out;
}
