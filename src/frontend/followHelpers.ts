/**
 * An array parameter passed whole to helpers of its file (`ss_sort(int bucket[N])` calling
 * `init(bucket); hist(bucket, a); scan(bucket);`, MachSuite's radix) is followed into them:
 * each call becomes the helper's statements that access the array, run where the call runs,
 * so that the decision about the parameter (does a value cross the function's calls, and
 * which cells live together) sees every access. Without it the parameter was refused as
 * passed-to-call whatever the helpers did.
 *
 * A helper is followed when: it is the one function of that name the file defines (not the
 * caller itself), the array is passed as exactly one of its arguments, the helper's
 * parameter there is an array of the same element type and extents with no reason of its own
 * but being a parameter (every use modelled, never passed on, no address taken), and its
 * statements touching it read no variable other than their own iterators and the integer
 * parameters the call passes a literal for (0 to 32767, which every integer type of 16 bits or
 * more holds: `add_bias(biases, act, 64)`), substituted. A call under a data-dependent condition makes every access it lifts a
 * may-access. The helpers' accesses are read, never rewritten: a mapping that saves cells is
 * refused afterwards (accessed-in-helpers, pipeline/decision/decideArray.ts). C only: C++
 * overloads and template instances share names.
 */
import {
  type Affine,
  type Constraint,
  constant,
  rename,
  sub,
  substitute,
  variable,
  variables,
} from '../poly/affine.js';
import { nameRecord } from '../poly/nameRecord.js';
import type {
  Access,
  ArrayInfo,
  Conjunction,
  FunctionModel,
  HelperArgument,
  HelperCall,
  SourceLoc,
  Statement,
} from '../model/types.js';

/** The functions of one unit, with the parameters that can be followed followed. */
export function followHelpers(
  functions: readonly FunctionModel[],
  unitText: string,
): FunctionModel[] {
  // Helpers first (a helper's own helpers followed), each once; a function whose following
  // is under way (recursion) is taken as it is, its passed arrays not followed.
  const done = new Map<FunctionModel, FunctionModel>();
  const underWay = new Set<FunctionModel>();
  const replaceableNames = new Map<string, boolean>();
  const follow = (f: FunctionModel): FunctionModel => {
    const known = done.get(f);
    if (known) return known;
    if (!f.helperCalls || underWay.has(f)) return f;
    underWay.add(f);
    const out = followIn(f, unit);
    underWay.delete(f);
    done.set(f, out);
    return out;
  };
  const unit: Unit = {
    helper: (name) => {
      const named = functions.filter((g) => g.name === name);
      return named.length === 1 ? follow(named[0]!) : undefined;
    },
    // Once per name: each scan reads the whole unit's text, and a helper is asked about
    // for every array and every call that passes one.
    replaceable: (name) => {
      let known = replaceableNames.get(name);
      if (known === undefined) replaceableNames.set(name, (known = replaceable(unitText, name)));
      return known;
    },
  };
  return functions.map(follow);
}

/** The unit's helpers (the one function of a name, followed), and whether one may be replaced. */
interface Unit {
  readonly helper: (name: string) => FunctionModel | undefined;
  readonly replaceable: (name: string) => boolean;
}

/**
 * Whether a declaration of `name` in the unit's text carries `weak` or `alias` (also
 * `__weak__`), or a `#pragma weak` names it: another definition may then be linked.
 */
function replaceable(text: string, name: string): boolean {
  if (new RegExp(`#\\s*pragma\\s+weak\\s+${name}\\b`).test(text)) return true;
  for (const m of text.matchAll(new RegExp(`\\b${name}\\s*\\(`, 'g'))) {
    const before = Math.max(
      text.lastIndexOf(';', m.index),
      text.lastIndexOf('}', m.index),
      text.lastIndexOf('{', m.index),
    );
    const after = text.slice(m.index).search(/[;{]/);
    const decl = text.slice(before + 1, after < 0 ? text.length : m.index + after);
    if (/weak|alias/.test(decl)) return true;
  }
  return false;
}

function followIn(f: FunctionModel, unit: Unit): FunctionModel {
  const calls = f.helperCalls!;
  const followed = new Map<string, string[]>();
  for (const a of f.arrays) {
    const helpers = followable(f, a, calls, unit);
    if (helpers) followed.set(a.name, helpers);
  }
  if (followed.size === 0) return f;
  const lifted = calls.flatMap((c, k) => liftCall(f, c, k, followed, unit));
  const arrays: ArrayInfo[] = f.arrays.map((a) => {
    const helpers = followed.get(a.name);
    if (!helpers) return a;
    const reasons = a.reasons.filter((r) => r.reason !== 'passed-to-call');
    return { ...a, reasons, candidate: reasons.length === 0, followedInto: helpers };
  });
  return { ...f, arrays, statements: [...f.statements, ...lifted] };
}

const sameLoc = (x: { line: number; column: number }, y: { line: number; column: number }) =>
  x.line === y.line && x.column === y.column;

/** The helpers of the calls passing `a`, when every one can be followed. */
function followable(
  f: FunctionModel,
  a: ArrayInfo,
  calls: readonly HelperCall[],
  unit: Unit,
): string[] | undefined {
  if (a.storage !== 'parameter') return undefined;
  const passed = a.reasons.filter((r) => r.reason === 'passed-to-call');
  if (passed.length === 0) return undefined;
  if (a.reasons.some((r) => r.reason !== 'passed-to-call' && r.reason !== 'parameter'))
    return undefined;
  const mine = calls.filter((c) => c.args.some((x) => isArray(x, a.name)));
  // Every place it is passed is one of these calls (not `g(t + 1)`, not a call in an `if`).
  const places = mine.flatMap((c) => c.args.flatMap((x) => (isArray(x, a.name) ? [x.loc] : [])));
  if (!passed.every((r) => places.some((p) => sameLoc(p, r.loc)))) return undefined;
  const helpers: string[] = [];
  for (const c of mine) {
    const found = helperArray(f, a, c, unit);
    if (!found) return undefined;
    for (const h of [c.callee, ...(found.q.followedInto ?? [])])
      if (!helpers.includes(h)) helpers.push(h);
  }
  return helpers;
}

/** The helper and its parameter that `c` passes `a` to, when it can be followed. */
function helperArray(
  f: FunctionModel,
  a: ArrayInfo,
  c: HelperCall,
  unit: Unit,
): { g: FunctionModel; q: ArrayInfo } | undefined {
  const g = c.callee === f.name ? undefined : unit.helper(c.callee);
  if (!g?.parameterNames) return undefined;
  if (unit.replaceable(g.name)) return undefined;
  if (g.parameterNames.length !== c.args.length) return undefined;
  const at = c.args.flatMap((x, k) => (isArray(x, a.name) ? [k] : []));
  if (at.length !== 1) return undefined;
  const qName = g.parameterNames[at[0]!];
  const q = g.arrays.find((x) => x.name === qName && x.storage === 'parameter');
  if (!q || q.elementType !== a.elementType || q.reasons.some((r) => r.reason !== 'parameter'))
    return undefined;
  const sameShape =
    q.extents.length === a.extents.length &&
    q.extents.every((e, k) => e.value !== undefined && e.value === a.extents[k]!.value);
  if (!sameShape) return undefined;
  const known = Object.keys(argumentValues(g, c));
  const touching = g.statements.filter((s) => s.accesses.some((x) => x.array === q.name));
  return touching.every((s) => closed(s, q.name, known)) ? { g, q } : undefined;
}

const isArray = (x: HelperArgument, name: string): x is { array: string; loc: SourceLoc } =>
  x !== null && 'array' in x && x.array === name;

/** Small constants any integer parameter of 16 bits or more holds unchanged. */
const HOLDS = (v: bigint) => v >= 0n && v <= 32767n;

/**
 * The helper's integer parameters that the call passes a constant for (the literals of
 * HelperCall.args), as values to substitute in its statements.
 */
function argumentValues(g: FunctionModel, c: HelperCall): Record<string, Affine> {
  const out = nameRecord<Affine>();
  c.args.forEach((x, k) => {
    const name = g.parameterNames?.[k];
    const bits = g.parameterBits?.[k];
    if (x && 'value' in x && name && bits && HOLDS(x.value)) out[name] = constant(x.value);
  });
  return out;
}

/**
 * Whether the statement's domain, schedule and accesses of `array` read only its iterators
 * and the parameters `known`.
 */
function closed(s: Statement, array: string, known: readonly string[]): boolean {
  const own = new Set([...s.iterators, ...known]);
  const free = (forms: readonly Affine[], bound: Set<string>) =>
    forms.every((x) => variables(x).every((v) => bound.has(v)));
  const pieceOk = s.domain.pieces.every((p) =>
    free(
      p.constraints.map((c) => c.expr),
      new Set([...own, ...p.exists]),
    ),
  );
  const accessOk = s.accesses
    .filter((x) => x.array === array)
    .every((x) => {
      const bound = new Set([...own, ...x.exists]);
      const subs = x.subscripts.filter((e): e is Affine => e !== null);
      return (
        free(subs, bound) &&
        free(
          x.existsConstraints.map((c) => c.expr),
          bound,
        )
      );
    });
  return pieceOk && accessOk && free(s.schedule, own);
}

/** The statements call `k` runs in the helper, on the followed arrays it is passed. */
function liftCall(
  f: FunctionModel,
  c: HelperCall,
  k: number,
  followed: ReadonlyMap<string, readonly string[]>,
  unit: Unit,
): Statement[] {
  // Helper parameter -> the caller's array, for the followed arrays this call passes.
  const to = new Map<string, string>();
  let g: FunctionModel | undefined;
  for (const x of c.args) {
    if (!x || !('array' in x) || !followed.has(x.array)) continue;
    const found = helperArray(
      f,
      f.arrays.find((a) => a.name === x.array)!,
      c,
      unit,
    )!;
    g = found.g;
    to.set(found.q.name, x.array);
  }
  if (!g) return [];
  const values = argumentValues(g, c);
  const prefix = `${c.callee}_${k}_`;
  const call = `${prefix}call`;
  const callPieces: Conjunction[] = c.domain.pieces.map((p) => ({
    exists: [...p.exists],
    constraints: [...p.constraints, eq(variable(call))],
  }));
  return g.statements.flatMap((s) => {
    const accesses = s.accesses.filter((x) => to.has(x.array));
    if (accesses.length === 0) return [];
    const names = nameRecord<string>();
    for (const v of s.iterators) names[v] = prefix + v;
    for (const p of s.domain.pieces) for (const v of p.exists) names[v] = prefix + v;
    for (const x of accesses) for (const v of x.exists) names[v] = prefix + v;
    const r = (x: Affine) => substitute(rename(x, names), values);
    const rc = (x: Constraint): Constraint => ({ kind: x.kind, expr: r(x.expr) });
    const iterators = [...c.iterators, call, ...s.iterators.map((v) => prefix + v)];
    const pieces = callPieces.flatMap((cp) =>
      s.domain.pieces.map((p) => ({
        exists: [...cp.exists, ...p.exists.map((v) => prefix + v)],
        constraints: [...cp.constraints, ...p.constraints.map(rc)],
      })),
    );
    const lifted: Access[] = accesses.map((x) => ({
      ...x,
      array: to.get(x.array)!,
      subscripts: x.subscripts.map((e) => (e ? r(e) : null)),
      exists: x.exists.map((v) => prefix + v),
      existsConstraints: x.existsConstraints.map(rc),
      may: x.may || c.may,
    }));
    return [
      {
        ...s,
        id: `${prefix}${s.id}`,
        iterators,
        domain: { dims: iterators, pieces },
        schedule: [...c.schedule, variable(call), ...s.schedule.map(r)],
        accesses: lifted,
        may: s.may || c.may,
        overApproximated: s.overApproximated || c.overApproximated,
        domainOverApproximated:
          (s.domainOverApproximated ?? s.overApproximated) || c.overApproximated,
      },
    ];
  });
}

const eq = (e: Affine): Constraint => ({ kind: 'eq', expr: sub(e, constant(0n)) });
