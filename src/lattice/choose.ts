/**
 * Selection policy: run the heuristics, optionally the exhaustive search, verify every
 * mapping exactly, and pick the smallest, preferring simple (axis-aligned) mappings unless
 * a complex one saves more than `minGain`.
 */
import type { PolySet } from '../poly/types.js';
import { completeToUnimodular, determinant, transpose } from '../poly/linalg.js';
import { enumerateUnion, fixPieces, LatticeInputError } from './conflictPoints.js';
import {
  dualRows,
  heuristic2,
  heuristic3,
  permutationBases,
  rogers,
  type Candidate,
  type HeuristicName,
} from './heuristics.js';
import {
  admissibleOnPoints,
  complexity,
  isAxisAligned,
  mappingSize,
  type Mapping,
} from './mapping.js';
import { successiveMinima, type SuccessiveMinima } from './minima.js';
import { optimalSearch, spanBasis } from './optimal.js';

export type HeuristicOption = 'auto' | 'h1' | 'h1a' | 'h2' | 'h3' | 'opt';

export interface ChooseOptions {
  heuristic: HeuristicOption;
  params?: Readonly<Record<string, bigint>>;
  minGain?: number;
  budgetMs?: number;
  /** Largest DS (points) the exhaustive search is tried on under `auto`. */
  autoOptLimit?: number;
}

export interface OptimalInfo {
  size: bigint;
  optimal: boolean;
  lowerBound: bigint;
  nodes: number;
  mapping: Mapping | null;
}

export interface LatticeChoice {
  mapping: Mapping;
  size: bigint;
  heuristic: HeuristicName;
  candidates: Candidate[];
  successiveMinima?: SuccessiveMinima;
  optimal?: OptimalInfo;
  dimension: number;
  /** Number of integer points of DS (0 included). */
  dsPoints: number;
  timings: { enumerateMs: number; minimaMs: number; heuristicsMs: number; optimalMs: number };
}

export { LatticeInputError };

/** Exact check on the integer points of DS (parameters fixed by `params`). */
export function isStrictlyAdmissible(
  ds: PolySet,
  mapping: Mapping,
  params: Readonly<Record<string, bigint>> = {},
): boolean {
  return admissibleOnPoints(enumerateUnion(fixPieces(ds, params)), mapping);
}

function better(a: Candidate, b: Candidate): boolean {
  if (a.size !== b.size) return a.size < b.size;
  return complexity(a.mapping) < complexity(b.mapping);
}

export async function chooseMapping(ds: PolySet, options: ChooseOptions): Promise<LatticeChoice> {
  const n = ds.space.dims.length;
  const minGain = options.minGain ?? 0.05;
  const budget = options.budgetMs ?? 5000;
  const t0 = Date.now();
  const pieces = fixPieces(ds, options.params ?? {});
  const points = enumerateUnion(pieces);
  if (points.length === 0) throw new LatticeInputError('DS is empty: it must contain at least 0');
  const t1 = Date.now();
  const { rank, Q } = spanBasis(points, n);
  const want = options.heuristic;
  const candidates: Candidate[] = [];
  let minima: SuccessiveMinima | undefined;
  if (want === 'auto' || want === 'h1' || want === 'h1a' || want === 'opt') {
    minima = await successiveMinima(pieces, n);
  }
  const t2 = Date.now();
  if (minima && minima.dimension > 0) {
    const vectors = minima.minima.filter((m) => m.vector).map((m) => m.vector!);
    // Columns a_i: a basis of Z^n whose first i span x_1..x_i (section 4.1.3).
    const basis = completeToUnimodular(vectors, n);
    if (want !== 'h2' && want !== 'h3') candidates.push(...rogers(points, minima, basis, n));
  }
  const bases = permutationBases(n);
  if (want === 'auto' || want === 'h2' || want === 'opt') {
    const h2Bases = [...bases];
    h2Bases.push({ name: 'span of DS', basis: transpose(Q, n) });
    if (minima && minima.dimension === n) {
      h2Bases.push({ name: 'successive minima', basis: minima.minima.map((m) => m.vector!) });
    }
    for (const b of h2Bases) {
      if (determinant(b.basis) === 0n) continue;
      const c = await heuristic2(pieces, points, b.basis, b.name, n);
      if (c) candidates.push(c);
    }
  }
  if (want === 'auto' || want === 'h3' || want === 'opt') {
    const h3Bases = [...bases];
    const dualSpan = dualRows(Q);
    if (dualSpan) {
      h3Bases.push({ name: 'dual of span of DS', basis: dualSpan });
      h3Bases.push({ name: 'dual of span of DS, reversed', basis: [...dualSpan].reverse() });
    }
    if (minima && minima.dimension === n) {
      const d = dualRows(
        transpose(
          minima.minima.map((m) => m.vector!),
          n,
        ),
      );
      if (d) {
        h3Bases.push({ name: 'dual of successive minima', basis: d });
        h3Bases.push({ name: 'dual of successive minima, reversed', basis: [...d].reverse() });
      }
    }
    for (const b of h3Bases) candidates.push(heuristic3(points, b.basis, b.name));
  }
  // Every candidate is verified exactly, whatever produced it.
  const verified = candidates.filter((c) => admissibleOnPoints(points, c.mapping));
  const t3 = Date.now();
  let optimal: OptimalInfo | undefined;
  const heuristicBest = verified.reduce<Candidate | null>(
    (b, c) => (b === null || better(c, b) ? c : b),
    null,
  );
  const upper = heuristicBest ? heuristicBest.size + 0n : boundFromPoints(points, n);
  const runOpt =
    want === 'opt' || (want === 'auto' && points.length <= (options.autoOptLimit ?? 50000));
  if (runOpt && rank > 0) {
    const r = optimalSearch(points, n, upper, t0 + budget);
    optimal = {
      size: r.size,
      optimal: r.optimal,
      lowerBound: r.lowerBound,
      nodes: r.nodes,
      mapping: r.mapping,
    };
    if (r.mapping && admissibleOnPoints(points, r.mapping)) {
      verified.push({
        heuristic: 'opt',
        basisName: 'Hermite search',
        basis: [],
        rho: [],
        mapping: r.mapping,
        size: mappingSize(r.mapping),
      });
    }
  }
  const t4 = Date.now();
  if (rank === 0) {
    verified.push({
      heuristic: 'identity',
      basisName: 'DS = {0}',
      basis: [],
      rho: [],
      mapping: { M: [], b: [] },
      size: 1n,
    });
  }
  if (verified.length === 0) {
    // Always possible: the identity mapping with moduli larger than DS's extent.
    const b = boundBox(points, n);
    verified.push({
      heuristic: 'identity',
      basisName: 'identity',
      basis: [],
      rho: b,
      mapping: { M: transpose(identityRows(n), n), b },
      size: b.reduce((s, v) => s * v, 1n),
    });
  }
  const pick = select(verified, want, minGain);
  return {
    mapping: pick.mapping,
    size: pick.size,
    heuristic: pick.heuristic,
    candidates: verified,
    successiveMinima: minima,
    optimal,
    dimension: rank,
    dsPoints: points.length,
    timings: { enumerateMs: t1 - t0, minimaMs: t2 - t1, heuristicsMs: t3 - t2, optimalMs: t4 - t3 },
  };
}

function identityRows(n: number): bigint[][] {
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? 1n : 0n)),
  );
}

function boundBox(points: readonly (readonly bigint[])[], n: number): bigint[] {
  const b = new Array<bigint>(n).fill(1n);
  for (const p of points)
    p.forEach((v, i) => {
      const a = (v < 0n ? -v : v) + 1n;
      if (a > b[i]) b[i] = a;
    });
  return b;
}

function boundFromPoints(points: readonly (readonly bigint[])[], n: number): bigint {
  return boundBox(points, n).reduce((s, v) => s * v, 1n);
}

/**
 * `opt` and the single heuristics take their smallest (simplest among equals); `auto`
 * keeps the smallest axis-aligned mapping unless a complex one saves more than minGain.
 */
function select(cands: Candidate[], want: HeuristicOption, minGain: number): Candidate {
  const pool =
    want === 'auto' || want === 'opt'
      ? cands
      : cands.filter((c) => c.heuristic === want || c.heuristic === 'identity');
  const from = pool.length > 0 ? pool : cands;
  let best = from[0];
  for (const c of from) if (better(c, best)) best = c;
  if (want !== 'auto') return best;
  let simple: Candidate | null = null;
  for (const c of from)
    if (isAxisAligned(c.mapping) && (simple === null || better(c, simple))) simple = c;
  if (simple && simple !== best) {
    const gain = 1 - Number(best.size) / Number(simple.size);
    if (gain <= minGain) return simple;
  }
  return best;
}
