/**
 * Public API of the exact polyhedral core. Other stages import only from here.
 *
 * Semantics: integer points only; parameters are free unless constrained by the set;
 * locals (existentials) are integer. "Exact" means the integer point set, never a
 * rational relaxation, unless a function says otherwise.
 *
 * Modules: omega.ts (the Omega test: exact integer projection and emptiness), basic.ts
 * (basic sets as Omega systems), sets.ts (set algebra, projection, simplify, gist),
 * optimize.ts (min/max, parametric max, sample, enumeration), lex.ts, parse.ts, print.ts.
 */
import type { Affine, Constraint } from './affine.js';
import type { BasicSet, PolySet, Space } from './types.js';
import * as sets from './sets.js';
import * as opt from './optimize.js';
export { TooManyPoints } from './optimize.js';
import * as lex from './lex.js';
import { parseSet as parse } from './parse.js';
import { printSet as print } from './print.js';

export type { Space, BasicSet, PolySet } from './types.js';
export { ParseError } from './parse.js';

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

export function universe(space: Space): PolySet {
  return { space, pieces: [{ space, nLocals: 0, eqs: [], ineqs: [] }] };
}
export function emptySet(space: Space): PolySet {
  return { space, pieces: [] };
}
/** Builds a set from named constraints (variables: space params, space dims, piece exists). */
export function fromConjunctions(space: Space, pieces: readonly NamedConjunction[]): PolySet {
  return sets.fromConjunctions(space, pieces);
}
/** `[N] -> { [i, j] : 0 <= i < j < N and exists k : i = 2k }`; `;` separates union pieces. */
export function parseSet(text: string): PolySet {
  return parse(text);
}
export function printSet(s: PolySet): string {
  return print(s);
}
/**
 * Same params (the union of both lists) and dims (names of `a`); empty pieces are dropped (each
 * is tested exactly): the result is empty iff it has no piece.
 */
export function intersect(a: PolySet, b: PolySet): PolySet {
  return sets.intersect(a, b);
}
/** `intersect` on the pieces (k, l), k <= l, only (src/poly/sets.ts: for mirrored unions). */
export function intersectUpper(a: PolySet, b: PolySet): PolySet {
  return sets.intersectUpper(a, b);
}
export function union(a: PolySet, b: PolySet): PolySet {
  return sets.union(a, b);
}
/**
 * Exact: locals of `b` are eliminated exactly, remaining strides negated by residue splitting.
 * Every piece of the result has a point (each is tested): it is empty iff it has no piece.
 */
export function subtract(a: PolySet, b: PolySet): PolySet {
  return sets.subtract(a, b);
}
/** True when no parameter value gives an integer point. */
export function isEmpty(s: PolySet | BasicSet): boolean {
  return sets.isEmpty(s);
}
export function isSubset(a: PolySet, b: PolySet): boolean {
  return sets.isSubset(a, b);
}
/**
 * `isSubset` for a `b` that `projectOnto` returned (pieces in stride form, not projected
 * again), stopping as soon as `a` is covered: for callers that only need the answer.
 */
export function isSubsetOfProjection(a: PolySet, b: PolySet): boolean {
  return sets.isSubsetOfStrideForm(a, b);
}
/** Substitutes known parameter values and removes them from the space. */
export function fixParams(s: PolySet, values: Readonly<Record<string, bigint>>): PolySet {
  return sets.fixParams(s, values);
}
/**
 * Exact integer projection onto the listed dims (in that order); the others are eliminated.
 * The result may keep locals, each in a single stride equality (`exists e : x = 3e + 1`).
 */
export function projectOnto(s: PolySet, keep: readonly string[]): PolySet {
  return sets.projectOnto(s, keep);
}
/**
 * Each piece's locals eliminated exactly where that splits the piece into at most `maxSplit`
 * pieces; other pieces keep their locals (equalities substituted). The same integer points.
 */
export function eliminateLocals(s: PolySet, maxSplit: number): PolySet {
  return sets.eliminateLocals(s, maxSplit);
}
/** Max of `objective` (over dims and params) for a set without parameters (or fixed ones). */
export function maximize(s: PolySet, objective: Affine): Extremum {
  return opt.maximize(s, objective);
}
export function minimize(s: PolySet, objective: Affine): Extremum {
  return opt.minimize(s, objective);
}
/**
 * Max as affine pieces of the parameters, over the parameter values where the set is non-empty.
 * Exact; throws when the maximum is not affine on part of the context (e.g. floor(N / 2)).
 */
export function maximizeParametric(s: PolySet, objective: Affine): ParametricExtremum {
  return opt.maximizeParametric(s, objective);
}
/** One integer point (values for params and dims by name), or null when empty. */
export function samplePoint(s: PolySet): Record<string, bigint> | null {
  return opt.samplePoint(s);
}
/** All integer points of a bounded set, dims in space order; parameters must be fixed or given. */
export function enumeratePoints(
  s: PolySet,
  params?: Readonly<Record<string, bigint>>,
  limit?: number,
): bigint[][] {
  return opt.enumeratePoints(s, params, limit);
}
export function simplify(s: PolySet): PolySet {
  return sets.simplify(s);
}
export function gist(s: PolySet, context: PolySet): PolySet {
  return sets.gist(s, context);
}
/** `a <lex b` over affine vectors of equal length, as a union of disjoint conjunctions. */
export function lexLessThan(a: readonly Affine[], b: readonly Affine[]): NamedConjunction[] {
  return lex.lexLessThan(a, b);
}

/** The same union with fewer pieces (see coalesce.ts). */
export { coalesce, dropNested, withNegation } from './coalesce.js';

/** The complement of `s` within `bounds` (a bounded space of the same dims): `bounds - s`, exact. */
export function complement(s: PolySet, bounds: PolySet): PolySet {
  return subtract(bounds, s);
}

/** The set in isl's syntax (a map when `nIn` is given); for comparisons with libisl. */
export { toIsl } from './isl.js';
