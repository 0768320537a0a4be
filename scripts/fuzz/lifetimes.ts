/**
 * Concrete lifetimes of the temporaries of a fuzz program, from its IR: the run the
 * compiled program makes (same input LCG as `main`, data-dependent branches and
 * subscripts evaluated on those inputs). Gives the oracle what docs/design.md ("Validation"
 * (c)) asks of a dynamic validation, without instrumenting C:
 *  - per cell: first write FW and last access LA (reads of a statement before its write);
 *  - the exact dynamic conflict set DS = { i - j : FW(i) < LA(j) and FW(j) < LA(i) };
 *  - maxLive, the most cells live at once (a lower bound for any allocation);
 *  - whether a modular mapping (M, b) keeps every pair of conflicting cells apart.
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
import { paramEnv, tempExtents } from './validate.js';

export interface CellLifetime {
  firstWrite: number;
  lastAccess: number;
}

/** One value: written at `start`, last read at `end` (= start for a dead write). */
export interface ValueLifetime {
  cell: number;
  start: number;
  end: number;
}

export interface TempLifetimes {
  name: string;
  extents: number[];
  /** By row-major offset; null for cells never written. */
  cells: (CellLifetime | null)[];
  /**
   * Every value written in the run, in write order. A read before any write of its cell
   * starts no value: in a local temporary it sees an indeterminate value (the analysis,
   * src/lifetime/valueConflictSet.ts, keeps nothing for it either).
   */
  values: ValueLifetime[];
  /** The value each cell holds now (index into `values`), -1 before its first write. */
  current: Int32Array;
}

/** The input array exactly as the generated `main` fills it. */
export function inputValues(p: Program): number[] {
  let s = (p.seed >>> 0) % 1000003;
  const values: number[] = [];
  for (let k = 0; k < p.inLen; k++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    values.push(s >>> 8);
  }
  return values;
}

/**
 * Executes the program as the compiled C does: lifetimes of every temporary cell and the
 * checksum line `main` prints (a cross-check of IR semantics against the C text).
 */
export function runProgram(p: Program): {
  lifetimes: Map<string, TempLifetimes>;
  checksum: string;
} {
  const input = inputValues(p);
  const extents = tempExtents(p);
  const result = new Map<string, TempLifetimes>();
  for (const [name, ext] of extents) {
    result.set(name, {
      name,
      extents: ext,
      cells: new Array(ext.reduce((a, b) => a * b, 1)).fill(null),
      values: [],
      current: new Int32Array(ext.reduce((a, b) => a * b, 1)).fill(-1),
    });
  }
  let clock = 0;

  const bound = (b: Bound, env: Map<string, number>) =>
    b.kind === 'aff'
      ? evalAff(b.e, env)
      : (b.kind === 'min' ? Math.min : Math.max)(evalAff(b.a, env), evalAff(b.b, env));
  const inAt = (idx: number) => {
    if (idx < 0 || idx >= input.length) throw new Error(`in[${idx}] out of bounds`);
    return input[idx];
  };
  const offset = (ref: TempRef, env: Map<string, number>): number => {
    const t = result.get(ref.name)!;
    return ref.subs.reduce((o: number, s: Sub, d: number) => {
      const n = t.extents[d];
      let x: number;
      if (s.kind === 'data') x = inAt(evalAff(s.idx, env)) % n;
      else if (s.kind === 'sel') x = evalAff(cond(s.cond, env) ? s.a : s.b, env);
      else x = s.div ? Math.floor(evalAff(s.e, env) / s.div) : evalAff(s.e, env);
      if (x < 0 || x >= n) throw new Error(`${ref.name} subscript ${x} outside [0, ${n})`);
      return o * n + x;
    }, 0);
  };
  const values = new Map<string, Uint32Array>(
    [...result].map(([n, t]) => [n, new Uint32Array(t.cells.length)]),
  );
  const out = new Uint32Array(p.outLen);
  /** Records the access; returns the cell's offset. */
  const access = (ref: TempRef, env: Map<string, number>, write: boolean): number => {
    const t = result.get(ref.name)!;
    const o = offset(ref, env);
    const now = clock++;
    const c = t.cells[o];
    if (c) c.lastAccess = now;
    else if (write) t.cells[o] = { firstWrite: now, lastAccess: now };
    if (write) {
      t.current[o] = t.values.length;
      t.values.push({ cell: o, start: now, end: now });
    } else if (t.current[o] >= 0) t.values[t.current[o]].end = now;
    return o;
  };
  const cond = (c: Cond, env: Map<string, number>): boolean => {
    if (c.kind === 'data') return (inAt(evalAff(c.idx, env)) & c.mask) !== 0;
    const x = evalAff(c.lhs, env);
    const y = evalAff(c.rhs, env);
    return c.op === '<'
      ? x < y
      : c.op === '<='
        ? x <= y
        : c.op === '>'
          ? x > y
          : c.op === '>='
            ? x >= y
            : x === y;
  };
  /** Value of an expression with C `unsigned` (32-bit wrapping) semantics, recording reads. */
  const value = (e: VExpr, env: Map<string, number>): number => {
    switch (e.kind) {
      case 'temp':
        return values.get(e.ref.name)![access(e.ref, env, false)];
      case 'in':
        return inAt(evalAff(e.idx, env));
      case 'var':
        return env.get(e.v)! >>> 0;
      case 'const':
        return e.n >>> 0;
      case 'bin': {
        const x = value(e.a, env);
        const y = value(e.b, env);
        switch (e.op) {
          case '+':
            return (x + y) >>> 0;
          case '-':
            return (x - y) >>> 0;
          case '*':
            return Math.imul(x, y) >>> 0;
          case '^':
            return (x ^ y) >>> 0;
          case '&':
            return (x & y) >>> 0;
          case '|':
            return (x | y) >>> 0;
        }
        throw new Error('unreachable');
      }
      case 'shr':
        return value(e.a, env) >>> e.k;
      case 'sel':
        // C evaluates only the chosen operand.
        return cond(e.cond, env) ? value(e.a, env) : value(e.b, env);
    }
  };
  const combine = (op: '=' | '+=' | '^=', old: number, x: number) =>
    op === '=' ? x : op === '+=' ? (old + x) >>> 0 : (old ^ x) >>> 0;
  const exec = (ss: Stmt[], env: Map<string, number>): void => {
    for (const s of ss) {
      if (s.kind === 'assign') {
        const x = value(s.rhs, env);
        if (s.lhs.kind === 'temp') {
          const cells = values.get(s.lhs.ref.name)!;
          const old = s.op !== '=' ? cells[access(s.lhs.ref, env, false)] : 0;
          cells[access(s.lhs.ref, env, true)] = combine(s.op, old, x);
        } else {
          const k = evalAff(s.lhs.idx, env);
          if (k < 0 || k >= out.length) throw new Error(`out[${k}] out of bounds`);
          out[k] = combine(s.op, out[k], x);
        }
      } else if (s.kind === 'if') {
        if (s.conds.every((c) => cond(c, env))) exec(s.then, env);
        else if (s.else) exec(s.else, env);
      } else {
        const inner = new Map(env);
        for (let x = bound(s.init, env); ; x += s.step) {
          const lim = bound(s.limit, env);
          if (
            !(s.cmp === '<'
              ? x < lim
              : s.cmp === '<='
                ? x <= lim
                : s.cmp === '>'
                  ? x > lim
                  : x >= lim)
          )
            break;
          inner.set(s.v, x);
          exec(s.body, inner);
        }
      }
    }
  };
  exec(p.body, paramEnv(p));
  let h = 2166136261;
  for (const x of out) h = Math.imul((h ^ x) >>> 0, 16777619) >>> 0;
  return { lifetimes: result, checksum: `checksum ${h}` };
}

export function traceLifetimes(p: Program): Map<string, TempLifetimes> {
  return runProgram(p).lifetimes;
}

/** Index vector of a row-major offset. */
/** Row-major offset of an index (or of a difference of two indices: it is linear). */
export function linearOffset(x: readonly number[], extents: readonly number[]): number {
  return x.reduce((o, v, d) => o * extents[d] + v, 0);
}

function unflatten(o: number, extents: number[]): number[] {
  const x = new Array(extents.length);
  for (let d = extents.length - 1; d >= 0; d--) {
    x[d] = o % extents[d];
    o = Math.floor(o / extents[d]);
  }
  return x;
}

/** The exact dynamic DS: every difference of two conflicting cells (0 when some cell is live). */
export function dynamicConflicts(t: TempLifetimes): number[][] {
  const live = t.cells
    .map((c, o) => ({ c, x: unflatten(o, t.extents) }))
    .filter((e) => e.c !== null) as { c: CellLifetime; x: number[] }[];
  const seen = new Set<string>();
  const ds: number[][] = [];
  for (const a of live) {
    for (const b of live) {
      if (!(a.c.firstWrite < b.c.lastAccess && b.c.firstWrite < a.c.lastAccess)) continue;
      const d = a.x.map((v, k) => v - b.x[k]);
      const key = d.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        ds.push(d);
      }
    }
  }
  return ds.sort((u, v) => u.join(',').localeCompare(v.join(',')));
}

/**
 * The value-based dynamic DS: differences of cells a != b such that a value of one is
 * written while a value of the other is live (docs/design.md, "Lifetime analysis",
 * value-based), 0 included when some value exists.
 */
export function dynamicValueConflicts(t: TempLifetimes): number[][] {
  const seen = new Set<string>();
  const ds: number[][] = [];
  const add = (d: number[]) => {
    const key = d.join(',');
    if (!seen.has(key)) {
      seen.add(key);
      ds.push(d);
    }
  };
  if (t.values.length > 0) add(t.extents.map(() => 0));
  // Values are in write order: b written after a conflicts iff b.start <= a.end.
  for (let i = 0; i < t.values.length; i++) {
    const a = t.values[i];
    for (let j = i + 1; j < t.values.length && t.values[j].start <= a.end; j++) {
      const b = t.values[j];
      if (b.cell === a.cell) continue;
      const x = unflatten(a.cell, t.extents);
      const y = unflatten(b.cell, t.extents);
      add(x.map((v, k) => v - y[k]));
      add(y.map((v, k) => v - x[k]));
    }
  }
  return ds.sort((u, v) => u.join(',').localeCompare(v.join(',')));
}

/** Most values live at once (they pairwise conflict: a lower bound for any allocation). */
export function maxLiveValues(t: TempLifetimes): number {
  return maxOverlap(t.values.map((v) => [v.start, v.end]));
}

/**
 * Most cells pairwise in conflict (interval graph: maximum overlap). A cell occupies the
 * closed interval [FW, LA]; timestamps of different cells never coincide, so closed
 * intervals meet exactly when the cells conflict — a dead write (FW = LA) included.
 */
export function maxLive(t: TempLifetimes): number {
  return maxOverlap(t.cells.flatMap((c) => (c ? [[c.firstWrite, c.lastAccess]] : [])));
}

/** Most closed intervals [start, end] that share a point (a sweep; starts before ends). */
function maxOverlap(intervals: readonly (readonly [number, number])[]): number {
  const events: [number, number][] = [];
  for (const [start, end] of intervals) events.push([start, 1], [end, -1]);
  events.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let live = 0;
  let best = 0;
  for (const [, delta] of events) {
    live += delta;
    best = Math.max(best, live);
  }
  return best;
}

export interface ModularMapping {
  /** Rows of M (rows with modulus 1 may be omitted; a scalar has none). */
  M: number[][];
  b: number[];
}

const mod = (x: number, m: number) => ((x % m) + m) % m;

/**
 * A conflict vector d != 0 with M d = 0 mod b (two live cells in one slot), or null
 * when the mapping is valid for this run.
 */
export function mappingViolation(ds: number[][], mapping: ModularMapping): number[] | null {
  for (const d of ds) {
    if (d.every((x) => x === 0)) continue;
    const collide = mapping.M.every(
      (row, r) =>
        mod(
          row.reduce((s, m, k) => s + m * d[k], 0),
          mapping.b[r],
        ) === 0,
    );
    if (collide) return d;
  }
  return null;
}
