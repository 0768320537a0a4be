/**
 * JavaScript source of one array's access stream: the loop tree (tree.ts) as nested `for`
 * loops, each statement's domain and each access's guard checked exactly at the leaves,
 * and one event per access instance, in execution order (issue 17: a compiled oracle).
 *
 * Generated names are `x0, x1, ...` (iterators and existential variables) and a fixed set
 * of locals; no name of the model reaches the source, so a C identifier cannot inject
 * code. All arithmetic is on doubles holding integers: the generator refuses coefficients
 * beyond 2^20, constants beyond 2^44 and forms of more than 16 terms, and the code stops
 * (flag `unsafe`) when a loop bound goes beyond ±2^28, so every value stays below 2^53.
 *
 * Two flavours share the walk: `measure` counts operations against the budget and events,
 * and records the box of cells touched; `record` replays the walk and calls the event sink
 * with each cell's index in that box (see run.ts).
 */
import type { Affine, Constraint } from '../../poly/affine.js';
import type { Access, ArrayInfo, FunctionModel, Statement } from '../../model/types.js';
import { nestBounds, TooComplex, type LevelBounds, type Row } from './bounds.js';
import type { TreeNode } from './tree.js';
import { ownValue } from '../../poly/nameRecord.js';

const MAX_COEFF = 1n << 20n;
const MAX_CONSTANT = 1n << 44n;
const MAX_TERMS = 16;
/** Loop bounds beyond this stop the run as unsafe: 16 * 2^20 * 2^28 + 2^44 < 2^53. */
const BOUND_LIMIT = 2 ** 28;

/** Indices into the run's status array `st`. */
export const ST = { ops: 0, events: 1, approximate: 2, overBudget: 3, unsafe: 4 } as const;

export interface Box {
  /** Lowest and highest value of each cell coordinate (block iterators, then subscripts). */
  readonly min: readonly number[];
  readonly max: readonly number[];
}

type Mode = { kind: 'measure'; limit: number } | { kind: 'record'; box: Box };

export interface NestContext {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly params: Readonly<Record<string, bigint>>;
  /** Extent of each dimension (for `null` subscripts: any index). */
  readonly extents: readonly bigint[];
  /**
   * Run every modelled instance as if it happened, also those of a statement whose domain
   * may be larger than the truth (`overApproximated`): its writes then kill. The run is
   * that of one execution the model allows, not necessarily of the real program (see
   * StreamOptions.modelledRun).
   */
  readonly modelledRun?: boolean;
}

class Emitter {
  readonly lines: string[] = [];
  private fresh = 0;
  /** JS name of each model iterator in scope. */
  readonly scope = new Map<string, string>();
  emit(s: string): void {
    this.lines.push(s);
  }
  name(): string {
    return `x${this.fresh++}`;
  }
}

function check(v: bigint, bound: bigint, what: string): bigint {
  if (v > bound || v < -bound) throw new TooComplex(`${what} too large for the compiled oracle`);
  return v;
}

/** An affine form with parameters substituted, over the names in `vars` (else: refused). */
function affineRow(
  a: Affine,
  vars: readonly string[],
  params: Readonly<Record<string, bigint>>,
): Row {
  const coeffs = vars.map(() => 0n);
  let constant = a.constant;
  for (const [name, c] of Object.entries(a.coeffs)) {
    if (c === 0n) continue;
    const k = vars.indexOf(name);
    if (k >= 0) coeffs[k] = coeffs[k]! + c;
    else if (ownValue(params, name) !== undefined) constant += c * params[name]!;
    else throw new TooComplex(`unknown variable in an affine form`);
  }
  return { coeffs, constant };
}

/** Rows `>= 0` of constraints (an equality gives two). */
function rowsOf(
  cs: readonly Constraint[],
  vars: readonly string[],
  params: Readonly<Record<string, bigint>>,
): { ge: Row[]; eq: Row[] } {
  const ge: Row[] = [];
  const eq: Row[] = [];
  for (const c of cs) {
    const r = affineRow(c.expr, vars, params);
    if (c.kind === 'eq') {
      eq.push(r);
    } else ge.push(r);
  }
  return { ge, eq };
}

const negate = (r: Row): Row => ({ coeffs: r.coeffs.map((c) => -c), constant: -r.constant });

/** `coeffs . names + constant` as source (names: JS name per variable). */
function expr(r: Row, names: readonly string[], skip = -1): string {
  const terms: string[] = [];
  r.coeffs.forEach((c, k) => {
    if (c === 0n || k === skip) return;
    check(c, MAX_COEFF, 'a coefficient');
    terms.push(c === 1n ? names[k]! : c === -1n ? `-${names[k]}` : `${c}*${names[k]}`);
  });
  if (terms.length > MAX_TERMS) throw new TooComplex('an affine form with too many terms');
  terms.push(`${check(r.constant, MAX_CONSTANT, 'a constant')}`);
  return terms.join(' + ').replace(/\+ -/g, '- ');
}

/** Exact test of rows on known variables, as a JS condition. */
function condition(ge: readonly Row[], eq: readonly Row[], names: readonly string[]): string {
  const parts = [
    ...ge.map((r) => `${expr(r, names)} >= 0`),
    ...eq.map((r) => `${expr(r, names)} === 0`),
  ];
  return parts.length > 0 ? parts.join(' && ') : 'true';
}

/** Lower bound of `v` from a row with a positive coefficient: ceil(-rest / a). */
function lowerBound(r: Row, v: number, names: readonly string[]): string {
  const a = r.coeffs[v]!;
  const rest = expr(r, names, v);
  return a === 1n ? `-(${rest})` : `-fd(${rest}, ${a})`;
}

/** Upper bound of `v` from a row with a negative coefficient: floor(rest / -a). */
function upperBound(r: Row, v: number, names: readonly string[]): string {
  const a = -r.coeffs[v]!;
  const rest = expr(r, names, v);
  return a === 1n ? `(${rest})` : `fd(${rest}, ${a})`;
}

/**
 * Loops over `levels` (bounds from nestBounds over `names`), the body inside the innermost.
 * `counted`: each iteration spends one operation (measure mode).
 */
function loops(
  e: Emitter,
  levels: readonly LevelBounds[],
  names: string[],
  counted: boolean,
  direction: (m: number) => 1 | -1,
  body: () => void,
): void {
  const open = (m: number): void => {
    if (m === levels.length) {
      body();
      return;
    }
    const l = levels[m]!;
    if (l.lower.length === 0 || l.upper.length === 0) throw new TooComplex('an unbounded loop');
    const v = names[l.variable]!;
    const lo = e.name();
    const hi = e.name();
    const guard = condition(l.guards, [], names);
    e.emit(`if (${guard}) {`);
    e.emit(`const ${lo} = ${maxOf(l.lower.map((r) => lowerBound(r, l.variable, names)))};`);
    e.emit(`const ${hi} = ${minOf(l.upper.map((r) => upperBound(r, l.variable, names)))};`);
    e.emit(`if (${lo} < -${BOUND_LIMIT} || ${hi} > ${BOUND_LIMIT}) { unsafe = 1; break out; }`);
    e.emit(
      direction(m) > 0
        ? `for (let ${v} = ${lo}; ${v} <= ${hi}; ${v}++) {`
        : `for (let ${v} = ${hi}; ${v} >= ${lo}; ${v}--) {`,
    );
    if (counted) e.emit(`if (++ops > LIMIT) { over = 1; break out; }`);
    open(m + 1);
    e.emit('}}');
  };
  open(0);
}

const maxOf = (xs: string[]) => (xs.length === 1 ? xs[0]! : `Math.max(${xs.join(', ')})`);
const minOf = (xs: string[]) => (xs.length === 1 ? xs[0]! : `Math.min(${xs.join(', ')})`);

/** The source of the walk: `function (mn, mx, st, W, R)`, see run.ts. */
export function nestSource(ctx: NestContext, tree: readonly TreeNode[], mode: Mode): string {
  const e = new Emitter();
  e.emit(`let ops = 0, ev = 0, over = 0, unsafe = 0, approx = 0;`);
  e.emit(`out: {`);
  for (const node of tree) walk(e, ctx, node, mode, []);
  e.emit(`}`);
  e.emit(
    `st[${ST.ops}] = ops; st[${ST.events}] = ev; st[${ST.approximate}] = approx; ` +
      `st[${ST.overBudget}] = over; st[${ST.unsafe}] = unsafe;`,
  );
  return e.lines.join('\n');
}

/** Exact floor division of integers held in doubles (|n| < 2^53). */
export const FLOOR_DIV = `const fd = (n, d) => (n - (((n % d) + d) % d)) / d;`;

function walk(
  e: Emitter,
  ctx: NestContext,
  node: TreeNode,
  mode: Mode,
  outer: readonly string[],
): void {
  if (node.kind === 'statement') {
    leaf(e, ctx, node.statement, node.accesses, mode, outer);
    return;
  }
  const v = e.name();
  // The loop runs over the union of the pieces' ranges (each: max of lower bounds, min of
  // upper bounds, given the outer iterators), so that every instance below is visited.
  const lo = e.name();
  const hi = e.name();
  e.emit(`{ let ${lo} = Infinity, ${hi} = -Infinity;`);
  for (const s of node.statements) {
    for (const piece of s.domain.pieces) {
      const vars = [...s.iterators, ...piece.exists];
      const { ge, eq } = rowsOf([...piece.constraints, ...ctx.fn.context], vars, ctx.params);
      const rows = [...ge, ...eq, ...eq.map(negate)];
      const knownIdx = outer.map((_, k) => k);
      const b = nestBounds(rows, vars.length, knownIdx, [node.depth]);
      if (b === 'empty') continue;
      const names = vars.map((n, k) => (k < outer.length ? outer[k]! : k === node.depth ? v : n));
      const l = b[0]!;
      if (l.lower.length === 0 || l.upper.length === 0) throw new TooComplex('an unbounded loop');
      const a = e.name();
      const z = e.name();
      e.emit(`if (${condition(l.guards, [], names)}) {`);
      e.emit(`const ${a} = ${maxOf(l.lower.map((r) => lowerBound(r, node.depth, names)))};`);
      e.emit(`const ${z} = ${minOf(l.upper.map((r) => upperBound(r, node.depth, names)))};`);
      e.emit(
        `if (${a} <= ${z}) { if (${a} < ${lo}) ${lo} = ${a}; if (${z} > ${hi}) ${hi} = ${z}; } }`,
      );
    }
  }
  e.emit(`if (${lo} <= ${hi}) {`);
  e.emit(`if (${lo} < -${BOUND_LIMIT} || ${hi} > ${BOUND_LIMIT}) { unsafe = 1; break out; }`);
  e.emit(
    node.direction > 0
      ? `for (let ${v} = ${lo}; ${v} <= ${hi}; ${v}++) {`
      : `for (let ${v} = ${hi}; ${v} >= ${lo}; ${v}--) {`,
  );
  if (mode.kind === 'measure') e.emit(`if (++ops > LIMIT) { over = 1; break out; }`);
  for (const child of node.children) walk(e, ctx, child, mode, [...outer, v]);
  e.emit(`}}}`);
}

/** A statement instance: its domain (a union of pieces) checked, then its accesses. */
function leaf(
  e: Emitter,
  ctx: NestContext,
  s: Statement,
  accesses: readonly Access[],
  mode: Mode,
  names: readonly string[],
): void {
  const inDomain = e.name();
  e.emit(`{ let ${inDomain} = false;`);
  for (const piece of s.domain.pieces) {
    const vars = [...s.iterators, ...piece.exists];
    const { ge, eq } = rowsOf([...piece.constraints, ...ctx.fn.context], vars, ctx.params);
    const local = [...names, ...piece.exists.map(() => e.name())];
    e.emit(`if (!${inDomain}) {`);
    if (piece.exists.length === 0) {
      e.emit(`if (${condition(ge, eq, local)}) ${inDomain} = true;`);
    } else {
      // Existential variables (strides): search them; the first witness decides.
      const known = s.iterators.map((_, k) => k);
      const ex = piece.exists.map((_, k) => s.iterators.length + k);
      const b = nestBounds([...ge, ...eq, ...eq.map(negate)], vars.length, known, ex);
      if (b !== 'empty') {
        const label = e.name();
        e.emit(`${label}: {`);
        loops(
          e,
          b,
          local,
          mode.kind === 'measure',
          () => 1,
          () => {
            e.emit(`if (${condition(ge, eq, local)}) { ${inDomain} = true; break ${label}; }`);
          },
        );
        e.emit(`}`);
      }
    }
    e.emit(`}`);
  }
  e.emit(`if (${inDomain}) {`);
  for (const access of accesses) accessEvents(e, ctx, s, access, mode, names);
  e.emit(`}}`);
}

/** One event per instance of the access (per solution of its existential variables). */
function accessEvents(
  e: Emitter,
  ctx: NestContext,
  s: Statement,
  access: Access,
  mode: Mode,
  names: readonly string[],
): void {
  const vars = [...s.iterators, ...access.exists];
  const local = [...names, ...access.exists.map(() => e.name())];
  const { ge, eq } = rowsOf(access.existsConstraints, vars, ctx.params);
  const body = () => {
    e.emit(`if (${condition(ge, eq, local)}) {`);
    event(e, ctx, s, access, mode, vars, local);
    e.emit(`}`);
  };
  if (access.exists.length === 0) {
    body();
    return;
  }
  const known = s.iterators.map((_, k) => k);
  const ex = access.exists.map((_, k) => s.iterators.length + k);
  const b = nestBounds([...ge, ...eq, ...eq.map(negate)], vars.length, known, ex);
  if (b === 'empty') return;
  e.emit(`{`);
  loops(e, b, local, mode.kind === 'measure', () => 1, body);
  e.emit(`}`);
}

function event(
  e: Emitter,
  ctx: NestContext,
  s: Statement,
  access: Access,
  mode: Mode,
  vars: readonly string[],
  local: readonly string[],
): void {
  const { array } = ctx;
  // Coordinates: the block instance (enclosing iterations), then one per subscript.
  const coords: (string | null)[] = [
    ...array.blockIterators.map((it) => {
      const k = s.iterators.indexOf(it);
      if (k < 0) throw new TooComplex('a block iterator outside the statement');
      return local[k]!;
    }),
    ...access.subscripts.map((sub) =>
      sub === null ? null : expr(affineRow(sub, vars, ctx.params), local),
    ),
  ];
  const nb = array.blockIterators.length;
  const anyCount = access.subscripts.reduce(
    (p, sub, d) => (sub === null ? p * ctx.extents[d]! : p),
    1n,
  );
  const certain =
    anyCount === 1n &&
    !s.may &&
    !access.may &&
    (ctx.modelledRun || !s.overApproximated) &&
    !access.overApproximated;
  const write = access.kind === 'write';
  if (mode.kind === 'measure') {
    e.emit(`if (++ops > LIMIT) { over = 1; break out; }`);
    e.emit(`ev++;`);
    coords.forEach((c, k) => {
      if (c === null) {
        const ext = ctx.extents[k - nb]!;
        e.emit(`approx = 1;`);
        if (ext > 0n)
          e.emit(
            `if (0 < mn[${k}]) mn[${k}] = 0; if (${ext - 1n} > mx[${k}]) mx[${k}] = ${ext - 1n};`,
          );
        return;
      }
      const t = e.name();
      e.emit(
        `{ const ${t} = ${c}; if (${t} < mn[${k}]) mn[${k}] = ${t}; if (${t} > mx[${k}]) mx[${k}] = ${t}; }`,
      );
    });
    return;
  }
  // Record: the cell's index in the box (row-major), one call per cell.
  const { min, max } = mode.box;
  const strides: number[] = [];
  let stride = 1;
  for (let k = coords.length - 1; k >= 0; k--) {
    strides[k] = stride;
    stride *= max[k]! - min[k]! + 1;
  }
  const rank = e.name();
  e.emit(`{ const ${rank} = ev++;`);
  const any: string[] = [];
  const terms = coords.map((c, k) => {
    let v = c;
    if (v === null) {
      v = e.name();
      any.push(v);
      e.emit(`for (let ${v} = 0; ${v} < ${ctx.extents[k - nb]}; ${v}++) {`);
    }
    return `(${v} - ${min[k]}) * ${strides[k]}`;
  });
  const index = terms.length > 0 ? terms.join(' + ') : '0';
  e.emit(write ? `W(${index}, ${rank}, ${certain});` : `R(${index}, ${rank});`);
  e.emit('}'.repeat(any.length) + '}');
}
