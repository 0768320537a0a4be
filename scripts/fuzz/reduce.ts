/**
 * Test-case reduction on the generator's IR: greedily removes statements, replaces
 * `if`s by a branch, loops by their first iteration, expressions by a sub-expression and
 * shrinks size parameters, keeping a candidate only when it is still a valid fuzz
 * program (validate.ts: read-after-write and bounds), optionally still passes the
 * run-time checker, and the failure predicate still holds.
 */
import { checkKernel } from './check.js';
import { finishKernel, type GeneratedKernel } from './generate.js';
import {
  type Aff,
  type Bound,
  type Cond,
  type Program,
  type Stmt,
  type Sub,
  type TempRef,
  type VExpr,
} from './ir.js';
import { validateProgram } from './validate.js';
import { callCandidates, pruneCalls, validateCalls } from './calls.js';

export interface ReduceOptions {
  /** Also run checkKernel (compile + sanitizers + instrumented run) on each candidate. Default true. */
  checkCandidates?: boolean;
  /** The run-time checker used when checkCandidates is on (default: checkKernel). */
  checker?: (candidate: GeneratedKernel) => Promise<boolean>;
  /** Stop after this many predicate calls. */
  maxTests?: number;
  onProgress?: (message: string) => void;
}

export interface ReduceResult {
  kernel: GeneratedKernel;
  /** Predicate calls made. */
  tests: number;
  /** Accepted reduction steps. */
  steps: number;
}

export async function reduceKernel(
  kernel: GeneratedKernel,
  /** Called with the candidate's C text and the whole candidate (IR included). */
  stillFails: (source: string, candidate: GeneratedKernel) => Promise<boolean>,
  options: ReduceOptions = {},
): Promise<ReduceResult> {
  const checkCandidates = options.checkCandidates ?? true;
  const checker = options.checker ?? (async (k: GeneratedKernel) => (await checkKernel(k)).ok);
  const maxTests = options.maxTests ?? 2000;
  let best = kernel.program;
  let tests = 0;
  let steps = 0;
  let progress = true;
  while (progress && tests < maxTests) {
    progress = false;
    for (const cand of candidates(best)) {
      if (tests >= maxTests) break;
      dropUnusedTemps(cand);
      pruneCalls(cand);
      if (!validateProgram(cand).ok || validateCalls(cand)) continue;
      const k = finishKernel(cand);
      if (checkCandidates && !(await checker(k))) continue;
      tests++;
      if (!(await stillFails(k.source, k))) continue;
      best = cand;
      steps++;
      options.onProgress?.(`reduce: step ${steps}, ${countStmts(best.body)} statements`);
      progress = true;
      break;
    }
  }
  return { kernel: finishKernel(best), tests, steps };
}

// ---- candidates -----------------------------------------------------------

function countStmts(ss: Stmt[]): number {
  let n = 0;
  for (const s of ss) {
    n++;
    if (s.kind === 'for') n += countStmts(s.body);
    else if (s.kind === 'if') n += countStmts(s.then) + countStmts(s.else ?? []);
  }
  return n;
}

/** Every statement list of the program, outermost first. */
function stmtLists(p: Program): Stmt[][] {
  const lists: Stmt[][] = [];
  const walk = (ss: Stmt[]) => {
    lists.push(ss);
    for (const s of ss) {
      if (s.kind === 'for') walk(s.body);
      else if (s.kind === 'if') {
        walk(s.then);
        if (s.else) walk(s.else);
      }
    }
  };
  walk(p.body);
  return lists;
}

/** Candidates in decreasing order of how much they remove; each is a fresh copy. */
function* candidates(p: Program): Generator<Program> {
  // 0. A simpler whole program: fewer callers, plainer forms (calls.ts).
  yield* callCandidates(p);
  const nLists = stmtLists(p).length;
  // 1. Remove one statement (whole nests first, since lists are outermost first).
  for (let l = 0; l < nLists; l++) {
    const len = stmtLists(p)[l].length;
    for (let k = 0; k < len; k++) {
      const c = structuredClone(p);
      stmtLists(c)[l].splice(k, 1);
      yield c;
    }
  }
  // 2. Replace an `if` by one branch; a loop by its first iteration.
  for (let l = 0; l < nLists; l++) {
    const len = stmtLists(p)[l].length;
    for (let k = 0; k < len; k++) {
      const s = stmtLists(p)[l][k];
      if (s.kind === 'if') {
        for (const branch of ['then', 'else'] as const) {
          if (!s[branch]) continue;
          const c = structuredClone(p);
          const list = stmtLists(c)[l];
          const t = list[k] as Extract<Stmt, { kind: 'if' }>;
          list.splice(k, 1, ...(t[branch] ?? []));
          yield c;
        }
        if (s.else) {
          const c = structuredClone(p);
          delete (stmtLists(c)[l][k] as Extract<Stmt, { kind: 'if' }>).else;
          yield c;
        }
      } else if (
        s.kind === 'for' &&
        s.init.kind === 'aff' &&
        Object.keys(s.init.e.t).length === 0
      ) {
        const c = structuredClone(p);
        const list = stmtLists(c)[l];
        const loop = list[k] as Extract<Stmt, { kind: 'for' }>;
        const first = (loop.init as { e: Aff }).e.c;
        list.splice(k, 1, ...loop.body.map((b) => substStmt(b, loop.v, first)));
        yield c;
      }
    }
  }
  // 3. Simplify a right-hand side to one of its operands.
  for (let l = 0; l < nLists; l++) {
    const len = stmtLists(p)[l].length;
    for (let k = 0; k < len; k++) {
      const s = stmtLists(p)[l][k];
      if (s.kind !== 'assign') continue;
      for (const part of operands(s.rhs)) {
        const c = structuredClone(p);
        (stmtLists(c)[l][k] as Extract<Stmt, { kind: 'assign' }>).rhs = structuredClone(part);
        yield c;
      }
      if (s.op !== '=' && s.lhs.kind === 'temp') {
        const c = structuredClone(p);
        (stmtLists(c)[l][k] as Extract<Stmt, { kind: 'assign' }>).op = '=';
        yield c;
      }
    }
  }
  // 4. Shrink size parameters.
  for (let q = 0; q < p.params.length; q++) {
    for (const value of [2, Math.floor(p.params[q].value / 2), p.params[q].value - 1]) {
      if (value < 2 || value >= p.params[q].value) continue;
      const c = structuredClone(p);
      c.params[q].value = value;
      yield c;
    }
  }
}

function operands(e: VExpr): VExpr[] {
  switch (e.kind) {
    case 'bin':
    case 'sel':
      return [e.a, e.b];
    case 'shr':
      return [e.a];
    default:
      return [];
  }
}

/** Remove declarations of temporaries no statement mentions any more. */
function dropUnusedTemps(p: Program) {
  const used = new Set<string>();
  const ref = (r: TempRef) => used.add(r.name);
  const value = (e: VExpr): void => {
    if (e.kind === 'temp') ref(e.ref);
    else if (e.kind === 'bin' || e.kind === 'sel') {
      value(e.a);
      value(e.b);
    } else if (e.kind === 'shr') value(e.a);
  };
  for (const list of stmtLists(p)) {
    for (const s of list) {
      if (s.kind === 'assign') {
        value(s.rhs);
        if (s.lhs.kind === 'temp') ref(s.lhs.ref);
      }
    }
  }
  p.temps = p.temps.filter((t) => used.has(t.name));
}

// ---- substitution of a loop counter by a constant ------------------------

function substAff(a: Aff, name: string, value: number): Aff {
  if (!(name in a.t)) return a;
  const t = { ...a.t };
  const k = t[name];
  delete t[name];
  return { c: a.c + k * value, t };
}

const substBound = (b: Bound, n: string, x: number): Bound =>
  b.kind === 'aff'
    ? { kind: 'aff', e: substAff(b.e, n, x) }
    : { ...b, a: substAff(b.a, n, x), b: substAff(b.b, n, x) };

const substCond = (c: Cond, n: string, x: number): Cond =>
  c.kind === 'data'
    ? { ...c, idx: substAff(c.idx, n, x) }
    : { ...c, lhs: substAff(c.lhs, n, x), rhs: substAff(c.rhs, n, x) };

const substSub = (s: Sub, n: string, x: number): Sub =>
  s.kind === 'data'
    ? { ...s, idx: substAff(s.idx, n, x) }
    : s.kind === 'sel'
      ? { ...s, cond: substCond(s.cond, n, x), a: substAff(s.a, n, x), b: substAff(s.b, n, x) }
      : { ...s, e: substAff(s.e, n, x) };

const substRef = (r: TempRef, n: string, x: number): TempRef => ({
  name: r.name,
  subs: r.subs.map((s) => substSub(s, n, x)),
});

function substValue(e: VExpr, n: string, x: number): VExpr {
  switch (e.kind) {
    case 'temp':
      return { kind: 'temp', ref: substRef(e.ref, n, x) };
    case 'in':
      return { kind: 'in', idx: substAff(e.idx, n, x) };
    case 'var':
      return e.v === n ? { kind: 'const', n: x >>> 0 } : e;
    case 'const':
      return e;
    case 'bin':
      return { ...e, a: substValue(e.a, n, x), b: substValue(e.b, n, x) };
    case 'shr':
      return { ...e, a: substValue(e.a, n, x) };
    case 'sel':
      return {
        ...e,
        cond: substCond(e.cond, n, x),
        a: substValue(e.a, n, x),
        b: substValue(e.b, n, x),
      };
  }
}

function substStmt(s: Stmt, n: string, x: number): Stmt {
  switch (s.kind) {
    case 'assign':
      return {
        ...s,
        lhs:
          s.lhs.kind === 'out'
            ? { kind: 'out', idx: substAff(s.lhs.idx, n, x) }
            : { kind: 'temp', ref: substRef(s.lhs.ref, n, x) },
        rhs: substValue(s.rhs, n, x),
      };
    case 'if':
      return {
        ...s,
        conds: s.conds.map((c) => substCond(c, n, x)),
        then: s.then.map((t) => substStmt(t, n, x)),
        ...(s.else ? { else: s.else.map((t) => substStmt(t, n, x)) } : {}),
      };
    case 'for':
      return {
        ...s,
        init: substBound(s.init, n, x),
        limit: substBound(s.limit, n, x),
        body: s.body.map((t) => substStmt(t, n, x)),
      };
  }
}
