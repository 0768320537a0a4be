/**
 * Lifetime patterns: each creates one temporary and the phases (top-level loop nests)
 * that write and read it. Every pattern is meant to satisfy the read-after-write and
 * bounds guarantees by its shape; validate.ts proves it for the concrete program, and
 * the generator retries on the (rare) shapes that fail.
 */
import {
  add,
  aff,
  affBound,
  asub,
  cst,
  plus,
  scale,
  tref,
  v,
  type Aff,
  type Bound,
  type Cond,
  type Loop,
  type Param,
  type Stmt,
  type Sub,
  type TempDecl,
  type TempRef,
  type VExpr,
} from './ir.js';
import type { Rng } from './random.js';

/** One top-level statement of the kernel, with the phases that must precede it. */
export interface Phase {
  id: number;
  stmt: Stmt;
  /** Ids of phases that must come earlier (producers of what this phase reads). */
  needs: number[];
}

/** A temporary whose every cell is definitely written once `phase` has run. */
export interface FullTemp {
  decl: TempDecl;
  phase: number;
}

export interface PatternContext {
  rng: Rng;
  params: Param[];
  /** Allow data-dependent branches and non-affine subscripts. */
  data: boolean;
  inLen: number;
  outLen: number;
  newTemp(extents: Aff[]): TempDecl;
  newPhase(stmt: Stmt, needs?: number[]): Phase;
  /** Temporaries fully written by some earlier pattern (sources for chains). */
  full: FullTemp[];
}

export type Pattern = (ctx: PatternContext) => Phase[];

const VARS = ['i', 'j', 'k', 'l', 'r'];

const paramValue = (ctx: PatternContext, e: Aff): number => {
  let s = e.c;
  for (const [n, k] of Object.entries(e.t))
    s += k * (ctx.params.find((p) => p.name === n)?.value ?? NaN);
  return s;
};

/**
 * A size: a parameter (macro or VLA argument), sometimes written as a literal number
 * instead (literal array sizes and loop bounds), with value at most `max` when possible.
 */
function pickParam(ctx: PatternContext, max = 99): Aff {
  const ok = ctx.params.filter((p) => p.value <= max);
  const smallest = ctx.params.slice().sort((a, b) => a.value - b.value)[0];
  const p = ctx.rng.pick(ok.length ? ok : [smallest]);
  return ctx.rng.chance(0.08) ? cst(p.value) : v(p.name);
}

/** Extents for a `dims`-dimensional temporary, keeping the cell count small. */
function pickExtents(ctx: PatternContext, dims: number): Aff[] {
  const max = dims === 3 ? 6 : 12;
  const ext: Aff[] = [];
  for (let d = 0; d < dims; d++) {
    let e = pickParam(ctx, max);
    if (ctx.rng.chance(0.15)) e = plus(e, ctx.rng.int(1, 2));
    ext.push(e);
  }
  return ext;
}

// ---- loop helpers ---------------------------------------------------------

interface Enumeration {
  loop: Omit<Loop, 'body'>;
  /** The subscript that takes every value of [0, E) exactly once over the loop. */
  sub: Sub;
  /** The affine value of that subscript when it has no division (for shifts). */
  idx?: Aff;
}

type Style = 'plain' | 'down' | 'offset' | 'stride' | 'down-stride' | 'min';

function pickStyle(ctx: PatternContext, allowStride = true): Style {
  const r = ctx.rng.int(0, 99);
  if (r < 45) return 'plain';
  if (r < 60) return 'down';
  if (r < 72) return 'offset';
  if (r < 84) return 'min';
  if (!allowStride) return 'plain';
  return r < 94 ? 'stride' : 'down-stride';
}

function minBound(ctx: PatternContext, a: Aff, b: Aff, kind: 'min' | 'max' = 'min'): Bound {
  return { kind, a, b, style: ctx.rng.chance(0.6) ? 'macro' : 'ternary' };
}

/** A loop over `name` whose subscript `sub` enumerates [0, E) exactly once. */
function enumerate(ctx: PatternContext, name: string, E: Aff, style: Style): Enumeration {
  const loop = (init: Bound, cmp: Loop['cmp'], limit: Bound, step: number): Omit<Loop, 'body'> => ({
    kind: 'for',
    v: name,
    init,
    cmp,
    limit,
    step,
  });
  switch (style) {
    case 'plain':
      return {
        loop: loop(affBound(cst(0)), '<', affBound(E), 1),
        sub: asub(v(name)),
        idx: v(name),
      };
    case 'down':
      return {
        loop: loop(affBound(plus(E, -1)), '>=', affBound(cst(0)), -1),
        sub: asub(v(name)),
        idx: v(name),
      };
    case 'offset': {
      const c = ctx.rng.int(1, 3);
      const le = ctx.rng.chance(0.5);
      const limit = le ? affBound(plus(E, c - 1)) : affBound(plus(E, c));
      return {
        loop: loop(affBound(cst(c)), le ? '<=' : '<', limit, 1),
        sub: asub(v(name, 1, -c)),
        idx: v(name, 1, -c),
      };
    }
    case 'stride': {
      const s = ctx.rng.chance(0.7) ? 2 : 3;
      return { loop: loop(affBound(cst(0)), '<', affBound(scale(E, s)), s), sub: asub(v(name), s) };
    }
    case 'down-stride':
      return {
        loop: loop(affBound(plus(scale(E, 2), -2)), '>=', affBound(cst(0)), -2),
        sub: asub(v(name), 2),
      };
    case 'min': {
      // MIN(E, E + k): a min bound that is exactly E.
      const other = plus(E, ctx.rng.int(1, 3));
      const b = ctx.rng.chance(0.5) ? minBound(ctx, E, other) : minBound(ctx, other, E);
      // Sometimes also a lower bound MAX(0, X - 16) that is exactly 0 (parameters stay below 16).
      const x = ctx.rng.pick(ctx.params);
      const init: Bound = ctx.rng.chance(0.4)
        ? minBound(ctx, cst(0), v(x.name, 1, -16), 'max')
        : affBound(cst(0));
      return { loop: loop(init, '<', b, 1), sub: asub(v(name)), idx: v(name) };
    }
  }
}

/** `for (int v = 0; v < E; v += 1)`, the most common loop of the patterns. */
const upTo = (v: string, E: Aff): Omit<Loop, 'body'> => ({
  kind: 'for',
  v,
  init: affBound(cst(0)),
  cmp: '<',
  limit: affBound(E),
  step: 1,
});

function nest(loops: Omit<Loop, 'body'>[], body: Stmt[], tags?: string[]): Stmt {
  let inner: Stmt[] = body;
  for (let k = loops.length - 1; k >= 0; k--) inner = [{ ...loops[k], body: inner }];
  const top = inner[0];
  if (tags) top.tags = [...(top.tags ?? []), ...tags];
  return top;
}

/** Loops over the whole domain of `t`, in a random dimension order; subs in dimension order. */
function domainNest(
  ctx: PatternContext,
  t: TempDecl,
  opts: { transpose?: boolean; styles?: Style[]; firstVar?: number } = {},
): { loops: Omit<Loop, 'body'>[]; subs: Sub[]; vars: string[]; order: number[] } {
  const dims = t.extents.length;
  let order = Array.from({ length: dims }, (_, d) => d);
  if (opts.transpose && dims > 1)
    while (order.every((d, k) => d === k)) order = ctx.rng.shuffle(order);
  const loops: Omit<Loop, 'body'>[] = [];
  const subs: Sub[] = new Array(dims);
  const vars: string[] = [];
  order.forEach((d, k) => {
    const name = VARS[(opts.firstVar ?? 0) + k];
    const en = enumerate(ctx, name, t.extents[d], opts.styles?.[k] ?? pickStyle(ctx));
    loops.push(en.loop);
    subs[d] = en.sub;
    vars.push(name);
  });
  return { loops, subs, vars, order };
}

// ---- values ---------------------------------------------------------------

/** `in[...]` indexed by a sum of at most two loop counters plus a small constant. */
function inRead(ctx: PatternContext, vars: string[]): VExpr {
  const used = ctx.rng.shuffle(vars).slice(0, ctx.rng.int(0, Math.min(2, vars.length)));
  const t: Record<string, number> = {};
  for (const n of used) t[n] = 1;
  return { kind: 'in', idx: aff(ctx.rng.int(0, 3), t) };
}

/** A random unsigned combination of the given sources, input reads, counters, constants. */
function mix(ctx: PatternContext, sources: VExpr[], vars: string[]): VExpr {
  const items = ctx.rng.shuffle(sources);
  if (items.length === 0 || ctx.rng.chance(0.5)) items.push(inRead(ctx, vars));
  if (vars.length && ctx.rng.chance(0.3)) items.push({ kind: 'var', v: ctx.rng.pick(vars) });
  if (ctx.rng.chance(0.2)) items.push({ kind: 'const', n: ctx.rng.int(1, 97) });
  let e = items[0];
  for (const x of items.slice(1)) {
    const op = ctx.rng.pick(['+', '+', '^', '*', '-', '|', '&'] as const);
    e = { kind: 'bin', op, a: e, b: x };
  }
  if (ctx.rng.chance(0.2)) e = { kind: 'shr', a: e, k: ctx.rng.int(1, 7) };
  // eslint-disable-next-line no-dupe-else-if -- a second draw of the random generator
  else if (ctx.rng.chance(0.2))
    e = { kind: 'bin', op: '*', a: e, b: { kind: 'const', n: ctx.rng.pick([3, 5, 7, 31]) } };
  return e;
}

const read = (ref: TempRef): VExpr => ({ kind: 'temp', ref });

/** `out[...] += value` indexed by at most two counters. */
function emitOut(ctx: PatternContext, vars: string[], value: VExpr): Stmt {
  const used = ctx.rng.shuffle(vars).slice(0, Math.min(2, vars.length));
  const t: Record<string, number> = {};
  for (const n of used) t[n] = 1;
  return {
    kind: 'assign',
    lhs: { kind: 'out', idx: aff(ctx.rng.int(0, 4), t) },
    op: ctx.rng.pick(['+=', '^=', '+='] as const),
    rhs: value,
  };
}

const assignTemp = (ref: TempRef, rhs: VExpr, op: '=' | '+=' | '^=' = '='): Stmt => ({
  kind: 'assign',
  lhs: { kind: 'temp', ref },
  op,
  rhs,
});

const affCond = (lhs: Aff, op: '<' | '<=' | '>' | '>=' | '==', rhs: Aff): Cond => ({
  kind: 'aff',
  lhs,
  op,
  rhs,
});

function dataCond(ctx: PatternContext, vars: string[]): Cond {
  const idx = inRead(ctx, vars) as { kind: 'in'; idx: Aff };
  return { kind: 'data', idx: idx.idx, mask: ctx.rng.pick([1, 2, 4, 3]) };
}

// ---- consumers of a fully written temporary -------------------------------

/** A nest reading a fully written temporary in one of several shapes. */
function consumer(ctx: PatternContext, t: TempDecl): { stmt: Stmt; tags: string[] } {
  const dims = t.extents.length;
  const rng = ctx.rng;
  const kinds = ['shift', 'guarded', 'transpose', 'reverse', 'update'];
  if (dims >= 2) kinds.push('triangular');
  if (ctx.data) kinds.push('non-affine', 'data-if');
  const kind = rng.pick(kinds);
  const styles = Array.from({ length: dims }, () =>
    kind === 'reverse' ? 'down' : pickStyle(ctx),
  ) as Style[];
  const dn = domainNest(ctx, t, { transpose: kind === 'transpose', styles });
  const here = tref(t.name, dn.subs);
  switch (kind) {
    case 'shift': {
      // Stencil along one dimension: t[x - 1], t[x], t[x + 1] over the interior.
      const d = rng.int(0, dims - 1);
      const k = dn.order.indexOf(d);
      const name = dn.vars[k];
      const E = t.extents[d];
      const lo = rng.int(0, 1);
      const hi = rng.int(0, 2);
      dn.loops[k] = {
        kind: 'for',
        v: name,
        init: affBound(cst(lo)),
        cmp: '<',
        limit: affBound(plus(E, -hi)),
        step: 1,
      };
      const at = (s: number) =>
        tref(
          t.name,
          dn.subs.map((x, e) => (e === d ? asub(v(name, 1, s)) : x)),
        );
      const srcs = [read(at(0))];
      if (lo) srcs.push(read(at(-lo)));
      if (hi) srcs.push(read(at(hi)));
      return {
        stmt: nest(dn.loops, [emitOut(ctx, dn.vars, mix(ctx, srcs, dn.vars))]),
        tags: ['stencil', 'offset'],
      };
    }
    case 'guarded': {
      // Reads the previous cell along one dimension under an affine guard.
      const d = rng.int(0, dims - 1);
      const k = dn.order.indexOf(d);
      const name = dn.vars[k];
      dn.loops[k] = upTo(name, t.extents[d]);
      const at = (shift: number) =>
        tref(
          t.name,
          dn.subs.map((x, e) => (e === d ? asub(v(name, 1, shift)) : x)),
        );
      // `name > 0` and `name >= 1` are both exact guards for the read of name - 1.
      const guard = rng.chance(0.5)
        ? affCond(v(name), '>=', cst(1))
        : affCond(v(name), '>', cst(0));
      const body: Stmt[] = [
        emitOut(ctx, dn.vars, mix(ctx, [read(at(0))], dn.vars)),
        {
          kind: 'if',
          conds: [guard],
          then: [emitOut(ctx, dn.vars, mix(ctx, [read(at(-1))], dn.vars))],
        },
      ];
      return { stmt: nest(dn.loops, body), tags: ['affine-if'] };
    }
    case 'transpose':
    case 'reverse':
      return {
        stmt: nest(dn.loops, [emitOut(ctx, dn.vars, mix(ctx, [read(here)], dn.vars))]),
        tags: kind === 'transpose' ? ['transpose'] : ['decreasing'],
      };
    case 'update': {
      // Read-modify-write of every cell, then nothing: the last writes are dead.
      const body = [
        assignTemp(here, mix(ctx, [], dn.vars), rng.pick(['+=', '^='] as const)),
        emitOut(ctx, dn.vars, read(here)),
      ];
      return { stmt: nest(dn.loops, body), tags: ['accumulation'] };
    }
    case 'triangular': {
      // Lower triangle of the first two dimensions: j < MIN(i + 1, E1).
      const loops: Omit<Loop, 'body'>[] = [
        upTo('i', t.extents[0]),
        {
          kind: 'for',
          v: 'j',
          init: affBound(cst(0)),
          cmp: '<',
          limit: minBound(ctx, v('i', 1, 1), t.extents[1]),
          step: 1,
        },
      ];
      const subs: Sub[] = [asub(v('i')), asub(v('j'))];
      const vars = ['i', 'j'];
      if (dims === 3) {
        loops.push({
          kind: 'for',
          v: 'k',
          init: affBound(plus(t.extents[2], -1)),
          cmp: '>=',
          limit: affBound(cst(0)),
          step: -1,
        });
        subs.push(asub(v('k')));
        vars.push('k');
      }
      return {
        stmt: nest(loops, [emitOut(ctx, vars, mix(ctx, [read(tref(t.name, subs))], vars))]),
        tags: ['triangular', 'minmax'],
      };
    }
    case 'non-affine': {
      // t[..][in[e] % E][..]: in bounds for any input, reads the whole dimension.
      const d = rng.int(0, dims - 1);
      const idx = (inRead(ctx, dn.vars) as { kind: 'in'; idx: Aff }).idx;
      const subs = dn.subs.map((x, e) => (e === d ? ({ kind: 'data', idx } as Sub) : x));
      return {
        stmt: nest(dn.loops, [
          emitOut(ctx, dn.vars, mix(ctx, [read(tref(t.name, subs))], dn.vars)),
        ]),
        tags: ['non-affine-subscript'],
      };
    }
    default: {
      // data-if
      const body: Stmt[] = [
        {
          kind: 'if',
          conds: [dataCond(ctx, dn.vars)],
          then: [emitOut(ctx, dn.vars, mix(ctx, [read(here)], dn.vars))],
        },
      ];
      return { stmt: nest(dn.loops, body), tags: ['data-dependent-if'] };
    }
  }
}

// ---- patterns -------------------------------------------------------------

/** Initialisation nest writing every cell, then 1-2 later consumers. */
const initThenConsume: Pattern = (ctx) => {
  const t = ctx.newTemp(pickExtents(ctx, ctx.rng.int(1, 3)));
  const dn = domainNest(ctx, t, { transpose: ctx.rng.chance(0.3) });
  const here = tref(t.name, dn.subs);
  let body: Stmt[] = [assignTemp(here, mix(ctx, [], dn.vars))];
  const tags = ['init-nest', 'sequence'];
  if (dn.vars.length >= 2 && ctx.rng.chance(0.3)) {
    // Affine if/else that writes the cell on both sides.
    body = [
      {
        kind: 'if',
        conds: [affCond(v(dn.vars[0]), ctx.rng.pick(['<', '>=', '=='] as const), v(dn.vars[1]))],
        then: [assignTemp(here, mix(ctx, [], dn.vars))],
        else: [assignTemp(here, mix(ctx, [], dn.vars))],
      },
    ];
    tags.push('affine-if');
  } else if (ctx.data && ctx.rng.chance(0.3)) {
    body = [
      {
        kind: 'if',
        conds: [dataCond(ctx, dn.vars)],
        then: [assignTemp(here, mix(ctx, [], dn.vars))],
        else: [assignTemp(here, mix(ctx, [], dn.vars))],
      },
    ];
    tags.push('data-dependent-if');
  } else if (ctx.data && ctx.rng.chance(0.2)) {
    body = [
      assignTemp(here, {
        kind: 'sel',
        cond: dataCond(ctx, dn.vars),
        a: mix(ctx, [], dn.vars),
        b: mix(ctx, [], dn.vars),
      }),
    ];
    tags.push('data-dependent-select');
  }
  if (dn.order.some((d, k) => d !== k)) tags.push('transpose');
  const init = ctx.newPhase(nest(dn.loops, body, tags));
  ctx.full.push({ decl: t, phase: init.id });
  const phases = [init];
  for (let n = ctx.rng.int(1, 2); n > 0; n--) {
    const c = consumer(ctx, t);
    phases.push(ctx.newPhase(tagged(c.stmt, c.tags), [phases[phases.length - 1].id]));
  }
  return phases;
};

function tagged(s: Stmt, tags: string[]): Stmt {
  s.tags = [...(s.tags ?? []), ...tags];
  return s;
}

/** Producer and consumer fused in one nest, optionally with a sliding window. */
const fusedProducerConsumer: Pattern = (ctx) => {
  const dims = ctx.rng.int(1, 2);
  const t = ctx.newTemp(pickExtents(ctx, dims));
  const up = ctx.rng.chance(0.7);
  const dn = domainNest(ctx, t, {
    styles: Array.from({ length: dims }, () => (up ? 'plain' : 'down')),
  });
  const here = tref(t.name, dn.subs);
  const tags = ['fusion', 'producer-consumer'];
  const body: Stmt[] = [
    assignTemp(here, mix(ctx, [], dn.vars)),
    emitOut(ctx, dn.vars, mix(ctx, [read(here)], dn.vars)),
  ];
  if (ctx.rng.chance(0.6)) {
    // Sliding window along the innermost loop: the neighbour written one iteration ago.
    const last = dn.vars.length - 1;
    const d = dn.order[last];
    const name = dn.vars[last];
    const prev = tref(
      t.name,
      dn.subs.map((x, e) => (e === d ? asub(v(name, 1, up ? -1 : 1)) : x)),
    );
    const cond = up
      ? affCond(v(name), '>=', cst(1))
      : affCond(v(name), '<', plus(t.extents[d], -1));
    body.push({
      kind: 'if',
      conds: [cond],
      then: [emitOut(ctx, dn.vars, mix(ctx, [read(prev), read(here)], dn.vars))],
    });
    tags.push('sliding-window', 'affine-if');
  }
  if (!up) tags.push('decreasing');
  return [ctx.newPhase(nest(dn.loops, body, tags))];
};

/** Prefix recurrence: peeled first cell, then t[i] = f(t[i - 1]). */
const recurrence: Pattern = (ctx) => {
  const t = ctx.newTemp(pickExtents(ctx, 1));
  const E = t.extents[0];
  const first = assignTemp(tref(t.name, [asub(cst(0))]), mix(ctx, [], []));
  const loop = nest(
    [{ kind: 'for', v: 'i', init: affBound(cst(1)), cmp: '<', limit: affBound(E), step: 1 }],
    [
      assignTemp(
        tref(t.name, [asub(v('i'))]),
        mix(ctx, [read(tref(t.name, [asub(v('i', 1, -1))]))], ['i']),
      ),
    ],
  );
  const p0 = ctx.newPhase(tagged(first, ['recurrence', 'peeled']));
  const p1 = ctx.newPhase(tagged(loop, ['recurrence']), [p0.id]);
  ctx.full.push({ decl: t, phase: p1.id });
  const c = consumer(ctx, t);
  return [p0, p1, ctx.newPhase(tagged(c.stmt, c.tags), [p1.id])];
};

/** Rows produced by the outer loop, consumed one or two rows later. */
const lineBuffer: Pattern = (ctx) => {
  const t = ctx.newTemp([pickParam(ctx), pickParam(ctx)]);
  const [R, C] = t.extents;
  const lag = ctx.rng.int(1, 2);
  const produce = nest(
    [{ kind: 'for', v: 'j', init: affBound(cst(0)), cmp: '<', limit: affBound(C), step: 1 }],
    [assignTemp(tref(t.name, [asub(v('i')), asub(v('j'))]), mix(ctx, [], ['i', 'j']))],
  );
  const colShift = ctx.rng.chance(0.5) ? 1 : 0;
  const consume = nest(
    [{ kind: 'for', v: 'j', init: affBound(cst(colShift)), cmp: '<', limit: affBound(C), step: 1 }],
    [
      emitOut(
        ctx,
        ['i', 'j'],
        mix(
          ctx,
          [
            read(tref(t.name, [asub(v('i', 1, -lag)), asub(v('j', 1, -colShift))])),
            read(tref(t.name, [asub(v('i')), asub(v('j'))])),
          ],
          ['i', 'j'],
        ),
      ),
    ],
  );
  const outer = nest(
    [{ kind: 'for', v: 'i', init: affBound(cst(0)), cmp: '<', limit: affBound(R), step: 1 }],
    [produce, { kind: 'if', conds: [affCond(v('i'), '>=', cst(lag))], then: [consume] }],
    ['line-buffer', 'affine-if', 'fusion'],
  );
  return [ctx.newPhase(outer)];
};

/** Time-expanded stencil t[T][E]: row k from row k - 1; rectangular or triangular. */
const timeStencil: Pattern = (ctx) => {
  const E = pickParam(ctx);
  const T = pickParam(ctx, 8);
  const t = ctx.newTemp([T, E]);
  const at = (k: Aff, i: Aff) => tref(t.name, [asub(k), asub(i)]);
  const init = ctx.newPhase(
    nest(
      [{ kind: 'for', v: 'i', init: affBound(cst(0)), cmp: '<', limit: affBound(E), step: 1 }],
      [assignTemp(at(cst(0), v('i')), mix(ctx, [], ['i']))],
      ['time-stencil'],
    ),
  );
  const k = v('k');
  const km = v('k', 1, -1);
  let steps: Stmt;
  let finalLo: Aff = cst(0);
  if (ctx.rng.chance(0.5) && paramValue(ctx, T) <= paramValue(ctx, E)) {
    // Triangular: row k covers [k, E) and reads [k - 1, E) of row k - 1.
    steps = nest(
      [
        { kind: 'for', v: 'k', init: affBound(cst(1)), cmp: '<', limit: affBound(T), step: 1 },
        { kind: 'for', v: 'i', init: affBound(k), cmp: '<', limit: affBound(E), step: 1 },
      ],
      [
        assignTemp(
          at(k, v('i')),
          mix(ctx, [read(at(km, v('i', 1, -1))), read(at(km, v('i')))], ['k', 'i']),
        ),
      ],
      ['time-stencil', 'triangular'],
    );
    finalLo = plus(T, -1);
  } else {
    steps = nest(
      [{ kind: 'for', v: 'k', init: affBound(cst(1)), cmp: '<', limit: affBound(T), step: 1 }],
      [
        assignTemp(at(k, cst(0)), mix(ctx, [read(at(km, cst(0)))], ['k'])),
        assignTemp(at(k, plus(E, -1)), mix(ctx, [read(at(km, plus(E, -1)))], ['k'])),
        {
          kind: 'for',
          v: 'i',
          init: affBound(cst(1)),
          cmp: '<',
          limit: affBound(plus(E, -1)),
          step: 1,
          body: [
            assignTemp(
              at(k, v('i')),
              mix(
                ctx,
                [read(at(km, v('i', 1, -1))), read(at(km, v('i'))), read(at(km, v('i', 1, 1)))],
                ['k', 'i'],
              ),
            ),
          ],
        },
      ],
      ['time-stencil'],
    );
  }
  const p1 = ctx.newPhase(steps, [init.id]);
  const fin = ctx.newPhase(
    nest(
      [{ kind: 'for', v: 'i', init: affBound(finalLo), cmp: '<', limit: affBound(E), step: 1 }],
      [emitOut(ctx, ['i'], read(at(plus(T, -1), v('i'))))],
      ['time-stencil'],
    ),
    [p1.id],
  );
  return [init, p1, fin];
};

/** Accumulators: a row reset per outer iteration, or a matrix-product-like c[i][j] (+ depth 4). */
const accumulator: Pattern = (ctx) => {
  const kind = ctx.rng.int(0, 2);
  if (kind === 0) {
    const t = ctx.newTemp([pickParam(ctx)]);
    const F = pickParam(ctx);
    const acc = tref(t.name, [asub(v('i'))]);
    const s = nest(
      [upTo('i', t.extents[0])],
      [
        assignTemp(acc, ctx.rng.chance(0.5) ? { kind: 'const', n: 0 } : mix(ctx, [], ['i'])),
        {
          kind: 'for',
          v: 'j',
          init: affBound(cst(0)),
          cmp: '<',
          limit: affBound(F),
          step: 1,
          body: [assignTemp(acc, mix(ctx, [], ['i', 'j']), '+=')],
        },
        emitOut(ctx, ['i'], read(acc)),
      ],
      ['accumulator-row', 'accumulation', 'fusion'],
    );
    return [ctx.newPhase(s)];
  }
  const deep = kind === 2;
  const dims = deep ? 3 : 2;
  const t = ctx.newTemp(pickExtents(ctx, dims));
  const dn = domainNest(ctx, t, {
    styles: Array.from({ length: dims }, () => pickStyle(ctx, false)),
  });
  const K = pickParam(ctx, 6);
  const red = VARS[dims];
  const here = tref(t.name, dn.subs);
  const s = nest(
    dn.loops,
    [
      assignTemp(here, { kind: 'const', n: ctx.rng.int(0, 3) }),
      {
        kind: 'for',
        v: red,
        init: affBound(cst(0)),
        cmp: '<',
        limit: affBound(K),
        step: 1,
        body: [assignTemp(here, mix(ctx, [inRead(ctx, [red])], [...dn.vars, red]), '+=')],
      },
    ],
    ['accumulation', deep ? 'depth-4' : 'depth-3'],
  );
  const p = ctx.newPhase(s);
  ctx.full.push({ decl: t, phase: p.id });
  const c = consumer(ctx, t);
  return [p, ctx.newPhase(tagged(c.stmt, c.tags), [p.id])];
};

/** Lower (or upper) triangle written and read, in transposed loop order for the read. */
const triangular: Pattern = (ctx) => {
  const E = pickParam(ctx);
  const t = ctx.newTemp([E, E]);
  const lower = ctx.rng.chance(0.5);
  const at = tref(t.name, [asub(v('i')), asub(v('j'))]);
  const write = nest(
    [
      ctx.rng.chance(0.5)
        ? { kind: 'for', v: 'i', init: affBound(cst(0)), cmp: '<', limit: affBound(E), step: 1 }
        : {
            kind: 'for',
            v: 'i',
            init: affBound(plus(E, -1)),
            cmp: '>=',
            limit: affBound(cst(0)),
            step: -1,
          },
      lower
        ? {
            kind: 'for',
            v: 'j',
            init: affBound(cst(0)),
            cmp: '<=',
            limit: affBound(v('i')),
            step: 1,
          }
        : { kind: 'for', v: 'j', init: affBound(v('i')), cmp: '<', limit: affBound(E), step: 1 },
    ],
    [assignTemp(at, mix(ctx, [], ['i', 'j']))],
    ['triangular'],
  );
  // Read column by column: for j, i over the rows holding column j.
  const readLoops: Omit<Loop, 'body'>[] = [
    { kind: 'for', v: 'j', init: affBound(cst(0)), cmp: '<', limit: affBound(E), step: 1 },
    lower
      ? { kind: 'for', v: 'i', init: affBound(v('j')), cmp: '<', limit: affBound(E), step: 1 }
      : {
          kind: 'for',
          v: 'i',
          init: affBound(v('j')),
          cmp: '>=',
          limit: affBound(cst(0)),
          step: -1,
        },
  ];
  const p0 = ctx.newPhase(write);
  const p1 = ctx.newPhase(
    nest(
      readLoops,
      [emitOut(ctx, ['i', 'j'], mix(ctx, [read(at)], ['i', 'j']))],
      ['triangular', 'transpose'],
    ),
    [p0.id],
  );
  return [p0, p1];
};

/** 1-D temporary of size N + M - 1 written and read through i + j, or a skewed 2-D nest. */
const skew: Pattern = (ctx) => {
  const A = pickParam(ctx);
  const B = pickParam(ctx);
  if (ctx.rng.chance(0.5)) {
    const t = ctx.newTemp([plus(add(A, B), -1)]);
    const at = tref(t.name, [asub(aff(0, { i: 1, j: 1 }))]);
    const loops: Omit<Loop, 'body'>[] = [
      { kind: 'for', v: 'i', init: affBound(cst(0)), cmp: '<', limit: affBound(A), step: 1 },
      { kind: 'for', v: 'j', init: affBound(cst(0)), cmp: '<', limit: affBound(B), step: 1 },
    ];
    const p0 = ctx.newPhase(nest(loops, [assignTemp(at, mix(ctx, [], ['i', 'j']))], ['skew']));
    const p1 = ctx.newPhase(
      nest(loops, [emitOut(ctx, ['i', 'j'], mix(ctx, [read(at)], ['i', 'j']))], ['skew']),
      [p0.id],
    );
    ctx.full.push({ decl: t, phase: p0.id });
    return [p0, p1];
  }
  const t = ctx.newTemp([A, B]);
  const loops: Omit<Loop, 'body'>[] = [
    { kind: 'for', v: 'i', init: affBound(cst(0)), cmp: '<', limit: affBound(A), step: 1 },
    {
      kind: 'for',
      v: 'j',
      init: affBound(v('i')),
      cmp: '<',
      limit: affBound(add(v('i'), B)),
      step: 1,
    },
  ];
  const at = tref(t.name, [asub(v('i')), asub(aff(0, { j: 1, i: -1 }))]);
  const p0 = ctx.newPhase(nest(loops, [assignTemp(at, mix(ctx, [], ['i', 'j']))], ['skew']));
  ctx.full.push({ decl: t, phase: p0.id });
  const c = consumer(ctx, t);
  return [p0, ctx.newPhase(tagged(c.stmt, c.tags), [p0.id])];
};

/** Histogram: zeroed bins, data-dependent increments, read back. */
const histogram: Pattern = (ctx) => {
  const t = ctx.newTemp([pickParam(ctx)]);
  const B = t.extents[0];
  const bin = tref(t.name, [asub(v('b'))]);
  const p0 = ctx.newPhase(
    nest(
      [{ kind: 'for', v: 'b', init: affBound(cst(0)), cmp: '<', limit: affBound(B), step: 1 }],
      [assignTemp(bin, { kind: 'const', n: 0 })],
      ['init-nest'],
    ),
  );
  const F = pickParam(ctx);
  const p1 = ctx.newPhase(
    nest(
      [{ kind: 'for', v: 'i', init: affBound(cst(0)), cmp: '<', limit: affBound(F), step: 1 }],
      [
        assignTemp(
          tref(t.name, [{ kind: 'data', idx: v('i', 1, ctx.rng.int(0, 3)) }]),
          mix(ctx, [], ['i']),
          '+=',
        ),
      ],
      ['non-affine-subscript', 'histogram', 'accumulation'],
    ),
    [p0.id],
  );
  const p2 = ctx.newPhase(
    nest(
      [{ kind: 'for', v: 'b', init: affBound(cst(0)), cmp: '<', limit: affBound(B), step: 1 }],
      [emitOut(ctx, ['b'], read(bin))],
    ),
    [p1.id],
  );
  return [p0, p1, p2];
};

/** A temporary computed from another fully written one (possibly transposed). */
const chain: Pattern = (ctx) => {
  if (ctx.full.length === 0) return initThenConsume(ctx);
  const src = ctx.rng.pick(ctx.full);
  const dims = src.decl.extents.length;
  let perm = Array.from({ length: dims }, (_, d) => d);
  if (dims > 1 && ctx.rng.chance(0.6)) perm = ctx.rng.shuffle(perm);
  const t = ctx.newTemp(perm.map((d) => src.decl.extents[d]));
  const dn = domainNest(ctx, t, { styles: Array.from({ length: dims }, () => pickStyle(ctx)) });
  // t[x0][x1] = src[x_perm^-1 ...]: cell x of t reads the source cell at the permuted position.
  const srcSubs: Sub[] = new Array(dims);
  perm.forEach((d, k) => (srcSubs[d] = dn.subs[k]));
  const here = tref(t.name, dn.subs);
  const p0 = ctx.newPhase(
    nest(
      dn.loops,
      [assignTemp(here, mix(ctx, [read(tref(src.decl.name, srcSubs))], dn.vars))],
      perm.some((d, k) => d !== k) ? ['chain', 'transpose'] : ['chain'],
    ),
    [src.phase],
  );
  ctx.full.push({ decl: t, phase: p0.id });
  const c = consumer(ctx, t);
  return [p0, ctx.newPhase(tagged(c.stmt, c.tags), [p0.id])];
};

export const PATTERNS: Record<string, Pattern> = {
  initThenConsume,
  fusedProducerConsumer,
  recurrence,
  lineBuffer,
  timeStencil,
  accumulator,
  triangular,
  skew,
  histogram,
  chain,
};

/** Wrap a phase in an outer repetition loop (deeper nests, repeated lifetimes). */
export function repeat(ctx: PatternContext, s: Stmt): Stmt {
  if (s.kind !== 'for') return s;
  return {
    kind: 'for',
    v: 'r',
    init: affBound(cst(0)),
    cmp: '<',
    limit: affBound(cst(2)),
    step: 1,
    body: [s],
    tags: ['repeat'],
  };
}
