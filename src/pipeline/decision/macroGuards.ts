/**
 * The `#if N != 100 / #error` guards of a function whose arrays were contracted, for every
 * user macro (file, header or -D) its text expands and whose value `#if` can compute: the
 * model was built from that expansion. Placed after the function, a guard sees the
 * definitions the function saw (a later `#undef` does not disturb it); where one of them
 * ends inside the function, see guardLine. A macro no guard can check is said in the report.
 */
import type { FunctionModel } from '../../model/types.js';
import type { MacroUse, MacroValue } from '../../frontend/spelling.js';
import { warn } from './outcome.js';
import type { Finding } from '../../model/reasons.js';

export interface MacroGuards {
  /** Lines to put right after the function's closing brace. */
  readonly after: readonly string[];
  /** Guards to put before a line inside the function (before the `#undef` there). */
  readonly before: readonly { readonly line: number; readonly lines: readonly string[] }[];
  /** What the report says of the macros no guard checks. */
  readonly warnings: readonly Finding[];
}

/** Per macro: its value, and every definition the uses expanding it saw. */
interface Seen {
  value?: bigint;
  body: string;
  seen: Set<MacroValue>;
}

function macrosOf(fn: FunctionModel, uses: readonly MacroUse[]) {
  const values = new Map<string, Seen>();
  const mixed = new Set<string>();
  const functionLike = new Map<string, number>();
  for (const u of uses) {
    if (u.start < fn.range.start || u.end > fn.range.end) continue;
    // A function-like macro's body cannot be compared by #if: say what was assumed.
    if (u.definition?.params !== undefined && !u.definition.system)
      functionLike.set(u.name, u.definition.line);
    for (const d of u.depends) {
      if (d.definition.system) continue;
      const known = values.get(d.name);
      if (known && known.value !== d.value) mixed.add(d.name);
      const seen = known?.seen ?? new Set();
      for (const x of u.depends) seen.add(x);
      values.set(d.name, { value: d.value, body: d.definition.body.trim(), seen });
    }
  }
  return { values, mixed, functionLike };
}

export function macroGuards(fn: FunctionModel, uses: readonly MacroUse[]): MacroGuards {
  const { values, mixed, functionLike } = macrosOf(fn, uses);
  const warnings: Finding[] = [];
  for (const [name, line] of functionLike)
    warnings.push(
      warn(
        'function-like-macro-assumed',
        `the result holds for macro ${name} as defined at line ${line}; no #if guard can check a function-like macro`,
      ),
    );
  const after: string[] = [];
  const before: { line: number; lines: string[] }[] = [];
  const lastLine = fn.endLine ?? Number.MAX_SAFE_INTEGER;
  for (const [name, { value, body, seen }] of values) {
    const line = guardLine([...seen], lastLine);
    if (mixed.has(name) || value === undefined || line === null) {
      warnings.push(
        warn(
          'macro-unguarded',
          `the result holds for macro ${name} as defined (${body}); no #if guard can check it`,
        ),
      );
      continue;
    }
    const operand = /^[\w]+$/.test(body) ? name : `(${name})`;
    const guard = [
      `#if ${operand} != ${value}`,
      `#error "beeclak: arrays of ${fn.name}() were contracted for ${name} == ${value}; run beeclak again for other values"`,
      '#endif',
    ];
    if (line === undefined) after.push(...guard);
    else before.push({ line, lines: guard });
  }
  after.push(...(fn.configurationGuard ?? []));
  return { after, before, warnings };
}

/**
 * Where the guard of a macro goes, given every definition its uses saw: undefined for
 * "after the function"; else the line of the first directive inside the function that ends
 * one of them (`#define M 40` ... `#undef M` before the closing brace: after the function
 * `#if` saw M undefined and the guard fired in the very configuration analysed), the guard
 * going right before it; null when no line sees them all (a definition starts after another
 * ends, or ends in a header).
 */
function guardLine(seen: readonly MacroValue[], lastLine: number): number | null | undefined {
  const ends = seen
    .flatMap((d) => (d.until && d.until.afterMainLine <= lastLine ? [d.until] : []))
    .sort((a, b) => a.afterMainLine - b.afterMainLine);
  const first = ends[0];
  if (!first) return undefined;
  const latestStart = Math.max(...seen.map((d) => d.definition.afterMainLine));
  return first.inMainFile && latestStart < first.line ? first.line : null;
}
