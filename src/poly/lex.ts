/** Lexicographic order between affine vectors as a union of conjunctions. */
import { add, constant, sub, type Affine, type Constraint } from './affine.js';

export interface LexConjunction {
  readonly exists: readonly string[];
  readonly constraints: readonly Constraint[];
}

/**
 * a <lex b: for some level k, a_i = b_i for i < k and a_k < b_k (i.e. b_k - a_k - 1 >= 0).
 * The pieces are pairwise disjoint.
 */
export function lexLessThan(a: readonly Affine[], b: readonly Affine[]): LexConjunction[] {
  if (a.length !== b.length)
    throw new Error(`lexLessThan: vectors of length ${a.length} and ${b.length}`);
  // Each difference b_i - a_i once (levels share them; affine forms are never mutated).
  const d = a.map((x, i) => sub(b[i], x));
  const out: LexConjunction[] = [];
  for (let k = 0; k < a.length; k++) {
    const constraints: Constraint[] = [];
    for (let i = 0; i < k; i++) constraints.push({ kind: 'eq', expr: d[i] });
    constraints.push({ kind: 'ge', expr: add(d[k], constant(-1)) });
    out.push({ exists: [], constraints });
  }
  return out;
}

/** a <=lex b: a <lex b or a = b. */
export function lexLessEqual(a: readonly Affine[], b: readonly Affine[]): LexConjunction[] {
  const eq: Constraint[] = a.map((x, i) => ({ kind: 'eq' as const, expr: sub(b[i], x) }));
  return [...lexLessThan(a, b), { exists: [], constraints: eq }];
}
