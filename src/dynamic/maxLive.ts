/**
 * maxLive alone, for the pipeline's report: the same run as lifetimes.ts without conflict
 * differences, on typed arrays (about 20 bytes per cell and 4 per access instance), so
 * that kernels of ~10^7 accesses fit the default budget (issue 17).
 *
 * Values (DESIGN.md "Validation" (c)): a value lives from its write to its last read
 * before the next killing write. Instead of keeping intervals, each rank r carries in
 * `delta[r + 1]` how many values start minus how many ended just before it; a read that
 * extends values moves their end marks. The most values live at once is then the largest
 * prefix sum.
 */
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import { accessStream } from './compiled/run.js';
import { missingParameters } from './lifetimes.js';

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
  const exposedLiveFromStart = options.exposedLiveFromStart ?? true;
  const n = stream.cells;
  const fw = new Int32Array(n).fill(-1);
  const la = new Int32Array(n);
  // Per cell: values whose end is its last read (`readGroup`, ending at `lastRead`), and
  // the one value written since that read (`unread`, ending at its own rank); more unread
  // values (writes that may not happen) go to `moreUnread`.
  const readGroup = new Int32Array(n);
  const lastRead = new Int32Array(n);
  const unread = new Int32Array(n).fill(-1);
  const moreUnread = new Map<number, number[]>();
  const delta = new Int32Array(stream.events + 2);
  const end = (c: number, rank: number) => {
    // Every open value of c now ends at `rank` (moved from its previous end).
    const g = readGroup[c]!;
    if (g > 0) {
      delta[lastRead[c]! + 2] += g;
      delta[rank + 2] -= g;
    }
    let moved = 0;
    const u = unread[c]!;
    if (u >= 0) {
      delta[u + 2]++;
      moved++;
      unread[c] = -1;
      const more = moreUnread.get(c);
      if (more) {
        for (const v of more) delta[v + 2]++;
        moved += more.length;
        moreUnread.delete(c);
      }
    }
    delta[rank + 2] -= moved;
    readGroup[c] = g + moved;
    lastRead[c] = rank;
  };
  stream.replay({
    W(c, rank, kills) {
      if (fw[c]! < 0) fw[c] = rank;
      la[c] = rank;
      if (kills) {
        readGroup[c] = 0;
        unread[c] = -1;
        if (moreUnread.size > 0) moreUnread.delete(c);
      }
      delta[rank + 1]++;
      delta[rank + 2]--;
      if (unread[c]! < 0) unread[c] = rank;
      else {
        const more = moreUnread.get(c);
        if (more) more.push(rank);
        else moreUnread.set(c, [rank]);
      }
    },
    R(c, rank) {
      la[c] = rank;
      if (readGroup[c] === 0 && unread[c]! < 0) {
        if (!exposedLiveFromStart) return;
        // Read before any write: a value present from the start (rank -1).
        delta[0]++;
        delta[rank + 2]--;
        readGroup[c] = 1;
        lastRead[c] = rank;
        return;
      }
      end(c, rank);
    },
  });
  const values = mostByPrefix(delta);
  delta.fill(0);
  for (let c = 0; c < n; c++) {
    if (fw[c]! < 0) continue;
    delta[fw[c]! + 1]++;
    delta[la[c]! + 2]--;
  }
  return {
    kind: 'done',
    values,
    cells: mostByPrefix(delta),
    accesses: stream.events,
    operations: stream.operations,
  };
}

function mostByPrefix(delta: Int32Array): number {
  let current = 0;
  let most = 0;
  for (let k = 0; k < delta.length; k++) {
    current += delta[k]!;
    if (current > most) most = current;
  }
  return most;
}
