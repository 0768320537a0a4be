/**
 * Values live at once in a real run (issue 17): the order channel of a trace build
 * (rewrite/traceInstrument.ts, beeclak_torder) gives every access of the traced arrays in
 * execution order, with the cell it really touched; each array's sequence is counted by
 * the same core as the compiled oracle (liveCount.ts). This is how an array with a
 * data-dependent subscript (datadep.c's `hist[(int)(in[i] * 8.0)]`), which the oracle
 * cannot walk, gets a count.
 *
 * A measurement for reports, never used to decide a mapping: it holds for this run and its
 * input only (another input may keep more values live), so it is no bound of any kind on
 * what a contraction must keep.
 *
 * - Every traced write happened, so it kills (a write of part of a cell is a 'readwrite':
 *   read, then write). A 'readwrite' is two events, the read first.
 * - Each call of the function is a fresh array: the count restarts at each call (ranks and
 *   cells), and the array's count is the largest over its calls. Calls whose accesses
 *   interleave (recursion) are not counted.
 * - An array used other than through traced subscripts (`escapes`), or accessed outside
 *   its bounds, is not counted: its sequence is not the whole story.
 * - An array declared in a loop body is one object per iteration in C; here its cells are
 *   the same from one iteration to the next (a read before any write of that iteration,
 *   an indeterminate value, would extend the previous iteration's value).
 */
import type { TraceAccess, TraceArray } from '../model/trace.js';
import { liveCount, type LiveCount } from './liveCount.js';

export type TracedLive =
  | {
      readonly kind: 'done';
      readonly function: string;
      readonly array: string;
      /** Most values live at once in this run (largest over the calls). */
      readonly values: number;
      /** Most cells live at once, from first write to last access (Bee). */
      readonly cells: number;
      readonly accesses: number;
      readonly calls: number;
    }
  | {
      readonly kind: 'skipped';
      readonly function: string;
      readonly array: string;
      readonly reason: string;
    };

interface ArrayState {
  readonly function: string;
  readonly array: string;
  count?: LiveCount;
  call: number;
  calls: number;
  rank: number;
  accesses: number;
  values: number;
  cells: number;
  skipped?: string;
}

/** Decodes the order channel chunk by chunk and counts, per traced array. */
export class TracedLiveCounter {
  private readonly states: ArrayState[] = [];
  /** Per stream id: its array's state (undefined for other streams), kind, current call. */
  private readonly stateOf: (ArrayState | undefined)[] = [];
  private readonly kinds: TraceAccess['kind'][] = [];
  private readonly calls: number[] = [];
  private rest = new Uint8Array(0);
  malformed?: string;

  /**
   * The memory bounds: most accesses of one array in one call (`maxEvents`, 4 bytes each)
   * and most cells (`maxCells`, 20 bytes each): past them the array is not counted.
   */
  constructor(
    accesses: readonly TraceAccess[],
    arrays: readonly TraceArray[],
    private readonly maxEvents = 2 ** 26,
    private readonly maxCells = 2 ** 24,
  ) {
    const byKey = new Map<string, ArrayState>();
    for (const a of accesses) {
      const key = `${a.function}\n${a.array}`;
      let s = byKey.get(key);
      if (!s) {
        const decl = arrays.find((x) => x.function === a.function && x.name === a.array);
        s = {
          function: a.function,
          array: a.array,
          call: -1,
          calls: 0,
          rank: 0,
          accesses: 0,
          values: 0,
          cells: 0,
          ...(decl?.escapes
            ? {
                skipped: `not all its accesses are traced (${decl.escapesWhy ?? 'it escapes'}, line ${decl.escapes.line})`,
              }
            : {}),
        };
        byKey.set(key, s);
        this.states.push(s);
      }
      this.stateOf[a.id] = s;
      this.kinds[a.id] = a.kind;
      this.calls[a.id] = -1;
    }
  }

  /** A chunk of the order pipe: records of two int32 (the program's byte order). */
  push(chunk: Uint8Array): void {
    let buf = this.rest.length ? concat(this.rest, chunk) : chunk;
    const whole = buf.length - (buf.length % 8);
    // An Int32Array needs an aligned offset: a pipe's chunk may sit anywhere in its pool.
    if (buf.byteOffset % 4 !== 0) buf = concat(buf, new Uint8Array(0));
    const words = new Int32Array(buf.buffer, buf.byteOffset, whole / 4);
    for (let k = 0; k < words.length && !this.malformed; k += 2) {
      const tag = words[k]!;
      if (tag < 0) this.callOf(-1 - tag, words[k + 1]!);
      else this.access(tag, words[k + 1]!);
    }
    this.rest = buf.slice(whole);
  }

  private callOf(id: number, call: number): void {
    if (id >= this.calls.length) this.malformed = `call record for unknown stream ${id}`;
    else this.calls[id] = call;
  }

  private access(id: number, cell: number): void {
    const s = this.stateOf[id];
    if (!s) {
      if (id >= this.kinds.length) this.malformed = `access record for unknown stream ${id}`;
      return;
    }
    s.accesses++;
    if (s.skipped) return;
    const call = this.calls[id]!;
    if (call < 0) return this.skip(s, 'more than 2^31 calls, or an access before its call');
    if (cell < 0) return this.skip(s, 'an access outside the array (or past 2^31 cells)');
    if (call !== s.call) {
      if (call < s.call) return this.skip(s, 'the accesses of two calls interleave (recursion)');
      this.endCall(s);
      s.call = call;
      s.calls++;
    }
    if (cell >= this.maxCells) return this.skip(s, `more than ${this.maxCells} cells`);
    if (s.rank + 2 > this.maxEvents)
      return this.skip(s, `more than ${this.maxEvents} accesses in one call`);
    const count = (s.count ??= liveCount(64, 256, true));
    count.reserve(cell + 1, s.rank + 2);
    const kind = this.kinds[id]!;
    if (kind !== 'write') count.R(cell, s.rank++);
    // Every traced write happened: it replaces the cell's value.
    if (kind !== 'read') count.W(cell, s.rank++, true);
  }

  private skip(s: ArrayState, reason: string): void {
    s.skipped = reason;
    s.count = undefined;
  }

  private endCall(s: ArrayState): void {
    if (!s.count || s.rank === 0) return;
    const r = s.count.finish(s.rank);
    s.values = Math.max(s.values, r.values);
    s.cells = Math.max(s.cells, r.cells);
    s.rank = 0;
  }

  finish(): TracedLive[] {
    if (this.rest.length && !this.malformed)
      this.malformed = `${this.rest.length} trailing bytes in the order channel`;
    return this.states.map((s) => {
      const head = { function: s.function, array: s.array };
      if (this.malformed) return { kind: 'skipped', ...head, reason: this.malformed };
      if (s.skipped) return { kind: 'skipped', ...head, reason: s.skipped };
      this.endCall(s);
      return {
        kind: 'done',
        ...head,
        values: s.values,
        cells: s.cells,
        accesses: s.accesses,
        calls: s.calls,
      };
    });
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
