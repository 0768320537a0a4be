/**
 * Names and scopes of one function: the arrays and integer variables it declares, how an
 * identifier in a bound, condition, subscript or size resolves (iterator, macro, constant,
 * argument, set-once local), the model parameters that resolution creates, and fresh names
 * for iterators and quotients.
 */
import type { Affine } from '../poly/affine.js';
import { constant, evaluate, ownValue } from '../poly/affine.js';
import { constantValue, conversionFacts, convert, variantScope } from './constants.js';
import {
  type DataModelFact,
  type ModelVariant,
  namedFacts,
  factDiffers,
  factsTelling,
  modelVariants,
} from './modelVariants.js';
import type { Conjunction, Parameter } from '../model/types.js';
import { type ArrayDecl, arrayDecls } from './arrays.js';
import { type ObjectMacro, constDeclarations } from './directives.js';
import { type ExprScope, cValue, toCond, toPwAff } from './expr.js';
import {
  type IntType,
  type IntegerEnv,
  INT,
  convertsExactly,
  exactType,
  literalType,
  heldRange,
} from './integers.js';
import { inModel, modelOf } from './intTypes.js';
import { type Interval, propagate } from './bounds.js';
import {
  type Node,
  child,
  declaredName,
  declaredNames,
  namedChildrenOf,
  namesDeclaredBy,
  walk,
} from './parse.js';
import { declaredIntType, lazily, unitTypedefs } from './typedefs.js';
import type { DataModel } from './dataModel.js';
import { type PwAff, pwVar } from './pwaff.js';
import { type ArrayRec, type FunctionState, key, reason } from './state.js';
import { nameRecord } from '../poly/nameRecord.js';
import { CallSlot } from '../context/callContext.js';

/** Every identifier spelled in the function (fresh names must avoid them). */
export function collectIdentifiers(st: FunctionState): void {
  for (const n of walk(st.fn)) if (n.type === 'identifier') st.identifiers.add(n.text);
}

export function addArray(st: FunctionState, decl: ArrayDecl): void {
  const existing = st.arrays.get(decl.name);
  if (existing) {
    reason(
      existing,
      'declared-twice',
      `'${decl.name}' is declared more than once in '${st.name}'`,
      decl.loc,
    );
    return;
  }
  const rec: ArrayRec = {
    decl,
    extents: [],
    reasons: [],
    marked: false,
    rank: decl.sizeNodes.length,
    // A file-scope array is used where no declaration of the function hides it.
    nameNode: st.globals.get(decl.name) === decl ? null : declaredName(decl.node),
  };
  st.arrays.set(decl.name, rec);
  st.arrayOrder.push(decl.name);
}

export function collectParameters(st: FunctionState, list: Node | null): void {
  for (const p of list?.namedChildren ?? []) {
    if (p.type !== 'parameter_declaration') continue;
    const decls = arrayDecls(p, st.src, 'parameter');
    for (const a of decls) addArray(st, a);
    const id = child(p, 'declarator');
    const t = declaredIntType(p, st.typedefs);
    if (id?.type === 'identifier' && t) {
      st.intArgs.set(id.text, p);
      st.varTypes.set(id.text, t);
    }
  }
}

export function collectLocals(st: FunctionState): void {
  for (const n of st.bodyNodes) {
    for (const name of namesDeclaredBy(n))
      st.declCount.set(name, (st.declCount.get(name) ?? 0) + 1);
    if (n.type !== 'declaration') continue;
    for (const a of arrayDecls(n, st.src, 'local')) addArray(st, a);
    const type = declaredIntType(n, st.typedefs);
    if (type) for (const name of declaredNames(n)) st.varTypes.set(name, type);
    for (const k of constDeclarations(n, st.src, (e) => constValueOf(st, e))) {
      // The value the variable holds: converted to its type (`const unsigned K = -1`).
      const value = type ? convert(k.value, type) : k.value;
      const facts = type ? conversionFacts(k.value, type) : [];
      if (value !== undefined)
        st.localConsts.set(k.name, {
          value,
          loc: k.loc,
          ...(facts.length > 0 ? { dataModelFacts: facts } : {}),
        });
    }
    if (n.parent?.id === st.body.id) {
      if (!type) continue;
      for (const d of n.childrenForFieldName('declarator')) {
        const id = d.type === 'init_declarator' ? child(d, 'declarator') : null;
        if (id?.type === 'identifier' && !st.assigned.has(id.text)) st.onceLocals.set(id.text, d);
      }
    }
  }
}

function constValueOf(st: FunctionState, n: Node): bigint | undefined {
  const v = cValue(n, exprScope(st, new Map()));
  if (!v) return undefined;
  const a = v.length === 1 && v[0].constraints.length === 0 ? v[0].value : undefined;
  if (!a) return undefined;
  try {
    return evaluate(a, knownValues(st));
  } catch {
    return undefined;
  }
}

export function knownValues(st: FunctionState): Record<string, bigint> {
  const out = nameRecord<bigint>();
  for (const p of st.params.values()) if (p.value !== undefined) out[p.name] = p.value;
  return out;
}

/** The conditions that hold in a build whose data model differs in one of `facts`. */
function factTexts(facts: readonly DataModelFact[], m: DataModel): string[] {
  return facts.map((f) => factDiffers(f, m));
}

/**
 * Records that the function's model rests on the facts of its data model that tell it from
 * the variants where `holds` is false (a proof made in the unit's model only). Only the
 * variants that differ in the facts `named` (those the proof's expression names) are tried:
 * the others give the proof what the unit's model gives it.
 */
function provedInEveryModel(
  st: FunctionState,
  named: ReadonlySet<DataModelFact>,
  holds: (v: ModelVariant) => boolean,
): void {
  const differing = modelVariants(st.dataModel).filter(
    (v) => [...v.differs].every((f) => named.has(f)) && !holds(v),
  );
  for (const f of factTexts(factsTelling(differing), st.dataModel)) st.modelFacts.add(f);
}

/** Records the facts a constant folded into the function's model rests on. */
function usedConstant<T extends { facts?: readonly DataModelFact[] } | undefined>(
  st: FunctionState,
  c: T,
): T {
  for (const f of factTexts(c?.facts ?? [], st.dataModel)) st.modelFacts.add(f);
  return c;
}

export function uniqueName(st: FunctionState, base: string): string {
  let name = base;
  for (let k = 1; st.usedNames.has(name) || (name !== base && st.identifiers.has(name)); k++)
    name = `${base}_${k}`;
  st.usedNames.add(name);
  return name;
}

export function fresh(st: FunctionState): string {
  let name: string;
  do name = `_q${st.freshCount++}`;
  while (st.identifiers.has(name));
  return name;
}

function useParam(st: FunctionState, p: Parameter): PwAff {
  if (!st.params.has(p.name)) st.params.set(p.name, p);
  return pwVar(p.name);
}

/** The loops and conditions around a point: where an expression is evaluated. */
/** The scope of a function's expressions, with the integer types the function gives them. */
export interface FunctionScope extends ExprScope {
  /** Storing the value of `n` (exact in this scope) in a variable of type `t` changes nothing. */
  storesExactly(n: Node, t: IntType): boolean;
}

export interface Domain {
  readonly order: readonly string[];
  readonly cond: readonly Conjunction[];
}

/**
 * Bounds of iterators and parameters implied by a domain (union: the hull of boxes). With
 * `typed`, every variable starts from the range of its C type (a variable always holds a
 * value of its type; a counter does in a modelled loop, loops.ts checks it).
 */
export function domainBox(
  st: FunctionState,
  ctx: Domain,
  typed = false,
  retype: (t: IntType) => IntType = (t) => t,
): Map<string, Interval> {
  const base = new Map<string, Interval>();
  for (const p of st.params.values()) {
    const declared = typed && p.value === undefined ? paramType(st, p.name) : undefined;
    const t = declared && retype(declared);
    base.set(
      p.name,
      p.value !== undefined
        ? { lo: p.value, hi: p.value }
        : t
          ? { ...heldRange(t) }
          : { lo: null, hi: null },
    );
  }
  if (typed)
    for (const it of ctx.order) {
      const t = st.iterTypes.get(it);
      if (t) base.set(it, { ...heldRange(retype(t)) });
    }
  let out: Map<string, Interval> | undefined;
  for (const piece of ctx.cond) {
    const b = new Map([...base].map(([k, v]) => [k, { ...v }]));
    propagate(piece.constraints, [...ctx.order, ...piece.exists], b);
    if (!out) out = b;
    else
      for (const [k, v] of b) {
        const o = out.get(k);
        if (!o) continue;
        o.lo = o.lo === null || v.lo === null ? null : o.lo < v.lo ? o.lo : v.lo;
        o.hi = o.hi === null || v.hi === null ? null : o.hi > v.hi ? o.hi : v.hi;
      }
  }
  return out ?? base;
}

/** The C type of a parameter of unknown value (an argument or a set-once local). */
function paramType(st: FunctionState, name: string): IntType | undefined {
  return st.varTypes.get(name);
}

/** The C integer type of the variable an identifier use refers to (through C's scopes). */
export function declaredType(st: FunctionState, use: Node): IntType | undefined {
  const b = st.bindings.get(key(use));
  if (b === null) return fileConstType(st, use.text);
  let d: Node | null = b ?? null;
  while (d && d.type !== 'declaration' && d.type !== 'parameter_declaration') d = d.parent;
  return d ? declaredIntType(d, st.typedefs) : undefined;
}

/** The C type of a file-scope integer (its declaration in the translation unit). */
function fileConstType(st: FunctionState, name: string): IntType | undefined {
  return fileScopeTypes(st.fn.tree, st.dataModel).get(name);
}

/**
 * The integer type of each name declared at file scope, from its first declaration. Built
 * once per unit and call: scanned for each use, the unit's top-level nodes cost libjpeg-turbo's
 * spng.c ~115 ms (issue 17, every file under 1 s).
 */
const unitTypes = new CallSlot(() => new WeakMap<object, Map<string, IntType | undefined>>());
function fileScopeTypes(
  tree: { readonly rootNode: Node },
  model: DataModel,
): Map<string, IntType | undefined> {
  const known = unitTypes.current();
  let types = known?.get(tree);
  if (types) return types;
  types = new Map();
  const typedefs = lazily(() => unitTypedefs(tree, model), model);
  for (const d of namedChildrenOf(tree.rootNode)) {
    if (d.type !== 'declaration') continue;
    const names = declaredNames(d).filter((n) => !types!.has(n));
    if (names.length === 0) continue;
    const type = declaredIntType(d, typedefs);
    for (const n of names) types.set(n, type);
  }
  known?.set(tree, types);
  return types;
}

/** What an identifier of a bound, condition, subscript or size is, in the order C's scopes and the model see it. */
type Resolved =
  | { kind: 'iterator'; model: string; type?: IntType }
  | { kind: 'induction'; value: PwAff; type?: IntType }
  | { kind: 'macro'; macro: ObjectMacro }
  | { kind: 'parameter'; param: Parameter; type?: IntType };

const literalValueType = (v: bigint | undefined, st: FunctionState) =>
  v === undefined ? undefined : literalType(String(v), v, st.dataModel);

function resolveName(
  st: FunctionState,
  iterators: ReadonlyMap<string, string>,
  name: string,
): Resolved | undefined {
  const it = iterators.get(name);
  if (it) return { kind: 'iterator', model: it, type: st.iterTypes.get(it) };
  const ind = st.inductions.get(name);
  if (ind) return { kind: 'induction', value: ind.value, type: ind.type };
  if (st.arrays.has(name)) return undefined;
  // A value given for an argument holds at the function's entry (where the guard checks
  // it): not for an argument the function changes (`m *= 2;`, or C++'s `widen(m)`).
  const cl = st.assigned.has(name) ? undefined : ownValue(st.options.defines, name);
  if (cl !== undefined)
    return {
      kind: 'parameter',
      param: { name, value: cl, source: 'command-line' },
      type: literalValueType(cl, st),
    };
  const m = st.dir.objectMacros.get(name);
  if (m) return { kind: 'macro', macro: m };
  const declared = st.declCount.get(name) ?? 0;
  const type = st.varTypes.get(name);
  const lc = st.localConsts.get(name);
  if (lc && declared === 1)
    return {
      kind: 'parameter',
      param: {
        name,
        value: lc.value,
        source: 'const',
        loc: lc.loc,
        ...(lc.dataModelFacts ? { dataModelFacts: lc.dataModelFacts } : {}),
      },
      type,
    };
  // A C++ template's parameter, bound for the instantiation analysed (cpp/templates.ts):
  // a constant of the shared text, which every instantiation is analysed with.
  const bound = declared === 0 ? st.options.templateValues?.get(name) : undefined;
  if (bound)
    return {
      kind: 'parameter',
      param: { name, value: bound.value, source: 'const' },
      type: bound.type,
    };
  const k = st.dir.constants.get(name);
  if (k && declared === 0) {
    // The value the constant holds: converted to its declared type.
    const kt = k.source === 'const' ? fileConstType(st, name) : INT;
    const value = kt ? convert(k.value, kt) : undefined;
    if (value === undefined) return undefined;
    const facts = conversionFacts(k.value, kt!);
    const fileScope =
      k.source !== 'const'
        ? {}
        : st.options.cpp
          ? { fileScope: true as const, constantExpression: true as const }
          : { fileScope: true as const };
    return {
      kind: 'parameter',
      param: {
        name,
        value,
        source: k.source,
        loc: k.loc,
        ...fileScope,
        ...(facts.length > 0 ? { dataModelFacts: facts } : {}),
      },
      type: kt,
    };
  }
  const arg = st.intArgs.get(name);
  if (arg && declared === 0 && !st.assigned.has(name))
    return { kind: 'parameter', param: { name, source: 'argument', loc: st.src.locOf(arg) }, type };
  const once = st.onceLocals.get(name);
  if (once && declared === 1)
    return { kind: 'parameter', param: { name, source: 'vla', loc: st.src.locOf(once) }, type };
  return undefined;
}

/** Evaluates a macro body once at a time (a macro naming itself has no value). */
function withGuard<T>(guard: Set<string>, name: string, f: () => T | undefined): T | undefined {
  if (guard.has(name)) return undefined;
  guard.add(name);
  try {
    return f();
  } finally {
    guard.delete(name);
  }
}

type ScopeConstant = NonNullable<ReturnType<NonNullable<FunctionScope['constantOf']>>>;

/** The value and type of a name a scope resolved, when it is a known constant. */
function constantOfName(
  st: FunctionState,
  r: Resolved | undefined,
  scope: FunctionScope,
  guarded: (f: () => ScopeConstant | undefined) => ScopeConstant | undefined,
): ScopeConstant | undefined {
  if (r?.kind === 'macro') {
    const m = r.macro;
    const literal =
      m.value !== undefined ? literalType(String(m.value), m.value, st.dataModel) : undefined;
    return guarded(() =>
      m.expr ? constantValue(m.expr, scope) : literal && { value: m.value!, type: literal },
    );
  }
  if (r?.kind !== 'parameter' || r.param.value === undefined || !r.type) return undefined;
  for (const f of r.param.dataModelFacts ?? []) st.modelFacts.add(f);
  return { value: r.param.value, type: r.type };
}

/** Where an identifier's type is read: a scope, its integer environment, its data model. */
interface Within {
  readonly scope: FunctionScope;
  readonly env: IntegerEnv;
  readonly model: DataModel;
}
type TypeIn = (name: string, within: Within) => IntType | undefined;
type Proof = (scope: FunctionScope, env: IntegerEnv) => boolean;

/** What a proof is made again with in each variant of the unit's data model. */
interface ProofPlace {
  readonly st: FunctionState;
  readonly domain: Domain;
  readonly scope: FunctionScope;
  readonly typeIn: TypeIn;
  /** The types in the unit's model. */
  readonly typeOf: (name: string) => IntType | undefined;
}

/**
 * A proof made in the unit's model, made again in each variant where the expression names
 * something the model decides (its scope's types and constants and its box as they are
 * there): where it fails, the function rests on the facts that tell the models apart.
 */
function provedInVariants(at: ProofPlace, node: Node, proof: Proof): void {
  const named = namedFacts(node, at.typeOf);
  if (named.size === 0) return;
  provedInEveryModel(at.st, named, (v) => {
    const scope = { ...at.scope, ...variantScope(at.scope, v) };
    const env: IntegerEnv = new LazyBoxEnv(
      (name) => at.typeIn(name, { scope, env, model: v.model }),
      () => domainBox(at.st, at.domain, true, (t) => inModel(t, v.model)),
    );
    return proof(scope, env);
  });
}

/**
 * An integer environment whose box is made when first read (`forget` drops it). A class, not
 * an object literal with a getter: with one, every scope made (and through its closures the
 * function's state, its compact copy and the builder's tables) outlived two scavenges and
 * lived to the next full collection, ~130 MB promoted while modelling 500 KB of kernels whose
 * models are ~25 MB (issue 29, item 3). Presumably each such literal gets a hidden class of
 * its own holding the getter, reached through weak transitions that scavenges treat as strong.
 */
class LazyBoxEnv implements IntegerEnv {
  private made: ReadonlyMap<string, Interval> | undefined;
  constructor(
    readonly typeOf: IntegerEnv['typeOf'],
    private readonly make: () => ReadonlyMap<string, Interval>,
  ) {}

  get box(): ReadonlyMap<string, Interval> {
    return (this.made ??= this.make());
  }

  forget(): void {
    this.made = undefined;
  }
}

/**
 * Resolution of identifiers in bounds, conditions, subscripts and sizes. `domain` (default:
 * no loop, no condition) is where the expressions are evaluated: their C values must equal
 * their mathematical ones there (cValue / cCond check it with integers.ts). `update`: the
 * value of the counter's step in a do-while loop's condition (loops.ts).
 */
export function exprScope(
  st: FunctionState,
  iterators: ReadonlyMap<string, string>,
  domain: Domain = { order: [...iterators.values()], cond: [{ exists: [], constraints: [] }] },
  update?: ExprScope['update'],
): FunctionScope {
  const expanding = new Set<string>();
  const typing = new Set<string>();
  const constants = new Map<string, ScopeConstant | undefined>();
  const resolve = (name: string) => resolveName(st, iterators, name);
  /**
   * The C type of an identifier (as `identifier` below resolves its value), in the unit's
   * data model or in a variant of it (`within`: the scope and env of that variant).
   */
  const typeIn: TypeIn = (name, within) => {
    const r = resolve(name);
    switch (r?.kind) {
      case 'macro': {
        const m = r.macro;
        return withGuard(typing, name, () =>
          m.expr
            ? exactType(m.expr, within.scope, within.env)
            : m.value === undefined
              ? undefined
              : literalType(String(m.value), m.value, within.model),
        );
      }
      default:
        return r?.type && inModel(r.type, within.model);
    }
  };
  const typeOf = (name: string): IntType | undefined =>
    typeIn(name, { scope, env, model: st.dataModel });
  const env = new LazyBoxEnv(typeOf, () => domainBox(st, domain, true));
  const inEveryModel = (node: Node, proof: Proof) =>
    provedInVariants({ st, domain, scope, typeIn, typeOf }, node, proof);
  const identifier = (name: string): PwAff | undefined => {
    const r = resolve(name);
    switch (r?.kind) {
      case 'iterator':
        return pwVar(r.model);
      case 'induction':
        return r.value;
      case 'macro': {
        const m = r.macro;
        if (m.value !== undefined)
          return useParam(st, { name, value: m.value, source: 'define', loc: m.loc });
        return withGuard(expanding, name, () => (m.expr ? toPwAff(m.expr, scope) : undefined));
      }
      case 'parameter':
        return useParam(st, r.param);
      default:
        return undefined;
    }
  };
  const scope: FunctionScope = {
    identifier,
    functionMacros: st.dir.functionMacros,
    fresh: () => fresh(st),
    knownValue: (name) => st.params.get(name)?.value,
    typedefs: st.typedefs,
    update,
    constantOf: (name) => {
      if (constants.has(name)) return constants.get(name);
      const c = constantOfName(st, resolve(name), scope, (f) => withGuard(typing, name, f));
      // (Once per scope: a constant is asked for again in each variant of the data model.)
      if (!typing.has(name)) constants.set(name, c);
      return c;
    },
    exact: (node) => {
      // Converting first registers the parameters the box must bound.
      // (Quotient names made by the proof are thrown away: the model's names stay stable.)
      const fresh = st.freshCount;
      try {
        if (!toPwAff(node, scope) && !toCond(node, scope)) return false;
        env.forget();
        if (exactType(node, scope, env) === undefined) return false;
        inEveryModel(node, (s, e) => exactType(node, s, e) !== undefined);
        return true;
      } finally {
        st.freshCount = fresh;
      }
    },
    storesExactly: (n, t) => {
      if (!convertsExactly(n, t, scope, env)) return false;
      inEveryModel(n, (s, e) => convertsExactly(n, inModel(t, modelOf(s.typedefs)), s, e));
      return true;
    },
  };
  return scope;
}

/** A single affine form without guards, or undefined. */
export function affineOf(
  st: FunctionState,
  n: Node,
  iterators: ReadonlyMap<string, string>,
): Affine | undefined {
  const scope = exprScope(st, iterators);
  const v = cValue(n, scope);
  if (!v || v.length !== 1 || v[0].constraints.length > 0 || v[0].exists.length > 0) {
    // An integer constant expression (`N / 2`, `512 * 4 / 16`): its C value.
    const c = usedConstant(st, constantValue(n, scope));
    return c ? constant(c.value) : undefined;
  }
  return v[0].value;
}
