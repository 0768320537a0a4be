/**
 * Whole programs (issue 25): temporaries across calls. `addCalls` turns a generated kernel
 * into a program in which `kernel` is a `static` function taking some of its temporaries as
 * parameters ("scratch" parameters), called by one to three callers that pass a local
 * array, a VLA or a `malloc`/`calloc` buffer, with the forms the analysis must see through
 * (src/frontend/calls.ts, src/lifetime/crossCall.ts, src/pipeline/wholeProgram/crossCalls.ts):
 *
 * - alias: a pointer into the buffer taken before the call, read after it (or before it,
 *   or written then read: no value crosses);
 * - kept: a pointer kept by an earlier call (a file-scope pointer set by a helper, or one
 *   a helper returns), read after the call;
 * - nested: the call inside another call's arguments (`peek(buf, kernel(..))` reads the
 *   buffer after the call, `scrub(buf, kernel(..), out)` writes before reading) or inside
 *   a subscript (`buf[kernel(..) % E]`, `out[kernel(..) % OUT_N]`);
 * - loop: the call in a loop with a read of the buffer before it (the next iteration reads
 *   what the kernel left), after it, or the caller's own write-then-read;
 * - prelude: at the kernel's entry, a write of a scratch cell on some paths only (a
 *   data-dependent `if`, a clamp `if (n > E) n = E;` before a loop, a zero-trip loop, a
 *   helper that returns early) followed by a read: the caller's value flows in;
 *   `covered` writes on both branches;
 * - extents: the parameter declared with a first extent that lies (`t[2][E1]` for E0
 *   rows) or as a pointer;
 * - recursion: the kernel calls itself with the same buffers (at the end, or in the
 *   middle of its body, where the rest reads what the inner call left), or a caller calls
 *   itself (each frame its own buffer), possibly reading its buffer after that call;
 * - unity: the kernel, its helpers and some callers in kern.c, which main.c includes
 *   (`#include "kern.c"`) and whose callers call the static kernel too; the program is
 *   built from main.c alone.
 *
 * Every program stays deterministic and free of undefined behaviour: a caller whose buffer
 * is read by anything but the kernel's own writes-before-reads fills it first, so every
 * read sees a defined value whatever path is taken; cells read after a call are cells the
 * kernel writes in this run (so a value that crosses changes the checksum when a
 * contracted kernel no longer leaves it). The IR body of the kernel is unchanged (the
 * prelude and recursion are around it), so its lifetimes (lifetimes.ts) are those of every
 * call. Drawn from a stream of its own: the IR is that of the seed without it, except the
 * recursion depth mixed into the values a mid-body recursion writes.
 */
import type {
  BufferKind,
  Caller,
  CallForm,
  CallSpec,
  Cell,
  ParamDecl,
  Prelude,
  Program,
  Stmt,
  TempDecl,
  VExpr,
} from './ir.js';
import { traceLifetimes } from './lifetimes.js';
import { inputValues } from './lifetimes.js';
import type { Rng } from './random.js';
import { tempExtents } from './validate.js';

/** Probability of each form (the shape itself: `calls`). */
export interface CallProbabilities {
  /** The program is a whole program (kernel called by callers) at all. */
  calls: number;
  alias: number;
  kept: number;
  nested: number;
  loop: number;
  prelude: number;
  extents: number;
  recursion: number;
  unity: number;
}

/** Form probabilities when only `calls` is given. */
export const DEFAULT_CALL_FORMS: Omit<CallProbabilities, 'calls'> = {
  alias: 0.25,
  kept: 0.15,
  nested: 0.2,
  loop: 0.2,
  prelude: 0.3,
  extents: 0.3,
  recursion: 0.2,
  unity: 0.15,
};

/** The recursion depth parameter of the kernel (Param kind `depth`). */
export const DEPTH = 'depth';

const BUFFERS: readonly BufferKind[] = ['array', 'vla', 'malloc', 'calloc'];

/**
 * Makes `p` a whole program (sets `p.calls`). `probs.calls` has already been drawn: the
 * caller decided the program has this shape.
 */
export function addCalls(p: Program, rng: Rng, probs: Omit<CallProbabilities, 'calls'>) {
  const written = writtenCells(p);
  const extents = tempExtents(p);
  const scratchNames = p.temps.map((t) => t.name).filter(() => rng.chance(0.6));
  if (scratchNames.length === 0) scratchNames.push(rng.pick(p.temps).name);
  const spec: CallSpec = {
    scratch: scratchNames.map((name) => ({
      name,
      decl: rng.chance(probs.extents) ? lyingDecl(rng, extents.get(name)![0]) : { kind: 'exact' },
    })),
    callers: [],
  };
  const input = inputValues(p);
  const anyCell = (t: string): Cell => extents.get(t)!.map((e) => rng.int(0, e - 1));
  const writtenCell = (t: string): Cell => rng.pick(written.get(t)!);
  const outIdx = (room = 1) => rng.int(0, p.outLen - room);

  if (rng.chance(probs.prelude)) spec.prelude = drawPrelude(rng, p, spec, input, anyCell, outIdx);
  if (rng.chance(probs.recursion)) {
    const mid = p.body.length >= 2 && rng.chance(0.6);
    const crossing = crossingSplits(p.body, new Set(scratchNames));
    spec.recursion = mid
      ? {
          kind: 'mid',
          at:
            crossing.length > 0 && rng.chance(0.8)
              ? rng.pick(crossing)
              : rng.int(1, p.body.length - 1),
        }
      : { kind: 'tail', at: p.body.length };
    p.params.push({ name: DEPTH, value: rng.int(1, 3), kind: 'depth' });
    // The inner call rewrites the buffers with other values: the rest of the body reads
    // them in the original, its own in a private copy.
    if (mid) mixDepth(p.body.slice(0, spec.recursion.at), new Set(scratchNames), rng);
  }
  const unity = rng.chance(probs.unity);
  // A unity build has callers in both files: kern.c's alone would let the kernel's
  // parameters pass for temporaries, main.c's may say otherwise.
  const nCallers = rng.int(unity ? 2 : 1, 3);
  for (let k = 0; k < nCallers; k++) {
    const target = rng.pick(scratchNames);
    const form = drawForm(rng, probs, target, extents.get(target)!, writtenCell, outIdx);
    if (form.kind === 'nested' && spec.ret === undefined) spec.ret = rng.int(0, p.inLen - 1);
    const caller: Caller = { buffer: rng.pick(BUFFERS), init: false, target, form };
    if (rng.chance(probs.recursion))
      caller.recursion = {
        depth: rng.int(1, 3),
        ...(rng.chance(0.5) ? { readAfter: { cell: writtenCell(target), out: outIdx() } } : {}),
      };
    spec.callers.push(caller);
  }
  // `buf[kernel(..) % E0]`: the row the kernel's return value selects.
  for (const c of spec.callers)
    if (c.form.kind === 'nested' && c.form.outer === 'subscript')
      c.form.cell[0] = (input[spec.ret!] & 255) % extents.get(c.target)![0];
  if (unity) {
    spec.unity = true;
    const files = rng.shuffle(
      spec.callers.map((_, k) =>
        k === 0 ? 'kern' : k === 1 ? 'main' : rng.pick(['kern', 'main'] as const),
      ),
    );
    spec.callers.forEach((c, k) => (c.file = files[k]));
  }
  for (const c of spec.callers) c.init = needsInit(spec, c) || rng.chance(0.25);
  p.calls = spec;
}

function lyingDecl(rng: Rng, first: number): ParamDecl {
  if (first >= 2 && rng.chance(0.6)) return { kind: 'lie', first: rng.int(1, first - 1) };
  return { kind: 'pointer' };
}

/** Per scratch temporary: the cells the kernel writes in this run (index vectors). */
function writtenCells(p: Program): Map<string, Cell[]> {
  const out = new Map<string, Cell[]>();
  for (const [name, t] of traceLifetimes(p)) {
    const cells: Cell[] = [];
    t.cells.forEach((c, o) => {
      if (c) cells.push(unflatten(o, t.extents));
    });
    out.set(name, cells);
  }
  return out;
}

function unflatten(o: number, extents: readonly number[]): Cell {
  const x = new Array<number>(extents.length);
  for (let d = extents.length - 1; d >= 0; d--) {
    x[d] = o % extents[d];
    o = Math.floor(o / extents[d]);
  }
  return x;
}

function drawPrelude(
  rng: Rng,
  p: Program,
  spec: CallSpec,
  input: readonly number[],
  anyCell: (t: string) => Cell,
  outIdx: () => number,
): Prelude {
  const kind = rng.pick(['data-if', 'clamp', 'zero-trip', 'early-return', 'covered'] as const);
  const target = rng.pick(spec.scratch).name;
  const cell = anyCell(target);
  if (kind === 'clamp') cell[0] = 0;
  const mask = 1 << rng.int(0, 7);
  // Mostly an input on which this run skips the write (then a value visibly flows in).
  const skips = (x: number) =>
    kind === 'clamp'
      ? x % 9 === 0
      : kind === 'zero-trip'
        ? (x & 3) === 0
        : kind === 'early-return'
          ? (x & mask) !== 0
          : (x & mask) === 0;
  const wanted = rng.chance(0.7);
  const indices = Array.from({ length: p.inLen }, (_, k) => k).filter(
    (k) => skips(input[k]) === wanted,
  );
  const inIdx = indices.length > 0 ? rng.pick(indices) : rng.int(0, p.inLen - 1);
  return { kind, target, cell, inIdx, mask, out: outIdx() };
}

function drawForm(
  rng: Rng,
  probs: Omit<CallProbabilities, 'calls'>,
  target: string,
  extents: readonly number[],
  writtenCell: (t: string) => Cell,
  outIdx: (room?: number) => number,
): CallForm {
  const kinds = rng.shuffle(['alias', 'kept', 'nested', 'loop'] as const);
  const kind = kinds.find((k) => rng.chance(probs[k]));
  const cell = writtenCell(target);
  switch (kind) {
    case 'alias': {
      const alias = rng.pick(['pointer', 'element', 'offset', 'row'] as const);
      const read = rng.pick(['after', 'after', 'before', 'overwrite'] as const);
      return {
        kind,
        alias: alias === 'row' && extents.length < 2 ? 'element' : alias,
        cell,
        read,
        out: outIdx(),
      };
    }
    case 'kept':
      return {
        kind,
        via: rng.pick(['global', 'returned'] as const),
        cell,
        read: rng.chance(0.75) ? 'after' : 'before',
        out: outIdx(),
      };
    case 'nested':
      return {
        kind,
        outer: rng.pick(['peek', 'scrub', 'subscript', 'out-index'] as const),
        cell,
        out: outIdx(),
      };
    case 'loop': {
      const trips = rng.int(2, 3);
      const read = rng.pick(['before', 'after', 'own', 'none'] as const);
      return { kind, trips, read, cell, out: outIdx(trips) };
    }
    default:
      return { kind: 'plain' };
  }
}

/**
 * The points k (0 < k < body length) where statements before k write a scratch temporary
 * that statements from k on read: a recursive call there changes what they read.
 */
function crossingSplits(body: readonly Stmt[], scratch: ReadonlySet<string>): number[] {
  const touched = (s: Stmt, write: boolean, acc: Set<string>) => {
    const value = (e: VExpr): void => {
      if (e.kind === 'temp') {
        if (!write) acc.add(e.ref.name);
      } else if (e.kind === 'bin' || e.kind === 'sel') {
        value(e.a);
        value(e.b);
      } else if (e.kind === 'shr') value(e.a);
    };
    if (s.kind === 'assign') {
      value(s.rhs);
      if (s.lhs.kind === 'temp' && (write || s.op !== '=')) acc.add(s.lhs.ref.name);
    } else
      for (const t of s.kind === 'for' ? s.body : [...s.then, ...(s.else ?? [])])
        touched(t, write, acc);
    return acc;
  };
  const points: number[] = [];
  for (let k = 1; k < body.length; k++) {
    const written = new Set<string>();
    for (const s of body.slice(0, k)) touched(s, true, written);
    const read = new Set<string>();
    for (const s of body.slice(k)) touched(s, false, read);
    if ([...scratch].some((t) => written.has(t) && read.has(t))) points.push(k);
  }
  return points;
}

/** `x` becomes `x + (unsigned)depth` in most writes of scratch temporaries with `=`. */
function mixDepth(ss: readonly Stmt[], scratch: ReadonlySet<string>, rng: Rng) {
  const depth: VExpr = { kind: 'var', v: DEPTH };
  for (const s of ss) {
    if (s.kind === 'assign') {
      if (s.lhs.kind === 'temp' && scratch.has(s.lhs.ref.name) && s.op === '=' && rng.chance(0.8))
        s.rhs = { kind: 'bin', op: '+', a: s.rhs, b: depth };
    } else if (s.kind === 'for') mixDepth(s.body, scratch, rng);
    else {
      mixDepth(s.then, scratch, rng);
      mixDepth(s.else ?? [], scratch, rng);
    }
  }
}

/**
 * Whether the caller's buffer must be filled before the first call: something other than
 * the kernel's body (which writes before it reads) may read it.
 */
export function needsInit(spec: CallSpec, c: Caller): boolean {
  if (spec.prelude || spec.recursion?.kind === 'mid' || c.recursion?.readAfter) return true;
  const f = c.form;
  if (f.kind === 'plain') return false;
  if (f.kind === 'nested') return f.outer === 'peek' || f.outer === 'subscript';
  if (f.kind === 'loop') return f.read === 'before' || f.read === 'after';
  return true;
}

/**
 * Whether some value crosses a call boundary on some path (the sound verdict is then "not
 * a temporary"): read after a call, read by the next iteration, flowing in through a
 * prelude, read back after a recursive call. Otherwise the scratch parameters are
 * temporaries (the analysis may still refuse them: that is not a mismatch).
 */
export function valueCrosses(spec: CallSpec): boolean {
  if (spec.prelude && spec.prelude.kind !== 'covered') return true;
  if (spec.recursion?.kind === 'mid') return true;
  return spec.callers.some((c) => {
    if (c.recursion?.readAfter) return true;
    const f = c.form;
    switch (f.kind) {
      case 'plain':
        return false;
      case 'alias':
        return f.read === 'after';
      case 'kept':
        return f.read === 'after';
      case 'nested':
        return f.outer === 'peek' || f.outer === 'subscript';
      case 'loop':
        return f.read === 'before' || f.read === 'after';
    }
  });
}

/** Feature tags of a whole program (features.ts). */
export function callFeatures(spec: CallSpec): string[] {
  const f = new Set<string>(['calls', valueCrosses(spec) ? 'call-crosses' : 'call-clean']);
  if (spec.callers.length > 1) f.add('call-callers');
  for (const s of spec.scratch) if (s.decl.kind !== 'exact') f.add(`call-extent-${s.decl.kind}`);
  if (spec.prelude) f.add(`call-prelude-${spec.prelude.kind}`);
  if (spec.recursion) f.add(`call-recursion-${spec.recursion.kind}`);
  if (spec.unity) f.add('call-unity');
  for (const c of spec.callers) {
    f.add(`call-buffer-${c.buffer}`);
    if (c.recursion) f.add('call-recursion-caller');
    const x = c.form;
    if (x.kind === 'alias') f.add(`call-alias-${x.alias}-${x.read}`);
    else if (x.kind === 'kept') f.add(`call-kept-${x.via}-${x.read}`);
    else if (x.kind === 'nested') f.add(`call-nested-${x.outer}`);
    else if (x.kind === 'loop') f.add(`call-loop-${x.read}`);
  }
  return [...f];
}

/** The first broken guarantee of `p.calls` (indices, names, fills), or undefined. */
export function validateCalls(p: Program): string | undefined {
  const spec = p.calls;
  if (!spec) return undefined;
  const extents = tempExtents(p);
  const scratch = new Set(spec.scratch.map((s) => s.name));
  if (scratch.size === 0) return 'no scratch parameter';
  for (const s of spec.scratch)
    if (!extents.has(s.name)) return `scratch ${s.name} is no temporary`;
  const cellOk = (t: string, c: Cell) => {
    const e = extents.get(t);
    return !!e && c.length === e.length && c.every((x, d) => x >= 0 && x < e[d]);
  };
  const outOk = (o: number, room = 1) => o >= 0 && o + room <= p.outLen;
  const pre = spec.prelude;
  if (pre && (!scratch.has(pre.target) || !cellOk(pre.target, pre.cell) || !outOk(pre.out)))
    return 'prelude out of bounds';
  if (pre && (pre.inIdx < 0 || pre.inIdx >= p.inLen)) return 'prelude input out of bounds';
  if (spec.ret !== undefined && (spec.ret < 0 || spec.ret >= p.inLen)) return 'ret out of bounds';
  if (spec.recursion) {
    if (!p.params.some((q) => q.kind === 'depth')) return 'recursion without depth';
    if (spec.recursion.at < 0 || spec.recursion.at > p.body.length) return 'recursion point';
  }
  if (spec.unity && !spec.callers.some((c) => c.file === 'main'))
    return 'unity without main caller';
  for (const c of spec.callers) {
    if (!scratch.has(c.target)) return `caller target ${c.target} is no scratch parameter`;
    if (needsInit(spec, c) && !c.init) return 'a caller reads a buffer it did not fill';
    const f = c.form;
    if (f.kind !== 'plain') {
      if (!cellOk(c.target, f.cell)) return 'form cell out of bounds';
      if (!outOk(f.out, f.kind === 'loop' ? f.trips : 1)) return 'form out index out of bounds';
      if (f.kind === 'nested' && spec.ret === undefined) return 'nested call without ret';
    }
    const r = c.recursion?.readAfter;
    if (r && (!cellOk(c.target, r.cell) || !outOk(r.out))) return 'caller read out of bounds';
  }
  return undefined;
}

/**
 * After the reducer dropped temporaries: scratch parameters that are gone leave the spec
 * (their callers' forms become plain calls on another scratch parameter); no scratch
 * parameter left, no whole program. A return value no nested call uses goes.
 */
export function pruneCalls(p: Program) {
  const spec = p.calls;
  if (!spec) return;
  const temps = new Set(p.temps.map((t: TempDecl) => t.name));
  spec.scratch = spec.scratch.filter((s) => temps.has(s.name));
  if (spec.scratch.length === 0) {
    delete p.calls;
    p.params = p.params.filter((q) => q.kind !== 'depth');
    return;
  }
  if (spec.prelude && !temps.has(spec.prelude.target)) delete spec.prelude;
  if (!spec.callers.some((c) => c.form.kind === 'nested')) delete spec.ret;
  for (const c of spec.callers)
    if (!temps.has(c.target)) {
      c.target = spec.scratch[0].name;
      c.form = { kind: 'plain' };
      delete c.recursion;
    }
}

/**
 * Simplifications of `p.calls` for the reducer, each a fresh copy: fewer callers, plain
 * forms, no recursion, no prelude, exact declarations, array buffers, one file.
 */
export function* callCandidates(p: Program): Generator<Program> {
  const spec = p.calls;
  if (!spec) return;
  const edit = function* (change: (s: CallSpec, c: Program) => boolean) {
    const c = structuredClone(p);
    if (change(c.calls!, c)) yield c;
  };
  for (let k = 0; k < spec.callers.length; k++)
    yield* edit((s) => spec.callers.length > 1 && s.callers.splice(k, 1).length > 0);
  if (spec.unity)
    yield* edit((s) => {
      delete s.unity;
      return true;
    });
  if (spec.recursion)
    yield* edit((s, c) => {
      delete s.recursion;
      c.params = c.params.filter((q) => q.kind !== 'depth');
      return true;
    });
  if (spec.prelude)
    yield* edit((s) => {
      delete s.prelude;
      return true;
    });
  for (let k = 0; k < spec.callers.length; k++) {
    const c = spec.callers[k];
    if (c.form.kind !== 'plain') yield* edit((s) => !!(s.callers[k].form = { kind: 'plain' }));
    if (c.recursion)
      yield* edit((s) => {
        delete s.callers[k].recursion;
        return true;
      });
    if (c.buffer !== 'array') yield* edit((s) => !!(s.callers[k].buffer = 'array'));
    if (c.init) yield* edit((s) => !(s.callers[k].init = false));
  }
  for (let k = 0; k < spec.scratch.length; k++)
    if (spec.scratch[k].decl.kind !== 'exact')
      yield* edit((s) => !!(s.scratch[k].decl = { kind: 'exact' }));
  if (spec.scratch.length > 1)
    for (let k = 0; k < spec.scratch.length; k++)
      yield* edit((s) => {
        const name = s.scratch[k].name;
        s.scratch.splice(k, 1);
        if (s.prelude?.target === name) delete s.prelude;
        for (const c of s.callers)
          if (c.target === name) {
            c.target = s.scratch[0].name;
            c.form = { kind: 'plain' };
            delete c.recursion;
          }
        return true;
      });
}
