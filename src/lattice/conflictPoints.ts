/**
 * DS with fixed parameters as plain rows, and the exact enumeration of its integer points.
 *
 * The lattice search works, for fixed parameters, on the explicit set of conflicting
 * differences: every mapping is verified against it exactly. Enumeration eliminates the
 * variables one after the other by Fourier–Motzkin (with integer tightening, valid for
 * integer points), which gives exact rational bounds of each variable given the previous
 * ones; the final membership test uses the original rows, so the result is exact.
 */
import { CallSlot } from '../context/callContext.js';
import type { BasicSet, PolySet } from '../poly/types.js';
import { floorDiv, gcd } from '../poly/linalg.js';
import { NO_NAMES, ownValue } from '../poly/nameRecord.js';

/** A piece over columns [1, dims, locals]: `r.v = 0` for eqs, `r.v >= 0` for ineqs. */
export interface FixedPiece {
  readonly nDims: number;
  readonly nLocals: number;
  readonly eqs: readonly (readonly bigint[])[];
  readonly ineqs: readonly (readonly bigint[])[];
}

export class LatticeInputError extends Error {}

/** Substitutes parameter values (all parameters must be given). */
export function fixPieces(
  ds: PolySet,
  params: Readonly<Record<string, bigint>> = NO_NAMES,
): FixedPiece[] {
  const np = ds.space.params.length;
  const values = ds.space.params.map((p) => {
    const v = ownValue(params, p);
    if (v === undefined)
      throw new LatticeInputError(`no value for parameter ${p} (use -D ${p}=VALUE)`);
    return v;
  });
  const fix = (bs: BasicSet, r: readonly bigint[]): bigint[] => {
    let c = r[0];
    for (let j = 0; j < np; j++) c += r[1 + j] * values[j];
    return [c, ...r.slice(1 + np)];
  };
  return ds.pieces.map((bs) => ({
    nDims: ds.space.dims.length,
    nLocals: bs.nLocals,
    eqs: bs.eqs.map((r) => fix(bs, r)),
    ineqs: bs.ineqs.map((r) => fix(bs, r)),
  }));
}

/** Divides a row by the gcd of its variable coefficients, flooring the constant (integer tightening). */
function tighten(r: bigint[]): bigint[] {
  let g = 0n;
  for (let j = 1; j < r.length; j++) g = gcd(g, r[j]);
  if (g <= 1n) return r;
  return [floorDiv(r[0], g), ...r.slice(1).map((v) => v / g)];
}

/**
 * Fourier–Motzkin levels: levels[k] is a system (ineqs over [1, x_0..x_{k}]) whose rows
 * only involve x_0..x_k; it is implied by the original system for integer points.
 * Returns null when a contradiction (constant row < 0) shows the piece is empty.
 */
function eliminationLevels(nVars: number, ineqs: bigint[][]): bigint[][][] | null {
  const levels: bigint[][][] = new Array(nVars);
  let rows = ineqs.map(tighten);
  for (let k = nVars - 1; k >= 0; k--) {
    levels[k] = rows;
    const col = 1 + k;
    const pos = rows.filter((r) => r[col] > 0n);
    const neg = rows.filter((r) => r[col] < 0n);
    const next: bigint[][] = rows.filter((r) => r[col] === 0n);
    for (const p of pos) {
      for (const q of neg) {
        const a = p[col];
        const b = -q[col];
        next.push(tighten(p.map((v, j) => v * b + q[j] * a)));
      }
    }
    // Deduplicate and drop trivially true rows; a false constant row means empty.
    const seen = new Map<string, bigint[]>();
    for (const r of next) {
      if (r.slice(1).every((v) => v === 0n)) {
        if (r[0] < 0n) return null;
        continue;
      }
      const key = r.slice(1).join(',');
      const old = seen.get(key);
      if (!old || r[0] < old[0]) seen.set(key, r);
    }
    rows = [...seen.values()];
    if (rows.length > 20000)
      throw new LatticeInputError('DS is too complex to enumerate (Fourier–Motzkin blow-up)');
  }
  return levels;
}

/** Pieces and points enumerated in a call. */
export interface EnumerationCounts {
  pieces: number;
  points: number;
}
const counts = new CallSlot((): EnumerationCounts => ({ pieces: 0, points: 0 }));

/**
 * How much enumeration this call did so far (tests prove with it that large DS are never
 * enumerated outside the optimal search); nothing is counted outside any call.
 */
export function enumerationStats(): Readonly<EnumerationCounts> {
  return { ...(counts.current() ?? { pieces: 0, points: 0 }) };
}

/**
 * All integer points of one piece, projected onto its dims (locals dropped). Throws
 * LatticeInputError when the piece is unbounded or larger than `limit` points.
 */
function enumeratePiece(piece: FixedPiece, limit = 2_000_000): bigint[][] {
  const counted = counts.current();
  if (counted) counted.pieces++;
  const nVars = piece.nDims + piece.nLocals;
  const ineqs: bigint[][] = [...piece.ineqs.map((r) => [...r])];
  for (const e of piece.eqs) {
    ineqs.push([...e]);
    ineqs.push(e.map((v) => -v));
  }
  if (nVars === 0) return ineqs.every((r) => r[0] >= 0n) ? [[]] : [];
  const levels = eliminationLevels(nVars, ineqs);
  if (!levels) return [];
  const out = new Map<string, bigint[]>();
  const x: bigint[] = new Array(nVars).fill(0n);
  let visited = 0;
  const rec = (k: number) => {
    // Bounds of x_k given x_0..x_{k-1}, from the level-k rows.
    let lo: bigint | null = null;
    let hi: bigint | null = null;
    for (const r of levels[k]) {
      let c = r[0];
      for (let j = 0; j < k; j++) c += r[1 + j] * x[j];
      const a = r[1 + k];
      if (a === 0n) {
        if (c < 0n) return;
      } else if (a > 0n) {
        const b = -floorDiv(c, a); // a x + c >= 0  <=>  x >= ceil(-c / a)
        if (lo === null || b > lo) lo = b;
      } else {
        const b = floorDiv(c, -a); // x <= c / -a
        if (hi === null || b < hi) hi = b;
      }
    }
    if (lo === null || hi === null)
      throw new LatticeInputError('DS is unbounded for these parameter values');
    for (let v = lo; v <= hi; v++) {
      if (++visited > limit)
        throw new LatticeInputError(`DS has too many points to enumerate (over ${limit})`);
      x[k] = v;
      if (k + 1 < nVars) rec(k + 1);
      else if (satisfies(piece, x)) {
        const p = x.slice(0, piece.nDims);
        if (counted) counted.points++;
        out.set(p.join(','), p);
      }
    }
  };
  rec(0);
  return [...out.values()];
}

function satisfies(piece: FixedPiece, x: readonly bigint[]): boolean {
  const val = (r: readonly bigint[]) =>
    r.reduce((s, v, j) => (j === 0 ? s : s + v * x[j - 1]), r[0]);
  return piece.eqs.every((r) => val(r) === 0n) && piece.ineqs.every((r) => val(r) >= 0n);
}

/** The integer points of the union, each once, in a stable order. */
export function enumerateUnion(pieces: readonly FixedPiece[], limit?: number): bigint[][] {
  const out = new Map<string, bigint[]>();
  for (const p of pieces) for (const x of enumeratePiece(p, limit)) out.set(x.join(','), x);
  return [...out.values()].sort(compareVectors);
}

function compareVectors(a: readonly bigint[], b: readonly bigint[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}
