/**
 * What a plan adds to the text besides the arrays' edits, as edits of the one engine
 * (edits.ts), at offsets of the original text: the private copies of contracted parameters,
 * the original body kept for other argument values, and the guards of the values a result
 * holds for. (They were spliced into the text before the rewriter ran, every range shifted
 * to follow: issue 28.)
 *
 * A function with private copies (ArrayRewrite.privateCopy) becomes
 *
 *     { (void)B; { double B[N][2]; (void)B; /* beeclak: private copy of B *\/ ...body... } }
 *
 * where the inner declaration shadows the parameter (its accesses need no renaming) and
 * `check` places its shadow arrays right after it; a function fixed for argument values
 * (`fallback`) becomes `{ if (n != 30) { original } else { contracted } }`, each guard on a
 * line of its own.
 */
import type { Edit } from './edits.js';
import { indentation } from './layout.js';
import { contractedDeclarator } from './declarator.js';
import { compilerLine } from '../model/lineNumbering.js';
import type { ArrayRewrite, ByteRange, PlanInsertion, RewritePlan } from './plan.js';

/** Text a caller adds right after a private copy's declaration (`check`'s shadows). */
export type AfterDeclaration = (array: ArrayRewrite) => string;

/** The line ending of added lines: CRLF when the file has any. */
export function guardLineEnding(source: string): string {
  return source.includes('\r\n') ? '\r\n' : '\n';
}

const insertion = (at: number, text: string, what: string): Edit => ({
  range: { start: at, end: at },
  holes: [],
  render: () => text,
  what,
});

/**
 * `#line N` after added lines: what follows keeps its own line number, which `__LINE__` and
 * `assert` print (adversary 2026-11-29b: three guard lines after a function moved main()'s
 * `__LINE__` from 17 to 20). The file name is not given: it stays the compiler's.
 */
const lineDirective = (plan: RewritePlan, line: number) =>
  `#line ${compilerLine(plan.lineNumbering, line)}`;

/** The line (from 1) of `offset`. */
function lineOf(starts: readonly number[], offset: number): number {
  let [lo, hi] = [0, starts.length - 1];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The start offset of each line (line 1 at index 0). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The private copies of one function body: what goes after its `{` and before its `}`. */
function privateCopies(
  plan: RewritePlan,
  copies: readonly ArrayRewrite[],
  after: AfterDeclaration,
): { open: string; close: string } {
  const voids = copies.map((a) => `(void)${a.name};`).join(' ');
  const names = copies.map((a) => a.name).join(', ');
  const declarations = copies.map(
    (a) => `${a.privateCopy!.type} ${contractedDeclarator(a)};${after(a)}`,
  );
  // `(void)` of the private copies too: a write-only temporary (its writes all dead) would
  // otherwise be `set but not used` under -Wall. C89 wants the body's own declarations first
  // in a block: it gets one of its own.
  const open =
    ` ${voids} { ` +
    declarations.join(' ') +
    ` ${voids}` +
    ` /* beeclak: private ${copies.length === 1 ? 'copy' : 'copies'} of ${names} */` +
    (plan.c89 ? ' {' : '');
  return { open, close: plan.c89 ? '}} ' : '} ' };
}

interface BodyAdditions {
  readonly body: ByteRange;
  fallback?: Extract<PlanInsertion, { kind: 'fallback' }>;
  copies: ArrayRewrite[];
}

/** Per function body: its fallback and its private copies. */
function bodies(plan: RewritePlan): BodyAdditions[] {
  const byBody = new Map<number, BodyAdditions>();
  const of = (body: ByteRange) => {
    let b = byBody.get(body.start);
    if (!b) byBody.set(body.start, (b = { body, copies: [] }));
    return b;
  };
  for (const a of plan.arrays) if (a.privateCopy) of(a.privateCopy.body).copies.push(a);
  for (const i of plan.insertions ?? []) if (i.kind === 'fallback') of(i.body).fallback = i;
  return [...byBody.values()];
}

/**
 * How the guard of a fallback stands in the text: each of `if (...) {`, `} else { ... }` and
 * the closing `}` on a line of its own, indented as the body's first line (issue 29: a
 * guard glued to the function's braces, `{ if (n != 30) {`, read like a slip).
 */
function guardLayout(source: string, body: ByteRange) {
  const eol = guardLineEnding(source);
  const inner = source.slice(body.start + 1, body.end - 1);
  const firstLine = /\n([ \t]*)\S/.exec(inner);
  const indent = firstLine ? firstLine[1]! : indentation(source, body.start) + '  ';
  // The body's own first line break follows the `if`; a one-line body gets one.
  const opens = /^[ \t]*\r?\n/.test(inner) ? '' : eol;
  // Before the `}`s: a line of their own unless the body ends with a line break.
  const closes = /\n[ \t]*$/.test(inner) ? '' : eol;
  return { eol, indent, opens, closes };
}

/**
 * After the `{`: the original body kept for other argument values (it sees the parameter
 * itself), then the private copies (the contracted body sees them); before the `}` the
 * copies' block closes first.
 */
function bodyEdits(plan: RewritePlan, b: BodyAdditions, after: AfterDeclaration): Edit[] {
  const open = b.body.start + 1;
  const close = b.body.end - 1;
  const copies = b.copies.length > 0 ? privateCopies(plan, b.copies, after) : undefined;
  const f = b.fallback;
  const g = f && guardLayout(plan.source, b.body);
  // Each copy of the body, and the `}` after them, keep their lines' numbers (`assert`).
  const starts = g ? lineStarts(plan.source) : [];
  const first = g ? `${g.eol}${lineDirective(plan, lineOf(starts, open) + (g.opens ? 0 : 1))}` : '';
  // The original body in place, or the call of the function it became (outlined).
  const original =
    f?.outline && g
      ? `${g.eol}${g.indent}${g.indent || '    '}${f.outline.call}${g.eol}`
      : g && `${first}${g.opens}${plan.source.slice(open, close)}${g.closes}`;
  const head =
    f && g
      ? `${g.eol}${g.indent}if (${f.condition}) {${original}` +
        `${g.indent}} else { /* beeclak: contracted for ${f.note} */${first}${g.opens}`
      : '';
  const tail = g
    ? `${g.closes}${g.indent}}${g.eol}${lineDirective(plan, lineOf(starts, close))}${g.eol}`
    : '';
  return [
    ...(f ? [insertion(open, head, 'original body kept for other values')] : []),
    ...(copies ? [insertion(open, copies.open, 'private copies')] : []),
    ...(copies ? [insertion(close, copies.close, 'end of the private copies')] : []),
    ...(f ? [insertion(close, tail, 'end of the original body')] : []),
  ];
}

/**
 * The original body of a fallback as a function of its own, at the start of the line of the
 * function's header: a comment, then the header (indented as the function's) and the body as
 * written, with their own line numbers; the function's text then gets its own back.
 */
function outlineEdits(plan: RewritePlan, starts: readonly number[]): Edit[] {
  const { source } = plan;
  const eol = guardLineEnding(source);
  const out: Edit[] = [];
  for (const f of plan.insertions ?? []) {
    if (f.kind !== 'fallback' || !f.outline) continue;
    const { header, function: fn } = f.outline;
    const at = source.lastIndexOf('\n', header.start - 1) + 1;
    const line = lineOf(starts, header.start);
    const text =
      `/* beeclak: ${fn}() as written, for ${f.condition}, in a frame of its own */${eol}` +
      `${lineDirective(plan, line)}${eol}` +
      `${/^[ \t]*/.exec(source.slice(at, header.start))![0]}${header.text}` +
      `${source.slice(f.body.start, f.body.end)}${eol}` +
      `${lineDirective(plan, line)}${eol}`;
    out.push(insertion(at, text, 'original body as a function of its own'));
  }
  return out;
}

/**
 * The guards around and inside functions, in the order the text gets them: at one offset,
 * the last given comes first.
 */
function guardEdits(plan: RewritePlan): Edit[] {
  const { source } = plan;
  const eol = guardLineEnding(source);
  const starts = lineStarts(source);
  const edits: { at: number; text: string; k: number }[] = [];
  for (const [k, i] of (plan.insertions ?? []).entries()) {
    if (i.kind === 'file-start')
      edits.push({
        at: 0,
        text: [...i.lines, lineDirective(plan, 1)].map((l) => l + eol).join(''),
        k,
      });
    else if (i.kind === 'before-line')
      edits.push({
        at: starts[i.line - 1]!,
        text: [...i.lines, lineDirective(plan, i.line)].map((l) => l + eol).join(''),
        k,
      });
    else if (i.kind === 'after') {
      // The rest of the line goes on a line of its own when it is not its end.
      const tail = /^\r?\n/.test(source.slice(i.at)) ? '' : eol;
      const line = lineOf(starts, i.at) + (tail ? 0 : 1);
      // A file contracted before has this guard already: a second run added a copy of it
      // (its `#line` may differ, after lines added to the function since).
      if (source.startsWith(`${eol}${i.lines.join(eol)}${eol}#line `, i.at)) continue;
      edits.push({
        at: i.at,
        text: `${eol}${[...i.lines, lineDirective(plan, line)].join(eol)}${tail}`,
        k,
      });
    }
  }
  return edits
    .sort((a, b) => a.at - b.at || b.k - a.k)
    .map((e) => insertion(e.at, e.text, 'guard'));
}

/** Every insertion of the plan as edits; `after` adds text after a private declaration. */
export function insertionEdits(plan: RewritePlan, after: AfterDeclaration = () => ''): Edit[] {
  // At one offset, a guard before the function comes before the function made of its body.
  return [
    ...bodies(plan).flatMap((b) => bodyEdits(plan, b, after)),
    ...guardEdits(plan),
    ...outlineEdits(plan, lineStarts(plan.source)),
  ];
}

/** The text with the file-end guards appended (after every other edit). */
export function withFileEnd(plan: RewritePlan, text: string): string {
  const lines = (plan.insertions ?? []).flatMap((i) => (i.kind === 'file-end' ? i.lines : []));
  if (lines.length === 0) return text;
  const eol = guardLineEnding(plan.source);
  const tail = `/* beeclak: contracted for fixed sizes (see the report). */${eol}${lines.join(eol)}${eol}`;
  if (text.endsWith(tail)) return text;
  return (text.endsWith(eol) ? text : text + eol) + tail;
}
