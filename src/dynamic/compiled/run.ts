/**
 * Runs an array's generated access stream (nest.ts) in two passes: `measure` spends the
 * operation budget (it stops at the limit, never after it) and finds the box of cells
 * touched and the number of events; then, if the typed arrays of the caller fit in the
 * memory budget, `record` replays the same walk and hands every event to the caller's
 * sink, in execution order, as (cell index in the box, rank).
 */
import * as A from '../../poly/affine.js';
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import { TooComplex } from './bounds.js';
import { FLOOR_DIV, nestSource, ST, type Box } from './nest.js';
import { loopTree, UnsupportedSchedule } from './tree.js';

interface Sink {
  /** A write of cell `cell` at rank `rank`; `kills`: it certainly replaces the value. */
  W(cell: number, rank: number, kills: boolean): void;
  R(cell: number, rank: number): void;
}

export interface Stream {
  readonly kind: 'stream';
  readonly box: Box;
  /** Cells in the box (the product of its sides). */
  readonly cells: number;
  readonly events: number;
  readonly operations: number;
  /** Some access has a non-affine subscript: it was counted as touching all its cells. */
  readonly approximate: boolean;
  /** The events again, in execution order. */
  replay(sink: Sink): void;
}

export interface Skipped {
  readonly kind: 'skipped';
  readonly reason: string;
}

export interface StreamOptions {
  readonly maxOperations: number;
  /** Memory the caller may allocate: `bytesPerCell * cells + bytesPerEvent * events`. */
  readonly maxBytes: number;
  readonly bytesPerCell: number;
  readonly bytesPerEvent: number;
  /**
   * The run in which every instance of the model happens, over-approximated domains in full
   * (their writes kill): an execution the model allows, so the static analysis, which must
   * hold for all of them, contains its conflicts (see NestContext.modelledRun).
   */
  readonly modelledRun?: boolean;
}

type Walk = (mn: Float64Array, mx: Float64Array, st: Float64Array, W: unknown, R: unknown) => void;

function compile(body: string, limit: number): Walk {
  // The source is generated from the model with sanitised names (nest.ts): no model text.
  const make = new Function(
    'LIMIT',
    `${FLOOR_DIV}\nreturn function walk(mn, mx, st, W, R) {\n${body}\n};`,
  );
  return make(limit) as Walk;
}

export function accessStream(
  fn: FunctionModel,
  array: ArrayInfo,
  params: Readonly<Record<string, bigint>>,
  options: StreamOptions,
): Stream | Skipped {
  const extents: bigint[] = [];
  for (const e of array.extents) {
    if (!e.expr) return { kind: 'skipped', reason: 'an extent is unknown' };
    extents.push(A.evaluate(e.expr, params));
  }
  const ctx = { fn, array, params, extents, modelledRun: options.modelledRun };
  const limit = options.maxOperations;
  let measure: Walk;
  let tree;
  try {
    tree = loopTree(fn, array.name);
    measure = compile(nestSource(ctx, tree, { kind: 'measure', limit }), limit);
  } catch (e) {
    if (e instanceof UnsupportedSchedule || e instanceof TooComplex)
      return {
        kind: 'skipped',
        reason: `the compiled oracle cannot run this model (${e.message})`,
      };
    throw e;
  }
  const dims = array.blockIterators.length + array.extents.length;
  const mn = new Float64Array(dims).fill(Infinity);
  const mx = new Float64Array(dims).fill(-Infinity);
  const st = new Float64Array(5);
  measure(mn, mx, st, undefined, undefined);
  if (st[ST.overBudget])
    return {
      kind: 'skipped',
      reason: `more than ${limit} operations (raise the limit or use smaller parameter values)`,
    };
  if (st[ST.unsafe])
    return { kind: 'skipped', reason: 'loop bounds too large for the compiled oracle' };
  const events = st[ST.events]!;
  let cells = events === 0 ? 0 : 1;
  for (let k = 0; k < dims && events > 0; k++) cells *= Math.max(0, mx[k]! - mn[k]! + 1);
  if (events === 0)
    for (let k = 0; k < dims; k++) {
      mn[k] = 0;
      mx[k] = -1;
    }
  const bytes = options.bytesPerCell * cells + options.bytesPerEvent * (events + 2);
  if (!(bytes <= options.maxBytes) || cells > 2 ** 31 || events > 2 ** 31)
    return {
      kind: 'skipped',
      reason: `the run needs about ${Math.round(bytes / 2 ** 20)} MB (more than ${Math.round(options.maxBytes / 2 ** 20)} MB)`,
    };
  const box: Box = { min: [...mn], max: [...mx] };
  return {
    kind: 'stream',
    box,
    cells,
    events,
    operations: st[ST.ops]!,
    approximate: st[ST.approximate] === 1,
    replay(sink: Sink) {
      const record = compile(nestSource(ctx, tree, { kind: 'record', box }), limit);
      record(mn, mx, new Float64Array(5), sink.W, sink.R);
    },
  };
}

/** The coordinates of cell `index` of a box (inverse of the row-major index in nest.ts). */
export function cellOf(box: Box, index: number): bigint[] {
  const out: bigint[] = [];
  for (let k = box.min.length - 1; k >= 0; k--) {
    const side = box.max[k]! - box.min[k]! + 1;
    out[k] = BigInt((index % side) + box.min[k]!);
    index = Math.floor(index / side);
  }
  return out;
}
