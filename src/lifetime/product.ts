/**
 * Cartesian product of two sets over the same parameters: dims of `a` then dims of `b`,
 * locals of both kept apart. Works on the positional row layout of src/poly/types.ts
 * (columns [1, params, dims, locals]); no projection happens, so it is exact.
 */
import type { BasicSet, PolySet, Space } from '../poly/index.js';

export function product(a: PolySet, b: PolySet, dims: readonly string[]): PolySet {
  const params = a.space.params;
  if (params.join(',') !== b.space.params.join(',')) {
    throw new Error(`product: parameters differ (${params} vs ${b.space.params})`);
  }
  if (dims.length !== a.space.dims.length + b.space.dims.length) {
    throw new Error('product: wrong number of dim names');
  }
  const space: Space = { params, dims };
  const np = params.length;
  const na = a.space.dims.length;
  const nb = b.space.dims.length;
  const pieces: BasicSet[] = [];
  for (const x of a.pieces) {
    for (const y of b.pieces) {
      // New columns: [1, params, dims a, dims b, locals x, locals y].
      const fromX = (r: readonly bigint[]): bigint[] => [
        ...r.slice(0, 1 + np + na),
        ...Array<bigint>(nb).fill(0n),
        ...r.slice(1 + np + na),
        ...Array<bigint>(y.nLocals).fill(0n),
      ];
      const fromY = (r: readonly bigint[]): bigint[] => [
        ...r.slice(0, 1 + np),
        ...Array<bigint>(na).fill(0n),
        ...r.slice(1 + np, 1 + np + nb),
        ...Array<bigint>(x.nLocals).fill(0n),
        ...r.slice(1 + np + nb),
      ];
      pieces.push({
        space,
        nLocals: x.nLocals + y.nLocals,
        eqs: [...x.eqs.map(fromX), ...y.eqs.map(fromY)],
        ineqs: [...x.ineqs.map(fromX), ...y.ineqs.map(fromY)],
      });
    }
  }
  return { space, pieces };
}
