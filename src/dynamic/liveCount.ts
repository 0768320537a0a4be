/**
 * The counting core of maxLive (issue 17), on one array's access sequence given event by
 * event in execution order: shared by the compiled oracle (maxLive.ts, the model's walk)
 * and the traced run (tracedLive.ts, the real program's accesses).
 *
 * Values (docs/design.md "Validation" (c)): a value lives from its write to its last read
 * before the next killing write (only its write instant when it is never read; from the
 * start when read before any write). Instead of keeping intervals, each rank r carries in
 * `delta[r + 1]` how many values start minus how many ended just before it; a read that
 * extends values moves their end marks. The most values live at once is then the largest
 * prefix sum. Cells (Bee): a cell lives from its first write to its last access.
 *
 * Typed arrays: about 20 bytes per cell and 4 per event, so that ~10^7 accesses fit.
 */

export interface LiveCounts {
  /** Most values live at once (a lower bound for any allocation of the array, for this run). */
  readonly values: number;
  /** Most cells live at once, a cell from its first write to its last access (Bee). */
  readonly cells: number;
}

export interface LiveCount {
  /** A write of cell `c` at rank `rank`; `kills`: it certainly replaces the value. */
  W(c: number, rank: number, kills: boolean): void;
  R(c: number, rank: number): void;
  /**
   * Room for cells below `cells` and ranks below `events`, for sequences of unknown size
   * (grown at least twofold when short: amortised constant time per event).
   */
  reserve(cells: number, events: number): void;
  /**
   * The counts of the sequence so far, whose ranks were below `events`; the counter is
   * then empty, for a new sequence.
   */
  finish(events: number): LiveCounts;
}

/** The per-cell and per-rank arrays of a counter (see `sink`). */
interface Arrays {
  readonly fw: Int32Array;
  readonly la: Int32Array;
  readonly readGroup: Int32Array;
  readonly lastRead: Int32Array;
  readonly unread: Int32Array;
  readonly moreUnread: Map<number, number[]>;
  readonly delta: Int32Array;
}

function arrays(cells: number, events: number): Arrays {
  return {
    fw: new Int32Array(cells).fill(-1),
    la: new Int32Array(cells),
    readGroup: new Int32Array(cells),
    lastRead: new Int32Array(cells),
    unread: new Int32Array(cells).fill(-1),
    moreUnread: new Map(),
    delta: new Int32Array(events + 2),
  };
}

/**
 * W and R over `a`, closed over its arrays as constants (reassignable ones cost the
 * compiled oracle ~15 % on 10^7 accesses).
 */
function sink(a: Arrays, exposedLiveFromStart: boolean): Pick<LiveCount, 'W' | 'R'> {
  const { fw, la, readGroup, lastRead, unread, moreUnread, delta } = a;
  // Per cell: values whose end is its last read (`readGroup`, ending at `lastRead`), and
  // the one value written since that read (`unread`, ending at its own rank); more unread
  // values (writes that may not happen) go to `moreUnread`.
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
  return {
    W(c: number, rank: number, kills: boolean) {
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
    R(c: number, rank: number) {
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
  };
}

/** `a` with room for `cells` and `events`, its contents kept (only short arrays are new). */
function grown(a: Arrays, cells: number, events: number): Arrays {
  const longer = (x: Int32Array, size: number, fill: number) => {
    if (size <= x.length) return x;
    const y = new Int32Array(size);
    if (fill !== 0) y.fill(fill, x.length);
    y.set(x);
    return y;
  };
  return {
    fw: longer(a.fw, cells, -1),
    la: longer(a.la, cells, 0),
    readGroup: longer(a.readGroup, cells, 0),
    lastRead: longer(a.lastRead, cells, 0),
    unread: longer(a.unread, cells, -1),
    moreUnread: a.moreUnread,
    delta: longer(a.delta, events + 2, 0),
  };
}

/**
 * A counter for cells `0 <= c < cells` and ranks `0 <= rank < events` (more after
 * `reserve`). Ranks must come in increasing order; `exposedLiveFromStart`: a read before
 * any write reads a value present from the start (rank -1), else it is not counted.
 */
export function liveCount(cells: number, events: number, exposedLiveFromStart: boolean): LiveCount {
  let a = arrays(cells, events);
  const count: LiveCount = {
    ...sink(a, exposedLiveFromStart),
    reserve(cells: number, events: number) {
      const n = a.fw.length;
      const d = a.delta.length;
      if (cells <= n && events + 2 <= d) return;
      a = grown(
        a,
        Math.max(cells, n < cells ? 2 * n : n),
        Math.max(events, d < events + 2 ? 2 * d : d - 2),
      );
      Object.assign(count, sink(a, exposedLiveFromStart));
    },
    finish(events: number) {
      const { fw, la, readGroup, unread, moreUnread, delta } = a;
      const used = Math.min(events + 2, delta.length);
      const values = mostByPrefix(delta, used);
      delta.fill(0, 0, used);
      for (let c = 0; c < fw.length; c++) {
        if (fw[c]! < 0) continue;
        delta[fw[c]! + 1]++;
        delta[la[c]! + 2]--;
      }
      const most = mostByPrefix(delta, used);
      delta.fill(0, 0, used);
      fw.fill(-1);
      readGroup.fill(0);
      unread.fill(-1);
      moreUnread.clear();
      return { values, cells: most };
    },
  };
  return count;
}

function mostByPrefix(delta: Int32Array, used: number): number {
  let current = 0;
  let most = 0;
  for (let k = 0; k < used; k++) {
    current += delta[k]!;
    if (current > most) most = current;
  }
  return most;
}
