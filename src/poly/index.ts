/**
 * Public API of the exact polyhedral core. Other stages import only from here.
 *
 * Semantics: integer points only; parameters are free unless constrained by the set;
 * locals (existentials) are integer. "Exact" means the integer point set, never a
 * rational relaxation, unless a function says otherwise.
 *
 * STUBS: the bodies below are being implemented (issue 3); signatures are the contract.
 */
import type { Affine, Constraint } from './affine.js';
import type { BasicSet, PolySet, Space } from './types.js';

export type { Space, BasicSet, PolySet } from './types.js';

/** A conjunction over named variables: params, dims and its own `exists` names. */
export interface NamedConjunction {
  readonly exists: readonly string[];
  readonly constraints: readonly Constraint[];
}

/** Result of optimising an affine objective over the integer points for fixed parameters. */
export type Extremum = { kind: 'empty' } | { kind: 'unbounded' } | { kind: 'value'; value: bigint };

/** With symbolic parameters: the optimum as affine pieces over a partition of the parameter context. */
export type ParametricExtremum =
  | { kind: 'empty' }
  | { kind: 'unbounded' }
  | { kind: 'pieces'; pieces: readonly { readonly context: PolySet; readonly value: Affine }[] };

const todo = (name: string): never => {
  throw new Error(`poly.${name} is not implemented yet`);
};

export function universe(space: Space): PolySet {
  return { space, pieces: [{ space, nLocals: 0, eqs: [], ineqs: [] }] };
}
export function emptySet(space: Space): PolySet {
  return { space, pieces: [] };
}
/** Builds a set from named constraints (variables: space params, space dims, piece exists). */
export function fromConjunctions(space: Space, pieces: readonly NamedConjunction[]): PolySet {
  return todo('fromConjunctions');
}
/** `[N] -> { [i, j] : 0 <= i < j < N and exists k : i = 2k }`; `;` separates union pieces. */
export function parseSet(text: string): PolySet {
  return todo('parseSet');
}
export function printSet(s: PolySet): string {
  return todo('printSet');
}
export function intersect(a: PolySet, b: PolySet): PolySet {
  return todo('intersect');
}
export function union(a: PolySet, b: PolySet): PolySet {
  return todo('union');
}
export function subtract(a: PolySet, b: PolySet): PolySet {
  return todo('subtract');
}
/** True when no parameter value gives an integer point. */
export function isEmpty(s: PolySet | BasicSet): boolean {
  return todo('isEmpty');
}
export function isSubset(a: PolySet, b: PolySet): boolean {
  return todo('isSubset');
}
/** Substitutes known parameter values and removes them from the space. */
export function fixParams(s: PolySet, values: Readonly<Record<string, bigint>>): PolySet {
  return todo('fixParams');
}
/** Exact integer projection onto the listed dims (in that order); the others are eliminated. */
export function projectOnto(s: PolySet, keep: readonly string[]): PolySet {
  return todo('projectOnto');
}
/** Max of `objective` (over dims and params) for a set without parameters (or fixed ones). */
export function maximize(s: PolySet, objective: Affine): Extremum {
  return todo('maximize');
}
export function minimize(s: PolySet, objective: Affine): Extremum {
  return todo('minimize');
}
/** Max as affine pieces of the parameters, over the parameter values where the set is non-empty. */
export function maximizeParametric(s: PolySet, objective: Affine): ParametricExtremum {
  return todo('maximizeParametric');
}
/** One integer point (values for params and dims by name), or null when empty. */
export function samplePoint(s: PolySet): Record<string, bigint> | null {
  return todo('samplePoint');
}
/** All integer points of a bounded set, dims in space order; parameters must be fixed or given. */
export function enumeratePoints(s: PolySet, params?: Readonly<Record<string, bigint>>): bigint[][] {
  return todo('enumeratePoints');
}
export function simplify(s: PolySet): PolySet {
  return todo('simplify');
}
export function gist(s: PolySet, context: PolySet): PolySet {
  return todo('gist');
}
/** `a <lex b` over affine vectors of equal length, as a union of conjunctions. */
export function lexLessThan(a: readonly Affine[], b: readonly Affine[]): NamedConjunction[] {
  return todo('lexLessThan');
}
