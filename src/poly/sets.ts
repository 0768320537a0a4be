/** The exact set algebra over unions of basic sets (integer points, existential locals). */
import { spendWork } from './budget.js';
import { boxOf, disjoint } from './box.js';
import type { Affine } from './affine.js';
import type { BasicSet, PolySet, Space } from './types.js';
import {
  addLocals,
  align,
  cleanBasic,
  intersectBasic,
  isEmptyBasic,
  isEmptyIntersection,
  isEmptyOnce,
  smallRows,
  mapRows,
  strideForm,
  strideFormBounded,
  width,
  withRows,
  type Row,
  type SmallRows,
} from './basic.js';
import { ownValue } from './nameRecord.js';

export interface NamedConjunctionLike {
  readonly exists: readonly string[];
  readonly constraints: readonly { readonly kind: 'ge' | 'eq'; readonly expr: Affine }[];
}

/** Column (1-based, after the constant) of each variable of [params, dims, exists]. */
function columnsOf(space: Space, exists: readonly string[]): Map<string, number> {
  const columns = new Map<string, number>();
  let k = 1;
  for (const names of [space.params, space.dims, exists])
    for (const name of names)
      if (!columns.has(name)) columns.set(name, k++);
      else k++;
  return columns;
}

/** Row of an affine form over the columns [1, params, dims, locals named by `exists`]. */
export function affineRow(
  space: Space,
  exists: readonly string[],
  a: Affine,
  what = 'expression',
  columns = columnsOf(space, exists),
): Row {
  const row = Array<bigint>(1 + space.params.length + space.dims.length + exists.length).fill(0n);
  row[0] = a.constant;
  for (const k in a.coeffs) {
    const v = a.coeffs[k];
    if (v === 0n) continue;
    const i = columns.get(k);
    if (i === undefined) throw new Error(`unknown variable '${k}' in ${what}`);
    row[i] += v;
  }
  return row;
}

export function fromConjunctions(space: Space, pieces: readonly NamedConjunctionLike[]): PolySet {
  const all = [...space.params, ...space.dims];
  if (new Set(all).size !== all.length) throw new Error('duplicate names in the space');
  const out: BasicSet[] = [];
  for (const p of pieces) {
    for (const e of p.exists) {
      if (all.includes(e)) throw new Error(`existential '${e}' shadows a variable of the space`);
    }
    if (new Set(p.exists).size !== p.exists.length) throw new Error('duplicate existential names');
    const eqs: Row[] = [];
    const ineqs: Row[] = [];
    const columns = columnsOf(space, p.exists); // once per piece, not per constraint
    for (const c of p.constraints)
      (c.kind === 'eq' ? eqs : ineqs).push(
        affineRow(space, p.exists, c.expr, 'constraint', columns),
      );
    out.push({ space, nLocals: p.exists.length, eqs, ineqs });
  }
  return { space, pieces: out };
}

/**
 * Appends piece p, cleaned, to `kept` unless it is empty. Emptiness is tested first, on the
 * piece as it is: the test does the clean-up's equality steps itself, and most pieces of a
 * pairwise intersection are empty (a conflict relation squared: 572 of 576 for mot_detect's
 * Delta), so only the few survivors pay for a separate clean-up. Callers test each piece as
 * they build it: a product of unions built whole first keeps all its rows alive across
 * collections (the young generation then copies them again and again).
 */
function keepNonEmpty(kept: BasicSet[], space: Space, p: BasicSet): void {
  if (isEmptyBasic(p)) return;
  const c = cleanBasic(p);
  if (c) kept.push({ ...c, space });
}

/**
 * Appends p * q, cleaned, to `kept` unless it is empty; the emptiness test runs on the pieces'
 * number rows (converted once per piece by the caller) without building the BigInt
 * intersection, which only the survivors need.
 */
function keepPair(
  kept: BasicSet[],
  space: Space,
  p: BasicSet,
  q: BasicSet,
  sp: SmallRows | null,
  sq: SmallRows | null,
): void {
  if (isEmptyIntersection(p, q, sp, sq)) return;
  const c = cleanBasic(intersectBasic(p, q));
  if (c) kept.push({ ...c, space });
}

function nonEmptyPieces(space: Space, pieces: readonly BasicSet[]): PolySet {
  const kept: BasicSet[] = [];
  for (const p of pieces) keepNonEmpty(kept, space, p);
  return { space, pieces: kept };
}

/**
 * Pieces whose bounding boxes (src/poly/box.ts) are disjoint have an empty intersection: such
 * pairs are skipped before any system is built.
 */
export function intersect(a0: PolySet, b0: PolySet): PolySet {
  const [a, b] = align(a0, b0);
  const kept: BasicSet[] = [];
  spendWork(a.pieces.length * b.pieces.length);
  const boxesB = b.pieces.map(boxOf);
  const smallB = b.pieces.map(smallRows);
  for (const p of a.pieces) {
    const box = boxOf(p);
    const small = smallRows(p);
    b.pieces.forEach((q, l) => {
      if (!disjoint(box, boxesB[l])) keepPair(kept, a.space, p, q, small, smallB[l]);
    });
  }
  return { space: a.space, pieces: kept };
}

/**
 * The pieces a_k * b_l for k <= l only, for two unions of as many pieces whose piece (l, k)
 * is a mirror image of piece (k, l) (a relation and its inverse: (p * q^-1)^-1 = q * p^-1),
 * so that the caller gets the rest by mirroring instead of half the intersections and
 * emptiness tests of `intersect`.
 */
export function intersectUpper(a0: PolySet, b0: PolySet): PolySet {
  const [a, b] = align(a0, b0);
  const n = a.pieces.length;
  if (b.pieces.length !== n) throw new Error('intersectUpper: unions of different sizes');
  const kept: BasicSet[] = [];
  spendWork((n * (n + 1)) / 2);
  const boxesA = a.pieces.map(boxOf);
  const boxesB = b.pieces.map(boxOf);
  const smallA = a.pieces.map(smallRows);
  const smallB = b.pieces.map(smallRows);
  for (let k = 0; k < n; k++)
    for (let l = k; l < n; l++)
      if (!disjoint(boxesA[k], boxesB[l]))
        keepPair(kept, a.space, a.pieces[k], b.pieces[l], smallA[k], smallB[l]);
  return { space: a.space, pieces: kept };
}

export function union(a0: PolySet, b0: PolySet): PolySet {
  const [a, b] = align(a0, b0);
  return { space: a.space, pieces: [...a.pieces, ...b.pieces] };
}

export function isEmpty(s: PolySet | BasicSet): boolean {
  if ('pieces' in s) return s.pieces.every(isEmptyBasic);
  return isEmptyBasic(s);
}

/**
 * Whether a row of `b` states the constraint `r` (columns [1, params, dims], no locals) or a
 * tighter one: an inequality with the same coefficients and a constant no larger, or an
 * equality with the same or opposite coefficients that fixes r at a value >= 0; for an
 * equality r, the same equality (up to sign). Then `b` and the negation of r have no point,
 * which the callers below would otherwise learn from an Omega emptiness test (a query that
 * converts, hashes and memoises its rows: most of what a cold run pays per test). A purely
 * syntactic sufficient condition: when it says no, the exact test runs as before.
 */
function statesRow(b: BasicSet, r: readonly bigint[], equality: boolean): boolean {
  const w = r.length;
  // Same variable coefficients as r times `sign`, and no local.
  const same = (e: readonly bigint[], sign: bigint): boolean => {
    for (let i = 1; i < w; i++) if (e[i] !== sign * r[i]) return false;
    for (let i = w; i < e.length; i++) if (e[i] !== 0n) return false;
    return true;
  };
  for (const e of b.eqs) {
    if (equality) {
      if ((e[0] === r[0] && same(e, 1n)) || (e[0] === -r[0] && same(e, -1n))) return true;
    } else if ((r[0] >= e[0] && same(e, 1n)) || (r[0] + e[0] >= 0n && same(e, -1n))) return true;
  }
  if (!equality) for (const e of b.ineqs) if (e[0] <= r[0] && same(e, 1n)) return true;
  return false;
}

/**
 * p minus q, where q is in stride form (each local in one equality `g w + f = 0`). The
 * complement of q is the disjoint union over its constraints c_i of (c_1 .. c_{i-1}, not c_i);
 * the negation of a stride `f = 0 mod g` is split on the residues `f = -r mod g`, 0 < r < g,
 * each with a fresh local, which keeps the difference exact.
 */
function subtractStrideForm(p: BasicSet, q: BasicSet): BasicSet[] {
  if (isEmptyBasic(intersectBasic(p, q))) return [p];
  const w = width(p.space);
  // `row` (with `equality`) is the constraint as a row when it is a plain one: when `acc`
  // below already states it, its negation pieces would all be empty, and none is added.
  type Item = {
    pos: (b: BasicSet) => BasicSet;
    negs: (b: BasicSet) => BasicSet[];
    row?: readonly bigint[];
    equality?: boolean;
  };
  const items: Item[] = [];
  const inP = (b: BasicSet, r: readonly bigint[], local?: bigint): Row => {
    const row = [...r.slice(0, w), ...Array<bigint>(b.nLocals).fill(0n)];
    if (local !== undefined) row[row.length - 1] = local;
    return row;
  };
  const neg1 = (r: readonly bigint[]): Row => r.map((x, i) => (i === 0 ? -x - 1n : -x));
  const minus1 = (r: readonly bigint[]): Row => r.map((x, i) => (i === 0 ? x - 1n : x));
  for (const r of q.ineqs) {
    items.push({
      pos: (b) => withRows(b, [], [inP(b, r)]),
      negs: (b) => [withRows(b, [], [inP(b, neg1(r))])],
      row: r.every((x, j) => j < w || x === 0n) ? r.slice(0, w) : undefined,
      equality: false,
    });
  }
  for (const r0 of q.eqs) {
    const l = r0.findIndex((x, j) => j >= w && x !== 0n);
    if (l < 0) {
      items.push({
        pos: (b) => withRows(b, [inP(b, r0)], []),
        negs: (b) => [
          withRows(b, [], [inP(b, minus1(r0))]),
          withRows(b, [], [inP(b, minus1(r0.map((x) => -x)))]),
        ],
        row: r0.slice(0, w),
        equality: true,
      });
      continue;
    }
    const g = r0[l] < 0n ? -r0[l] : r0[l];
    const f = r0[l] < 0n ? r0.map((x) => -x) : r0;
    items.push({
      pos: (b) => {
        const c = addLocals(b, 1);
        return withRows(c, [inP(c, f, g)], []);
      },
      negs: (b) => {
        const out: BasicSet[] = [];
        for (let res = 1n; res < g; res++) {
          const c = addLocals(b, 1);
          const row = inP(c, f, g);
          row[0] += res;
          out.push(withRows(c, [row], []));
        }
        return out;
      },
    });
  }
  const out: BasicSet[] = [];
  let acc = p;
  for (const it of items) {
    // Stride-form ineqs have no local; nor has an equality without one (`row` set for them).
    if (!(it.row && statesRow(acc, it.row, it.equality!)))
      for (const n of it.negs(acc)) if (!isEmptyBasic(n)) out.push(n);
    acc = it.pos(acc);
  }
  return out;
}

export function subtract(a0: PolySet, b0: PolySet): PolySet {
  const [a, b] = align(a0, b0);
  const qs = b.pieces.flatMap(strideForm);
  let cur: BasicSet[] = a.pieces.filter((p) => !isEmptyBasic(p));
  for (const q of qs) cur = cur.flatMap((p) => subtractStrideForm(p, q));
  return nonEmptyPieces(a.space, cur);
}

export function isSubset(a: PolySet, b: PolySet): boolean {
  return isEmpty(subtract(a, b));
}

/** Each local of q alone in one equality and in no inequality (what subtractStrideForm needs). */
function inStrideForm(q: BasicSet): boolean {
  const w = width(q.space);
  for (let l = w; l < w + q.nLocals; l++) {
    if (q.ineqs.some((r) => r[l] !== 0n)) return false;
    const eqs = q.eqs.filter((r) => r[l] !== 0n);
    if (eqs.length !== 1) return false;
    // One local per equality: `x = 4a + 6b` is a stride of 2, not the 4 that
    // subtractStrideForm would read off its first local.
    for (let m = w; m < w + q.nLocals; m++) if (m !== l && eqs[0]![m] !== 0n) return false;
  }
  return true;
}

/**
 * `isSubset(a, b)` for a `b` whose pieces are in stride form already (projectOnto's results;
 * a piece that is not gets its strideForm): b's pieces are not projected again, and the
 * difference stops as soon as nothing of `a` is left. Every piece left at each step has a
 * point (subtractStrideForm tests the pieces it adds), so "nothing left" is exact.
 */
export function isSubsetOfStrideForm(a0: PolySet, b0: PolySet): boolean {
  const [a, b] = align(a0, b0);
  let cur: BasicSet[] = a.pieces.filter((p) => !isEmptyBasic(p));
  // Pieces with fewer equalities (of higher dimension) first: they tend to leave less of a.
  const qs = b.pieces
    .flatMap((q) => (inStrideForm(q) ? [q] : strideForm(q)))
    .map((q, k) => ({ q, k }))
    .sort((x, y) => x.q.eqs.length - y.q.eqs.length || x.k - y.k)
    .map((x) => x.q);
  for (const q of qs) {
    if (cur.length === 0) return true;
    cur = cur.flatMap((p) => subtractStrideForm(p, q));
  }
  return cur.length === 0;
}

/**
 * b inside c, for two pieces of one space: `isSubset` with an early exit. When c has no
 * locals, b is inside c iff b has no point violating any one row of c, tested row by row
 * (exact emptiness each) and stopping at the first violated row, instead of building every
 * piece of b - c first. Pieces that are not nested usually fail on an early row.
 */
export function pieceSubset(b: BasicSet, c: BasicSet, cache?: Map<string, boolean>): boolean {
  const one = (x: BasicSet): PolySet => ({ space: b.space, pieces: [x] });
  if (c.nLocals > 0 || c.space.params.join(',') !== b.space.params.join(','))
    return isSubset(one(b), one(c));
  const pad = (r: readonly bigint[]): Row => [...r, ...Array<bigint>(b.nLocals).fill(0n)];
  const test = (r: Row) => !isEmptyOnce(withRows(b, [], [pad(r)]));
  // `cache`: answers for this b by row, for callers that test one b against many pieces
  // (pieces share rows: box bounds, d >= 0), which would repeat the same emptiness tests.
  const violated = (r: Row): boolean => {
    if (!cache) return test(r);
    const key = r.join(',');
    let v = cache.get(key);
    if (v === undefined) cache.set(key, (v = test(r)));
    return v;
  };
  // A row of c that b states itself (statesRow) is never violated: no test.
  for (const r of c.ineqs) if (!statesRow(b, r, false) && violated(negate(r))) return false;
  for (const r of c.eqs)
    if (!statesRow(b, r, true) && (violated(negate(r)) || violated(negate(r.map((x) => -x)))))
      return false;
  return true;
}

export function fixParams(s: PolySet, values: Readonly<Record<string, bigint>>): PolySet {
  const P = s.space.params;
  const fixed = P.map((p) => ownValue(values, p));
  // Nothing to fix: every row would be copied unchanged (sets are immutable, rows shared).
  if (fixed.every((v) => v === undefined)) return s;
  const space: Space = { params: P.filter((_, i) => fixed[i] === undefined), dims: s.space.dims };
  const conv = (r: readonly bigint[]): Row => {
    let c = r[0];
    const out: bigint[] = [0n];
    for (let i = 0; i < P.length; i++) {
      const v = fixed[i];
      if (v === undefined) out.push(r[1 + i]);
      else c += r[1 + i] * v;
    }
    out[0] = c;
    return [...out, ...r.slice(1 + P.length)];
  };
  return mapRows(s, space, conv);
}

/**
 * Exact integer projection: the dropped dims become locals, which are then eliminated exactly
 * (Omega test); strides that remain are kept as locals in single equalities.
 */
export function projectOnto(s: PolySet, keep: readonly string[]): PolySet {
  const dims = s.space.dims;
  for (const k of keep)
    if (!dims.includes(k)) throw new Error(`'${k}' is not a dimension of the set`);
  if (new Set(keep).size !== keep.length)
    throw new Error('duplicate dimension in the projection list');
  const space: Space = { params: s.space.params, dims: [...keep] };
  const P = s.space.params.length;
  const order = [
    ...keep.map((k) => dims.indexOf(k)),
    ...dims.map((_, i) => i).filter((i) => !keep.includes(dims[i])),
  ];
  const dropped = dims.length - keep.length;
  const conv = (r: readonly bigint[]): Row => [
    ...r.slice(0, 1 + P),
    ...order.map((i) => r[1 + P + i]),
    ...r.slice(1 + P + dims.length),
  ];
  const pieces = s.pieces.flatMap((b) =>
    strideForm({
      space,
      nLocals: b.nLocals + dropped,
      eqs: b.eqs.map(conv),
      ineqs: b.ineqs.map(conv),
    }),
  );
  return { space, pieces };
}

/**
 * Per piece: its locals eliminated exactly (Omega test) when that splits it into at most
 * `maxSplit` pieces; otherwise the piece stays quantified, with only the cheap exact clean-up
 * (equalities substituted, gcd tightening). Strides are what splits a piece (one piece per
 * residue class): keeping their locals is equally exact and far smaller. Empty pieces go.
 */
export function eliminateLocals(s: PolySet, maxSplit: number): PolySet {
  const pieces: BasicSet[] = [];
  for (const b of s.pieces) {
    if (b.nLocals === 0) {
      if (!isEmptyBasic(b)) pieces.push(b);
      continue;
    }
    const p = strideFormBounded(b, maxSplit);
    if (p) {
      pieces.push(...p);
      continue;
    }
    const c = cleanBasic(b);
    if (c && !isEmptyBasic(c)) pieces.push({ ...c, space: s.space });
  }
  return { space: s.space, pieces };
}

const negate = (r: readonly bigint[]): Row => r.map((x, i) => (i === 0 ? -x - 1n : -x));

/**
 * Per piece: exact elimination of locals, implicit equalities made explicit, redundant
 * inequalities removed (each test is an exact integer emptiness check), empty pieces and
 * pieces contained in another piece dropped.
 */
export function simplify(s: PolySet): PolySet {
  return simplifyPieces(s, true);
}

/**
 * `simplify`; with `dropInside` false, pieces inside another piece are kept (for callers that
 * drop them themselves: coalesce, whose own pass covers more pieces, would test every pair
 * twice).
 */
export function simplifyPieces(s: PolySet, dropInside: boolean): PolySet {
  const pieces: BasicSet[] = [];
  for (const b0 of s.pieces.flatMap(strideForm)) {
    let b: BasicSet | null = b0;
    // Implicit equalities: r >= 0 with no point where r >= 1.
    for (let i = 0; b && i < b.ineqs.length; i++) {
      const r = b.ineqs[i];
      const up = r.map((x, j) => (j === 0 ? x - 1n : x));
      if (isEmptyOnce(withRows(b, [], [up]))) {
        b = cleanBasic({ ...b, eqs: [...b.eqs, r], ineqs: b.ineqs.filter((_, j) => j !== i) });
        i = -1;
      }
    }
    if (!b) continue;
    // Redundant inequalities: dropping r leaves no point with r < 0.
    let ineqs = [...b.ineqs];
    for (let i = 0; i < ineqs.length;) {
      const others = ineqs.filter((_, j) => j !== i);
      if (isEmptyOnce({ ...b, ineqs: [...others, negate(ineqs[i])] })) ineqs = others;
      else i++;
    }
    pieces.push({ ...b, ineqs });
  }
  const kept: BasicSet[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const others = [...kept, ...pieces.slice(i + 1)];
    if (dropInside && pieces.length <= 16 && others.some((q) => pieceSubset(pieces[i], q)))
      continue;
    kept.push(pieces[i]);
  }
  return { space: s.space, pieces: kept };
}

/**
 * gist(s, context): a set r with r * context = s * context and as few constraints as the
 * greedy exact test finds (a constraint goes when context and the rest imply it).
 */
export function gist(s0: PolySet, context0: PolySet): PolySet {
  const [s, context] = align(s0, context0);
  const ctx = context.pieces.flatMap(strideForm);
  const implied = (b: BasicSet, negs: BasicSet[]): boolean =>
    negs.every((n) => ctx.every((c) => isEmptyBasic(intersectBasic(n, c))));
  const out: BasicSet[] = [];
  for (const p of s.pieces.flatMap(strideForm)) {
    if (ctx.every((c) => isEmptyBasic(intersectBasic(p, c)))) continue;
    let b = p;
    for (let i = 0; i < b.ineqs.length;) {
      const rest = { ...b, ineqs: b.ineqs.filter((_, j) => j !== i) };
      if (implied(rest, [withRows(rest, [], [negate(b.ineqs[i])])])) b = rest;
      else i++;
    }
    const w = width(b.space);
    for (let i = 0; i < b.eqs.length;) {
      const r = b.eqs[i];
      if (r.some((x, j) => j >= w && x !== 0n)) {
        i++;
        continue;
      }
      const rest = { ...b, eqs: b.eqs.filter((_, j) => j !== i) };
      const lo = withRows(rest, [], [negate(r)]);
      const hi = withRows(rest, [], [negate(r.map((x) => -x))]);
      if (implied(rest, [lo, hi])) b = rest;
      else i++;
    }
    out.push(b);
  }
  return { space: s.space, pieces: out };
}
