/** Which written dimension each slot of a contracted array stands for (the author's brackets). */
import type { ArrayRewrite } from './plan.js';

/**
 * The written dimension each slot of `array` stands for: slot k for dimension k when the
 * rank is kept, or the one dimension a row copies when every row copies one (`y[i][k]` ->
 * `y[i]`); undefined when a slot mixes dimensions of a lower rank.
 */
export function writtenDimensions(array: ArrayRewrite, rank: number): number[] | undefined {
  if (array.rows.length === rank) return array.rows.map((_, k) => k);
  const dims = array.rows.map((r) => {
    const nonZero = r.coefficients.flatMap((c, d) => (c === 0n ? [] : [d]));
    return nonZero.length === 1 && r.coefficients[nonZero[0]!] === 1n ? nonZero[0]! : -1;
  });
  return dims.every((d, k) => d >= 0 && (k === 0 || d > dims[k - 1]!)) ? dims : undefined;
}
