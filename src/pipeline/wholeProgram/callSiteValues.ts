/**
 * Values every call passes (issue 26): when each call of a function is a call site of the
 * graph and each one passes, for an integer parameter, the same constant, the parameter has
 * that value in every run; when each one passes the same value for two parameters (the same
 * constant, or the same variable the caller never changes), they are equal in every run. Those are
 * facts about the function, like a `#define`d size: the decision about its arrays may rest on
 * them with no run-time guard, and its callers' buffers may shrink with the result.
 *
 * Only where every call is seen (crossCall.ts unseenCalls: `static` or a closed file set, its
 * name used only as a callee, no other file including this one, a single definition), every
 * caller is structured (no `goto`), every call passes one argument per parameter, and the
 * function is not recursive through the values (a cycle gives no facts). A caller's parameter
 * passed on carries that caller's own facts (`main` -> `run(8)` -> `kernel(n)`).
 */
import type {
  ArgumentValue,
  CallGraph,
  CallSite,
  FunctionCalls,
  IntegerType,
  SourceLoc,
} from '../../model/calls.js';
import { unseenCalls, type Visibility } from '../../lifetime/crossCall.js';
import { conversionFacts, convert } from '../../frontend/constants.js';
import type { IntType } from '../../frontend/intTypes.js';
import * as A from '../../poly/affine.js';
import type { Constraint } from '../../poly/affine.js';
import type { FunctionModel, Parameter, ProgramModel } from '../../model/types.js';
import { externalOf, overriddenFunctions, withForeign, type ProgramView } from './fileSet.js';
import { place } from '../../model/place.js';

/** What every call of one function passes. */
interface CallSiteFacts {
  /** Per parameter index, the value every call passes, where it is one constant. */
  readonly values: ReadonlyMap<number, bigint>;
  /**
   * Per parameter index of `values`, the data model facts some call's value rests on (a call
   * passing `12 - sizeof(long)`): conditions that hold in a build where it is another.
   */
  readonly facts: ReadonlyMap<number, readonly string[]>;
  /** Per parameter index, the smallest index of the parameters every call passes the same value for. */
  readonly classes: ReadonlyMap<number, number>;
  /** The calls they come from. */
  readonly calls: readonly { readonly caller: string; readonly loc: SourceLoc }[];
}

interface CallSiteQuery {
  readonly graph: CallGraph;
  /** How each function of the graph may be called from outside it. */
  readonly visibility: (fnName: string) => Visibility;
  /** Functions whose definition in the graph may not be the one a call reaches. */
  readonly overridden?: ReadonlyMap<string, readonly string[]>;
  /**
   * The callers whose text the file's guards follow (contraction.ts places them after the
   * callers of a function with facts): the functions of the file's model that can have one.
   * What a call passes was read in one configuration (a macro, a branch of `#ifdef`); in a
   * header, in another unit of the set, or in a function the model leaves out (no array of
   * its own) no guard of this file checks it, and such a call passes no known value.
   */
  readonly guarded: ReadonlySet<string>;
}

const typeKey = (t: IntegerType) => `${t.bits}${t.signed ? 's' : 'u'}${t.plainChar ? 'c' : ''}`;

/**
 * The facts of every function of the graph that has some (memoized per query: a caller's
 * facts are asked for once however many callees pass its parameters on).
 */
function callSiteFacts(q: CallSiteQuery): Map<string, CallSiteFacts> {
  const memo = new Map<string, CallSiteFacts | undefined>();
  const byName = new Map(q.graph.functions.map((f) => [f.name, f]));
  const factsOf = (name: string, visiting: ReadonlySet<string>): CallSiteFacts | undefined => {
    if (memo.has(name)) return memo.get(name);
    if (visiting.has(name)) return undefined;
    const fn = byName.get(name);
    const r = fn ? computed(q, fn, new Set([...visiting, name]), factsOf) : undefined;
    // No facts because a caller is on the cycle being asked about: the cycle's answer, not
    // the function's, remembered only from the outermost question. (Facts found inside a
    // cycle are never wrong, at most weaker.)
    if (visiting.size === 0 || r !== undefined) memo.set(name, r);
    return r;
  };
  const out = new Map<string, CallSiteFacts>();
  for (const f of q.graph.functions) {
    const r = factsOf(f.name, new Set());
    if (r && (r.values.size > 0 || [...r.classes].some(([k, c]) => k !== c))) out.set(f.name, r);
  }
  return out;
}

type FactsOf = (name: string, visiting: ReadonlySet<string>) => CallSiteFacts | undefined;

function computed(
  q: CallSiteQuery,
  fn: FunctionCalls,
  visiting: ReadonlySet<string>,
  factsOf: FactsOf,
): CallSiteFacts | undefined {
  const types = fn.integerParameters ?? [];
  if (!types.some((t) => t !== undefined)) return undefined;
  if (unseenCalls(fn, q.visibility(fn.name)) || q.overridden?.has(fn.name)) return undefined;
  const sites: { caller: FunctionCalls; call: CallSite }[] = [];
  for (const caller of q.graph.functions)
    for (const call of caller.calls) if (call.callee === fn.name) sites.push({ caller, call });
  if (sites.length === 0) return undefined;
  // Per call, per parameter: a key equal for equal values (undefined: unknown).
  const keys: (string | undefined)[][] = [];
  const constants: (bigint | undefined)[][] = [];
  const factLists: (readonly string[] | undefined)[][] = [];
  for (const { caller, call } of sites) {
    const values = call.values;
    if (caller.unstructured || !values || values.length !== fn.parameterNames.length)
      return undefined;
    const callerFacts = values.some((v) => v?.kind === 'parameter')
      ? factsOf(caller.name, visiting)
      : undefined;
    const passed = types.map((t, k) =>
      t && values[k] && q.guarded.has(caller.name)
        ? passedValue(values[k]!, t, callerFacts)
        : undefined,
    );
    keys.push(passed.map((p) => p?.key));
    constants.push(passed.map((p) => p?.constant));
    factLists.push(passed.map((p) => p?.facts));
  }
  const values = new Map<number, bigint>();
  const facts = new Map<number, readonly string[]>();
  const classes = new Map<number, number>();
  for (let k = 0; k < types.length; k++) {
    const first = constants[0]![k];
    if (first !== undefined && constants.every((c) => c[k] === first)) {
      values.set(k, first);
      const all = [...new Set(factLists.flatMap((f) => f[k] ?? []))].sort();
      if (all.length > 0) facts.set(k, all);
    }
    if (keys[0]![k] === undefined) continue;
    const same = [...Array(k + 1).keys()].find((j) =>
      keys.every((site) => site[j] !== undefined && site[j] === site[k]),
    );
    classes.set(k, same ?? k);
  }
  return {
    values,
    facts,
    classes,
    calls: sites.map((s) => ({ caller: s.caller.name, loc: s.call.loc })),
  };
}

/**
 * What one argument passes for a parameter of type `t`, as the parameter holds it: a
 * constant converted to `t`, or a key naming the caller's value (equal keys, equal values:
 * the same name converted to the same type).
 */
function passedValue(
  v: ArgumentValue,
  t: IntegerType,
  callerFacts: CallSiteFacts | undefined,
): { key: string; constant?: bigint; facts?: readonly string[] } | undefined {
  const constant = (c: bigint, facts: readonly string[] | undefined) => {
    const value = convert(c, t as IntType);
    // (`f(-1)` for an unsigned long parameter: 2^64 - 1 where long is 64 bits only.)
    const all = [...new Set([...(facts ?? []), ...conversionFacts(c, t as IntType)])];
    return value === undefined
      ? undefined
      : { key: `=${value}`, constant: value, ...(all.length > 0 ? { facts: all } : {}) };
  };
  switch (v.kind) {
    case 'constant':
      return constant(v.value, v.dataModelFacts);
    case 'parameter': {
      const known = callerFacts?.values.get(v.index);
      if (known !== undefined) return constant(known, callerFacts?.facts.get(v.index));
      const cls = callerFacts?.classes.get(v.index) ?? v.index;
      return { key: `p${cls}:${typeKey(t)}` };
    }
    case 'local':
      return { key: `l${v.name}:${typeKey(t)}` };
  }
}

/**
 * The model with the facts put in: an argument every call passes one constant for becomes a
 * parameter of known value (source `call-sites`, no guard: no call passes another), and two
 * arguments every call passes the same value for are equal in the function's context. Only
 * the model's `argument` parameters take them (an argument the function never changes; a
 * `-D` value the user gave stays the user's).
 */
function withCallSiteValues(
  model: ProgramModel,
  facts: ReadonlyMap<string, CallSiteFacts>,
): ProgramModel {
  if (facts.size === 0 || !model.calls) return model;
  const names = new Map(model.calls.functions.map((f) => [f.name, f.parameterNames]));
  return {
    ...model,
    functions: model.functions.map((fn) => {
      const f = facts.get(fn.name);
      const params = names.get(fn.name);
      return f && params ? withFacts(fn, f, params) : fn;
    }),
  };
}

function withFacts(
  fn: FunctionModel,
  f: CallSiteFacts,
  parameterNames: readonly string[],
): FunctionModel {
  const passedBy = f.calls.map((c) => `${c.caller}() at ${place(c.loc)}`);
  const symbolic = (name: string) =>
    fn.parameters.some((q) => q.name === name && q.source === 'argument' && q.value === undefined);
  // Per class of equal arguments, its first member the model has as a run-time argument.
  const first = new Map<number, string>();
  for (const [k, cls] of [...f.classes].sort((a, b) => a[0] - b[0]))
    if (!first.has(cls) && symbolic(parameterNames[k] ?? '')) first.set(cls, parameterNames[k]!);
  const context: Constraint[] = [];
  const parameters = fn.parameters.map((p): Parameter => {
    const k = parameterNames.indexOf(p.name);
    if (p.source !== 'argument' || p.value !== undefined || k < 0) return p;
    const value = f.values.get(k);
    const facts = f.facts.get(k);
    if (value !== undefined)
      return {
        ...p,
        value,
        source: 'call-sites',
        passedBy,
        ...(facts ? { dataModelFacts: facts } : {}),
      };
    const same = first.get(f.classes.get(k) ?? -1);
    if (same === undefined || same === p.name) return p;
    context.push({ kind: 'eq', expr: A.sub(A.variable(p.name), A.variable(same)) });
    return { ...p, equals: same, passedBy };
  });
  if (parameters.every((p, k) => p === fn.parameters[k])) return fn;
  return { ...fn, parameters, context: [...fn.context, ...context] };
}

/**
 * The file's model with the values every call passes, its calls read with the other files of
 * the set (`program`) where there is one.
 */
export function modelWithCallSiteValues(
  model: ProgramModel,
  includedBy?: readonly string[],
  program?: ProgramView,
): ProgramModel {
  if (!model.calls) return model;
  const byIncluders = [...(includedBy ?? []), ...(program?.includedBy ?? [])];
  const facts = callSiteFacts({
    graph: withForeign(model.calls, program),
    visibility: (name) => {
      const external = externalOf(program, name);
      return {
        ...(byIncluders.length > 0 ? { includedBy: byIncluders } : {}),
        ...(external ? { external } : {}),
      };
    },
    overridden: overriddenFunctions(model.calls, program),
    guarded: new Set(
      model.functions
        .filter((f) => f.range.end > f.range.start && f.configurationUnguarded === undefined)
        .map((f) => f.name),
    ),
  });
  return withCallSiteValues(model, facts);
}
