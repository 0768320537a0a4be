/**
 * The lattice searches of one call, made once per input (issue 29, item 3): chooseMapping
 * (choose.ts) asks here before it searches, and the pick that weighs the array's divisions
 * stays per array.
 */
import type { PolySet } from '../poly/types.js';
import { spendWork, workRemaining } from '../poly/budget.js';
import { CallSlot } from '../context/callContext.js';
import { ownValue } from '../poly/nameRecord.js';

/** What the search key reads of chooseMapping's options (choose.ts ChooseOptions). */
export interface SearchOptions {
  readonly heuristic: string;
  readonly params?: Readonly<Record<string, bigint>> | undefined;
  readonly budgetMs?: number | undefined;
  readonly autoOptLimit?: number | undefined;
  readonly noEnumeration?: boolean | undefined;
  readonly fullSearch?: boolean | undefined;
  readonly candidateWork?: number | undefined;
}

/** A search's result as kept: the work it spent is charged again when it is reused. */
interface Spent {
  readonly spent: number;
}

/**
 * The searches of this call, by input (`searchKey`). Scratch arrays of one shape recur: the
 * same conflict set for each kernel of a file, for each file of a library (issue 29, item 3:
 * 100 KB of kernels spent a third of its CPU on searches already made).
 */
const searches = new CallSlot(() => new Map<string, Spent>());

/** Entries kept per call (oldest dropped first): a few kilobytes each. */
const SEARCHES_KEPT = 2000;

/**
 * The search for DS and the options, made once per call: the same input and the same work
 * left (the budget in force) spend the same and end the same, so a search is reused only
 * then, and its work is charged again. A search that fails (an input error, a budget run
 * out) is not kept: it fails again the same way.
 */
export async function searchedOnce<T extends Spent>(
  ds: PolySet,
  options: SearchOptions,
  minGain: number,
  search: () => Promise<T>,
): Promise<T> {
  const memo = searches.current();
  if (!memo) return search();
  const key = searchKey(ds, options, minGain);
  const kept = memo.get(key);
  if (kept) {
    spendWork(kept.spent);
    return structuredClone(kept) as T;
  }
  const s = await search();
  if (memo.size >= SEARCHES_KEPT) memo.delete(memo.keys().next().value!);
  memo.set(key, structuredClone(s));
  return s;
}

/** Everything the search reads: DS exactly, the parameter values it uses, the options, the work left. */
function searchKey(ds: PolySet, options: SearchOptions, minGain: number): string {
  const rows = (rs: readonly (readonly bigint[])[]) => rs.map((r) => r.join(',')).join(';');
  const values = ds.space.params.map((p) => `${p}=${ownValue(options.params, p) ?? '?'}`);
  return JSON.stringify([
    ds.space.params,
    ds.space.dims,
    ds.pieces.map((p) => [p.space.params, p.space.dims, p.nLocals, rows(p.eqs), rows(p.ineqs)]),
    values,
    options.heuristic,
    minGain,
    options.budgetMs ?? null,
    options.autoOptLimit ?? null,
    !!options.noEnumeration,
    !!options.fullSearch,
    options.candidateWork ?? null,
    workRemaining(),
  ]);
}
