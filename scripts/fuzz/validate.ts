/**
 * Abstract execution of a fuzz program: the generator's proof of its guarantees.
 *
 * Runs the control flow with the concrete parameter values (loop bounds and affine
 * conditions never depend on data) and tracks, per cell of every temporary, whether it
 * has *definitely* been written. Independent of the input values:
 *  - a data-dependent `if` without `else` executes its branch for its reads only: its
 *    writes are may-writes and mark nothing;
 *  - a data-dependent `if` with `else` runs both branches from the same state and keeps
 *    the cells written on both;
 *  - a subscript `in[..] % E` stands for every value in [0, E): reads check them all,
 *    writes mark none.
 * Every read (including the read of `+=`/`^=` targets) must hit a definitely-written cell,
 * every index must be inside its array, every `i / d` must divide a non-negative value.
 */
import {
  evalAff,
  type Bound,
  type Cond,
  type Program,
  type Stmt,
  type Sub,
  type TempRef,
  type VExpr,
} from './ir.js';

export interface Validation {
  ok: boolean;
  /** The first violated guarantee, when not ok. */
  error?: string;
  /** Assignment instances executed (both branches of data-dependent ifs counted). */
  instances: number;
  /** Per temporary: number of executed reads. */
  reads: Record<string, number>;
  /** Per temporary: number of cells definitely written at the end. */
  written: Record<string, number>;
  /** Per temporary: number of cells. */
  cells: Record<string, number>;
}

/** Too many instances: a generator bug (or runaway loop), not a valid small program. */
const MAX_INSTANCES = 200_000;

class Violation extends Error {}

interface TempState {
  extents: number[];
  flags: Uint8Array;
}

type State = Map<string, TempState>;

export function paramEnv(p: Program): Map<string, number> {
  return new Map(p.params.map((q) => [q.name, q.value]));
}

export function tempExtents(p: Program): Map<string, number[]> {
  const env = paramEnv(p);
  return new Map(p.temps.map((t) => [t.name, t.extents.map((e) => evalAff(e, env))]));
}

export function validateProgram(p: Program): Validation {
  const env = paramEnv(p);
  const state: State = new Map();
  const reads: Record<string, number> = {};
  const cells: Record<string, number> = {};
  let instances = 0;
  for (const [name, ext] of tempExtents(p)) {
    const n = ext.reduce((a, b) => a * b, 1);
    if (ext.some((e) => e < 1)) return fail(`temporary ${name} has an empty extent`);
    state.set(name, { extents: ext, flags: new Uint8Array(n) });
    reads[name] = 0;
    cells[name] = n;
  }

  function fail(error: string): Validation {
    return { ok: false, error, instances, reads, written: {}, cells };
  }

  const bound = (b: Bound, env: Map<string, number>): number => {
    if (b.kind === 'aff') return evalAff(b.e, env);
    const x = evalAff(b.a, env);
    const y = evalAff(b.b, env);
    return b.kind === 'min' ? Math.min(x, y) : Math.max(x, y);
  };

  const checkIndex = (what: string, x: number, n: number) => {
    if (!Number.isInteger(x) || x < 0 || x >= n)
      throw new Violation(`${what}: index ${x} outside [0, ${n})`);
  };

  /** All cells a reference may denote (data subscripts expand to their whole range). */
  const cellsOf = (
    ref: TempRef,
    st: State,
    env: Map<string, number>,
  ): { offsets: number[]; exact: boolean } => {
    const t = st.get(ref.name);
    if (!t) throw new Violation(`unknown temporary ${ref.name}`);
    if (ref.subs.length !== t.extents.length)
      throw new Violation(`${ref.name}: wrong number of subscripts`);
    let offsets = [0];
    let exact = true;
    ref.subs.forEach((s: Sub, d: number) => {
      const n = t.extents[d];
      let values: number[];
      if (s.kind === 'aff') {
        const x = evalAff(s.e, env);
        if (s.div) {
          if (x < 0) throw new Violation(`${ref.name}: division of a negative subscript`);
          values = [Math.floor(x / s.div)];
        } else values = [x];
      } else if (s.kind === 'sel') {
        // Only the chosen branch is evaluated (and must be in bounds); a data condition
        // could choose either.
        const c = cond(s.cond, env);
        values =
          c === undefined ? [evalAff(s.a, env), evalAff(s.b, env)] : [evalAff(c ? s.a : s.b, env)];
        if (c === undefined) exact = false;
      } else {
        checkIndex('in', evalAff(s.idx, env), p.inLen);
        values = Array.from({ length: n }, (_, k) => k);
        exact = false;
      }
      for (const x of values) checkIndex(`${ref.name} dim ${d}`, x, n);
      offsets = offsets.flatMap((o) => values.map((x) => o * n + x));
    });
    return { offsets, exact };
  };

  const read = (ref: TempRef, st: State, env: Map<string, number>) => {
    const t = st.get(ref.name)!;
    for (const o of cellsOf(ref, st, env).offsets) {
      if (!t.flags[o])
        throw new Violation(`read of ${ref.name} cell ${o} before any definite write`);
    }
    reads[ref.name]++;
  };

  const value = (e: VExpr, st: State, env: Map<string, number>): void => {
    switch (e.kind) {
      case 'temp':
        read(e.ref, st, env);
        return;
      case 'in':
        checkIndex('in', evalAff(e.idx, env), p.inLen);
        return;
      case 'var':
        if (!env.has(e.v)) throw new Violation(`unbound ${e.v}`);
        return;
      case 'const':
        return;
      case 'bin':
        value(e.a, st, env);
        value(e.b, st, env);
        return;
      case 'shr':
        if (e.k < 0 || e.k >= 32) throw new Violation('shift out of range');
        value(e.a, st, env);
        return;
      case 'sel': {
        // An affine condition evaluates only the chosen operand; a data one either.
        const c = cond(e.cond, env);
        if (c !== false) value(e.a, st, env);
        if (c !== true) value(e.b, st, env);
        return;
      }
    }
  };

  /** Affine conditions evaluate; data conditions only check their index and yield undefined. */
  const cond = (c: Cond, env: Map<string, number>): boolean | undefined => {
    if (c.kind === 'data') {
      checkIndex('in', evalAff(c.idx, env), p.inLen);
      return undefined;
    }
    const x = evalAff(c.lhs, env);
    const y = evalAff(c.rhs, env);
    switch (c.op) {
      case '<':
        return x < y;
      case '<=':
        return x <= y;
      case '>':
        return x > y;
      case '>=':
        return x >= y;
      case '==':
        return x === y;
    }
  };

  const clone = (st: State): State =>
    new Map([...st].map(([k, t]) => [k, { extents: t.extents, flags: t.flags.slice() }]));

  const exec = (body: Stmt[], st: State, env: Map<string, number>, may: boolean): State => {
    for (const s of body) st = execOne(s, st, env, may);
    return st;
  };

  const execOne = (s: Stmt, st: State, env: Map<string, number>, may: boolean): State => {
    switch (s.kind) {
      case 'assign': {
        if (++instances > MAX_INSTANCES) throw new Violation('too many instances');
        value(s.rhs, st, env);
        if (s.lhs.kind === 'out') {
          checkIndex('out', evalAff(s.lhs.idx, env), p.outLen);
          return st;
        }
        if (s.op !== '=') read(s.lhs.ref, st, env);
        const { offsets, exact } = cellsOf(s.lhs.ref, st, env);
        if (exact && !may) st.get(s.lhs.ref.name)!.flags[offsets[0]] = 1;
        return st;
      }
      case 'if': {
        const values = s.conds.map((c) => cond(c, env));
        const dataDependent = values.some((x) => x === undefined);
        if (!dataDependent) {
          const taken = values.every((x) => x === true);
          if (taken) return exec(s.then, st, env, may);
          return s.else ? exec(s.else, st, env, may) : st;
        }
        if (!s.else) {
          // May-execute: check the branch's reads, its writes prove nothing.
          exec(s.then, clone(st), env, true);
          return st;
        }
        const a = exec(s.then, clone(st), env, may);
        const b = exec(s.else, st, env, may);
        for (const [name, tb] of b) {
          const fa = a.get(name)!.flags;
          for (let k = 0; k < tb.flags.length; k++) tb.flags[k] &= fa[k];
        }
        return b;
      }
      case 'for': {
        if (env.has(s.v)) throw new Violation(`loop counter ${s.v} shadows an outer name`);
        if (s.step === 0) throw new Violation('zero step');
        const lo = bound(s.init, env);
        const inner = new Map(env);
        let trips = 0;
        for (let x = lo; ; x += s.step) {
          const lim = bound(s.limit, env);
          const go =
            s.cmp === '<'
              ? x < lim
              : s.cmp === '<='
                ? x <= lim
                : s.cmp === '>'
                  ? x > lim
                  : x >= lim;
          if (!go) break;
          if (++trips > MAX_INSTANCES) throw new Violation('runaway loop');
          inner.set(s.v, x);
          st = exec(s.body, st, inner, may);
        }
        return st;
      }
    }
  };

  try {
    const final = exec(p.body, state, env, false);
    const written: Record<string, number> = {};
    for (const [name, t] of final) written[name] = t.flags.reduce((a, b) => a + b, 0);
    return { ok: true, instances, reads, written, cells };
  } catch (e) {
    // Unbound names surface as plain errors from evalAff: also a broken program.
    return fail(e instanceof Error ? e.message : String(e));
  }
}
