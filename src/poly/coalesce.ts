/**
 * Fewer, simpler pieces for the same union (exact): every later query over a set (emptiness,
 * optimisation, the lattice search's many admissibility checks) costs per piece, and the
 * conflict-set construction produces many duplicate and nested pieces.
 *
 * 1. Each piece's locals are projected away where that does not split it (strides would
 *    split a piece into one piece per residue class: then the piece stays as it is).
 * 2. Pieces equal up to row order and scaling are kept once (before and after simplify).
 * 3. A piece contained in another single piece is dropped (pairwise, for unions small
 *    enough that the quadratic number of exact inclusion tests stays cheap).
 */
import { pieceSubset, projectOnto, simplifyPieces } from './sets.js';
import type { BasicSet, PolySet } from './types.js';
import { spendWork } from './budget.js';
import { gcd } from './int.js';

const MAX_PAIRWISE = 48;

function canonicalRow(r: readonly bigint[], equality: boolean): string {
  let g = 0n;
  for (const v of r) g = gcd(g, v);
  let row = g > 1n ? r.map((v) => v / g) : [...r];
  // An equality and its negation are the same constraint.
  if (equality) {
    const first = row.find((v) => v !== 0n) ?? 0n;
    if (first < 0n) row = row.map((v) => -v);
  }
  return row.join(',');
}

/** Equal for pieces with the same constraints in any order (locals in the same order). */
function canonicalKey(b: BasicSet): string {
  const eqs = b.eqs.map((r) => canonicalRow(r, true)).sort();
  const ineqs = b.ineqs.map((r) => canonicalRow(r, false)).sort();
  return `${b.nLocals}|${eqs.join(';')}|${ineqs.join(';')}`;
}

/** The pieces without repetitions (equal up to row order and scaling), first ones kept. */
function unique(pieces: readonly BasicSet[]): BasicSet[] {
  const seen = new Map<string, BasicSet>();
  for (const b of pieces) {
    const k = canonicalKey(b);
    if (!seen.has(k)) seen.set(k, b);
  }
  return [...seen.values()];
}

export function coalesce(s: PolySet): PolySet {
  const one = (b: BasicSet): PolySet => ({ space: s.space, pieces: [b] });
  const projected: BasicSet[] = [];
  for (const b of s.pieces) {
    if (b.nLocals === 0) {
      projected.push(b);
      continue;
    }
    const p = projectOnto(one(b), s.space.dims);
    if (p.pieces.length <= 1) projected.push(...p.pieces);
    else projected.push(b);
  }
  // Duplicates go before simplify (which costs exact tests per constraint) and after it.
  const simplified = simplifyPieces({ space: s.space, pieces: unique(projected) }, false).pieces;
  return nested(s.space, unique(simplified), pieceSubset, MAX_PAIRWISE);
}

/**
 * s and -s (every dim negated), for a set `s` that `coalesce` produced: the mirrored pieces
 * are as simplified as their originals (x -> -x is unimodular), so only repeated pieces and
 * pieces inside another one go. A symmetric set (a conflict set, Bee section 3) is coalesced
 * from one half of its pieces at half the cost.
 *
 * The inclusion tests use the symmetry: -p in -q iff p in q, which is false for two pieces of
 * a coalesced union small enough for `coalesce` to have compared its pieces pairwise; and -p
 * in q iff p in -q. So m^2 tests (p in -q) decide the (2m)^2 pairs.
 */
export function withNegation(s: PolySet): PolySet {
  const lo = 1 + s.space.params.length;
  const hi = lo + s.space.dims.length;
  const neg = (r: readonly bigint[]) => r.map((x, i) => (i >= lo && i < hi && x !== 0n ? -x : x));
  const m = s.pieces.length;
  const mirrored = s.pieces.map((b) => ({ ...b, eqs: b.eqs.map(neg), ineqs: b.ineqs.map(neg) }));
  const all = [...s.pieces, ...mirrored];
  // Repeated pieces (a mirror equal to a piece, or to itself) go first, the first one kept.
  const seen = new Set<string>();
  const keep = all.map((b) => {
    const k = canonicalKey(b);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  // As `nested`: pairwise tests only for unions small enough (2m pieces).
  if (2 * m > MAX_PAIRWISE) {
    return { space: s.space, pieces: all.filter((_, i) => keep[i]) };
  }
  spendWork(m * m);
  // crossed[i * m + j]: piece i inside the mirror of piece j (undefined: not tested yet).
  const crossed: (boolean | undefined)[] = Array(m * m);
  const caches = s.pieces.map(() => new Map<string, boolean>());
  const cross = (i: number, j: number): boolean =>
    (crossed[i * m + j] ??= pieceSubset(s.pieces[i], mirrored[j], caches[i]));
  const inside = (a: number, b: number): boolean => {
    if (a < m === b < m) return false; // same side: compared by coalesce
    return a < m ? cross(a, b - m) : cross(a - m, b); // -p in q iff p in -q
  };
  all.forEach((_, a) => {
    if (!keep[a]) return;
    if (all.some((__, b) => b !== a && keep[b] && inside(a, b))) keep[a] = false;
  });
  return { space: s.space, pieces: all.filter((_, i) => keep[i]) };
}

/**
 * The pieces minus those inside another kept piece by `inside`, for unions small enough
 * (`limit`) that the quadratic number of tests stays cheap.
 */
function nested(
  space: PolySet['space'],
  pieces: BasicSet[],
  inside: (b: BasicSet, c: BasicSet, cache: Map<string, boolean>) => boolean,
  limit: number,
): PolySet {
  if (pieces.length > 1 && pieces.length <= limit) {
    spendWork(pieces.length * pieces.length);
    // A piece goes when a piece still kept contains it. Containment is transitive and a
    // dropped piece never causes another drop, so every dropped piece stays covered.
    const kept = pieces.map(() => true);
    pieces.forEach((b, i) => {
      const cache = new Map<string, boolean>(); // b's tests, shared across the c's
      if (pieces.some((c, j) => j !== i && kept[j] && inside(b, c, cache))) kept[i] = false;
    });
    pieces = pieces.filter((_, i) => kept[i]);
  }
  return { space, pieces };
}

/**
 * b inside c because every row of c (without locals) is a row of b or looser: `r + k >= 0`
 * with k >= 0 for an inequality of b, `+-e + k >= 0` for an equality e of b, the same
 * equality up to sign for an equality of c. Sufficient, not necessary; no emptiness test.
 */
function syntacticallyInside(b: BasicSet, c: BasicSet): boolean {
  if (c.nLocals > 0) return false;
  const w = c.eqs[0]?.length ?? c.ineqs[0]?.length ?? 0;
  const bare = (r: readonly bigint[]) => r.every((x, i) => i < w || x === 0n);
  const same = (r: readonly bigint[], s: readonly bigint[], sign: bigint) => {
    for (let i = 1; i < w; i++) if (r[i] !== sign * s[i]) return false;
    return true;
  };
  const eqs = b.eqs.filter(bare);
  const ineqs = b.ineqs.filter(bare);
  const implied = (r: readonly bigint[]) =>
    ineqs.some((s) => same(r, s, 1n) && s[0] <= r[0]) ||
    eqs.some((e) => (same(r, e, 1n) && e[0] <= r[0]) || (same(r, e, -1n) && -e[0] <= r[0]));
  return (
    c.ineqs.every(implied) &&
    c.eqs.every((r) =>
      eqs.some((e) => (same(r, e, 1n) && e[0] === r[0]) || (same(r, e, -1n) && e[0] === -r[0])),
    )
  );
}

/**
 * The cheap part of `coalesce`, for unions about to be squared (the conflict relation P and
 * its inverse), where every piece saved saves a row and a column of pairwise intersections:
 * repeated pieces, and pieces inside another one by a syntactic test (no emptiness test).
 */
export function dropNested(s: PolySet): PolySet {
  return nested(s.space, unique(s.pieces), syntacticallyInside, 4 * MAX_PAIRWISE);
}
