/**
 * Plain data of the polyhedral core (see src/poly/index.ts for the operations).
 *
 * A set lives in a named space `[params] -> { [dims] }`. A basic set is a conjunction of
 * affine equalities and inequalities over the columns
 *
 *     [ 1, ...params, ...dims, ...locals ]
 *
 * where `locals` are existentially quantified integer variables (strides, projections,
 * integer division). Every row is an integer vector r with `r . v = 0` (eqs) or
 * `r . v >= 0` (ineqs). A set is a finite union of basic sets of the same space.
 * Integer points only: `{ [x] : 2x = 1 }` is empty.
 */
export interface Space {
  readonly params: readonly string[];
  readonly dims: readonly string[];
}

export interface BasicSet {
  readonly space: Space;
  readonly nLocals: number;
  readonly eqs: readonly (readonly bigint[])[];
  readonly ineqs: readonly (readonly bigint[])[];
}

export interface PolySet {
  readonly space: Space;
  readonly pieces: readonly BasicSet[];
}
