/**
 * Candidate shapes of a 1-D array of E cells (optimistic-delinearization paper, section
 * 3.1, steps 1 and 2). The paper guesses dimension sizes from the parameters that multiply
 * loop iterators; our subscripts arrive with known sizes folded into integer coefficients,
 * so the guesses are the coefficients of iterators in subscripts that combine several loop
 * variables (`2349i + 81j`: rows of 2349 and of 81 cells). A set of such strides that
 * divide each other, the largest dividing E, is a row-major shape: strides s_0 > ... > s_m
 * give sizes [E / s_0][s_0 / s_1]...[s_m]. A lone iterator with a stride (`x[2i + 1]`)
 * is not a sign of a linearized array and proposes nothing.
 */

/** Most strides combined into shapes (2^n subsets are tried, longest first). */
const MAX_STRIDES = 8;

/**
 * Strides proposed by the subscripts: per subscript, the coefficient magnitudes (> 1) of
 * its loop variables when it has at least two of them.
 */
export function proposedStrides(
  subscripts: readonly Readonly<Record<string, bigint>>[],
  isLoopVariable: (name: string) => boolean,
): bigint[] {
  const out = new Set<bigint>();
  for (const coeffs of subscripts) {
    const loop = Object.entries(coeffs).filter(([v, c]) => c !== 0n && isLoopVariable(v));
    if (loop.length < 2) continue;
    for (const [, c] of loop) {
      const m = c < 0n ? -c : c;
      if (m > 1n) out.add(m);
    }
  }
  return [...out].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
}

/**
 * Every chain of strides (each dividing the one before, the first dividing `cells`, all
 * smaller than `cells`), the most dimensions first, then the larger strides first.
 */
export function candidateChains(strides: readonly bigint[], cells: bigint): bigint[][] {
  const usable = strides.filter((s) => s < cells && cells % s === 0n).slice(0, MAX_STRIDES);
  const chains: bigint[][] = [];
  const extend = (chain: bigint[], from: number) => {
    if (chain.length > 0) chains.push(chain);
    for (let k = from; k < usable.length; k++) {
      const s = usable[k]!;
      const last = chain.at(-1);
      if (last === undefined || last % s === 0n) extend([...chain, s], k + 1);
    }
  };
  extend([], 0);
  return chains.sort((a, b) => {
    if (a.length !== b.length) return b.length - a.length;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! > b[k]! ? -1 : 1;
    return 0;
  });
}

/** Sizes of the shape of a chain: [cells / s_0, s_0 / s_1, ..., s_m]. */
export function chainSizes(chain: readonly bigint[], cells: bigint): bigint[] {
  const sizes = [cells / chain[0]!];
  for (let k = 1; k < chain.length; k++) sizes.push(chain[k - 1]! / chain[k]!);
  sizes.push(chain.at(-1)!);
  return sizes;
}
