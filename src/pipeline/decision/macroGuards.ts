/**
 * The `#if N != 100 / #error` guards of a function whose arrays were contracted, for every
 * user macro (file, header or -D) its text expands and whose value `#if` can compute, and
 * every macro of the compiler's own or of a system header it spells (adversary 2026-11-28c:
 * `t[i - (3 - __STDC_VERSION__ / 100000)]` contracted for C17 ran unguarded with -std=c99,
 * `t[i - (LONG_MAX > 2147483647L ? 1 : 2)]` with -m32): the model was built from that
 * expansion. Placed after the function, a guard sees the
 * definitions the function saw (a later `#undef` does not disturb it); where one of them
 * ends inside the function, see guardLine. A macro no guard can check is said in the report.
 */
import type { FunctionModel } from '../../model/types.js';
import { usesWithin, type MacroUse, type MacroValue } from '../../frontend/spelling.js';
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
  // The function's run of the file's uses (in text order, never overlapping: a binary
  // search), not a pass over every use of the file per function (quadratic in a file of many).
  for (const u of usesWithin(uses, fn.range)) {
    // A function-like macro's body cannot be compared by #if: say what was assumed.
    if (u.definition?.params !== undefined && !u.definition.system)
      functionLike.set(u.name, u.definition.line);
    for (const d of u.depends) {
      // A system header's macro is the same text in every build, but its value may follow
      // the build's flags: one the compiler defines itself (`__STDC_VERSION__` with
      // -std=c99), one reaching such a built-in (LONG_MAX is `__LONG_MAX__`: another with
      // -m32) or a system header's #if on it. A valued one the function spells is guarded
      // (that guard checks what it reaches); one without a value only if it is a built-in.
      if (d.definition.system && !(d.name === u.name && (d.value !== undefined || builtIn(d))))
        continue;
      const known = values.get(d.name);
      if (known && known.value !== d.value) mixed.add(d.name);
      const seen = known?.seen ?? new Set();
      for (const x of u.depends) seen.add(x);
      values.set(d.name, { value: d.value, body: d.definition.body.trim(), seen });
    }
  }
  return { values, mixed, functionLike };
}

const builtIn = (d: MacroValue) => d.definition.file === '<built-in>';

/**
 * An integer as `#if` reads it without a warning: past the signed range, unsigned
 * (`ULONG_MAX`), and the most negative as a difference (`LONG_MIN`).
 */
function literal(value: bigint): string {
  const max = (1n << 63n) - 1n;
  if (value > max) return `${value}u`;
  if (value < -max) return `(${value + 1n} - 1)`;
  return `${value}`;
}

/**
 * Why a function's code is guarded: its own arrays (or a buffer of its) changed, or a
 * decision across calls about the arrays of `kernels` read its code.
 */
export type GuardedFor = { readonly own: true } | { readonly readBy: readonly string[] };

const OWN: GuardedFor = { own: true };

/** What the `#error` of a guard says of the function. */
function subject(fn: FunctionModel, why: GuardedFor): string {
  if ('own' in why) return `arrays of ${fn.name}() were contracted`;
  const kernels = why.readBy.map((k) => `${k}()`).join(', ');
  return `arrays of ${kernels} were contracted reading the code of ${fn.name}()`;
}

export function macroGuards(
  fn: FunctionModel,
  uses: readonly MacroUse[],
  why: GuardedFor = OWN,
  /** Whether a contracted result rests on its calls (FunctionModel.callsGuard). */
  byCalls = true,
): MacroGuards {
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
  const fixed = new Set(fn.macroRoles?.fixed);
  const valueOnly = new Set(fn.macroRoles?.valueOnly);
  for (const [name, { value, body, seen }] of values) {
    // The file fixes it for every build: a guard could never fire (frontend/macroRoles.ts).
    if (fixed.has(name) && !mixed.has(name)) continue;
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
    // (Inside the function a declaration could follow statements, which C89 refuses: there
    // the value guard stays.)
    const guard =
      valueOnly.has(name) && line === undefined
        ? shapeGuard(fn, name, why)
        : [
            `#if ${operand} != ${literal(value)}`,
            `#error "beeclak: ${subject(fn, why)} for ${name} == ${value}; run beeclak again for other values"`,
            '#endif',
          ];
    if (line === undefined) after.push(...guard);
    else before.push({ line, lines: guard });
  }
  // The frontend wrote the configuration guard before any decision: its words are the
  // function's own arrays'; a function read by a decision across calls says so instead.
  const own = `arrays of ${fn.name}() were contracted`;
  const lines = [...(fn.configurationGuard ?? []), ...(byCalls ? (fn.callsGuard ?? []) : [])];
  after.push(...lines.map((l) => l.replace(own, subject(fn, why))));
  return { after, before, warnings };
}

/**
 * The guard of a macro whose value only becomes stored values (frontend/macroRoles.ts):
 * any integer value gives the same decision, but another definition that is no integer
 * could touch the array. Two checks after the function, at file scope, let only integer
 * constant expressions of literals, character and enumeration constants through:
 * - `#if` refuses a call, a subscript, an assignment, `++`, `sizeof`, a cast, a string or a
 *   floating constant (it admits names, which it reads as 0);
 * - the declaration `extern char x[(GAIN) * 0 + 1];` wants a constant size: it refuses an
 *   array's or a function's name (no operand of `*`: `-DGAIN=t` stored the array's address
 *   into a pointer, and a write through it landed in the contracted array), a pointer, a
 *   local's name (undeclared there). What the compiler still folds (`g * 0` with g a
 *   file-scope integer) reads an integer variable: no effect, the same value after.
 * An `extern` declaration may be repeated (the guards of several configurations).
 */
function shapeGuard(fn: FunctionModel, name: string, why: GuardedFor): string[] {
  const id = `beeclak_integer_${fn.name}_${name}`.replace(/\W/g, '_');
  return [
    `#if (${name}) != (${name}) /* beeclak: ${subject(fn, why)} for any integer ${name}, which this #if and the next line check */`,
    '#endif',
    `extern char ${id}[(${name}) * 0 + 1];`,
  ];
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
