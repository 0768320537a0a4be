/**
 * Brute-force oracle for the polyhedral core: random small sets with explicit boxes and
 * membership by direct search over the locals. Independent of the Omega machinery.
 */
import fc from 'fast-check';
import type { BasicSet, PolySet, Space } from '../src/poly/index.js';

export const BOX = 5n; // dims live in [-BOX, BOX]
export const LBOX = 3n; // locals of generated sets live in [-LBOX, LBOX]
const SEARCH = 14n; // locals of computed sets are searched in [-SEARCH, SEARCH]

export function spaceOf(nDims: number, params: string[] = []): Space {
  return { params, dims: ['x', 'y', 'z', 'w'].slice(0, nDims) };
}

const coef = fc.integer({ min: -3, max: 3 }).map(BigInt);
const cst = fc.integer({ min: -6, max: 6 }).map(BigInt);

/** A random basic set in [-BOX, BOX]^d with up to `maxLocals` boxed locals. */
export function arbBasic(space: Space, maxLocals = 2): fc.Arbitrary<BasicSet> {
  const w = 1 + space.params.length + space.dims.length;
  return fc.integer({ min: 0, max: maxLocals }).chain((nl) => {
    const n = w + nl;
    const row = fc
      .tuple(cst, fc.array(coef, { minLength: n - 1, maxLength: n - 1 }))
      .map(([c, r]) => [c, ...r]);
    return fc
      .record({
        eqs: fc.array(row, { maxLength: 1 }),
        ineqs: fc.array(row, { minLength: 0, maxLength: 4 }),
      })
      .map(({ eqs, ineqs }) => {
        const box: bigint[][] = [];
        for (let j = 1 + space.params.length; j < n; j++) {
          const b = j < w ? BOX : LBOX;
          const lo = Array<bigint>(n).fill(0n);
          lo[j] = 1n;
          lo[0] = b;
          const hi = Array<bigint>(n).fill(0n);
          hi[j] = -1n;
          hi[0] = b;
          box.push(lo, hi);
        }
        return { space, nLocals: nl, eqs, ineqs: [...ineqs, ...box] };
      });
  });
}

export function arbSet(space: Space, maxPieces = 2, maxLocals = 2): fc.Arbitrary<PolySet> {
  return fc
    .array(arbBasic(space, maxLocals), { minLength: 0, maxLength: maxPieces })
    .map((pieces) => ({ space, pieces }));
}

const dot = (r: readonly bigint[], v: readonly bigint[]): bigint =>
  r.reduce((s, x, i) => (x === 0n ? s : s + x * v[i]), 0n);

/** Is the point (values of [params, dims]) in the basic set? Locals found by search. */
export function memberBasic(b: BasicSet, point: readonly bigint[]): boolean {
  const base = [1n, ...point];
  const locals: (bigint | undefined)[] = Array(b.nLocals).fill(undefined);
  const ok = (v: bigint[], full: boolean): boolean => {
    for (const r of b.eqs) {
      const known = r.every((x, i) => x === 0n || i < v.length);
      if ((known || full) && dot(r, v) !== 0n) return false;
    }
    for (const r of b.ineqs) {
      const known = r.every((x, i) => x === 0n || i < v.length);
      if ((known || full) && dot(r, v) < 0n) return false;
    }
    return true;
  };
  const search = (k: number): boolean => {
    const v = [...base, ...(locals.slice(0, k) as bigint[])];
    if (!ok(v, false)) return false;
    if (k === b.nLocals) return ok(v, true);
    // An equality where local k is the last unknown fixes it.
    for (const r of b.eqs) {
      if (r[base.length + k] !== 0n && r.every((x, i) => x === 0n || i <= base.length + k)) {
        const rest = dot(r.slice(0, base.length + k), v);
        const a = r[base.length + k];
        if (rest % a !== 0n) return false;
        locals[k] = -rest / a;
        return search(k + 1);
      }
    }
    // Bounds on local k from the inequalities where it is the last unknown.
    let lo = -SEARCH;
    let hi = SEARCH;
    const col = base.length + k;
    for (const r of b.ineqs) {
      if (r[col] === 0n || !r.every((x, i) => x === 0n || i <= col)) continue;
      const rest = dot(r.slice(0, col), v);
      const a = r[col];
      // a t + rest >= 0
      if (a > 0n) {
        const q = -rest / a + (-rest % a > 0n ? 1n : 0n);
        if (q > lo) lo = q;
      } else {
        const q = rest / -a - (rest % -a < 0n ? 1n : 0n);
        if (q < hi) hi = q;
      }
    }
    for (let t = lo; t <= hi; t++) {
      locals[k] = t;
      if (search(k + 1)) return true;
    }
    return false;
  };
  return search(0);
}

export function member(s: PolySet, point: readonly bigint[]): boolean {
  return s.pieces.some((b) => memberBasic(b, point));
}

/** All points of [-BOX, BOX]^d (params must be fixed) that are in the set, lexicographic. */
export function brutePoints(s: PolySet, box = BOX): bigint[][] {
  const d = s.space.dims.length;
  const out: bigint[][] = [];
  const cur: bigint[] = [];
  const rec = (k: number) => {
    if (k === d) {
      if (member(s, cur)) out.push([...cur]);
      return;
    }
    for (let t = -box; t <= box; t++) {
      cur[k] = t;
      rec(k + 1);
    }
  };
  rec(0);
  return out;
}

export const show = (pts: bigint[][]): string => pts.map((p) => `(${p.join(',')})`).join(' ');
