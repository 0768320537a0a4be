/**
 * The exhaustive Hermite search of optimal.ts on conflict sets too large to list
 * (10^5 to 10^8 points and more): the same branch and bound, whose level test "does
 * Lambda_k meet DS at level k?" is an integer program over the pieces of DS (the Omega
 * test of src/poly: exact, and its cost depends on the constraints, not on |DS|).
 *
 * Most candidate lattices are refuted by a handful of short vectors of DS, so every point
 * an integer program finds is kept as a witness of its level and tried first, by the
 * same back-substitution as the point-list test: the integer programs are paid only for
 * new witnesses and for the lattices that pass (cutting-plane style, lazily enumerating
 * the few points of DS that matter). Bounded by work like the point search; seeded by the
 * heuristics' best size and stopped by a clique bound (segmentClique.ts).
 */
import { isOwnOverrun, withWorkBudget } from '../poly/budget.js';
import { samplePoint } from '../poly/index.js';
import { identity, inverseUnimodular, multiply, type Matrix } from '../poly/linalg.js';
import type { BasicSet, PolySet } from '../poly/types.js';
import { mappingFromLattice, type Mapping } from './mapping.js';
import { hermiteSearch, type Budget, type LevelTest } from './optimal.js';
import { longestSegment } from './segmentClique.js';

/**
 * Work units charged per integer program (see WORK_PER_MS): 0.2 to 0.6 ms of CPU each for the
 * 2-D and 3-D conflict sets of the samples on the reference machine.
 */
const WORK_PER_PROGRAM = 15_000;

/**
 * Polyhedral work (src/poly/budget.ts units) one integer program may take. The Omega test
 * can splinter on large coefficients; a program that runs out is answered "hit" (the
 * lattice is taken as meeting DS: its subtree is pruned, never accepted) and the search no
 * longer claims optimality. When the search's own budget runs out instead (it caps the
 * program's share), the overrun ends the search (its caller abandons it).
 */
const PROGRAM_WORK = 50_000;

export interface QuerySearchResult {
  /** Smallest admissible lattice found below `upper`, or null. */
  mapping: Mapping | null;
  size: bigint;
  /** True when the search finished (or met the lower bound): nothing is smaller. */
  optimal: boolean;
  nodes: number;
  /** Integer programs solved, and witnesses of DS they found. */
  programs: number;
  witnesses: number;
  /** Integer programs that ran out of PROGRAM_WORK (answered as hits). */
  unknown: number;
}

/**
 * Level test by integer programs. In the span basis y = Qinv x (DS lies in the first p
 * coordinates), Lambda_k's points are y = H z with z in Z^(k+1); "at level k, positive" is
 * z_k >= 1 (H[k][k] > 0). Per piece of DS: exists z, x in piece with x = Q_p H_k z.
 */
function queryLevels(
  ds: PolySet,
  Q: Matrix,
  p: number,
  budget: Budget,
  stats: { programs: number; witnesses: number; unknown: number },
  symmetric: boolean,
  /** Largest H[0][0] the search will try (its upper bound). */
  maxH0: number,
): LevelTest {
  const n = ds.space.dims.length;
  const Qinv = inverseUnimodular(Q);
  const witnesses: number[][][] = Array.from({ length: p }, () => []);
  const tmp = new Array<number>(p).fill(0);
  const inLattice = (y: readonly number[], k: number, H: readonly (readonly number[])[]) => {
    for (let i = 0; i <= k; i++) tmp[i] = y[i];
    for (let lev = k; lev >= 0; lev--) {
      budget.work++;
      const h = H[lev][lev];
      if (tmp[lev] % h !== 0) return false;
      const t = tmp[lev] / h;
      if (t !== 0) for (let i = 0; i < lev; i++) tmp[i] -= t * H[i][lev];
    }
    return true;
  };
  const program = (
    k: number,
    H: readonly (readonly number[])[],
    sign: bigint,
  ): bigint[] | null | 'unknown' => {
    // Columns of Q_p H_k: x = sum_j z_j * col_j.
    const Hk: bigint[][] = Array.from({ length: p }, (_, i) =>
      Array.from({ length: k + 1 }, (_, j) => BigInt(H[i][j])),
    );
    const C = multiply(
      Q.map((row) => row.slice(0, p)),
      Hk,
    );
    const pieces: BasicSet[] = ds.pieces.map((b) => {
      const extra = k + 1;
      const width = 1 + n + b.nLocals + extra;
      const pad = (r: readonly bigint[]) => [...r, ...Array<bigint>(extra).fill(0n)];
      const eqs = b.eqs.map(pad);
      for (let i = 0; i < n; i++) {
        const r = Array<bigint>(width).fill(0n);
        r[1 + i] = 1n;
        for (let j = 0; j <= k; j++) r[1 + n + b.nLocals + j] = -C[i][j];
        eqs.push(r);
      }
      const ge = Array<bigint>(width).fill(0n);
      ge[0] = -1n;
      ge[1 + n + b.nLocals + k] = sign;
      return { space: b.space, nLocals: b.nLocals + extra, eqs, ineqs: [...b.ineqs.map(pad), ge] };
    });
    // One piece at a time: the first non-empty one answers.
    for (const piece of pieces) {
      stats.programs++;
      budget.work += WORK_PER_PROGRAM;
      let s: Record<string, bigint> | null;
      try {
        s = withWorkBudget(PROGRAM_WORK, () => samplePoint({ space: ds.space, pieces: [piece] }));
      } catch (e) {
        // Only this program's own share: an enclosing budget's overrun ends the search.
        if (!isOwnOverrun(e)) throw e;
        stats.unknown++;
        return 'unknown';
      }
      if (s) return ds.space.dims.map((d) => s[d]);
    }
    return null;
  };
  // Level 0 is the line of Q's first column: every h <= the longest segment of DS on it
  // is hit (h Q_0 itself), which spares one program per h on long sets (Toeplitz, N = 10^6).
  let segment0: bigint | null = null;
  return (k, H) => {
    if (k === 0) {
      segment0 ??= longestSegment(
        ds,
        Q.map((row) => row[0]),
        BigInt(maxH0),
      );
      budget.work++;
      if (BigInt(H[0][0]) <= segment0) return true;
    }
    for (const y of witnesses[k]) if (inLattice(y, k, H)) return true;
    for (const sign of symmetric ? [1n] : [1n, -1n]) {
      const x = program(k, H, sign);
      if (!x) continue;
      if (x === 'unknown') return true;
      const y = Qinv.slice(0, p).map((row) => Number(row.reduce((s, v, j) => s + v * x[j], 0n)));
      const w = y[k] < 0 ? y.map((v) => -v) : y;
      witnesses[k].push(w.slice(0, k + 1));
      stats.witnesses++;
      return true;
    }
    return false;
  };
}

/**
 * Smallest strictly admissible lattice of determinant < upper, searched without listing DS.
 * `Q`: unimodular, its first `p` columns span DS's integer points (DsQueries.spanPoints).
 */
export function querySearch(
  ds: PolySet,
  Q: Matrix,
  p: number,
  upper: bigint,
  lowerBound: bigint,
  maxWork: number,
  symmetric: boolean,
): QuerySearchResult {
  const n = ds.space.dims.length;
  const budget: Budget = { work: 0, max: maxWork };
  const stats = { programs: 0, witnesses: 0, unknown: 0 };
  if (p === 0) return { mapping: { M: [], b: [] }, size: 1n, optimal: true, nodes: 0, ...stats };
  const test = queryLevels(ds, Q, p, budget, stats, symmetric, Number(upper));
  const r = hermiteSearch(test, p, Number(upper), null, Number(lowerBound), budget);
  if (!r.H)
    return {
      mapping: null,
      size: upper,
      optimal: (r.complete && stats.unknown === 0) || upper <= lowerBound,
      nodes: r.nodes,
      ...stats,
    };
  const B = identity(n);
  for (let i = 0; i < p; i++) for (let k = 0; k < p; k++) B[i][k] = BigInt(r.H[i][k]);
  return {
    mapping: mappingFromLattice(multiply(Q, B)),
    size: BigInt(r.det),
    optimal: (r.complete && stats.unknown === 0) || BigInt(r.det) <= lowerBound,
    nodes: r.nodes,
    ...stats,
  };
}
