/**
 * Affine forms over named variables with exact integer coefficients.
 *
 * This is the plain-data currency between stages: the frontend writes subscripts,
 * bounds and schedules as `Affine`, the lifetime analysis turns them into constraint
 * rows of the polyhedral core. A missing coefficient means zero.
 *
 * Coefficient records are keyed by C names: they are made by `nameRecord` (a variable may be
 * named `__proto__` or `constructor`), and lookups read own keys, so that a form built
 * elsewhere (a literal of a caller) is read safely too.
 */
import { hasName as own, nameRecord, ownValue } from './nameRecord.js';

export interface Affine {
  readonly coeffs: Readonly<Record<string, bigint>>;
  readonly constant: bigint;
}

/** `expr >= 0` (`ge`) or `expr = 0` (`eq`). */
export interface Constraint {
  readonly kind: 'ge' | 'eq';
  readonly expr: Affine;
}

/** `record[name]` on own keys only (records keyed by C names: nameRecord.ts). */
export { ownValue } from './nameRecord.js';

export function constant(c: bigint | number): Affine {
  return { coeffs: nameRecord(), constant: BigInt(c) };
}

export function variable(name: string, coeff: bigint | number = 1n): Affine {
  const coeffs = nameRecord<bigint>();
  coeffs[name] = BigInt(coeff);
  return normalize({ coeffs, constant: 0n });
}

/** Drops zero coefficients so that equal forms compare equal key by key. */
export function normalize(a: Affine): Affine {
  const coeffs = nameRecord<bigint>();
  for (const [k, v] of Object.entries(a.coeffs)) if (v !== 0n) coeffs[k] = v;
  return { coeffs, constant: a.constant };
}

export function add(a: Affine, b: Affine): Affine {
  const coeffs = nameRecord(a.coeffs);
  for (const [k, v] of Object.entries(b.coeffs)) coeffs[k] = (coeffs[k] ?? 0n) + v;
  return normalize({ coeffs, constant: a.constant + b.constant });
}

export function scale(a: Affine, f: bigint): Affine {
  const coeffs = nameRecord<bigint>();
  for (const [k, v] of Object.entries(a.coeffs)) coeffs[k] = v * f;
  return normalize({ coeffs, constant: a.constant * f });
}

export function sub(a: Affine, b: Affine): Affine {
  // add(a, scale(b, -1n)) in one pass (no negated copy of b): the same coefficients, in the
  // same key order (a's, then b's new ones).
  const coeffs = nameRecord(a.coeffs);
  for (const k in b.coeffs) coeffs[k] = (coeffs[k] ?? 0n) - b.coeffs[k];
  return normalize({ coeffs, constant: a.constant - b.constant });
}

export function isConstant(a: Affine): boolean {
  return Object.values(a.coeffs).every((v) => v === 0n);
}

export function coeff(a: Affine, name: string): bigint {
  return ownValue(a.coeffs, name) ?? 0n;
}

export function variables(a: Affine): string[] {
  return Object.keys(a.coeffs).filter((k) => a.coeffs[k] !== 0n);
}

export function equal(a: Affine, b: Affine): boolean {
  return isConstant(sub(a, b)) && a.constant === b.constant;
}

/** Replaces variables by affine forms (simultaneously). */
export function substitute(a: Affine, by: Readonly<Record<string, Affine>>): Affine {
  let out: Affine = constant(a.constant);
  for (const [k, v] of Object.entries(a.coeffs)) {
    const b = ownValue(by, k);
    out = add(out, b ? scale(b, v) : variable(k, v));
  }
  return out;
}

/**
 * Renames variables (names not in the map are kept). Computes `substitute` by `variable(to)`
 * directly, term by term as it does: a coefficient summing to zero is dropped at once (and a
 * later term puts its key back at the end), so the result has the same key order too.
 */
export function rename(a: Affine, names: Readonly<Record<string, string>>): Affine {
  const coeffs = nameRecord<bigint>();
  for (const k in a.coeffs) {
    const v = a.coeffs[k];
    if (v === 0n) continue;
    const to = own(names, k) ? names[k] : k;
    const sum = (coeffs[to] ?? 0n) + v;
    if (sum === 0n) delete coeffs[to];
    else coeffs[to] = sum;
  }
  return { coeffs, constant: a.constant };
}

/** Value for fully known variables; throws if one is missing. */
export function evaluate(a: Affine, values: Readonly<Record<string, bigint>>): bigint {
  let v = a.constant;
  for (const [k, c] of Object.entries(a.coeffs)) {
    const x = ownValue(values, k);
    if (x === undefined) throw new Error(`evaluate: no value for ${k}`);
    v += c * x;
  }
  return v;
}

/** Readable text such as `2i - j + N - 1` (the calculator notation). */
export function formatAffine(a: Affine): string {
  const parts: string[] = [];
  for (const [k, c] of Object.entries(a.coeffs)) {
    if (c === 0n) continue;
    const mag = c < 0n ? -c : c;
    const term = mag === 1n ? k : `${mag}${k}`;
    parts.push(
      parts.length === 0 ? (c < 0n ? `-${term}` : term) : c < 0n ? `- ${term}` : `+ ${term}`,
    );
  }
  if (a.constant !== 0n || parts.length === 0) {
    const mag = a.constant < 0n ? -a.constant : a.constant;
    parts.push(parts.length === 0 ? `${a.constant}` : a.constant < 0n ? `- ${mag}` : `+ ${mag}`);
  }
  return parts.join(' ');
}
