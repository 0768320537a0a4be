/**
 * Proven ranges of each mapping row's value at each access, so that the rewriter can drop
 * `% b` where the value already lies in [0, b) and pick a non-negative form elsewhere.
 *
 * The range is the exact integer min and max of M_r . f(x) over the access's iterations
 * (src/poly, Omega test). Parameters with an assumed value are fixed to it (the contracted
 * program is guarded for those values); all others are quantified, so the bounds hold for
 * every value they can take. A non-affine subscript gives no range.
 */
import * as A from '../poly/affine.js';
import * as P from '../poly/index.js';
import type { Access, ArrayInfo, FunctionModel, Statement } from '../model/types.js';
import type { AccessRange, RowForm } from './plan.js';
import { accessInstanceSet } from '../model/instances.js';
import { copiesInBounds } from './fromModel.js';
import { nameRecord } from '../poly/nameRecord.js';

export function rowRanges(
  fn: FunctionModel,
  array: ArrayInfo,
  statement: Statement,
  access: Access,
  rows: readonly RowForm[],
  assumed: Readonly<Record<string, bigint>>,
): AccessRange[] {
  // Parameters without an assumed value are free dimensions: bounds then hold for all of
  // their values, and subscripts can still name them.
  const instances = accessInstanceSet(fn, statement, access, assumed);
  const constants = nameRecord<A.Affine>();
  for (const [k, v] of Object.entries(assumed)) constants[k] = A.constant(v);
  return rows.map((row): AccessRange => {
    const within = copiesInBounds(row, array.extents) ? { withinModulus: true } : {};
    let value: A.Affine = A.constant(0);
    for (let k = 0; k < row.coefficients.length; k++) {
      const c = row.coefficients[k];
      if (c === 0n) continue;
      const s = access.subscripts[k];
      if (s === null || s === undefined) return within;
      value = A.add(value, A.scale(A.substitute(s, constants), c));
    }
    const max = P.maximize(instances, value);
    if (max.kind === 'empty') return { min: 0n, max: 0n, ...within }; // never executed
    const min = P.minimize(instances, value);
    return {
      ...(min.kind === 'value' ? { min: min.value } : {}),
      ...(max.kind === 'value' ? { max: max.value } : {}),
      ...within,
    };
  });
}
