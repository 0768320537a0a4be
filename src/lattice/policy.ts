/**
 * The selection policy of `auto` (and the tie-break of every heuristic): the smallest
 * mapping, simplest among equals, but an axis-aligned one unless a complex mapping saves
 * more than `minGain` of it.
 */
import type { Candidate } from './heuristics.js';
import { complexity, isAxisAligned } from './mapping.js';

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
 * `opt` and the single heuristics take their smallest (simplest among equals); `auto`
 * keeps the smallest axis-aligned mapping unless a complex one saves more than minGain.
 */
export function select(cands: Candidate[], want: HeuristicOption, minGain: number): Candidate {
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
