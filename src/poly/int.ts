/** Exact integer helpers over BigInt (floor/ceil division, gcd, lcm). */

export function abs(a: bigint): bigint {
  return a < 0n ? -a : a;
}

export function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function lcm(a: bigint, b: bigint): bigint {
  if (a === 0n || b === 0n) return 0n;
  return abs((a / gcd(a, b)) * b);
}

/** floor(a / b) for b != 0 (BigInt division truncates towards zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

export function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/** a mod b in [0, |b|). */
export function mod(a: bigint, b: bigint): bigint {
  const m = abs(b);
  const r = a % m;
  return r < 0n ? r + m : r;
}
