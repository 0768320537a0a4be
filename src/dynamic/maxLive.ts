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

export function dynamicMaxLive(
  fn: FunctionModel,
  array: ArrayInfo,
  params: Readonly<Record<string, bigint>>,
  options: { maxOperations: number; maxBytes?: number; exposedLiveFromStart?: boolean },
): MaxLiveResult | MaxLiveSkipped {
  const missing = missingParameters(fn, params);
  if (missing) return { kind: 'skipped', reason: missing };
  const stream = accessStream(fn, array, params, {
    maxOperations: options.maxOperations,
    maxBytes: options.maxBytes ?? 256 * 2 ** 20,
    bytesPerCell: 20,
    bytesPerEvent: 4,
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
