/**
 * The image of a relation over cell pairs (i, j) under (i, j) -> i - j.
 *
 * Works on the positional row layout of src/poly/types.ts: the pair's 2n dims become
 * existential locals and n new dims d = i - j are added. Keeping i and j as locals is
 * exact (no projection happens here); simplification may eliminate them later.
 */
import type { BasicSet, PolySet } from '../poly/index.js';

export function differenceSet(
  relation: PolySet,
  n: number,
  dims: readonly string[],
  /**
   * Leading dims of each half that are not differenced (the block instance of a
   * block-scoped array, equal in both halves): they simply become locals.
   */
  shared = 0,
): PolySet {
  const params = relation.space.params;
  const space = { params, dims };
  const np = params.length;
  const half = shared + n;
  const pieces = relation.pieces.map((b): BasicSet => {
    // Old columns: [1, params, (e, i) (half), (e', j) (half), locals];
    // new: [1, params, d (n), (e, i), (e', j), locals].
    const move = (row: readonly bigint[]): bigint[] => [
      ...row.slice(0, 1 + np),
      ...Array<bigint>(n).fill(0n),
      ...row.slice(1 + np),
    ];
    const eqs = b.eqs.map(move);
    for (let k = 0; k < n; k++) {
      // d_k - i_k + j_k = 0
      const row = Array<bigint>(1 + np + n + 2 * half + b.nLocals).fill(0n);
      row[1 + np + k] = 1n;
      row[1 + np + n + shared + k] = -1n;
      row[1 + np + n + half + shared + k] = 1n;
      eqs.push(row);
    }
    return { space, nLocals: b.nLocals + 2 * half, eqs, ineqs: b.ineqs.map(move) };
  });
  return { space, pieces };
}
