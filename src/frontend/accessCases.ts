/**
 * When and where one array reference reads or writes: the conditions under which C
 * evaluates it, and its subscripts as piecewise values, turned into exact cases.
 *
 * C evaluates the operands of `?:`, `&&` and `||` conditionally: in `c ? A[i-1] : 0` the
 * read happens only where `c` holds, in `i > 0 && A[i-1] > 0` only where `i > 0`. A
 * subscript such as `A[i > 0 ? i - 1 : 0]` (or `MIN(i, N - 1)`) is a piecewise value. Each
 * combination of a guard piece and one piece per subscript becomes one access of the model
 * that happens exactly on its guard, so that lifetimes stay exact instead of "any index".
 * Conditions that are not affine leave the reference a may-access (still counted: an
 * access that may not happen only makes lifetimes longer, which is safe).
 */
import type { Affine, Constraint } from '../poly/affine.js';
import { constant, formatAffine, variables } from '../poly/affine.js';
import { affineRange, type Interval, propagate } from './bounds.js';
import { type ExprScope, cCond } from './expr.js';
import { type Node, child } from './parse.js';
import { type Cond, type PwAff, MAX_PIECES, TRUE, condAnd, ge } from './pwaff.js';

/** Above this many cases one reference falls back to the coarser single-piece model. */
const MAX_ACCESS_CASES = 16;

export interface EvaluationGuard {
  /** Where the reference is evaluated (a union of conjunctions); TRUE when always. */
  readonly cond: Cond;
  /** Some enclosing condition is not affine: the reference may not be evaluated. */
  readonly may: boolean;
}

/**
 * The conditions of the `?:`, `&&` and `||` between `node` and `root` (the statement's
 * expression) under which `node` is evaluated.
 */
export function evaluationGuard(node: Node, root: Node, scope: ExprScope): EvaluationGuard {
  let cond: Cond = TRUE;
  let may = false;
  const require = (c: Node, negated: boolean) => {
    const g = cCond(c, scope, negated);
    if (!g) {
      may = true;
      return;
    }
    const next = condAnd(cond, g);
    // Too many pieces: keep the coarser guard (fewer constraints = more instances: safe).
    if (next.length <= MAX_PIECES) cond = next;
  };
  let x = node;
  while (x.id !== root.id && x.parent) {
    const p = x.parent;
    if (p.type === 'conditional_expression') {
      const c = child(p, 'condition');
      if (c && c.id !== x.id) require(c, child(p, 'alternative')?.id === x.id);
    } else if (p.type === 'binary_expression') {
      const op = child(p, 'operator')?.text;
      const left = child(p, 'left');
      if ((op === '&&' || op === '||') && left && child(p, 'right')?.id === x.id)
        require(left, op === '||');
    }
    x = p;
  }
  return { cond, may };
}

/** One way a reference happens: its subscripts and the constraints of that case. */
export interface AccessCase {
  /** One affine form per dimension; null for a non-affine index ("any index"). */
  readonly subscripts: readonly (Affine | null)[];
  readonly exists: readonly string[];
  /** The case's guard and the defining constraints of its existentials (quotients). */
  readonly constraints: readonly Constraint[];
}

const ownExists = (k: Constraint, exists: readonly string[]) =>
  variables(k.expr).some((x) => exists.includes(x));

/** `k` holds everywhere in the box (so also on the domain, which the box contains). */
function holdsOn(k: Constraint, box: ReadonlyMap<string, Interval>): boolean {
  const r = affineRange(k.expr, box);
  return k.kind === 'ge' ? r.lo !== null && r.lo >= 0n : r.lo === 0n && r.hi === 0n;
}

/** `k` holds nowhere in the box. */
function failsOn(k: Constraint, box: ReadonlyMap<string, Interval>): boolean {
  const r = affineRange(k.expr, box);
  return k.kind === 'ge'
    ? r.hi !== null && r.hi < 0n
    : (r.lo !== null && r.lo > 0n) || (r.hi !== null && r.hi < 0n);
}

/**
 * The cases of a reference evaluated under `guard` with piecewise subscripts `values`
 * (undefined: not affine). Cases whose guard fails on the box are dropped; guard
 * constraints that hold on the whole box are left out. `undefined` when there would be
 * more than MAX_ACCESS_CASES (the caller then uses `singlePieceCase`).
 */
export function accessCases(
  values: readonly (PwAff | undefined)[],
  guard: Cond,
  box: ReadonlyMap<string, Interval>,
): AccessCase[] | undefined {
  interface Partial {
    subscripts: (Affine | null)[];
    exists: string[];
    constraints: Constraint[];
  }
  const feasible = (c: Partial) => {
    const guard = c.constraints.filter((k) => !ownExists(k, c.exists));
    if (guard.some((k) => failsOn(k, box))) return false;
    if (guard.length < 2) return true;
    // Guards that contradict each other (`2 <= k and k <= 1`): bound propagation proves
    // some variable has no value, so the case never happens.
    const bounds = new Map([...box].map(([v, iv]) => [v, { ...iv }]));
    const vars = [...new Set(guard.flatMap((k) => variables(k.expr)))];
    propagate(guard, vars, bounds);
    return !vars.some((v) => {
      const iv = bounds.get(v)!;
      return iv.lo !== null && iv.hi !== null && iv.lo > iv.hi;
    });
  };
  let cases: Partial[] = guard
    .map((g) => ({ subscripts: [], exists: [...g.exists], constraints: [...g.constraints] }))
    .filter(feasible);
  for (const v of values) {
    const next: Partial[] = [];
    for (const c of cases) {
      if (!v) {
        next.push({ ...c, subscripts: [...c.subscripts, null] });
        continue;
      }
      for (const p of v) {
        const merged: Partial = {
          subscripts: [...c.subscripts, p.value],
          exists: [...c.exists, ...p.exists],
          constraints: [...c.constraints, ...p.constraints],
        };
        if (feasible(merged)) next.push(merged);
      }
    }
    if (next.length > MAX_ACCESS_CASES) return undefined;
    cases = next;
  }
  return cases.map((c) => {
    // Nested conditions repeat themselves (`i < j ? (i < j ? ...`): each constraint once.
    const seen = new Set<string>();
    const constraints = c.constraints.filter((k) => {
      const key = `${k.kind} ${formatAffine(k.expr)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return ownExists(k, c.exists) || !holdsOn(k, box);
    });
    return { subscripts: c.subscripts, exists: c.exists, constraints };
  });
}

/**
 * The coarse model of a reference: unguarded (evaluated whenever the statement is), each
 * subscript the one piece the box makes certain, else "any index" (null). Used when the
 * exact cases are too many.
 */
export function singlePieceCase(
  values: readonly (PwAff | undefined)[],
  box: ReadonlyMap<string, Interval>,
): AccessCase {
  const subscripts: (Affine | null)[] = [];
  const exists: string[] = [];
  const constraints: Constraint[] = [];
  for (const v of values) {
    const live = v?.filter(
      (p) => !p.constraints.some((k) => !ownExists(k, p.exists) && failsOn(k, box)),
    );
    const p = live?.length === 1 ? live[0] : undefined;
    if (!p || !p.constraints.every((k) => ownExists(k, p.exists) || holdsOn(k, box))) {
      subscripts.push(null);
      continue;
    }
    subscripts.push(p.value);
    exists.push(...p.exists);
    constraints.push(...p.constraints.filter((k) => ownExists(k, p.exists)));
  }
  return { subscripts, exists, constraints };
}

/** A reference that is never evaluated keeps one access that never happens (for the rewriter). */
export function neverEvaluated(values: readonly (PwAff | undefined)[]): AccessCase {
  return {
    subscripts: values.map((v) => (v && v.length > 0 ? v[0].value : null)),
    exists: values.flatMap((v) => (v && v.length > 0 ? v[0].exists : [])),
    constraints: [ge(constant(-1n))],
  };
}
