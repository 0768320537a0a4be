/**
 * A cheap proof of "no saving": an instant at which every cell of the array holds a value
 * that is still to be read. Such cells conflict pairwise, so any admissible mapping (value-
 * or cell-based, DS only grows) keeps them in distinct slots and needs all the cells: the
 * exhaustive lifetime and lattice stages need not run (issue 17, "no saving found cheaply").
 *
 * The proof is a simulation of one iteration of a loop body (or of the straight-line code
 * of the function) in which the array is only named by constant subscripts, the DSP style
 * (`t[0] = p[0]; ... use(t[0]);`):
 *
 * - the group is the statements of one body (same enclosing loops, same domain, not under a
 *   data-dependent condition) whose accesses to the array all have
 *   constant subscripts and certainly happen; in one iteration they all run, in schedule
 *   order, reads before writes inside a statement;
 * - another statement that accesses the array and may run inside that iteration (it sits in
 *   the same body, possibly nested) cuts the body into windows, and the simulation never
 *   looks across it; statements in other loops run wholly before or after the iteration;
 * - inside a window, a value written at w and read at r (no write of its cell between)
 *   is live on (w, r): if at some instant as many cells are live as the array has, the
 *   witness holds.
 *
 * When the group's iteration never runs in any execution the array is dead and the claim is
 * vacuous; leaving an array unchanged is always sound, so this only ever skips work.
 */
import * as A from '../poly/affine.js';
import type { ArrayInfo, FunctionModel, SourceLoc, Statement } from '../model/types.js';

export interface AllLiveWitness {
  /** Where all cells are live: just after this statement. */
  readonly loc: SourceLoc;
  readonly cells: bigint;
}

/** More cells than this are not simulated (the witness needs one write per cell anyway). */
const MAX_CELLS = 4096n;

interface Event {
  readonly write: boolean;
  readonly cell: string;
  readonly statement: Statement;
}

/**
 * Whether every access of `s` to `array` is certain and has constant subscripts inside the
 * extents (an access out of bounds is undefined behaviour: no witness from it).
 */
function simple(s: Statement, array: string, extents: readonly bigint[]): boolean {
  // An over-approximated domain (a dropped loop bound) may hold iterations that never run,
  // but inside one that runs, every statement of the body runs as modelled: allowed.
  if (s.may) return false;
  const last = s.schedule.at(-1);
  if (!last || !A.isConstant(last)) return false;
  return s.accesses
    .filter((a) => a.array === array)
    .every(
      (a) =>
        !a.may &&
        !a.overApproximated &&
        a.exists.length === 0 &&
        a.existsConstraints.length === 0 &&
        a.subscripts.every(
          (x, d) => x !== null && A.isConstant(x) && x.constant >= 0n && x.constant < extents[d],
        ),
    );
}

/** The index of the first schedule entry where `x` and `y` differ (their common length if none). */
function divergence(x: readonly A.Affine[], y: readonly A.Affine[]): number {
  const n = Math.min(x.length, y.length);
  for (let k = 0; k < n; k++) if (!A.equal(x[k], y[k])) return k;
  return n;
}

export function allCellsLive(fn: FunctionModel, array: ArrayInfo): AllLiveWitness | undefined {
  if (array.delinearized || array.extents.some((e) => e.value === undefined)) return undefined;
  const extents = array.extents.map((e) => e.value!);
  const cells = extents.reduce((p, e) => p * e, 1n);
  if (cells < 2n || cells > MAX_CELLS) return undefined;
  const users = fn.statements.filter((s) => s.accesses.some((a) => a.array === array.name));
  // Groups: statements of one body instance (same loops and domain, hence run together).
  const groups = new Map<string, Statement[]>();
  for (const s of users) {
    if (!simple(s, array.name, extents)) continue;
    const k = JSON.stringify([s.iterators, s.schedule.slice(0, -1), s.domain], (_, v) =>
      typeof v === 'bigint' ? `${v}` : v,
    );
    groups.set(k, [...(groups.get(k) ?? []), s]);
  }
  for (const group of groups.values()) {
    if (BigInt(group.reduce((n, s) => n + s.accesses.length, 0)) < cells) continue;
    const prefix = group[0].schedule.slice(0, -1);
    const at = (s: Statement) => s.schedule.at(-1)!.constant;
    // Positions in this body where another access to the array may run: window cuts.
    const cuts: bigint[] = [];
    let blocked = false;
    for (const x of users) {
      if (group.includes(x)) continue;
      const p = divergence(x.schedule, prefix);
      if (p < prefix.length) {
        // Different loops: X runs before or after the whole iteration, unless the two
        // schedules differ first at a loop counter (not a textual position): be careful.
        if (p % 2 === 1) blocked = true;
        continue;
      }
      const pos = x.schedule[prefix.length];
      if (!pos || !A.isConstant(pos)) blocked = true;
      else cuts.push(pos.constant);
    }
    if (blocked) continue;
    const ordered = [...group].sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
    let window: Event[] = [];
    const windows: Event[][] = [window];
    let prev: bigint | undefined;
    for (const s of ordered) {
      const here = at(s);
      // A cut between the previous statement and this one (or at either) ends the window.
      if (prev !== undefined && cuts.some((c) => c >= prev! && c <= here)) {
        window = [];
        windows.push(window);
      }
      if (cuts.includes(here)) {
        window = [];
        windows.push(window);
      }
      const accesses = s.accesses
        .filter((a) => a.array === array.name)
        .sort((a, b) => a.order - b.order);
      for (const a of accesses)
        window.push({
          write: a.kind === 'write',
          cell: a.subscripts.map((x) => x!.constant).join(','),
          statement: s,
        });
      prev = here;
    }
    for (const w of windows) {
      const found = mostLive(w, cells);
      if (found) return { loc: found.loc, cells };
    }
  }
  return undefined;
}

/** The first instant of the window at which `cells` cells hold a value read later in it. */
function mostLive(events: readonly Event[], cells: bigint): Statement | undefined {
  // Each value: [write index, index of its last read before the next write of its cell).
  const delta = new Array<number>(events.length + 1).fill(0);
  const open = new Map<string, { from: number; lastRead: number }>();
  const close = (v: { from: number; lastRead: number } | undefined) => {
    if (!v || v.lastRead < 0) return;
    delta[v.from]++;
    delta[v.lastRead]--;
  };
  events.forEach((e, k) => {
    if (e.write) {
      close(open.get(e.cell));
      open.set(e.cell, { from: k, lastRead: -1 });
    } else {
      const v = open.get(e.cell);
      if (v) v.lastRead = k;
    }
  });
  for (const v of open.values()) close(v);
  // After event k, a value is live if from <= k < lastRead.
  let live = 0;
  for (let k = 0; k < events.length; k++) {
    live += delta[k];
    if (BigInt(live) >= cells) return events[k].statement;
  }
  return undefined;
}
