/**
 * The selection policy of `auto` (and the tie-break of every heuristic): the smallest
 * mapping, simplest among equals, but an axis-aligned one unless a complex mapping saves
 * more than `minGain` of it, and no division in a deeper loop unless it saves enough.
 */
import type { Candidate } from './heuristics.js';
import { complexity, isAxisAligned, type Mapping } from './mapping.js';

export type HeuristicOption = 'auto' | 'h1' | 'h1a' | 'h2' | 'h3' | 'hull' | 'opt';

export function better(a: Candidate, b: Candidate): boolean {
  if (a.size !== b.size) return a.size < b.size;
  return complexity(a.mapping) < complexity(b.mapping);
}

/**
 * The size a mapping must stay under for `select` to prefer it to the best axis-aligned
 * candidate under `auto` (gain > minGain, i.e. size < simple * (1 - minGain)); rounded up
 * by one (floats), which can only make the search look a little further than needed.
 * Undefined when no axis-aligned candidate exists (then any smaller mapping is taken).
 */
export function policyGoal(cands: readonly Candidate[], minGain: number): bigint | undefined {
  let simple: bigint | undefined;
  for (const c of cands)
    if (isAxisAligned(c.mapping) && (simple === undefined || c.size < simple)) simple = c.size;
  if (simple === undefined || simple > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return BigInt(Math.floor(Number(simple) * (1 - minGain))) + 1n;
}

/**
 * The cost of address arithmetic where it runs, as the caller knows it (the lattice search
 * sees differences, not loops: src/pipeline/decision/addressCost.ts).
 */
export interface DivisionCost {
  /** The deepest loop a division of the mapping's slot indices runs in (0: none). */
  readonly depth: (m: Mapping) => number;
  /** Whether `taken` cells are worth a deeper division than `free` cells need. */
  readonly worth: (taken: bigint, free: bigint) => boolean;
}

/** minGain in billionths: gains are compared exactly (a 5% gain is not more than 5%). */
const GAIN_SCALE = 1_000_000_000n;

/** Whether `best` cells save more than `minGain` (a fraction) of `simple` cells. */
export function gainsMoreThan(best: bigint, simple: bigint, minGain: number): boolean {
  return (simple - best) * GAIN_SCALE > BigInt(Math.round(minGain * 1e9)) * simple;
}

/**
 * `opt` and the single heuristics take their smallest (simplest among equals); `auto`
 * keeps the smallest axis-aligned mapping unless a complex one saves more than minGain,
 * and a mapping with a deeper division only when `division` says it is worth it.
 */
export function select(
  cands: Candidate[],
  want: HeuristicOption,
  minGain: number,
  division?: DivisionCost,
): Candidate {
  const pick = selectBySize(cands, want, minGain);
  if (want !== 'auto' || !division) return pick;
  return cheaperDivision(cands, pick, division);
}

/**
 * The pick, or the best candidate (smallest, simplest) whose divisions all run in outer
 * loops of the pick's deepest division, when the pick does not save enough over it.
 */
function cheaperDivision(cands: Candidate[], pick: Candidate, division: DivisionCost): Candidate {
  const depth = division.depth(pick.mapping);
  if (depth === 0) return pick;
  let free: Candidate | null = null;
  for (const c of cands)
    if ((free === null || better(c, free)) && c !== pick && division.depth(c.mapping) < depth)
      free = c;
  return free && !division.worth(pick.size, free.size) ? free : pick;
}

function selectBySize(cands: Candidate[], want: HeuristicOption, minGain: number): Candidate {
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
  if (simple && simple !== best && !gainsMoreThan(best.size, simple.size, minGain)) return simple;
  return best;
}
