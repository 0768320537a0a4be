/**
 * The counting core of maxLive (src/dynamic/liveCount.ts) on explicit access sequences, and
 * the decoding of a trace build's order channel around it (src/dynamic/tracedLive.ts).
 */
import { liveCount, type LiveCounts } from '../../src/dynamic/liveCount.js';
import { TracedLiveCounter } from '../../src/dynamic/tracedLive.js';
import type { TraceAccess } from '../../src/model/trace.js';

/** `W3` a killing write of cell 3, `w3` a write that may not happen, `R3` a read. */
type Ev = string;

function counted(seq: readonly Ev[], exposed = true, grow = false): LiveCounts {
  const cells = Math.max(1, ...seq.map((e) => Number(e.slice(1)) + 1));
  const count = grow ? liveCount(1, 1, exposed) : liveCount(cells, seq.length, exposed);
  seq.forEach((e, rank) => {
    const c = Number(e.slice(1));
    if (grow) count.reserve(c + 1, rank + 1);
    if (e[0] === 'R') count.R(c, rank);
    else count.W(c, rank, e[0] === 'W');
  });
  return count.finish(seq.length);
}

/**
 * The definition, written out: every value as a closed rank interval (a write to the last
 * read that may read it; -1 for a value read before any write), every written cell as
 * [first write, last access], and the most intervals that contain one rank.
 */
function bruteForce(seq: readonly Ev[], exposed = true): LiveCounts {
  const values: { from: number; to: number }[] = [];
  const open = new Map<number, { from: number; to: number }[]>();
  const firstWrite = new Map<number, number>();
  const lastAccess = new Map<number, number>();
  seq.forEach((e, rank) => {
    const c = Number(e.slice(1));
    lastAccess.set(c, rank);
    if (e[0] === 'R') {
      let list = open.get(c) ?? [];
      if (list.length === 0) {
        if (!exposed) return;
        list = [{ from: -1, to: rank }];
        values.push(list[0]!);
        open.set(c, list);
      }
      for (const v of list) v.to = rank;
      return;
    }
    if (!firstWrite.has(c)) firstWrite.set(c, rank);
    const v = { from: rank, to: rank };
    values.push(v);
    open.set(c, e[0] === 'W' ? [v] : [...(open.get(c) ?? []), v]);
  });
  const most = (xs: readonly { from: number; to: number }[]) => {
    let best = 0;
    for (let t = -1; t < seq.length; t++)
      best = Math.max(best, xs.filter((x) => x.from <= t && t <= x.to).length);
    return best;
  };
  const cells = [...firstWrite].map(([c, from]) => ({ from, to: lastAccess.get(c)! }));
  return { values: most(values), cells: most(cells) };
}

describe('liveCount: values and cells live at once on explicit sequences', () => {
  // Guards the definition shared by the compiled oracle and the traced run: which values
  // are live together (hand counts).
  it.each([
    ['nothing', [], 0, 0],
    ['a dead write lives at its instant only', ['W0', 'W0', 'W0'], 1, 1],
    ['write then read, one cell', ['W0', 'R0'], 1, 1],
    ['two cells overlap', ['W0', 'W1', 'R0', 'R1'], 2, 2],
    [
      'a value ends at its last read (a cell at its last access)',
      ['W0', 'R0', 'W1', 'R1', 'W0', 'R0'],
      1,
      2,
    ],
    ['overwrite after the read: one value at a time', ['W0', 'R0', 'W0', 'R0'], 1, 1],
    ['a read before any write lives from the start', ['R0', 'W1', 'R1'], 1, 1],
    ['... with another value then', ['W1', 'R0', 'R1'], 2, 1],
    ['a may-write keeps the old value live', ['W0', 'w0', 'R0'], 2, 1],
    [
      'datadep-like: zero 3 cells, update, read back',
      ['W0', 'W1', 'W2', 'R1', 'W1', 'R0', 'R1', 'R2'],
      3,
      3,
    ],
    [
      'readwrite: the read ends the old value before the write',
      ['W0', 'R0', 'W0', 'W1', 'R0', 'R1'],
      2,
      2,
    ],
  ] as [string, Ev[], number, number][])('%s', (_name, seq, values, cells) => {
    expect(counted(seq)).toEqual({ values, cells });
    expect(bruteForce(seq)).toEqual({ values, cells });
  });

  // Guards the shared core against the plain interval count on random sequences, with and
  // without exposed reads, with fixed and with grown capacity.
  it('agrees with the interval count on 400 random sequences', () => {
    let seed = 12345;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * k);
    };
    for (let trial = 0; trial < 400; trial++) {
      const cells = 1 + rand(6);
      const seq = Array.from({ length: rand(40) }, () => `${'RRWw'[rand(4)]}${rand(cells)}`);
      for (const exposed of [true, false]) {
        const expected = bruteForce(seq, exposed);
        expect({ seq, exposed, r: counted(seq, exposed) }).toEqual({ seq, exposed, r: expected });
        expect(counted(seq, exposed, true)).toEqual(expected);
      }
    }
  });

  // Guards `finish` emptying the counter: a second sequence is counted as if alone (the
  // traced run counts each call of a function afresh with one counter).
  it('counts a second sequence after finish as if alone', () => {
    const count = liveCount(4, 8, true);
    [0, 1, 2].forEach((c) => count.W(c, c, true));
    [0, 1, 2].forEach((c) => count.R(c, 3 + c));
    expect(count.finish(6)).toEqual({ values: 3, cells: 3 });
    count.W(3, 0, true);
    count.R(3, 1);
    count.R(0, 2);
    expect(count.finish(3)).toEqual(counted(['W3', 'R3', 'R0']));
  });
});

/** A trace site of array `a` in function `f` (only the fields tracedLive reads). */
const site = (id: number, kind: TraceAccess['kind']) =>
  ({ id, array: 'a', function: 'f', kind }) as TraceAccess;

/** Order records: [stream, cell] as int32 pairs; `call(k)` for stream s is [-1 - s, k]. */
function records(...pairs: [number, number][]): Uint8Array {
  const b = new Int32Array(pairs.flat());
  return new Uint8Array(b.buffer);
}

describe('TracedLiveCounter: the order channel of a trace build', () => {
  const sites = [site(0, 'write'), site(1, 'read'), site(2, 'readwrite')];

  // Guards the decoding: a record split between chunks, readwrite as read then write.
  it('counts one call, whatever the chunking', () => {
    const all = records([-1, 0], [0, 0], [0, 1], [-3, 0], [2, 0], [-2, 0], [1, 0], [1, 1]);
    for (const cut of [0, 3, 8, 13, all.length]) {
      const counter = new TracedLiveCounter(sites, []);
      counter.push(all.slice(0, cut));
      counter.push(all.slice(cut));
      expect(counter.finish()).toEqual([
        { kind: 'done', function: 'f', array: 'a', values: 2, cells: 2, accesses: 5, calls: 1 },
      ]);
    }
  });

  // Guards "each call is a fresh array": cell 0 of call 0 and of call 1 are two objects
  // (one counter across calls would see cell 0 live from call 0 to call 1: 2 cells).
  it('restarts at each call and keeps the largest', () => {
    const counter = new TracedLiveCounter(sites, []);
    counter.push(records([-1, 0], [0, 0], [-2, 0], [1, 0]));
    counter.push(records([-1, 1], [0, 1], [-2, 1], [1, 1], [0, 0], [1, 0]));
    expect(counter.finish()).toEqual([
      { kind: 'done', function: 'f', array: 'a', values: 1, cells: 1, accesses: 6, calls: 2 },
    ]);
  });

  // Guards the honest gaps: interleaved calls (recursion) and an access outside the array
  // are not counted rather than counted wrong.
  it('does not count interleaved calls or an access outside the array', () => {
    const rec = new TracedLiveCounter(sites, []);
    rec.push(records([-1, 0], [0, 0], [-1, 1], [0, 1], [-2, 0], [1, 0]));
    expect(rec.finish()[0]).toMatchObject({
      kind: 'skipped',
      reason: expect.stringMatching(/recursion/),
    });
    const out = new TracedLiveCounter(sites, []);
    out.push(records([-1, 0], [0, 0], [0, -1]));
    expect(out.finish()[0]).toMatchObject({
      kind: 'skipped',
      reason: expect.stringMatching(/outside/),
    });
  });
});
