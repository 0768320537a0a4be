/**
 * The integer set a model access denotes: the instances of its statement that perform it.
 * One definition for every stage that optimises over or enumerates them (delinearization's
 * range proofs, the rewriter's row ranges, the dynamic oracle), so that a change to what
 * constrains an access (existentials, `?:` guards, the context) reaches all of them.
 */
import * as P from '../poly/index.js';
import * as A from '../poly/affine.js';
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
  const dims = [...statement.iterators, ...access.exists, ...free];
  return P.fixParams(
    P.fromConjunctions(
      { params: fixed, dims },
      statement.domain.pieces
        .map((piece) => apart(piece, [...fixed, ...dims]))
        .map((piece) => ({
          exists: piece.exists,
          constraints: [...piece.constraints, ...access.existsConstraints, ...fn.context],
        })),
    ),
    values,
  );
}

/**
 * The piece with its existentials renamed apart from `taken`. An over-approximated domain
 * can spell the access's own quotient (`exists _q0 : 64_q0 <= 4i + j ...` in both, with a
 * written parameter): kept independent, as the lifetime stage keeps them (instances.ts
 * there), the set is a superset, so a bound proven over it still holds (an internal error
 * before, with -D n=8 on a kernel assigning n).
 */
function apart(piece: P.NamedConjunction, taken: readonly string[]): P.NamedConjunction {
  const clash = piece.exists.filter((e) => taken.includes(e));
  if (clash.length === 0) return piece;
  const names = Object.fromEntries(clash.map((e) => [e, `${e}__d`]));
  return {
    exists: piece.exists.map((e) => names[e] ?? e),
    constraints: piece.constraints.map((c) => ({ kind: c.kind, expr: A.rename(c.expr, names) })),
  };
}
