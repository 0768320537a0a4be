/**
 * Interval bounds of variables implied by a conjunction (a few rounds of bound
 * propagation). Used only to *prove* facts (e.g. a numerator is non-negative, so C's
 * truncating division is a floor); an unknown bound is infinite, so a proof that goes
 * through is valid whatever the exact domain is.
 */
import { coeff, type Affine, type Constraint } from '../poly/affine.js';
import { nameRecord } from '../poly/nameRecord.js';

/** [lo, hi] with null for -infinity / +infinity. */
export interface Interval {
  lo: bigint | null;
  hi: bigint | null;
}

const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};
const ceilDiv = (a: bigint, b: bigint): bigint => -floorDiv(-a, b);

/** Range of an affine form over a box; null ends are unbounded. */
export function affineRange(a: Affine, box: ReadonlyMap<string, Interval>): Interval {
  let lo: bigint | null = a.constant;
  let hi: bigint | null = a.constant;
  for (const [v, c] of Object.entries(a.coeffs)) {
    if (c === 0n) continue;
    const iv = box.get(v) ?? { lo: null, hi: null };
    const [l, h] = c > 0n ? [iv.lo, iv.hi] : [iv.hi, iv.lo];
    lo = lo === null || l === null ? null : lo + c * l;
    hi = hi === null || h === null ? null : hi + c * h;
  }
  return { lo, hi };
}

/** Tightens `box` (in place) with `constraints` over `vars`; other names keep their boxes. */
export function propagate(
  constraints: readonly Constraint[],
  vars: readonly string[],
  box: Map<string, Interval>,
): void {
  for (const v of vars) if (!box.has(v)) box.set(v, { lo: null, hi: null });
  const rows: Constraint[] = [];
  for (const k of constraints) {
    rows.push(k);
    if (k.kind === 'eq') {
      const neg = nameRecord<bigint>();
      for (const [v, c] of Object.entries(k.expr.coeffs)) neg[v] = -c;
      rows.push({ kind: 'ge', expr: { coeffs: neg, constant: -k.expr.constant } });
    }
  }
  for (let round = 0; round < 4; round++) {
    for (const k of rows) {
      for (const x of vars) {
        const a = coeff(k.expr, x);
        if (a === 0n) continue;
        // a x + rest >= 0, with rest <= restHi  =>  a x >= -restHi.
        const rest = nameRecord(k.expr.coeffs);
        delete rest[x];
        const r = affineRange({ coeffs: rest, constant: k.expr.constant }, box);
        if (r.hi === null) continue;
        const iv = box.get(x)!;
        if (a > 0n) {
          const lo = ceilDiv(-r.hi, a);
          if (iv.lo === null || lo > iv.lo) iv.lo = lo;
        } else {
          const hi = floorDiv(r.hi, -a);
          if (iv.hi === null || hi < iv.hi) iv.hi = hi;
        }
      }
    }
  }
}
