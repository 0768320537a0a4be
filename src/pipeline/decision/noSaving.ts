/**
 * "No saving", found before the exhaustive stages (issue 17): a quick lower bound on the
 * size of every admissible mapping, from the compiled oracle's run of the model.
 *
 * The run executes every instance the model has, over-approximated domains in full
 * (src/dynamic/maxLive.ts, `modelledRun`). That is one execution the model allows (a
 * dropped loop bound or condition may hold everywhere), so the static conflict set, value-
 * or cell-based, which must hold for every such execution, contains all of its conflicts.
 * Every write of the array in that run is certain (accesses that may not happen, or hit an
 * unknown cell, refuse the run), so a cell holds at most one live value at a time; only
 * written values are counted (not one read before any write, even where it may flow in:
 * the cell-based set gives a cell that is never written no lifetime), so each counted
 * value lies inside its cell's lifetime in the value- and in the cell-based set (neither
 * depends on the extents: a cell outside them, which an over-approximated domain may reach,
 * counts there too). When as many values are live at once as the array has cells, those
 * cells conflict pairwise, any admissible mapping keeps them in distinct slots and needs at
 * least the declared size: the lifetime analysis and the lattice search would answer "no
 * saving", and are skipped.
 * Leaving an array unchanged is always sound: this only ever skips work.
 */
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import { dynamicMaxLive, type MaxLiveResult } from '../../dynamic/maxLive.js';
import { allCellsLive } from '../../lifetime/allLive.js';

/**
 * Operations the quick run may take (a few milliseconds): kernels of up to ~10^6 access
 * instances; larger ones go the usual way.
 */
const QUICK_BOUND_OPERATIONS = 1_000_000;

/** Memory of the quick run (its typed arrays: 20 bytes per cell, 4 per access instance). */
const QUICK_BOUND_BYTES = 32 * 2 ** 20;

export interface QuickBound {
  /** Set when no mapping can save anything: the report's reason ("no saving: ..."). */
  readonly noSaving?: string;
  /**
   * The quick run on an exact model: no domain of the array's statements is over-
   * approximated, so it is a run of the real program, and no value flows in, so it counts
   * what the report's oracle counts. Reused for maxLive (within the oracle's budget).
   */
  readonly realRun?: MaxLiveResult;
}

/** The array to bound, as the pipeline knows it. */
export interface BoundInput {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  /** Known parameter values (the run needs every parameter it uses). */
  readonly values: Readonly<Record<string, bigint>>;
  /** Cells of the declaration (undefined when not constant). */
  readonly declaredCells: bigint | undefined;
  /** Whether a value may flow in (the report's oracle then counts it from the start). */
  readonly valueMayFlowIn: boolean;
  /**
   * Whether the report's oracle runs (`--oracle`): an exact model's quick run is then its
   * run, unless a value may flow in (the oracle then counts it from the start).
   */
  readonly oracleRuns: boolean;
}

/**
 * A cheap proof that no mapping saves anything (`noSaving`; otherwise the exhaustive stages
 * decide): the simulation of one loop body (src/lifetime/allLive.ts), else the quick run.
 */
export function cheapNoSaving(input: BoundInput): QuickBound {
  // A promise is checked in full: its evidence must be reported.
  if (input.array.markedTemporary) return {};
  const allLive = allCellsLive(input.fn, input.array);
  if (allLive)
    return {
      noSaving:
        `no saving: all ${allLive.cells} cells hold values still to be read at once ` +
        `(after line ${allLive.loc.line}), so every mapping needs ${allLive.cells} cells`,
    };
  return quickNoSaving(input);
}

/** The bound of the modelled run (nothing when the run is refused or too large). */
export function quickNoSaving(input: BoundInput): QuickBound {
  const { fn, array, values, declaredCells, valueMayFlowIn } = input;
  // Arrays declared in a loop body are one object per iteration: the run's cells of
  // different iterations never conflict.
  if (array.blockIterators.length > 0) return {};
  if (declaredCells === undefined || declaredCells < 2n) return {};
  const exact = !fn.statements.some(
    (s) => s.overApproximated && s.accesses.some((a) => a.array === array.name),
  );
  // On an exact model the static stages are cheap, and they reach the same "no saving" (the
  // run's conflicts are theirs): the run pays only when it is the oracle's own run, reused
  // for maxLive. It cost a cold `contract samples/durbin.c` 18 ms of its ~180 (issue 17's
  // start-up). Where a value may flow in, the oracle counts it from the start and this run
  // does not (see above): it would be made, then the oracle's walk again, and a "no saving"
  // found here would leave the report without maxLive.
  if (exact && (!input.oracleRuns || valueMayFlowIn)) return {};
  const dyn = dynamicMaxLive(fn, array, values, {
    maxOperations: QUICK_BOUND_OPERATIONS,
    maxBytes: QUICK_BOUND_BYTES,
    exposedLiveFromStart: false,
    modelledRun: true,
  });
  if (dyn.kind !== 'done') return {};
  const realRun = exact ? { realRun: dyn } : {};
  if (BigInt(dyn.values) < declaredCells) return realRun;
  const run = exact
    ? 'a run of the model'
    : 'a run of every instance the model allows (some statements are over-approximated, ' +
      'and the analysis must allow them all)';
  return {
    noSaving:
      `no saving: in ${run}, ${dyn.values} values are live at once, each in its own cell, so ` +
      `every mapping needs ${declaredCells} cells`,
    ...realRun,
  };
}
