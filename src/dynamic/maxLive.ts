/**
 * maxLive alone, for the pipeline's report: the same run as lifetimes.ts without conflict
 * differences, counted by liveCount.ts on typed arrays (about 20 bytes per cell and 4 per
 * access instance), so that kernels of ~10^7 accesses fit the default budget (issue 17).
 */
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import { accessStream } from './compiled/run.js';
import { missingParameters } from './lifetimes.js';
import { liveCount } from './liveCount.js';

export interface MaxLiveResult {
  readonly kind: 'done';
  /** Most values live at once (a lower bound for any allocation of the array). */
  readonly values: number;
  /** Most cells live at once, a cell from its first write to its last access (Bee). */
  readonly cells: number;
  readonly accesses: number;
  readonly operations: number;
}

export interface MaxLiveSkipped {
  readonly kind: 'skipped';
  readonly reason: string;
}

/** How dynamicMaxLive says that the model's run is not a real one (the bench matches it). */
export const DATA_DEPENDENT = 'some accesses depend on data the model does not know';

export function dynamicMaxLive(
  fn: FunctionModel,
  array: ArrayInfo,
  params: Readonly<Record<string, bigint>>,
  options: {
    maxOperations: number;
    maxBytes?: number;
    exposedLiveFromStart?: boolean;
    /**
     * Count the run of every modelled instance, over-approximated domains in full (see
     * StreamOptions.modelledRun): not a lower bound for the real program then, but one for
     * the static conflict set, which holds for every execution the model allows.
     */
    modelledRun?: boolean;
  },
): MaxLiveResult | MaxLiveSkipped {
  const missing = missingParameters(fn, params);
  if (missing) return { kind: 'skipped', reason: missing };
  // The walk runs every instance of the model's domains. Where a domain or an access is only
  // an over-approximation (a loop bound or a condition that depends on data: datadep's w
  // under `while (data[k] ...)`), it runs instances no real run has, and its count can exceed
  // every real run's (128 against 17 for w): no lower bound, so no count. A modelled run
  // keeps over-approximated domains (one allowed execution runs them all), never accesses
  // that may not happen (under a data-dependent condition, exclusive branches would both run).
  const guessed = fn.statements.find((s) =>
    s.accesses.some(
      (a) =>
        a.array === array.name &&
        (s.may || (!options.modelledRun && s.overApproximated) || a.may || a.overApproximated),
    ),
  );
  if (guessed)
    return {
      kind: 'skipped',
      reason: `${DATA_DEPENDENT} (line ${guessed.loc.line}): the values live at once are not known`,
    };
  const stream = accessStream(fn, array, params, {
    maxOperations: options.maxOperations,
    maxBytes: options.maxBytes ?? 256 * 2 ** 20,
    bytesPerCell: 20,
    bytesPerEvent: 4,
    modelledRun: options.modelledRun,
  });
  if (stream.kind === 'skipped') return stream;
  // An access counted as touching all its cells is not what the program does: the count
  // would exceed the truth (datadep's hist: 1032 "values" in 8 cells), so it is no lower bound.
  if (stream.approximate)
    return {
      kind: 'skipped',
      reason: 'a non-affine subscript may touch any cell: the values live at once are not known',
    };
  // One counter sized for the whole walk (liveCount.ts, shared with the traced run).
  const count = liveCount(stream.cells, stream.events, options.exposedLiveFromStart ?? true);
  stream.replay(count);
  const { values, cells } = count.finish(stream.events);
  return {
    kind: 'done',
    values,
    cells,
    accesses: stream.events,
    operations: stream.operations,
  };
}
