/**
 * The integer arithmetic the Omega test runs on, with two backends: native JS numbers
 * while every value stays inside the safe integer range, and BigInt.
 *
 * Anchor: isl's small-integer optimisation of its imath backend ("sioimath", isl_int_sioimath.h):
 * an integer is held in a machine word while it fits and promoted to a big integer when an
 * operation would overflow. Here the unit of promotion is a whole system (src/poly/omega.ts
 * runs it on numbers and, on `Overflow`, redoes it on BigInt), so the algorithms exist once,
 * written against `Ring<T>`, and each engine holds the ring it runs on.
 *
 * Overflow detection: every result of `add`, `sub` and `mul` is checked to lie in
 * [-(2^53 - 1), 2^53 - 1]. That is exact: IEEE rounding is monotone, so a true result of
 * magnitude >= 2^53 rounds to a float of magnitude >= 2^53 (caught), and a true result below
 * 2^53 is representable, so the float is the exact value. Remainders and exact quotients of
 * safe integers are computed exactly (`%` is exact on doubles; (a - a % b) / b divides exactly).
 */

export interface Ring<T> {
  readonly zero: T;
  readonly one: T;
  readonly minusOne: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  neg(a: T): T;
  /** a * x + b * y (the Fourier-Motzkin / elimination combination). */
  lin(a: T, x: T, b: T, y: T): T;
  /** Quotient truncated towards zero. */
  quot(a: T, b: T): T;
  /** Remainder with the sign of a (a - b * quot(a, b)). */
  rem(a: T, b: T): T;
  floorDiv(a: T, b: T): T;
  gcd(a: T, b: T): T;
  abs(a: T): T;
  /** A float approximation (for hashing only). */
  approx(a: T): number;
  /** Loop counter in [0, n]: the BigInt of a small count. */
  of(k: number): T;
}

/** Thrown by the number backend when a value leaves the safe integer range. */
export class Overflow extends Error {
  constructor() {
    super('small-integer overflow (the system is redone on BigInt)');
  }
}

const MAX = Number.MAX_SAFE_INTEGER;
const OVERFLOW = new Overflow();

function checked(x: number): number {
  if (x > MAX || x < -MAX) throw OVERFLOW;
  return x;
}

/**
 * True for integers of 32 bits (-2^31 excluded, so that negation and the quotient by -1 stay
 * in range): `%` and `/` on such values compile to integer instructions, while `%` on other
 * doubles is a call to fmod (the costliest line of the Omega test's normalisation).
 */
const int32 = (x: number): boolean => (x | 0) === x && x !== -2147483648;

function numGcd(a: number, b: number): number {
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  if (int32(a) && int32(b)) {
    let x = a | 0;
    let y = b | 0;
    while (y !== 0) {
      const t = (x % y) | 0;
      x = y;
      y = t;
    }
    return x;
  }
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

export const numberRing: Ring<number> = {
  zero: 0,
  one: 1,
  minusOne: -1,
  add: (a, b) => checked(a + b),
  sub: (a, b) => checked(a - b),
  mul: (a, b) => checked(a * b),
  neg: (a) => (a === 0 ? 0 : -a),
  lin: (a, x, b, y) => checked(checked(a * x) + checked(b * y)),
  quot: (a, b) => {
    if (int32(a) && int32(b)) return ((a | 0) / (b | 0)) | 0;
    const q = (a - (a % b)) / b;
    return q === 0 ? 0 : q;
  },
  rem: (a, b) => {
    if (int32(a) && int32(b)) return ((a | 0) % (b | 0)) | 0;
    const r = a % b;
    return r === 0 ? 0 : r;
  },
  floorDiv: (a, b) => {
    if (int32(a) && int32(b)) {
      const r = ((a | 0) % (b | 0)) | 0;
      const q = ((a | 0) / (b | 0)) | 0;
      return r !== 0 && r < 0 !== b < 0 ? q - 1 : q;
    }
    const r = a % b;
    const q = (a - r) / b;
    return r !== 0 && r < 0 !== b < 0 ? q - 1 : q === 0 ? 0 : q;
  },
  gcd: numGcd,
  abs: (a) => (a < 0 ? -a : a),
  approx: (a) => a,
  of: (k) => k,
};

function bigGcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export const bigintRing: Ring<bigint> = {
  zero: 0n,
  one: 1n,
  minusOne: -1n,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  neg: (a) => -a,
  lin: (a, x, b, y) => a * x + b * y,
  quot: (a, b) => a / b,
  rem: (a, b) => a % b,
  floorDiv: (a, b) => {
    const q = a / b;
    return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
  },
  gcd: bigGcd,
  abs: (a) => (a < 0n ? -a : a),
  approx: (a) => Number(a),
  of: (k) => BigInt(k),
};

/**
 * The rows as numbers, or null when a value is outside the safe range (Number() rounds
 * monotonically, so a value of magnitude >= 2^53 never converts to a safe one).
 */
export function toSmallRows(rows: readonly (readonly bigint[])[]): number[][] | null {
  const out: number[][] = [];
  for (const r of rows) {
    const s = new Array<number>(r.length);
    for (let i = 0; i < r.length; i++) {
      const x = Number(r[i]);
      if (x > MAX || x < -MAX) return null;
      s[i] = x;
    }
    out.push(s);
  }
  return out;
}

/** Shared BigInts for the small values that make up most coefficients (no allocation). */
const SMALL = 1024;
const smallBig = Array.from({ length: 2 * SMALL + 1 }, (_, k) => BigInt(k - SMALL));

export function toBigRows(rows: readonly (readonly number[])[]): bigint[][] {
  return rows.map((r) =>
    r.map((x) => (x >= -SMALL && x <= SMALL ? smallBig[x + SMALL] : BigInt(x))),
  );
}
