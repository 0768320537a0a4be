/**
 * The interpreted dynamic oracle, kept as the reference of the compiled one
 * (src/dynamic/lifetimes.ts; test/dynamic/compiledOracle.test.ts compares them on random
 * kernels). It used to be the oracle itself: interpret the model for fixed parameter values, walk every access
 * instance in execution order, and record per cell its first write and last access.
 *
 * From those intervals come the exact DS of that execution (the differences of cells whose
 * intervals overlap strictly, as in the static definition) and maxLive, the most cells live
 * at one time: a lower bound on the size of *any* allocation of the array for that run
 * (docs/design.md, "Validation"). No C compiler is involved. The cost grows with the number of
 * instances and conflicts, so it is bounded by `maxOperations`.
 */
import * as A from '../../src/poly/affine.js';
import * as P from '../../src/poly/index.js';
import type { ArrayInfo, FunctionModel } from '../../src/model/types.js';
import { accessesTo } from '../../src/lifetime/instances.js';
import { accessInstanceSet } from '../../src/model/instances.js';
import type { DynamicResult, DynamicSkipped } from '../../src/dynamic/lifetimes.js';

// The same result types as the compiled oracle: the reference must answer in its terms.
interface Event {
  readonly time: readonly bigint[];
  readonly write: boolean;
  readonly cells: readonly string[];
  /** The write certainly happens and writes its one cell: it ends the cell's previous value. */
  readonly kills: boolean;
}

function compareTimes(a: readonly bigint[], b: readonly bigint[]): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  return a.length - b.length;
}

const key = (v: readonly bigint[]) => v.join(',');
const unkey = (s: string) => (s === '' ? [] : s.split(',').map((x) => BigInt(x)));

class Budget extends Error {}

export function interpretedLifetimes(
  fn: FunctionModel,
  array: ArrayInfo,
  params: Readonly<Record<string, bigint>>,
  options: {
    maxOperations?: number;
    /** Values read before any write live from the start (see ValueConflictOptions). */
    exposedLiveFromStart?: boolean;
    intervals?: boolean;
  } = {},
): DynamicResult | DynamicSkipped {
  const limit = options.maxOperations ?? 2_000_000;
  let operations = 0;
  const spend = (k = 1) => {
    operations += k;
    if (operations > limit) throw new Budget();
  };
  const missing = fn.parameters.filter((p) => params[p.name] === undefined).map((p) => p.name);
  if (missing.length > 0) {
    return {
      kind: 'skipped',
      array: array.name,
      reason: `no value for parameter(s) ${missing.join(', ')}`,
    };
  }
  const extents: bigint[] = [];
  for (const e of array.extents) {
    if (!e.expr) return { kind: 'skipped', array: array.name, reason: 'an extent is unknown' };
    extents.push(A.evaluate(e.expr, params));
  }

  try {
    let approximate = false;
    const events: Event[] = [];
    // Schedules padded to one length (see happensBefore in src/lifetime/instances.ts).
    const depth = Math.max(0, ...fn.statements.map((s) => s.schedule.length));
    for (const { statement, access } of accessesTo(fn.statements, array.name)) {
      const vars = [...statement.iterators, ...access.exists];
      // Every parameter has a value here: the set is over `vars` alone.
      const set = accessInstanceSet(fn, statement, access, params);
      // Pieces of a union may overlap (an `||` condition): an instance happens once.
      const seen = new Set<string>();
      // The scan itself counts against the budget (millions of points at large sizes).
      for (const point of P.enumeratePoints(set, {}, limit - operations)) {
        spend();
        const k = key(point);
        if (seen.has(k)) continue;
        seen.add(k);
        const values: Record<string, bigint> = { ...params };
        vars.forEach((v, i) => (values[v] = point[i]));
        const time = [
          ...statement.schedule.map((s) => A.evaluate(s, values)),
          ...Array<bigint>(depth - statement.schedule.length).fill(0n),
          BigInt(access.order),
        ];
        // A block-scoped array: the block instance (enclosing iterations) is part of the cell.
        let cells: bigint[][] = [array.blockIterators.map((it) => values[it])];
        access.subscripts.forEach((s, d) => {
          if (s === null) {
            approximate = true;
            const next: bigint[][] = [];
            for (const c of cells) for (let x = 0n; x < extents[d]; x++) next.push([...c, x]);
            spend(next.length);
            cells = next;
          } else {
            const x = A.evaluate(s, values);
            cells = cells.map((c) => [...c, x]);
          }
        });
        const certain =
          cells.length === 1 &&
          !statement.may &&
          !access.may &&
          !statement.overApproximated &&
          !access.overApproximated;
        events.push({
          time,
          write: access.kind === 'write',
          cells: cells.map(key),
          kills: access.kind === 'write' && certain,
        });
      }
    }
    events.sort((a, b) => compareTimes(a.time, b.time));
    spend(events.length);

    // Intervals [first write, last access] in event ranks; reads before any write are exposed.
    const fw = new Map<string, number>();
    const la = new Map<string, number>();
    const exposed = new Set<string>();
    events.forEach((e, rank) => {
      for (const c of e.cells) {
        if (e.write) {
          if (!fw.has(c)) fw.set(c, rank);
        } else if (!fw.has(c)) exposed.add(c);
        la.set(c, rank);
      }
    });

    const nb = array.blockIterators.length;
    const live = [...fw.keys()].map((c) => ({ cell: unkey(c), fw: fw.get(c)!, la: la.get(c)! }));
    const sameBlock = (x: bigint[], y: bigint[]) => x.slice(0, nb).every((v, k) => v === y[k]);
    live.sort((a, b) => a.fw - b.fw);
    const ds = new Map<string, bigint[]>();
    const zero = extents.map(() => 0n);
    ds.set(key(zero), zero);
    // Cells i, j conflict iff fw_i < la_j and fw_j < la_i; with j after i in first-write
    // order (fw_i < fw_j <= la_j) that is fw_j < la_i.
    for (let a = 0; a < live.length; a++) {
      for (let b = a + 1; b < live.length && live[b].fw < live[a].la; b++) {
        spend();
        // Cells of different block instances are different objects: they never conflict.
        if (!sameBlock(live[a].cell, live[b].cell)) continue;
        const d = live[a].cell.slice(nb).map((x, k) => x - live[b].cell[nb + k]);
        const m = d.map((x) => -x);
        ds.set(key(d), d);
        ds.set(key(m), m);
      }
    }

    // maxLive: a cell is live on the closed rank interval [fw, la]; distinct cells never share
    // an endpoint (one access instance touches one cell), so a sweep over ranks is exact.
    const maxLive = mostAtOnce(live.map((c) => ({ from: c.fw, to: c.la })));

    const sortVectors = (vs: bigint[][]) => vs.sort((x, y) => compareTimes(x, y));
    const byValue = valueIntervals(events, nb, zero, spend, options.exposedLiveFromStart ?? true);
    return {
      kind: 'done',
      array: array.name,
      ds: sortVectors([...ds.values()]),
      maxLive,
      cellsWritten: fw.size,
      upwardExposed: sortVectors([...exposed].map((c) => unkey(c).slice(nb))),
      approximate,
      operations,
      values: {
        ds: sortVectors(byValue.ds),
        maxLive: byValue.maxLive,
        ...(options.intervals
          ? { intervals: byValue.intervals.map((v) => ({ ...v, cell: unkey(v.cell) })) }
          : {}),
      },
      ...(options.intervals
        ? { intervals: live.map((c) => ({ cell: c.cell, firstWrite: c.fw, lastAccess: c.la })) }
        : {}),
    };
  } catch (e) {
    if (e instanceof Budget || e instanceof P.TooManyPoints) {
      return {
        kind: 'skipped',
        array: array.name,
        reason: `more than ${limit} operations (raise the limit or use smaller parameter values)`,
      };
    }
    throw e;
  }
}

/**
 * Values of one run and their live intervals in event ranks: [write, last read], or
 * [write, write] when nothing reads it, or [-1, last read] for a value read before any write
 * (present from the start). A write that may not happen (or may hit another cell) adds a
 * value without ending the current ones: a later read may read any of them.
 */
function valueIntervals(
  events: readonly Event[],
  nb: number,
  zero: readonly bigint[],
  spend: (k?: number) => void,
  exposedLiveFromStart: boolean,
): { ds: bigint[][]; maxLive: number; intervals: { cell: string; from: number; to: number }[] } {
  const intervals: { cell: string; from: number; to: number }[] = [];
  const open = new Map<string, number[]>(); // cell -> indices into intervals
  events.forEach((e, rank) => {
    for (const c of e.cells) {
      if (e.write) {
        if (e.kills) open.set(c, []);
        const list = open.get(c) ?? [];
        list.push(intervals.length);
        open.set(c, list);
        intervals.push({ cell: c, from: rank, to: rank });
      } else {
        let list = open.get(c);
        if ((!list || list.length === 0) && !exposedLiveFromStart) continue;
        if (!list || list.length === 0) {
          list = [intervals.length];
          open.set(c, list);
          intervals.push({ cell: c, from: -1, to: rank });
        }
        for (const v of list) intervals[v].to = rank;
      }
    }
  });
  intervals.sort((a, b) => a.from - b.from || a.to - b.to);
  const ds = new Map<string, bigint[]>([[key(zero), [...zero]]]);
  // Closed intervals meet iff from_b <= to_a for from_a <= from_b.
  for (let a = 0; a < intervals.length; a++) {
    for (let b = a + 1; b < intervals.length && intervals[b].from <= intervals[a].to; b++) {
      spend();
      const x = unkey(intervals[a].cell);
      const y = unkey(intervals[b].cell);
      if (x.slice(0, nb).some((v, k) => v !== y[k])) continue;
      const d = x.slice(nb).map((v, k) => v - y[nb + k]);
      ds.set(key(d), d);
      const m = d.map((v) => -v);
      ds.set(key(m), m);
    }
  }
  // Most values live at once: +1 at from, -1 after to (ranks are shared by the values a
  // may-write or exposed reads create, which are counted together: they are all live).
  return { ds: [...ds.values()], maxLive: mostAtOnce(intervals), intervals };
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
