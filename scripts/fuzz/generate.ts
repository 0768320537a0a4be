/**
 * Random static-control kernels for differential fuzzing of beeclak (issue 8).
 *
 * `generateKernel(seed)` is a pure function of its seed and options: same seed, same
 * program text. Guarantees, by construction and proved on every program by
 * validate.ts before it is returned:
 *  - every read of a temporary reads a cell definitely written earlier in the run,
 *    whatever the input values;
 *  - every subscript (temporaries, `in`, `out`) is within its declared bounds;
 *  - no undefined behaviour: computed values are `unsigned` (wrapping), loop counters
 *    are small `int`s, no division except of non-negative counters by constant strides,
 *    `%` only by positive extents, shifts only by constants in [1, 7];
 *  - deterministic: `main` fills `in` from a fixed LCG and prints `checksum %u`.
 */
import {
  affBound,
  cst,
  type Cond,
  type Param,
  type Program,
  type Stmt,
  type TempDecl,
  type TempRef,
  type VExpr,
} from './ir.js';
import { PATTERNS, repeat, type Phase, type PatternContext } from './patterns.js';
import { programFeatures } from './features.js';
import { Rng } from './random.js';
import { renderAff, renderFiles, renderProgram, UNITY_INCLUDED } from './render.js';
import { validateProgram } from './validate.js';
import { type FormProbabilities, addForms } from './forms.js';
import { type CallProbabilities, DEFAULT_CALL_FORMS, addCalls, validateCalls } from './calls.js';

export interface GenerateOptions {
  /** Upper bound on the number of temporaries (1-4). */
  maxTemps?: number;
  /** Probability that the kernel takes VLA sizes from its arguments. */
  vlaProbability?: number;
  /** Probability of data-dependent branches and non-affine subscripts. */
  dataProbability?: number;
  /** Reject programs executing more assignment instances than this. */
  maxInstances?: number;
  /**
   * Probability that an assignment is joined to the next one of its block by the comma
   * operator (`t[i + 1] = x, out[i] += t[i];`). Default 0: the programs of a seed do not
   * change; drawn from a separate stream, so the joined program is the same IR.
   */
  commaProbability?: number;
  /**
   * Probability that a reference of a temporary is made conditional without changing what
   * it computes: a read `r` becomes `(c ? r : r)`, a subscript `e` becomes `(c ? e : e)`,
   * with `c` an affine comparison of a loop counter. Exercises the exact modelling of `?:`
   * (each branch an access under its own guard). Default 0; a separate stream, same IR.
   */
  selectProbability?: number;
  /**
   * Probability that a temporary of two or more dimensions is written as hand-linearized C
   * (TempDecl.linear): same cells, same program text otherwise. Default 0; a separate stream.
   */
  linearProbability?: number;
  /**
   * Probabilities of the C forms of forms.ts (casts, narrow and unsigned counters, labels,
   * while loops, induction scalars, shadowing declarations). Default none; a separate
   * stream, same IR.
   */
  forms?: Partial<FormProbabilities>;
  /**
   * Probability of an outer loop `for (int f = 0; f < F; f++)` (F in 2..4) around the whole
   * body or a run of its top-level statements (issue 14): time steps, frames, row sweeps,
   * buffers reinitialised in each iteration. Every temporary it contains is rewritten in
   * each iteration and the frame number enters the values written (`... + f`), so that a
   * read served by the previous frame's value prints another checksum. Cell-based
   * lifetimes span all iterations; value-based ones are where the savings come from.
   * Default 0; a separate stream, the program is otherwise the same IR.
   */
  outerProbability?: number;
  /**
   * Whole programs with temporaries across calls (calls.ts): `calls` is the probability
   * that the kernel becomes a static function called by callers that pass their buffers,
   * the others are the probabilities of its forms (DEFAULT_CALL_FORMS where not given).
   * Default none; a separate stream.
   */
  calls?: Partial<CallProbabilities>;
}

export interface GeneratedTemporary {
  name: string;
  dims: number;
  /** C text of each extent (`N`, `n`, `N + M - 1`). */
  extents: string[];
}

export interface GeneratedKernel {
  seed: number;
  /** The complete C99 program (a unity build: the file that is compiled). */
  source: string;
  /**
   * Other files of the program, by name, beside `source` (a unity build: kern.c, which
   * `source` includes). Absent for one-file programs.
   */
  files?: Record<string, string>;
  /** The same program with read-after-write and per-dimension bounds assertions. */
  instrumented: string;
  temporaries: GeneratedTemporary[];
  /** Every object-like macro of the program and its value. */
  defines: Record<string, number>;
  /** Values `main` passes for the `int` size arguments of `kernel` (VLA sizes). */
  args: Record<string, number>;
  features: string[];
  /** Assignment instances the kernel executes (data-dependent branches counted as taken). */
  instances: number;
  /** The IR the text was rendered from (for reduce.ts). */
  program: Program;
}

const DEFAULTS: Required<GenerateOptions> = {
  maxTemps: 4,
  vlaProbability: 0.25,
  dataProbability: 0.35,
  maxInstances: 4000,
  commaProbability: 0,
  selectProbability: 0,
  linearProbability: 0,
  forms: {},
  outerProbability: 0,
  calls: {},
};
const MAX_ATTEMPTS = 60;

export function generateKernel(seed: number, options: GenerateOptions = {}): GeneratedKernel {
  const opts = { ...DEFAULTS, ...options };
  let lastError = '';
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const rng = new Rng((seed >>> 0) ^ Math.imul(attempt, 0x2545f491));
    const program = buildProgram(rng, seed, opts);
    const val = validateProgram(program);
    if (!val.ok) {
      lastError = val.error ?? '';
      continue;
    }
    if (val.instances > opts.maxInstances || program.temps.some((t) => val.reads[t.name] === 0))
      continue;
    if (opts.outerProbability > 0) {
      const rng = new Rng((seed >>> 0) ^ 0x9b05688c);
      if (rng.chance(opts.outerProbability)) addOuterLoop(program, rng, opts.maxInstances * 4);
    }
    if (opts.linearProbability > 0) {
      const rng = new Rng((seed >>> 0) ^ 0x510e527f);
      for (const t of program.temps)
        if (t.extents.length >= 2 && rng.chance(opts.linearProbability)) t.linear = true;
    }
    if (opts.calls.calls) {
      const rng = new Rng((seed >>> 0) ^ 0x5be0cd19);
      if (rng.chance(opts.calls.calls))
        addCalls(program, rng, { ...DEFAULT_CALL_FORMS, ...opts.calls });
    }
    if (opts.selectProbability > 0)
      addSelects(program.body, [], new Rng((seed >>> 0) ^ 0x3c6ef372), opts.selectProbability);
    if (opts.commaProbability > 0)
      joinWithCommas(program.body, new Rng((seed >>> 0) ^ 0x6a09e667), opts.commaProbability);
    if (Object.values(opts.forms).some((x) => x))
      addForms(program, new Rng((seed >>> 0) ^ 0x1f83d9ab), opts.forms);
    return finishKernel(program);
  }
  throw new Error(
    `generateKernel(${seed}): no valid program in ${MAX_ATTEMPTS} attempts (last: ${lastError})`,
  );
}

/**
 * Wraps the body, or a run of its top-level statements, in `for (int f = 0; f < F; f++)`
 * and mixes f into the values written to temporaries with `=` (see outerProbability).
 * The validated program reads only cells written earlier in one pass over the run, so
 * every pass does too; kept only when it validates within `maxInstances`.
 */
function addOuterLoop(p: Program, rng: Rng, maxInstances: number) {
  const n = p.body.length;
  const [from, to] = rng.chance(0.5) || n < 2 ? [0, n] : runOf(rng, n);
  const inner = p.body.slice(from, to);
  const mix = (ss: Stmt[]) => {
    for (const s of ss) {
      if (s.kind === 'assign') {
        if (s.lhs.kind === 'temp' && s.op === '=' && rng.chance(0.8))
          s.rhs = { kind: 'bin', op: '+', a: s.rhs, b: { kind: 'var', v: 'f' } };
      } else if (s.kind === 'for') mix(s.body);
      else {
        mix(s.then);
        mix(s.else ?? []);
      }
    }
  };
  const saved = structuredClone(p.body);
  mix(inner);
  const loop: Stmt = {
    kind: 'for',
    v: 'f',
    init: affBound(cst(0)),
    cmp: '<',
    limit: affBound(cst(rng.int(2, 4))),
    step: 1,
    body: inner,
    tags: ['outer-loop'],
  };
  p.body.splice(from, to - from, loop);
  const val = validateProgram(p);
  if (!val.ok || val.instances > maxInstances) p.body = saved;
}

/** A run [a, b) of at least one of n statements. */
function runOf(rng: Rng, n: number): [number, number] {
  const a = rng.int(0, n - 1);
  return [a, rng.int(a + 1, n)];
}

/** Marks assignments to be rendered joined to the next one (see Assign.seq). */
function joinWithCommas(ss: Stmt[], rng: Rng, p: number) {
  ss.forEach((s, k) => {
    if (s.kind === 'assign') {
      if (ss[k + 1]?.kind === 'assign' && rng.chance(p)) s.seq = true;
    } else if (s.kind === 'for') joinWithCommas(s.body, rng, p);
    else {
      joinWithCommas(s.then, rng, p);
      joinWithCommas(s.else ?? [], rng, p);
    }
  });
}

/** Splits references into `?:` cases that compute the same thing (see selectProbability). */
function addSelects(ss: Stmt[], counters: string[], rng: Rng, p: number) {
  const cond = (): Cond | undefined =>
    counters.length === 0
      ? undefined
      : {
          kind: 'aff',
          lhs: { c: 0, t: { [rng.pick(counters)]: 1 } },
          op: rng.pick(['<', '<=', '>', '>=', '=='] as const),
          rhs: { c: rng.int(0, 3), t: {} },
        };
  const ref = (r: TempRef): TempRef => ({
    name: r.name,
    subs: r.subs.map((s) => {
      const c = s.kind === 'aff' && !s.div && rng.chance(p) ? cond() : undefined;
      return c && s.kind === 'aff' ? { kind: 'sel', cond: c, a: s.e, b: s.e } : s;
    }),
  });
  const value = (e: VExpr): VExpr => {
    switch (e.kind) {
      case 'temp': {
        const r: VExpr = { kind: 'temp', ref: ref(e.ref) };
        const c = rng.chance(p) ? cond() : undefined;
        return c ? { kind: 'sel', cond: c, a: r, b: { kind: 'temp', ref: ref(e.ref) } } : r;
      }
      case 'bin':
        return { ...e, a: value(e.a), b: value(e.b) };
      case 'shr':
        return { ...e, a: value(e.a) };
      case 'sel':
        return { ...e, a: value(e.a), b: value(e.b) };
      default:
        return e;
    }
  };
  for (const s of ss) {
    if (s.kind === 'assign') {
      s.rhs = value(s.rhs);
      if (s.lhs.kind === 'temp') s.lhs = { kind: 'temp', ref: ref(s.lhs.ref) };
    } else if (s.kind === 'for') addSelects(s.body, [...counters, s.v], rng, p);
    else {
      addSelects(s.then, counters, rng, p);
      addSelects(s.else ?? [], counters, rng, p);
    }
  }
}

/** Render and describe a (validated) program. */
export function finishKernel(program: Program): GeneratedKernel {
  const val = validateProgram(program);
  if (!val.ok) throw new Error(`finishKernel: invalid program: ${val.error}`);
  const calls = validateCalls(program);
  if (calls) throw new Error(`finishKernel: invalid calls: ${calls}`);
  const defines: Record<string, number> = {};
  const args: Record<string, number> = {};
  for (const q of program.params)
    if (q.kind !== 'depth') (q.kind === 'define' ? defines : args)[q.name] = q.value;
  const files = renderFiles(program);
  defines.IN_N = program.inLen;
  defines.OUT_N = program.outLen;
  return {
    seed: program.seed,
    source: files.main,
    ...(files.kern ? { files: { [UNITY_INCLUDED]: files.kern } } : {}),
    instrumented: renderProgram(program, { instrument: true }),
    temporaries: program.temps.map((t) => ({
      name: t.name,
      dims: t.extents.length,
      extents: t.extents.map(renderAff),
    })),
    defines,
    args,
    features: programFeatures(program),
    instances: val.instances,
    program,
  };
}

function buildParams(rng: Rng, vlaProbability: number): Param[] {
  const params: Param[] = [
    { name: 'N', value: rng.int(4, 12), kind: 'define' },
    { name: 'M', value: rng.int(2, 10), kind: 'define' },
  ];
  if (rng.chance(0.5)) params.push({ name: 'P', value: rng.int(2, 6), kind: 'define' });
  if (rng.chance(vlaProbability)) {
    params.push({ name: 'n', value: rng.int(2, 10), kind: 'arg' });
    if (rng.chance(0.4)) params.push({ name: 'm', value: rng.int(2, 6), kind: 'arg' });
  }
  return params;
}

function buildProgram(rng: Rng, seed: number, opts: Required<GenerateOptions>): Program {
  const params = buildParams(rng, opts.vlaProbability);
  const temps: TempDecl[] = [];
  const allPhases: Phase[] = [];
  const ctx: PatternContext = {
    rng,
    params,
    data: rng.chance(opts.dataProbability),
    inLen: 128,
    outLen: 128,
    newTemp: (extents) => {
      const t = { name: `t${temps.length}`, extents };
      temps.push(t);
      return t;
    },
    newPhase: (stmt, needs = []) => {
      const p = { id: allPhases.length, stmt, needs };
      allPhases.push(p);
      return p;
    },
    full: [],
  };
  const nTemps = rng.int(1, Math.max(1, Math.min(4, opts.maxTemps)));
  const names = Object.keys(PATTERNS);
  const lists: Phase[][] = [];
  for (let k = 0; k < nTemps; k++) {
    const name = rng.pick(names.filter((n) => n !== 'chain' || ctx.full.length > 0));
    lists.push(PATTERNS[name](ctx));
  }
  // Random interleaving that keeps each pattern's order and every `needs` edge.
  const done = new Set<number>();
  const body: Stmt[] = [];
  const heads = lists.map(() => 0);
  for (;;) {
    const ready = lists
      .map((l, k) => k)
      .filter(
        (k) => heads[k] < lists[k].length && lists[k][heads[k]].needs.every((n) => done.has(n)),
      );
    if (ready.length === 0) break;
    const k = rng.pick(ready);
    const ph = lists[k][heads[k]++];
    done.add(ph.id);
    body.push(nestDepth(ph.stmt) < 4 && rng.chance(0.1) ? repeat(ctx, ph.stmt) : ph.stmt);
  }
  const program: Program = { seed, params, temps, body, inLen: ctx.inLen, outLen: ctx.outLen };
  fuseAdjacentNests(rng, program);
  return program;
}

/** Deepest loop nesting inside `s` (the generator promises depth 1-4). */
export function nestDepth(s: Stmt): number {
  const inner = (ss: Stmt[]) => Math.max(0, ...ss.map(nestDepth));
  if (s.kind === 'for') return 1 + inner(s.body);
  if (s.kind === 'if') return inner([...s.then, ...(s.else ?? [])]);
  return 0;
}

/** Loop header without body and tags, for comparing nests. */
const header = (s: Stmt): string =>
  s.kind === 'for' ? JSON.stringify([s.v, s.init, s.cmp, s.limit, s.step]) : '';

/** Fuse adjacent top-level nests with identical headers when the result stays valid. */
function fuseAdjacentNests(rng: Rng, p: Program) {
  for (let k = 0; k + 1 < p.body.length; k++) {
    const a = p.body[k];
    const b = p.body[k + 1];
    if (a.kind !== 'for' || b.kind !== 'for' || header(a) !== header(b) || !rng.chance(0.7))
      continue;
    const fused: Stmt = {
      ...a,
      body: [...a.body, ...b.body],
      tags: [...new Set([...(a.tags ?? []), ...(b.tags ?? []), 'fused-nests'])],
    };
    const saved = p.body.slice();
    p.body.splice(k, 2, fused);
    if (!validateProgram(p).ok) p.body = saved;
  }
}
