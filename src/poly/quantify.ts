/**
 * Existential quantification of parameters: { x : exists p, x in S(p) }, the union of
 * S over every value of the parameters p.
 *
 * Used where a parameter's value is only known at run time: a mapping that is admissible
 * for the union over all values is admissible for each of them. Exact (the parameter
 * columns simply become existential locals).
 */
import type { BasicSet, PolySet } from './types.js';

export function quantifyParams(s: PolySet, names: readonly string[]): PolySet {
  const params = s.space.params;
  const moved = params.map((p, k) => (names.includes(p) ? k : -1)).filter((k) => k >= 0);
  if (moved.length === 0) return s;
  const kept = params.map((_, k) => k).filter((k) => !moved.includes(k));
  const space = { params: kept.map((k) => params[k]), dims: s.space.dims };
  const np = params.length;
  const reorder = (row: readonly bigint[]): bigint[] => [
    row[0],
    ...kept.map((k) => row[1 + k]),
    ...row.slice(1 + np),
    ...moved.map((k) => row[1 + k]),
  ];
  const pieces = s.pieces.map((b): BasicSet => ({
    space,
    nLocals: b.nLocals + moved.length,
    eqs: b.eqs.map(reorder),
    ineqs: b.ineqs.map(reorder),
  }));
  return { space, pieces };
}
