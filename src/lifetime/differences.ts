/**
 * The image of a relation over cell pairs (i, j) under (i, j) -> i - j.
 *
 * Works on the positional row layout of src/poly/types.ts: the pair's 2n dims become
 * existential locals and n new dims d = i - j are added. Keeping i and j as locals is
 * exact (no projection happens here); simplification may eliminate them later.
 */
import type { BasicSet, PolySet } from '../poly/index.js';

export function differenceSet(relation: PolySet, n: number, dims: readonly string[]): PolySet {
  const params = relation.space.params;
  const space = { params, dims };
  const np = params.length;
  const pieces = relation.pieces.map((b): BasicSet => {
    // Old columns: [1, params, i (n), j (n), locals]; new: [1, params, d (n), i, j, locals].
    const move = (row: readonly bigint[]): bigint[] => [
      ...row.slice(0, 1 + np),
      ...Array<bigint>(n).fill(0n),
      ...row.slice(1 + np),
    ];
    const eqs = b.eqs.map(move);
    for (let k = 0; k < n; k++) {
      // d_k - i_k + j_k = 0
      const row = Array<bigint>(1 + np + 3 * n + b.nLocals).fill(0n);
      row[1 + np + k] = 1n;
      row[1 + np + n + k] = -1n;
      row[1 + np + 2 * n + k] = 1n;
      eqs.push(row);
    }
    return { space, nLocals: b.nLocals + 2 * n, eqs, ineqs: b.ineqs.map(move) };
  });
  return { space, pieces };
}
