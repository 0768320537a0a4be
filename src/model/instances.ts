/**
 * The integer set a model access denotes: the instances of its statement that perform it.
 * One definition for every stage that optimises over or enumerates them (delinearization's
 * range proofs, the rewriter's row ranges, the dynamic oracle), so that a change to what
 * constrains an access (existentials, `?:` guards, the context) reaches all of them.
 */
import * as P from '../poly/index.js';
import type { Access, FunctionModel, Statement } from './types.js';
import { ownValue } from '../poly/nameRecord.js';

/**
 * The statement's domain with the access's own constraints (quotient definitions, guards)
 * and the function's context, over [iterators, access.exists, parameters without a value in
 * `values`]; parameters with a value are fixed to it. A bound proven over this set holds for
 * every value the free parameters can take.
 */
export function accessInstanceSet(
  fn: FunctionModel,
  statement: Statement,
  access: Access,
  values: Readonly<Record<string, bigint>>,
): P.PolySet {
  const names = fn.parameters.map((p) => p.name);
  const fixed = names.filter((p) => ownValue(values, p) !== undefined);
  const free = names.filter((p) => ownValue(values, p) === undefined);
  return P.fixParams(
    P.fromConjunctions(
      { params: fixed, dims: [...statement.iterators, ...access.exists, ...free] },
      statement.domain.pieces.map((piece) => ({
        exists: piece.exists,
        constraints: [...piece.constraints, ...access.existsConstraints, ...fn.context],
      })),
    ),
    values,
  );
}
