/**
 * Bounding boxes of basic sets by interval propagation: a cheap, sound over-approximation
 * used to skip intersections that are empty because two pieces keep some dim in disjoint
 * ranges (most of the pairs of a conflict relation squared: 672 of the 716 empty pairs of
 * stencil_time's A), before any system is built for the exact test.
 *
 * Each row `r0 + sum r_i x_i >= 0` (equalities: both signs) bounds every column j with r_j != 0
 * by the largest value the other terms can take over the current box:
 *   r_j > 0: x_j >= ceil(-M_j / r_j),   r_j < 0: x_j <= floor(M_j / -r_j),
 * where M_j = r0 + sum_{i != j} max(r_i x_i). Integer rounding is exact for integer points.
 * Parameters and locals are columns like the dims (unbounded until a row bounds them).
 *
 * Arithmetic is on doubles, kept exact: coefficients above 2^20 in magnitude make the piece's
 * box unbounded (no filtering), bounds beyond 2^26 are forgotten (an over-approximation), so
 * every product stays below 2^46 and every sum of at most 64 terms below 2^53.
 */
import type { BasicSet } from './types.js';

const MAX_COEFF = 2 ** 20;
const MAX_BOUND = 2 ** 26;
const MAX_COLUMNS = 64;
const PASSES = 2;

/** Bounds of the dims of a piece (-Infinity / Infinity: unbounded). */
export interface Box {
  readonly lo: Float64Array;
  readonly hi: Float64Array;
}

/** floor(m / c) for integers m, c > 0 with |m| < 2^53 (the float quotient may be off by one). */
function floorDiv(m: number, c: number): number {
  let q = Math.floor(m / c);
  while (q * c > m) q--;
  while ((q + 1) * c <= m) q++;
  return q;
}

/** The box of the dims of `b`, or null when it has no integer point (a row cannot hold). */
export function boxOf(b: BasicSet): Box | null {
  const first = 1 + b.space.params.length;
  const nd = b.space.dims.length;
  const n = first + nd + b.nLocals;
  const unbounded = (): Box => ({
    lo: new Float64Array(nd).fill(-Infinity),
    hi: new Float64Array(nd).fill(Infinity),
  });
  if (n > MAX_COLUMNS) return unbounded();
  // Rows as `r . x >= 0`, one after the other (an equality as two opposite rows).
  const m = b.ineqs.length + 2 * b.eqs.length;
  // Fresh arrays each time: a few hundred boxes per file, no scratch kept between calls.
  const flat = new Float64Array(m * n);
  let at = 0;
  for (const r of b.ineqs) {
    for (let i = 0; i < n; i++) {
      const x = Number(r[i]);
      if (x > MAX_COEFF || x < -MAX_COEFF) return unbounded();
      flat[at++] = x;
    }
  }
  for (const r of b.eqs) {
    for (let i = 0; i < n; i++) {
      const x = Number(r[i]);
      if (x > MAX_COEFF || x < -MAX_COEFF) return unbounded();
      flat[at + i] = x;
      flat[at + n + i] = -x;
    }
    at += 2 * n;
  }
  const lo = new Float64Array(n).fill(-Infinity);
  const hi = new Float64Array(n).fill(Infinity);
  for (let pass = 0; pass < PASSES; pass++) {
    for (let base = 0; base < at; base += n) {
      // The row's largest value over the box, and the one unbounded term if there is one.
      let sum = flat[base];
      let open = -1;
      let opens = 0;
      for (let i = 1; i < n; i++) {
        const c = flat[base + i];
        if (c === 0) continue;
        const v = c > 0 ? hi[i] : lo[i];
        if (v === Infinity || v === -Infinity) {
          open = i;
          opens++;
        } else sum += c * v;
      }
      if (opens > 1) continue;
      if (opens === 0 && sum < 0) return null;
      for (let j = 1; j < n; j++) {
        const c = flat[base + j];
        if (c === 0 || (opens === 1 && j !== open)) continue;
        const m = opens === 1 ? sum : sum - c * (c > 0 ? hi[j] : lo[j]);
        if (c > 0) {
          const v = -floorDiv(m, c);
          if (v > lo[j] && v <= MAX_BOUND && v >= -MAX_BOUND) lo[j] = v;
        } else {
          const v = floorDiv(m, -c);
          if (v < hi[j] && v <= MAX_BOUND && v >= -MAX_BOUND) hi[j] = v;
        }
        if (lo[j] > hi[j]) return null;
      }
    }
  }
  return { lo: lo.slice(first, first + nd), hi: hi.slice(first, first + nd) };
}

/** True when no point lies in both boxes (some dim has disjoint ranges); null: an empty piece. */
export function disjoint(a: Box | null, b: Box | null): boolean {
  if (!a || !b) return true;
  for (let d = 0; d < a.lo.length; d++) if (a.lo[d] > b.hi[d] || b.lo[d] > a.hi[d]) return true;
  return false;
}
