/**
 * The dynamic oracle: run the model for fixed parameter values, walk every access instance
 * in execution order, and record per cell its first write and last access.
 *
 * From those intervals come the exact DS of that execution (the differences of cells whose
 * intervals overlap strictly, as in the static definition) and maxLive, the most cells live
 * at one time: a lower bound on the size of *any* allocation of the array for that run
 * (docs/design.md, "Validation"). No C compiler is involved: the model's loop nests are compiled
 * to a JavaScript function (src/dynamic/compiled/). The cost grows with the number of
 * instances and conflicts, so it is bounded by `maxOperations` (the walk stops at the
 * limit). For maxLive alone, maxLive.ts is leaner (typed arrays, no DS).
 */
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import { accessStream, cellOf, type Stream } from './compiled/run.js';
import { ownValue } from '../poly/nameRecord.js';

export interface DynamicResult {
  readonly kind: 'done';
  readonly array: string;
  /** Conflicting differences of this run, 0 included, sorted. */
  readonly ds: readonly (readonly bigint[])[];
  readonly maxLive: number;
  /** Cells written at least once. */
  readonly cellsWritten: number;
  /** Cells read at a time no write of theirs had happened yet (sorted). */
  readonly upwardExposed: readonly (readonly bigint[])[];
  /** Accesses whose cell the oracle could not pin down (non-affine subscripts): counted as all cells. */
  readonly approximate: boolean;
  readonly operations: number;
  /**
   * The same run seen value by value (docs/design.md "Validation" (c)): a value lives from its
   * write to its last read (only its write instant when dead; from the start when read
   * before any write). `ds` holds the differences of cells with values live at a common
   * instant and `maxLive` the most values live at once: a lower bound for any allocation.
   * The fields above are the cell-based (Bee) ones.
   */
  readonly values: {
    readonly ds: readonly (readonly bigint[])[];
    readonly maxLive: number;
    /** With `intervals: true`: every value, its cell and its live ranks [from, to] (-1: the start). */
    readonly intervals?: readonly { cell: readonly bigint[]; from: number; to: number }[];
  };
  /** With `intervals: true`: per written cell, its first write and last access (event ranks). */
  readonly intervals?: readonly {
    cell: readonly bigint[];
    firstWrite: number;
    lastAccess: number;
  }[];
}

export interface DynamicSkipped {
  readonly kind: 'skipped';
  readonly array: string;
  readonly reason: string;
}

function compareVectors(a: readonly bigint[], b: readonly bigint[]): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) if (a[k] !== b[k]) return a[k]! < b[k]! ? -1 : 1;
  return a.length - b.length;
}

const key = (v: readonly bigint[]) => v.join(',');

class Budget extends Error {}

/** Parameters without a value, or undefined when every one has one. */
export function missingParameters(
  fn: FunctionModel,
  params: Readonly<Record<string, bigint>>,
): string | undefined {
  const missing = fn.parameters
    .filter((p) => ownValue(params, p.name) === undefined)
    .map((p) => p.name);
  return missing.length > 0 ? `no value for parameter(s) ${missing.join(', ')}` : undefined;
}

interface DynamicOptions {
  maxOperations?: number;
  /** Bytes the run may allocate (default 512 MB). */
  maxBytes?: number;
  /** Values read before any write live from the start (see ValueConflictOptions). */
  exposedLiveFromStart?: boolean;
  intervals?: boolean;
}

export function dynamicLifetimes(
  fn: FunctionModel,
  array: ArrayInfo,
  params: Readonly<Record<string, bigint>>,
  options: DynamicOptions = {},
): DynamicResult | DynamicSkipped {
  const limit = options.maxOperations ?? 2_000_000;
  const missing = missingParameters(fn, params);
  if (missing) return { kind: 'skipped', array: array.name, reason: missing };
  const stream = accessStream(fn, array, params, {
    maxOperations: limit,
    maxBytes: options.maxBytes ?? 512 * 2 ** 20,
    // Maps and interval objects per cell and per event (a rough upper estimate).
    bytesPerCell: 200,
    bytesPerEvent: 100,
  });
  if (stream.kind === 'skipped')
    return { kind: 'skipped', array: array.name, reason: stream.reason };
  const count = new Operations(stream.operations, limit);
  const run = replayIntervals(stream, options.exposedLiveFromStart ?? true);
  try {
    return doneResult(array, stream, run, count, options);
  } catch (e) {
    if (e instanceof Budget) {
      return {
        kind: 'skipped',
        array: array.name,
        reason: `more than ${limit} operations (raise the limit or use smaller parameter values)`,
      };
    }
    throw e;
  }
}

/** Operations of the run so far; past `limit` the oracle gives up (Budget). */
class Operations {
  constructor(
    public operations: number,
    private readonly limit: number,
  ) {}

  readonly spend = (): void => {
    if (++this.operations > this.limit) throw new Budget();
  };
}

/** What one replay of the run records, per cell (event ranks) and per value. */
interface Replayed {
  /** Intervals [first write, last access]; reads before any write are exposed. */
  fw: Map<number, number>;
  la: Map<number, number>;
  exposed: Set<number>;
  /** Values: [write, last read] (-1: live from the start). */
  values: { cell: number; from: number; to: number }[];
}

/** Replays the run's accesses once, recording each cell's interval and each value's. */
function replayIntervals(stream: Stream, exposedLiveFromStart: boolean): Replayed {
  const fw = new Map<number, number>();
  const la = new Map<number, number>();
  const exposed = new Set<number>();
  const values: { cell: number; from: number; to: number }[] = [];
  const open = new Map<number, number[]>();
  stream.replay({
    W(c, rank, kills) {
      if (!fw.has(c)) fw.set(c, rank);
      la.set(c, rank);
      if (kills) open.set(c, []);
      const list = open.get(c) ?? [];
      list.push(values.length);
      open.set(c, list);
      values.push({ cell: c, from: rank, to: rank });
    },
    R(c, rank) {
      if (!fw.has(c)) exposed.add(c);
      la.set(c, rank);
      // A write that may not happen (or may hit another cell) adds a value without ending
      // the current ones: a read may read any of them, so it extends them all.
      let list = open.get(c);
      if (!list || list.length === 0) {
        if (!exposedLiveFromStart) return;
        list = [values.length];
        open.set(c, list);
        values.push({ cell: c, from: -1, to: rank });
      }
      for (const v of list) values[v]!.to = rank;
    },
  });
  return { fw, la, exposed, values };
}

/** DS and maxLive of the run, cell by cell and value by value (throws Budget past the limit). */
function doneResult(
  array: ArrayInfo,
  stream: Stream,
  run: Replayed,
  count: Operations,
  options: DynamicOptions,
): DynamicResult {
  const { fw, la, exposed, values } = run;
  const nb = array.blockIterators.length;
  const cell = (c: number) => cellOf(stream.box, c);
  const zero = array.extents.map(() => 0n);
  const live = [...fw.keys()].map((c) => ({ cell: c, from: fw.get(c)!, to: la.get(c)! }));
  live.sort((a, b) => a.from - b.from);
  // Cells i, j conflict iff fw_i < la_j and fw_j < la_i; with j after i in first-write
  // order (fw_i < fw_j <= la_j) that is fw_j < la_i.
  const ds = differences(live, nb, zero, cell, count.spend, (a, b) => b.from < a.to);
  // maxLive: a cell is live on the closed rank interval [fw, la]; distinct cells never share
  // an endpoint (one access instance touches one cell), so a sweep over ranks is exact.
  const maxLive = mostAtOnce(live);
  values.sort((a, b) => a.from - b.from || a.to - b.to);
  // Closed intervals meet iff from_b <= to_a for from_a <= from_b.
  const valueDs = differences(values, nb, zero, cell, count.spend, (a, b) => b.from <= a.to);
  const sortVectors = (vs: bigint[][]) => vs.sort(compareVectors);
  return {
    kind: 'done',
    array: array.name,
    ds: sortVectors(ds),
    maxLive,
    cellsWritten: fw.size,
    upwardExposed: sortVectors([...exposed].map((c) => cell(c).slice(nb))),
    approximate: stream.approximate,
    operations: count.operations,
    // Most values live at once: a value's [from, to] (ranks shared by the values a
    // may-write or exposed reads create are counted together: they are all live).
    values: {
      ds: sortVectors(valueDs),
      maxLive: mostAtOnce(values),
      ...(options.intervals
        ? { intervals: values.map((v) => ({ cell: cell(v.cell), from: v.from, to: v.to })) }
        : {}),
    },
    ...(options.intervals
      ? {
          intervals: live.map((c) => ({
            cell: cell(c.cell),
            firstWrite: c.from,
            lastAccess: c.to,
          })),
        }
      : {}),
  };
}

/**
 * Differences (both signs, 0 included) of the cells of intervals that `meet`, for
 * intervals sorted by `from` (the scan of b stops at the first that does not meet a).
 */
function differences(
  intervals: readonly { cell: number; from: number; to: number }[],
  nb: number,
  zero: readonly bigint[],
  cell: (c: number) => bigint[],
  spend: () => void,
  meet: (a: { from: number; to: number }, b: { from: number; to: number }) => boolean,
): bigint[][] {
  const ds = new Map<string, bigint[]>([[key(zero), [...zero]]]);
  const coords = new Map<number, bigint[]>();
  const at = (c: number) => {
    let v = coords.get(c);
    if (!v) coords.set(c, (v = cell(c)));
    return v;
  };
  for (let a = 0; a < intervals.length; a++) {
    for (let b = a + 1; b < intervals.length && meet(intervals[a]!, intervals[b]!); b++) {
      spend();
      const x = at(intervals[a]!.cell);
      const y = at(intervals[b]!.cell);
      // Cells of different block instances are different objects: they never conflict.
      if (x.slice(0, nb).some((v, k) => v !== y[k])) continue;
      const d = x.slice(nb).map((v, k) => v - y[nb + k]!);
      ds.set(key(d), d);
      const m = d.map((v) => -v);
      ds.set(key(m), m);
    }
  }
  return [...ds.values()];
}

/** Most closed rank intervals [from, to] that contain one rank (a sweep over the ranks). */
function mostAtOnce(intervals: readonly { from: number; to: number }[]): number {
  const delta = new Map<number, number>();
  for (const v of intervals) {
    delta.set(v.from, (delta.get(v.from) ?? 0) + 1);
    delta.set(v.to + 1, (delta.get(v.to + 1) ?? 0) - 1);
  }
  let current = 0;
  let most = 0;
  for (const r of [...delta.keys()].sort((p, q) => p - q)) {
    current += delta.get(r)!;
    most = Math.max(most, current);
  }
  return most;
}
