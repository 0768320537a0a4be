/**
 * Exact questions about DS answered by the polyhedral core, without enumerating its points:
 * the cost depends on the constraints' coefficients, never on the size of DS (N = 10 and
 * N = 10^6 cost the same).
 *
 * - `sup(c, eqs)`: max of |c.x| over DS ∩ { e.x = 0, e in eqs } (src/poly `maximize`, Omega test);
 * - `admissible(M, b)`: no d != 0 in DS with M d = 0 mod b (integer emptiness, `isEmpty`);
 * - `span()`: the linear span of DS's integer points (implicit equalities found exactly).
 *
 * Parameters must be fixed (no symbolic parameter left): see `symbolic.ts` for those.
 */
import type { Affine } from '../poly/affine.js';
import { isEmpty, maximize, minimize, samplePoint } from '../poly/index.js';
import type { BasicSet, PolySet } from '../poly/types.js';
import { integerKernel } from '../poly/linalg.js';
import type { Mapping } from './mapping.js';
import { nameRecord } from '../poly/nameRecord.js';

/** Counters of the exact queries (tests use them to prove that nothing enumerates). */
export interface QueryStats {
  maximize: number;
  isEmpty: number;
  sample: number;
}

type Row = bigint[];

export class DsQueries {
  readonly n: number;
  readonly stats: QueryStats = { maximize: 0, isEmpty: 0, sample: 0 };
  /** Answers of `sup`, by question. */
  private readonly sups = new Map<string, bigint>();
  /**
   * True when every piece's mirror image -piece is (syntactically) a piece of DS, so that
   * DS = -DS and only one sign of each difference needs checking. When false every query
   * also looks at -DS, which changes nothing for admissibility (d in Lambda iff -d in Lambda)
   * and keeps H3's |c.d| < rho argument valid.
   */
  readonly symmetric: boolean;

  constructor(readonly ds: PolySet) {
    if (ds.space.params.length > 0)
      throw new Error(`DsQueries: parameter(s) ${ds.space.params.join(', ')} must be fixed`);
    this.n = ds.space.dims.length;
    this.symmetric = syntacticallySymmetric(ds);
  }

  private width(b: BasicSet): number {
    return 1 + this.n + b.nLocals;
  }

  /** Row over b's columns from a vector over the dims. */
  private dimRow(b: BasicSet, c: readonly bigint[], constant = 0n, extra = 0): Row {
    const r = Array<bigint>(this.width(b) + extra).fill(0n);
    r[0] = constant;
    for (let j = 0; j < this.n; j++) r[1 + j] = c[j];
    return r;
  }

  private withEqs(eqs: readonly (readonly bigint[])[]): PolySet {
    if (eqs.length === 0) return this.ds;
    const pieces = this.ds.pieces.map((b) => ({
      ...b,
      eqs: [...b.eqs, ...eqs.map((e) => this.dimRow(b, e))],
    }));
    return { space: this.ds.space, pieces };
  }

  private affine(c: readonly bigint[]): Affine {
    const coeffs = nameRecord<bigint>();
    this.ds.space.dims.forEach((d, j) => {
      if (c[j] !== 0n) coeffs[d] = c[j];
    });
    return { coeffs, constant: 0n };
  }

  /**
   * max |c.x| over the integer points of DS with e.x = 0 for every e in eqs (0 when only 0
   * is left, or when that part of DS is empty). Throws when unbounded.
   */
  sup(c: readonly bigint[], eqs: readonly (readonly bigint[])[] = []): bigint {
    // The heuristics ask the same questions many times (their bases coincide: identity, span
    // of DS, successive minima and their duals are often one basis; the box's rows are
    // heuristic 3's first rows): each is answered once (durbin's y: 22 programs -> 8).
    const key = `${c.join(',')}|${eqs.map((e) => e.join(',')).join(';')}`;
    const known = this.sups.get(key);
    if (known !== undefined) return known;
    const value = this.supOnce(c, eqs);
    this.sups.set(key, value);
    return value;
  }

  private supOnce(c: readonly bigint[], eqs: readonly (readonly bigint[])[]): bigint {
    const s = this.withEqs(eqs);
    this.stats.maximize++;
    const hi = maximize(s, this.affine(c));
    if (hi.kind === 'unbounded') throw new UnboundedDsError();
    let best = hi.kind === 'value' && hi.value > 0n ? hi.value : 0n;
    if (!this.symmetric) {
      this.stats.maximize++;
      const lo = minimize(s, this.affine(c));
      if (lo.kind === 'unbounded') throw new UnboundedDsError();
      if (lo.kind === 'value' && -lo.value > best) best = -lo.value;
    }
    return best;
  }

  /** max |x_i| per coordinate: the bounding box of DS. */
  box(): bigint[] {
    this.knownBox ??= Array.from({ length: this.n }, (_, i) =>
      this.sup(Array.from({ length: this.n }, (_, j) => (i === j ? 1n : 0n))),
    );
    return [...this.knownBox];
  }

  private knownBox: bigint[] | undefined;

  /**
   * A mapping the box alone proves admissible: every row's |M_i.d| over the box stays under
   * its modulus, so M d = 0 mod b means M d = 0, and M of full column rank leaves only d = 0.
   * Most axis-aligned candidates pass this (moduli beyond DS's extent) and need none of the
   * integer programs of `conflict`. A sufficient condition only: a mapping that fails it is
   * checked exactly. Used only once the box has been asked for (chooseMapping asks first).
   */
  private boxProvesAdmissible(m: Mapping): boolean {
    const box = this.knownBox;
    if (!box || m.M.length < this.n) return false;
    const reach = (row: readonly bigint[]) =>
      row.reduce((s, v, j) => s + (v < 0n ? -v : v) * box[j]!, 0n);
    if (!m.M.every((row, i) => reach(row) < m.b[i]!)) return false;
    return (
      integerKernel(
        m.M.map((r) => [...r]),
        this.n,
      ).length === 0
    );
  }

  /**
   * Exact strict admissibility: no d != 0 in DS with M d = 0 mod b. Per piece of DS the
   * question "exists d in piece, k in Z^m with M d - diag(b) k = 0 and d != 0" is split on
   * the sign pattern of d: d != 0 is the union of the n lexicographically positive cases
   * (d_0 >= 1; d_0 = 0 and d_1 >= 1; ...) and their negatives. Both DS (when `symmetric`)
   * and the kernel lattice are 0-symmetric, so d is a bad point iff -d is: the n positive
   * cases suffice. Otherwise the negative cases are checked too.
   */
  admissible(m: Mapping): boolean {
    return this.conflict(m) === null;
  }

  /** A non-zero d of DS in the kernel of the mapping, or null. */
  conflict(m: Mapping): bigint[] | null {
    if (this.boxProvesAdmissible(m)) return null;
    const rows = m.M.length;
    const n = this.n;
    const signs: bigint[] = this.symmetric ? [1n] : [1n, -1n];
    for (const b of this.ds.pieces) {
      const w = this.width(b);
      const pad = (r: readonly bigint[]): Row => [...r, ...Array<bigint>(rows).fill(0n)];
      const eqs0: Row[] = b.eqs.map(pad);
      const ineqs0: Row[] = b.ineqs.map(pad);
      m.M.forEach((row, i) => {
        const r = this.dimRow(b, row, 0n, rows);
        r[w + i] = -m.b[i];
        eqs0.push(r);
      });
      for (const sign of signs) {
        for (let lead = 0; lead < n; lead++) {
          const eqs = [...eqs0];
          for (let j = 0; j < lead; j++) {
            const r = Array<bigint>(w + rows).fill(0n);
            r[1 + j] = 1n;
            eqs.push(r);
          }
          const ge = Array<bigint>(w + rows).fill(0n);
          ge[0] = -1n;
          ge[1 + lead] = sign;
          const piece: BasicSet = {
            space: b.space,
            nLocals: b.nLocals + rows,
            eqs,
            ineqs: [...ineqs0, ge],
          };
          this.stats.isEmpty++;
          if (!isEmpty(piece)) {
            this.stats.sample++;
            const p = samplePoint({ space: b.space, pieces: [piece] });
            if (!p) throw new Error('DsQueries: non-empty set without a sample point');
            return this.ds.space.dims.map((d) => p[d]);
          }
        }
      }
    }
    return null;
  }

  /**
   * Points of DS spanning its integer points' linear span (a basis of it over Q), found
   * exactly: repeatedly take w orthogonal to the points found and the implicit equalities
   * proved so far; either DS has a point with w.x != 0 (a new independent point) or
   * w.x = 0 on all of DS (a new implicit equality). At most n steps.
   */
  spanPoints(): bigint[][] {
    const n = this.n;
    const points: bigint[][] = [];
    const equalities: bigint[][] = [];
    for (;;) {
      const known = [...points, ...equalities];
      if (known.length === n) return points;
      const ker = integerKernel(known.length ? known : [Array<bigint>(n).fill(0n)], n);
      const w = ker[0];
      let found: bigint[] | null = null;
      for (const sign of this.symmetric ? [1n] : [1n, -1n]) {
        const pieces = this.ds.pieces.map((b) => ({
          ...b,
          ineqs: [
            ...b.ineqs,
            this.dimRow(
              b,
              w.map((v) => v * sign),
              -1n,
            ),
          ],
        }));
        this.stats.sample++;
        const p = samplePoint({ space: this.ds.space, pieces });
        if (p) {
          found = this.ds.space.dims.map((d) => p[d]);
          break;
        }
      }
      if (found) points.push(found);
      else equalities.push(w);
    }
  }
}

export class UnboundedDsError extends Error {
  constructor() {
    super('DS is unbounded for these parameter values');
  }
}

/** Each piece's mirror (d -> -d) equals some piece of the set, constraint for constraint. */
export function syntacticallySymmetric(ds: PolySet): boolean {
  const n = ds.space.dims.length;
  const P = ds.space.params.length;
  const key = (b: BasicSet, neg: boolean): string => {
    const f = (r: readonly bigint[]) =>
      r.map((v, j) => (neg && j >= 1 + P && j < 1 + P + n ? -v : v)).join(',');
    const eqs = b.eqs.map((r) => {
      const s = f(r);
      const t = f(r.map((v) => -v));
      return s < t ? s : t;
    });
    return `${b.nLocals}|${[...eqs].sort().join(';')}|${b.ineqs.map(f).sort().join(';')}`;
  };
  const keys = new Set(ds.pieces.map((b) => key(b, false)));
  return ds.pieces.every((b) => keys.has(key(b, true)));
}
