/**
 * Choosing a mapping: run the heuristics, optionally the exhaustive search, verify every
 * mapping exactly, and pick one by the selection policy (policy.ts).
 */
import type { PolySet } from '../poly/types.js';
import {
  completeToUnimodular,
  determinant,
  identity,
  lllReduce,
  transpose,
  type Matrix,
} from '../poly/linalg.js';
import { fixParams, isEmpty } from '../poly/index.js';
import { isOwnOverrun, withWorkBudget, workSpent } from '../poly/budget.js';
import { enumerateUnion, fixPieces, LatticeInputError, type FixedPiece } from './conflictPoints.js';
import { DsQueries, UnboundedDsError, type QueryStats } from './dsQueries.js';
import {
  dualRows,
  heuristic2,
  heuristic3,
  permutationBases,
  shortDirectionBases,
  rogers,
  type Admissible,
  type Candidate,
  type HeuristicName,
  type Sup,
} from './heuristics.js';
import { admissibleOnPoints, mappingSize, simplifyMapping, type Mapping } from './mapping.js';
import { hullCandidate } from './hullLattice.js';
import { better, policyGoal, select, type DivisionCost, type HeuristicOption } from './policy.js';
import { exactSuccessiveMinima, successiveMinima, type SuccessiveMinima } from './minima.js';
import { planePolygon, type PlanePolygon } from './polygonHull.js';
import { optimalSearch, spanBasis, WORK_PER_MS } from './optimal.js';
import { querySearch } from './querySearch.js';
import { boxCells, fillsBox, segmentClique } from './segmentClique.js';
import { NO_NAMES } from '../poly/nameRecord.js';
import { searchedOnce } from './searchMemo.js';

export interface ChooseOptions {
  heuristic: HeuristicOption;
  params?: Readonly<Record<string, bigint>>;
  minGain?: number;
  budgetMs?: number;
  /**
   * Largest bounding box of DS (points) the exhaustive search lists (default 50 000 under
   * `auto`, 2 000 000 under `opt`); beyond it the search asks integer programs instead
   * (querySearch.ts), with the same work budget.
   */
  autoOptLimit?: number;
  /** Never enumerate DS: the exhaustive search uses integer programs whatever the size. */
  noEnumeration?: boolean;
  /**
   * Under `auto`, search for the optimum itself (the `lattice` command shows it). By
   * default `auto` only looks for what its policy would take: a mapping smaller than the
   * best axis-aligned one by more than `minGain` (see `policyGoal`).
   */
  fullSearch?: boolean;
  /** Polyhedral work one candidate's exact check may take (default CANDIDATE_CHECK_WORK). */
  candidateWork?: number;
  /**
   * Under `auto`: where each mapping's divisions run, and when saving cells is worth a
   * deeper one (policy.ts `select`). Without it, the smallest mapping wins.
   */
  division?: DivisionCost;
}

interface OptimalInfo {
  size: bigint;
  optimal: boolean;
  lowerBound: bigint;
  nodes: number;
  mapping: Mapping | null;
  /** How DS was seen: its listed points, or integer programs over its pieces. */
  method: 'points' | 'queries';
  /** Integer programs solved by the query search. */
  programs?: number;
  /**
   * Set when `auto` searched only below this size (what beats the best axis-aligned
   * mapping by more than `minGain`); `size` is then at most this goal, and `optimal`
   * means that nothing smaller than `size` exists.
   */
  goal?: bigint;
}

export interface LatticeChoice {
  mapping: Mapping;
  size: bigint;
  heuristic: HeuristicName;
  candidates: Candidate[];
  successiveMinima?: SuccessiveMinima;
  optimal?: OptimalInfo;
  dimension: number;
  /** Number of integer points of DS (0 included), known only when it was enumerated. */
  dsPoints?: number;
  /** Exact polyhedral queries made (maximize, isEmpty, sample). */
  queries: QueryStats;
  /** Candidates dropped because their exact check needed more than CANDIDATE_CHECK_WORK. */
  unchecked: number;
  /** The smaller mapping not taken because its division runs in a deeper loop. */
  setAside?: Candidate;
  timings: { queriesMs: number; minimaMs: number; heuristicsMs: number; optimalMs: number };
}

export { LatticeInputError };

/** Exact check, without enumeration (parameters fixed by `params`). */
export function isStrictlyAdmissible(
  ds: PolySet,
  mapping: Mapping,
  params: Readonly<Record<string, bigint>> = NO_NAMES,
): boolean {
  return new DsQueries(fixParams(ds, params)).admissible(mapping);
}

/**
 * Default budget of the exhaustive search under `auto`, in milliseconds of work (see
 * WORK_PER_MS): enough for every sample's best known size (stencil_time's A needs more
 * than 300).
 */
export const DEFAULT_SEARCH_BUDGET_MS = 1000;

/**
 * Polyhedral work (src/poly/budget.ts units) one candidate's exact check may take: a
 * typical check costs under a thousand units; the caller's own budget still bounds the total.
 */
const CANDIDATE_CHECK_WORK = 100_000;

/** Polyhedral work the exhaustive search over integer programs may take in all. */
const SEARCH_WORK = 500_000;

/** `--min-gain`'s default, a fraction: a skewed mapping must save more than 5 % over a simpler one. */
export const DEFAULT_MIN_GAIN = 0.05;

export async function chooseMapping(ds: PolySet, options: ChooseOptions): Promise<LatticeChoice> {
  const minGain = options.minGain ?? DEFAULT_MIN_GAIN;
  const want = options.heuristic;
  const s = await searchedOnce(ds, options, minGain, () => search(ds, options, minGain));
  const pick = select(s.verified, want, minGain, options.division);
  const bySize = options.division ? select(s.verified, want, minGain) : pick;
  return {
    ...(bySize !== pick ? { setAside: bySize } : {}),
    mapping: pick.mapping,
    size: pick.size,
    heuristic: pick.heuristic,
    candidates: s.verified,
    successiveMinima: s.minima,
    optimal: s.optimal,
    dimension: s.rank,
    dsPoints: s.dsPoints,
    queries: s.queries,
    unchecked: s.unchecked,
    timings: s.timings,
  };
}

/** What DS and the options decide before the pick (which weighs the array's divisions). */
interface Searched {
  verified: Candidate[];
  minima: SuccessiveMinima | undefined;
  optimal: OptimalInfo | undefined;
  rank: number;
  dsPoints: number | undefined;
  queries: QueryStats;
  unchecked: number;
  timings: LatticeChoice['timings'];
  /** Work the search spent (charged again when it is reused). */
  spent: number;
}

async function search(ds: PolySet, options: ChooseOptions, minGain: number): Promise<Searched> {
  const spent0 = workSpent();
  const n = ds.space.dims.length;
  const want = options.heuristic;
  const t0 = Date.now();
  const { fixed, pieces, q } = fixedDs(ds, options.params ?? NO_NAMES);
  const checks = new CandidateChecks(q, options.candidateWork);
  // Asked first: the box also proves most axis-aligned candidates admissible (DsQueries).
  const box = asInput(() => q.box());
  const { rank, Q } = spanBasis(q.spanPoints(), n);
  const ctx: ChoiceContext = { n, want, fixed, pieces, q, admissible: checks.admissible, rank, Q };
  const t1 = Date.now();
  // (DS = {0}: no minimum; glpk's presolver also aborts on such degenerate programs.)
  const plane = rank === 2 && wantsPlane(want) ? planePolygon(pieces, n, Q) : null;
  let minima: SuccessiveMinima | undefined;
  if (rank > 0 && wantsMinima(want)) {
    minima =
      exactSuccessiveMinima(pieces, n, rank, Q, plane) ?? (await successiveMinima(pieces, n));
  }
  const t2 = Date.now();
  // Every candidate is verified exactly, whatever produced it.
  const verified = heuristicCandidates(ctx, minima, plane).filter((c) =>
    checks.admissible(c.mapping),
  );
  const t3 = Date.now();
  const { optimal, dsPoints } = searchOptimum(ctx, verified, box, options, minGain);
  const t4 = Date.now();
  addFallbacks(verified, rank, n, box);
  return {
    verified,
    minima,
    optimal,
    rank,
    dsPoints,
    queries: { ...q.stats },
    unchecked: checks.unchecked,
    timings: { queriesMs: t1 - t0, minimaMs: t2 - t1, heuristicsMs: t3 - t2, optimalMs: t4 - t3 },
    spent: workSpent() - spent0,
  };
}

/** What every step of the choice shares: DS with its parameters fixed, and its span. */
interface ChoiceContext {
  n: number;
  want: HeuristicOption;
  fixed: PolySet;
  pieces: FixedPiece[];
  q: DsQueries;
  admissible: Admissible;
  /** Dimension of DS's span, and a basis of it (spanBasis). */
  rank: number;
  Q: Matrix;
}

/** DS with its parameters fixed, its pieces and its exact queries; rejects what no mapping fits. */
function fixedDs(
  ds: PolySet,
  params: Readonly<Record<string, bigint>>,
): { fixed: PolySet; pieces: FixedPiece[]; q: DsQueries } {
  const fixed = fixParams(ds, params);
  if (fixed.space.params.length > 0)
    throw new LatticeInputError(
      `no value for parameter ${fixed.space.params[0]} (use -D ${fixed.space.params[0]}=VALUE)`,
    );
  const pieces = fixPieces(ds, params);
  const q = new DsQueries(fixed);
  if (isEmpty(fixed)) throw new LatticeInputError('DS is empty: it must contain at least 0');
  return { fixed, pieces, q };
}

/** The exact admissibility check of candidates, memoized, each within a bounded share of work. */
class CandidateChecks {
  private readonly memo = new Map<string, boolean>();
  /** Candidates dropped because their check needed more than their share. */
  unchecked = 0;

  constructor(
    private readonly q: DsQueries,
    private readonly work: number | undefined,
  ) {}

  readonly admissible = (m: Mapping): boolean => {
    const key = JSON.stringify(m, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    let ok = this.memo.get(key);
    if (ok === undefined) {
      // One candidate's check gets a bounded share of the work: the Omega test can blow up
      // on large moduli (dynprog's c at N = 10^6: (d0 + d1 mod 1999997, d1 mod 500000) took
      // 1.8e8 units before small ranges were enumerated instead of splintered, and failing
      // it rejected the whole array). A candidate that cannot be checked in time is
      // dropped, never taken: only a cost in compression. When the caller's budget runs out
      // instead (it caps the check's share), the overrun is the caller's: it propagates
      // (answered here, every later check would fail at once and the array would get the
      // box mapping instead of the caller's refusal).
      try {
        ok = withWorkBudget(this.work ?? CANDIDATE_CHECK_WORK, () => this.q.admissible(m));
      } catch (e) {
        if (!isOwnOverrun(e)) throw e;
        ok = false;
        this.unchecked++;
      }
      this.memo.set(key, ok);
    }
    return ok;
  };
}

/** Runs `f`, an unbounded DS being the input's fault (a set the user gave, or a model without bounds). */
function asInput<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof UnboundedDsError) throw new LatticeInputError(e.message);
    throw e;
  }
}

/** Heuristics that use DS's plane polygon (a rank-2 DS). */
function wantsPlane(want: HeuristicOption): boolean {
  return want === 'auto' || want === 'h1' || want === 'h1a' || want === 'hull' || want === 'opt';
}

/** Heuristics that use DS's successive minima. */
function wantsMinima(want: HeuristicOption): boolean {
  return want === 'auto' || want === 'h1' || want === 'h1a' || want === 'opt';
}

/** The candidates of every heuristic `want` asks for (section 4.1), not yet verified. */
function heuristicCandidates(
  ctx: ChoiceContext,
  minima: SuccessiveMinima | undefined,
  plane: PlanePolygon | null,
): Candidate[] {
  const { n, want } = ctx;
  const candidates: Candidate[] = [];
  if (minima && minima.dimension > 0) {
    const vectors = minima.minima.filter((m) => m.vector).map((m) => m.vector!);
    // Columns a_i: a basis of Z^n whose first i span x_1..x_i (section 4.1.3).
    const basis = completeToUnimodular(vectors, n);
    if (want !== 'h2' && want !== 'h3')
      candidates.push(...rogers(ctx.admissible, minima, basis, n));
  }
  const bases = permutationBases(n);
  if (want === 'auto' || want === 'h2' || want === 'opt')
    candidates.push(...heuristic2Candidates(ctx, bases, minima));
  if (want === 'auto' || want === 'h3' || want === 'opt') {
    const sup: Sup = (c, eqs) => asInput(() => ctx.q.sup(c, eqs));
    for (const b of heuristic3Bases(ctx, bases, minima))
      candidates.push(heuristic3(sup, b.basis, b.name));
  }
  if (plane && (want === 'auto' || want === 'hull' || want === 'opt')) {
    // Near-critical lattice of conv(DS) (hullLattice.ts): hexagon-like sets.
    const c = hullCandidate(plane, n);
    if (c) candidates.push(c);
  }
  return candidates;
}

type NamedBasis = { name: string; basis: bigint[][] };

/** Heuristic 2's candidates over the permutation bases, DS's span and its successive minima. */
function heuristic2Candidates(
  ctx: ChoiceContext,
  bases: readonly NamedBasis[],
  minima: SuccessiveMinima | undefined,
): Candidate[] {
  const { n } = ctx;
  const h2Bases = [...bases];
  h2Bases.push({ name: 'span of DS', basis: transpose(ctx.Q, n) });
  if (minima && minima.dimension === n) {
    const sm = minima.minima.map((m) => m.vector!);
    h2Bases.push({ name: 'successive minima', basis: sm });
    h2Bases.push({ name: 'reduced (LLL) successive minima', basis: lllReduce(sm) });
  }
  // Several named bases are often one matrix (identity, span of DS, successive minima):
  // heuristic 2 depends on the matrix only, so it runs once per matrix and each name
  // keeps its own row in the candidates.
  const candidates: Candidate[] = [];
  const byMatrix = new Map<string, Candidate | null>();
  for (const b of h2Bases) {
    if (determinant(b.basis) === 0n) continue;
    const key = b.basis.map((r) => r.join(',')).join(';');
    let c = byMatrix.get(key);
    if (c === undefined)
      byMatrix.set(key, (c = heuristic2(ctx.pieces, ctx.admissible, b.basis, b.name, n)));
    if (c) candidates.push({ ...c, basisName: b.name });
  }
  return candidates;
}

/** Heuristic 3's bases: permutations, duals of DS's span and of its minima, short directions. */
function heuristic3Bases(
  ctx: ChoiceContext,
  bases: readonly NamedBasis[],
  minima: SuccessiveMinima | undefined,
): NamedBasis[] {
  const { n } = ctx;
  const h3Bases = [...bases];
  const dualSpan = dualRows(ctx.Q);
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
    const reduced = dualRows(transpose(lllReduce(minima.minima.map((m) => m.vector!)), n));
    if (reduced) {
      h3Bases.push({ name: 'dual of reduced (LLL) successive minima', basis: reduced });
      h3Bases.push({
        name: 'dual of reduced (LLL) successive minima, reversed',
        basis: [...reduced].reverse(),
      });
    }
  }
  h3Bases.push(...shortDirectionBases(n));
  return h3Bases;
}

/**
 * The exhaustive search (`opt`, `auto`) below the heuristics' best size, over DS's points
 * or over integer programs; its mapping, verified, joins `verified`.
 */
function searchOptimum(
  ctx: ChoiceContext,
  verified: Candidate[],
  box: readonly bigint[],
  options: ChooseOptions,
  minGain: number,
): { optimal?: OptimalInfo; dsPoints?: number } {
  const { want } = ctx;
  const optBudget = options.budgetMs ?? (want === 'opt' ? 5000 : DEFAULT_SEARCH_BUDGET_MS);
  const { upper, searchGoal } = searchBounds(verified, box, want, options, minGain);
  // The optimal search enumerates DS: only for small fixed sizes. The box volume bounds
  // the number of points without enumerating anything.
  const boxVolume = box.reduce((s, v) => s * (2n * v + 1n), 1n);
  const enumLimit = BigInt(options.autoOptLimit ?? (want === 'opt' ? 2_000_000 : 50_000));
  if (!((want === 'opt' || want === 'auto') && ctx.rank > 0)) return {};
  if (options.noEnumeration || boxVolume > enumLimit)
    return { optimal: searchByQueries(ctx, verified, box, upper, searchGoal, optBudget) };
  if (boxCells(box) >= upper && listable(ctx.pieces) && fillsBox(ctx.fixed, box)) {
    // DS holds its whole box: no lattice has fewer cells than the box {0..b} has points,
    // and the heuristics already reach `upper`: the search (listing DS, a clique, the
    // Hermite enumeration) could only confirm them. It cost an ordinary kernel's scratch
    // array whose cells are all live at once ~1 s of its budget (issue 29, item 3).
    const optimal: OptimalInfo = {
      size: upper,
      optimal: true,
      lowerBound: boxCells(box),
      nodes: 0,
      mapping: null,
      method: 'points',
      goal: searchGoal,
    };
    return { optimal };
  }
  return searchByPoints(ctx, verified, upper, searchGoal, optBudget);
}

/**
 * The size the search must beat (`upper`), and the goal it reports when that is the
 * policy's goal rather than the heuristics' best size.
 */
function searchBounds(
  verified: readonly Candidate[],
  box: readonly bigint[],
  want: HeuristicOption,
  options: ChooseOptions,
  minGain: number,
): { upper: bigint; searchGoal: bigint | undefined } {
  const heuristicBest = verified.reduce<Candidate | null>(
    (b, c) => (b === null || better(c, b) ? c : b),
    null,
  );
  const boxModuli = box.map((v) => v + 1n);
  const heuristicUpper = heuristicBest ? heuristicBest.size : boxModuli.reduce((s, v) => s * v, 1n);
  const goal = want === 'auto' && !options.fullSearch ? policyGoal(verified, minGain) : undefined;
  // The search looks for lattices smaller than `upper`: under `auto`, only those the
  // policy would take, so a clique bound at or above the goal ends it before it starts
  // (durbin's y: clique 197 >= 190 = what beats the axis-aligned 200 by 5%).
  const upper = goal !== undefined && goal < heuristicUpper ? goal : heuristicUpper;
  const searchGoal = upper < heuristicUpper ? upper : undefined;
  return { upper, searchGoal };
}

/**
 * DS too large to list (or listing disabled): the same search over integer programs,
 * seeded by the heuristics' best size and stopped by a clique found the same way.
 * The search is optional: when its integer programs need more polyhedral work than
 * SEARCH_WORK it is abandoned (the heuristics' mapping stands), not the array.
 */
function searchByQueries(
  ctx: ChoiceContext,
  verified: Candidate[],
  box: readonly bigint[],
  upper: bigint,
  searchGoal: bigint | undefined,
  optBudget: number,
): OptimalInfo {
  const { fixed, Q, rank, q } = ctx;
  let lowerBound = 1n;
  let r: ReturnType<typeof querySearch>;
  try {
    r = withWorkBudget(SEARCH_WORK, () => {
      lowerBound = segmentClique(fixed, box);
      return querySearch(fixed, Q, rank, upper, lowerBound, optBudget * WORK_PER_MS, q.symmetric);
    });
  } catch (e) {
    if (!isOwnOverrun(e)) throw e;
    r = {
      mapping: null,
      size: upper,
      optimal: false,
      nodes: 0,
      programs: 0,
      witnesses: 0,
      unknown: 0,
    };
  }
  const optimal: OptimalInfo = {
    size: r.size,
    optimal: r.optimal,
    lowerBound,
    nodes: r.nodes,
    mapping: r.mapping,
    method: 'queries',
    programs: r.programs,
    goal: searchGoal,
  };
  if (r.mapping && ctx.admissible(r.mapping))
    verified.push({
      heuristic: 'opt',
      basisName: 'Hermite search (integer programs)',
      basis: [],
      rho: [],
      mapping: r.mapping,
      size: mappingSize(r.mapping),
    });
  return optimal;
}

/** The search over DS's listed points (optimal.ts), its mapping checked on them too. */
function searchByPoints(
  ctx: ChoiceContext,
  verified: Candidate[],
  upper: bigint,
  searchGoal: bigint | undefined,
  optBudget: number,
): { optimal: OptimalInfo; dsPoints: number } {
  const points = enumerateUnion(ctx.pieces);
  const r = optimalSearch(points, ctx.n, upper, optBudget * WORK_PER_MS);
  const optimal: OptimalInfo = {
    size: r.size,
    optimal: r.optimal,
    lowerBound: r.lowerBound,
    nodes: r.nodes,
    mapping: r.mapping,
    method: 'points',
    goal: searchGoal,
  };
  if (r.mapping && ctx.admissible(r.mapping) && admissibleOnPoints(points, r.mapping)) {
    verified.push({
      heuristic: 'opt',
      basisName: 'Hermite search',
      basis: [],
      rho: [],
      mapping: r.mapping,
      size: mappingSize(r.mapping),
    });
  }
  return { optimal, dsPoints: points.length };
}

/** The mappings that always exist: DS = {0}'s, and the identity modulo DS's extent. */
function addFallbacks(
  verified: Candidate[],
  rank: number,
  n: number,
  box: readonly bigint[],
): void {
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
    const boxModuli = box.map((v) => v + 1n);
    const mapping = simplifyMapping({ M: identity(n), b: boxModuli });
    verified.push({
      heuristic: 'identity',
      basisName: 'identity',
      basis: [],
      rho: boxModuli,
      mapping,
      size: mappingSize(mapping),
    });
  }
}

/**
 * Pieces without local variables: bounded by DS's box, so listing them cannot fail. A piece
 * whose locals are unbounded fails the listing (LatticeInputError), which the caller
 * answers (the symbolic mapping): the shortcut must not answer it instead.
 */
function listable(pieces: readonly FixedPiece[]): boolean {
  return pieces.every((p) => p.nLocals === 0);
}
