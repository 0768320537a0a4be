/**
 * How the compiler numbers a file's lines when the file's own `#line` directives renumber
 * them (frontend/lineDirectives.ts reads it; the rewrite's `#line`s give it back).
 */

/**
 * From each `from` (a physical line, from 1) on, the compiler's number is the physical line
 * plus `delta`, up to the next stretch's `from`. Empty: the physical lines.
 */
export type LineNumbering = readonly { readonly from: number; readonly delta: number }[];

/** The number the compiler gives physical line `line` (from 1). */
export function compilerLine(numbering: LineNumbering | undefined, line: number): number {
  let delta = 0;
  for (const s of numbering ?? []) if (s.from <= line) delta = s.delta;
  return line + delta;
}
