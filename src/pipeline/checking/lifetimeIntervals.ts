/**
 * The lifetimes of one run of the dynamic oracle (src/dynamic), for the lifetime chart of
 * `analyze --svg`: one bar per value (write to last read) when the analysis used value
 * lifetimes, one bar per cell (first write to last access, Bee's definition) when it used
 * cell lifetimes, so that the chart shows the lifetimes the mapping was computed from.
 */
import { dynamicLifetimes } from '../../dynamic/lifetimes.js';
import type { Analysis } from '../analysis.js';
import { valueMayFlowIn } from '../decision/conflictChoice.js';
import type { ArrayReport } from '../report.js';
import { knownParameterValues } from '../../model/parameterValues.js';

/** One live range in event ranks (the array's accesses in execution order); -1: the start. */
interface LifetimeBar {
  readonly cell: readonly bigint[];
  readonly from: number;
  readonly to: number;
}

export interface RunLifetimes {
  readonly kind: 'value' | 'cell';
  /** Sorted by start, then end. */
  readonly bars: readonly LifetimeBar[];
}

/** Why no run could be drawn (the chart says so instead of being silently absent). */
export interface NoRun {
  readonly skipped: string;
}

export function runLifetimes(
  analysis: Analysis,
  a: ArrayReport,
  maxOperations = 300_000,
): RunLifetimes | NoRun {
  const fn = analysis.model.functions.find((f) => f.name === a.function);
  const array = fn?.arrays.find((x) => x.name === a.name && x.loc.line === a.line);
  if (!fn || !array || !array.candidate) return { skipped: 'not a candidate of the analysis' };
  const values = knownParameterValues(fn);
  const run = dynamicLifetimes(fn, array, values, {
    maxOperations,
    intervals: true,
    exposedLiveFromStart: valueMayFlowIn(array),
  });
  if (run.kind !== 'done') {
    const budget = /^more than \d+ operations/.test(run.reason);
    return {
      skipped: budget
        ? `its run takes more than ${maxOperations} operations, more than a chart replays ` +
          '(draw it for smaller parameter values: -D NAME=VALUE)'
        : `its run was not replayed: ${run.reason}`,
    };
  }
  const kind = a.ds?.lifetimes === 'cell' ? 'cell' : 'value';
  const bars =
    kind === 'value'
      ? (run.values.intervals ?? [])
      : (run.intervals ?? []).map((c) => ({ cell: c.cell, from: c.firstWrite, to: c.lastAccess }));
  return { kind, bars: [...bars].sort((x, y) => x.from - y.from || x.to - y.to) };
}
