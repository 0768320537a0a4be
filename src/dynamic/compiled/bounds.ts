/**
 * Loop bounds for the compiled oracle: rational Fourier–Motzkin elimination over integer
 * rows, each row `coeffs . vars + constant >= 0`.
 *
 * The bounds it yields contain every integer point of the set (a rational projection is a
 * superset of the integer one, and dividing a row by the gcd of its coefficients with the
 * constant floored keeps every integer point), so a loop over them visits every instance;
 * the exact constraints are re-checked where the instance is used (see nest.ts). Extra
 * iterations only cost time, which the operation budget counts.
 */
import { gcd } from '../../poly/int.js';

export interface Row {
  /** One coefficient per variable of the system (a fixed order, see `vars`). */
  readonly coeffs: readonly bigint[];
  readonly constant: bigint;
}

/** Rows after elimination can multiply coefficients; beyond this the nest is not generated. */
export class TooComplex extends Error {}

const MAX_ROWS = 4000;

function normalizeRow(r: Row): Row {
  let g = 0n;
  for (const c of r.coeffs) g = gcd(g, c < 0n ? -c : c);
  if (g <= 1n) return r;
  // floor(constant / g): keeps every integer point (the coefficients' part is a multiple of g).
  const q = r.constant / g;
  const floor = r.constant < 0n && q * g !== r.constant ? q - 1n : q;
  return { coeffs: r.coeffs.map((c) => c / g), constant: floor };
}

function dedupe(rows: readonly Row[]): Row[] {
  const out = new Map<string, Row>();
  for (const r0 of rows) {
    const r = normalizeRow(r0);
    const k = r.coeffs.join(',');
    const prev = out.get(k);
    // Same direction: the smaller constant is the stronger row.
    if (!prev || r.constant < prev.constant) out.set(k, r);
  }
  return [...out.values()];
}

/** The rows with variable `v` eliminated (rational projection). */
function eliminate(rows: readonly Row[], v: number): Row[] {
  const pos: Row[] = [];
  const neg: Row[] = [];
  const rest: Row[] = [];
  for (const r of rows) {
    const c = r.coeffs[v]!;
    (c > 0n ? pos : c < 0n ? neg : rest).push(r);
  }
  const out = [...rest];
  for (const p of pos) {
    for (const n of neg) {
      const a = p.coeffs[v]!;
      const b = -n.coeffs[v]!;
      out.push({
        coeffs: p.coeffs.map((x, k) => b * x + a * n.coeffs[k]!),
        constant: b * p.constant + a * n.constant,
      });
    }
  }
  const result = dedupe(out);
  if (result.length > MAX_ROWS) throw new TooComplex('too many rows after elimination');
  return result;
}

/**
 * For loop variables `loops` (in nesting order; every other variable not in `known` is
 * eliminated first), the rows that bound each loop variable given the known variables and
 * the outer loop variables: `lower` rows (positive coefficient), `upper` rows (negative),
 * and `guards`, rows on outer variables only that a point must satisfy to exist at all.
 */
export interface LevelBounds {
  readonly variable: number;
  readonly lower: readonly Row[];
  readonly upper: readonly Row[];
  readonly guards: readonly Row[];
}

export function nestBounds(
  rows: readonly Row[],
  nVars: number,
  known: readonly number[],
  loops: readonly number[],
): LevelBounds[] | 'empty' {
  const keep = new Set([...known, ...loops]);
  let current = dedupe(rows);
  for (let v = 0; v < nVars; v++) if (!keep.has(v)) current = eliminate(current, v);
  // Project level by level, innermost first: the rows seen at level m involve only known
  // variables and loops[0..m].
  const perLevel: Row[][] = [];
  for (let m = loops.length - 1; m >= 0; m--) {
    perLevel[m] = current;
    current = eliminate(current, loops[m]!);
  }
  // What is left involves known variables only: constant rows decide emptiness now.
  const guards0: Row[] = [];
  for (const r of current) {
    if (r.coeffs.every((c) => c === 0n)) {
      if (r.constant < 0n) return 'empty';
    } else guards0.push(r);
  }
  const out: LevelBounds[] = [];
  for (let m = 0; m < loops.length; m++) {
    const v = loops[m]!;
    const lower: Row[] = [];
    const upper: Row[] = [];
    const guards: Row[] = m === 0 ? [...guards0] : [];
    for (const r of perLevel[m]!) {
      const c = r.coeffs[v]!;
      if (c > 0n) lower.push(r);
      else if (c < 0n) upper.push(r);
      // Rows without v were already rows of the previous level (or its guards).
    }
    out.push({ variable: v, lower, upper, guards });
  }
  return out;
}
