/**
 * One function -> its FunctionModel: arrays with candidacy, parameters, and the static
 * control parts (statements with domains, 2d+1 schedules and accesses).
 *
 * Soundness rules followed here (docs/design.md, "Soundness rules"): whatever is not
 * understood makes domains larger (dropped bounds, flagged), subscripts unknown (null, flagged), or the array not a
 * candidate (with a reason). A final sweep over every use of every array makes sure no
 * access escapes the model: a use that no modelled statement covers disqualifies the array.
 *
 * The concerns have their own modules, each reading and filling the FunctionState
 * (state.ts): names.ts (declarations, scopes, parameters), integers.ts (C integer types),
 * escapes.ts (writes, escapes), references.ts (array references), statements.ts and
 * loops.ts (the walk and its loops), statementAccesses.ts (one modelled statement),
 * accessCases.ts (the `?:` / `&&` / `||` cases of one reference).
 */
import type { Constraint } from '../poly/affine.js';
import { constant, evaluate, isConstant, sub, variables } from '../poly/affine.js';
import type { ArrayInfo, FunctionModel, NotCandidateReason } from '../model/types.js';
import { type ArrayDecl, extentOf, extentProblem } from './arrays.js';
import { elementFacts } from './fieldAccess.js';
import { type Directives, pragmaKind } from './directives.js';
import { collectAssigned, refuseParallelConstructs, sweep } from './escapes.js';
import { refuseOpaqueAsm } from './asm.js';
import { cppHazards, cppWrites } from './cpp/effects.js';
import {
  addArray,
  affineOf,
  collectIdentifiers,
  collectLocals,
  collectParameters,
  knownValues,
} from './names.js';
import { type Node, type SourceText, child, walk } from './parse.js';
import { TRUE, ge } from './pwaff.js';
import { type ArrayRec, type Ctx, type FrontendOptions, FunctionState, key } from './state.js';
import { statement } from './statements.js';
import { filePromises, isPromised } from './promises.js';
import { notCandidate } from '../model/reasons.js';
import { outlineFacts } from './outline.js';

export type { FrontendOptions } from './state.js';

export class FunctionBuilder {
  private readonly st: FunctionState;

  constructor(
    fn: Node,
    src: SourceText,
    dir: Directives,
    globals: ReadonlyMap<string, ArrayDecl>,
    options: FrontendOptions,
    /** For each file-scope array, the functions whose bodies name it. */
    globalUsers: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {
    const st = new FunctionState(fn, src, dir, globals, options, globalUsers);
    this.st = st;
    collectIdentifiers(st);
    collectAssigned(st);
    if (st.declarator) collectParameters(st, child(st.declarator, 'parameters'));
    // C++: what calls by reference, references and streams write (before the locals'
    // constants are read).
    if (st.options.cpp) cppWrites(st, st.options.cpp);
    collectLocals(st);
  }

  /** Adds the file-scope arrays this function uses (before building). */
  addGlobals(): void {
    addGlobals(this.st);
  }

  build(): FunctionModel {
    return build(this.st);
  }
}

function build(st: FunctionState): FunctionModel {
  const children = st.body.namedChildren;
  const scops = children.filter((c) => pragmaKind(c) === 'scop');
  const nested = st.bodyNodes.filter(
    (n) => pragmaKind(n) === 'scop' && n.parent?.id !== st.body.id,
  );
  if (nested.length > 0)
    st.diagnostics.push({
      severity: 'warning',
      reason: 'scop-pragma-ignored',
      loc: st.src.locOf(nested[0]),
      message: "'#pragma scop' not at the top level of the function body is ignored",
    });
  const regions: Node[][] = [];
  if (scops.length > 0) {
    let cur: Node[] | undefined;
    for (const c of children) {
      const k = pragmaKind(c);
      if (k === 'scop') cur = [];
      else if (k === 'endscop') {
        if (cur) regions.push(cur);
        cur = undefined;
      } else if (cur) cur.push(c);
    }
    if (cur) regions.push(cur);
  } else {
    regions.push(children);
  }
  st.regionSpans = regions.flat().map((s) => st.src.range(s));
  const root: Ctx = {
    iterators: new Map(),
    order: [],
    cond: TRUE,
    schedule: [],
    may: false,
    overApproximated: false,
  };
  const counter = { next: 0 };
  for (const r of regions) {
    r.forEach((s, k) => {
      // A final `return` ends the function: nothing after it to mis-model.
      const finalReturn = scops.length === 0 && s.type === 'return_statement' && k === r.length - 1;
      statement(st, s, root, counter, finalReturn);
    });
  }
  computeExtents(st);
  sweep(st);
  refuseParallelConstructs(st);
  refuseOpaqueAsm(st);
  if (st.options.cpp) cppHazards(st, st.options.cpp);
  return finish(st);
}
function computeExtents(st: FunctionState): void {
  for (const rec of st.arrays.values()) {
    rec.extents = rec.decl.sizeNodes.map((s) => {
      const base = extentOf(s, st.src);
      const expr = s ? affineOf(st, s, new Map()) : undefined;
      let value: bigint | undefined;
      if (expr)
        try {
          value = evaluate(expr, knownValues(st));
        } catch {
          value = undefined;
        }
      return { ...base, ...(expr ? { expr } : {}), ...(value !== undefined ? { value } : {}) };
    });
  }
}
/**
 * Whether a local VLA's declaration runs before anything else the function does, so that its
 * extents (`char z[m + 1]`: m >= 0) hold for every access the model has: a declaration of the
 * body's own block with only declarations before it, none of them (nor its own) with a call
 * or a subscript (`int x = f(), z[m + 1];`: the call runs first). Under `if (m >= 0) { char
 * z[m + 1]; ... }` the fact m >= 0 made the domain of `if (m < 0) s += t[i - 2]` elsewhere
 * empty, and t was scalarized: the run with m = -1 printed another sum.
 */
function declaredFirst(st: FunctionState, node: Node): boolean {
  let decl: Node | null = node;
  while (decl && decl.type !== 'declaration') decl = decl.parent;
  if (!decl || decl.parent?.id !== st.body.id) return false;
  for (const n of st.body.namedChildren) {
    if (n.type === 'comment') continue;
    if (n.type !== 'declaration' || runsCode(n)) return false;
    if (n.id === decl.id) return true;
  }
  return false;
}

/** A declaration that calls a function or reads an element on its way. */
const runsCode = (d: Node) =>
  walk(d).some((x) => x.type === 'call_expression' || x.type === 'subscript_expression');

/** Why an array is not a candidate by its declaration: its storage, type and extents. */
function declarationReasons(
  st: FunctionState,
  rec: ArrayRec,
  isMarked: boolean,
  users: readonly string[],
): NotCandidateReason[] {
  const d = rec.decl;
  const reasons: NotCandidateReason[] = [];
  if (!isMarked) {
    if (d.storage === 'parameter')
      reasons.push(notCandidate('parameter', `'${d.name}' is a parameter`, d.loc));
    if (d.storage === 'static-local')
      reasons.push(notCandidate('static-local', `'${d.name}' is static`, d.loc));
    if (d.storage === 'global' || d.storage === 'static-global')
      reasons.push(notCandidate('file-scope', `'${d.name}' has file scope`, d.loc));
  }
  if (isMarked && (d.storage === 'global' || d.storage === 'static-global') && users.length > 1)
    // One declaration, one mapping: every function would have to agree on it.
    reasons.push(
      notCandidate(
        'several-functions',
        `'${d.name}' is used by several functions (${users.join(', ')})`,
        d.loc,
      ),
    );
  if (d.isExtern && isMarked)
    reasons.push(
      notCandidate('extern', `'${d.name}' is declared extern: its definition is elsewhere`, d.loc),
    );
  if (st.options.dataModel === 'unknown') reasons.push(dataModelUnknown(d));
  if (d.isPointer) reasons.push(notCandidate('pointer', `'${d.name}' is a pointer`, d.loc));
  if (d.isVolatile) reasons.push(notCandidate('volatile', `'${d.name}' is volatile`, d.loc));
  if (!d.isPointer && rec.extents.some((e) => !e.expr))
    reasons.push(notCandidate('extent-not-affine', extentProblem(d), d.loc));
  return reasons;
}

function finish(st: FunctionState): FunctionModel {
  const promises =
    st.options.promises ?? filePromises(st.options.temporaries ?? [], st.dir.temporaries, []);
  const arrays: ArrayInfo[] = [];
  const context: Constraint[] = [];
  const seen = new Set<string>();
  const emitArray = (rec: ArrayRec) => {
    const d = rec.decl;
    const isMarked = isPromised(promises, st.name, d.name);
    const users = st.globalUsers.get(d.name) ?? [];
    const reasons = declarationReasons(st, rec, isMarked, users);
    reasons.push(...rec.reasons);
    // (A parameter's `double a[n]` is no fact either: f(0, NULL) is common practice.)
    const holds = d.storage === 'local' && declaredFirst(st, d.node);
    for (const e of rec.extents) {
      if (e.expr && !isConstant(e.expr)) {
        const c = ge(sub(e.expr, constant(1n)));
        if (holds && !context.some((k) => JSON.stringify(k, big) === JSON.stringify(c, big)))
          context.push(c);
        for (const v of variables(e.expr)) seen.add(v);
      }
    }
    arrays.push({
      name: d.name,
      elementType: d.elementType,
      ...elementFacts(st, rec),
      extents: rec.extents,
      storage: d.storage,
      isVla:
        d.storage === 'local' &&
        rec.extents.some(
          (e) => !e.expr || variables(e.expr).some((v) => st.params.get(v)?.value === undefined),
        ),
      isVolatile: d.isVolatile,
      hasInitializer: d.initializer !== null,
      markedTemporary: isMarked,
      loc: d.loc,
      declaratorRange: d.declaratorRange,
      declarationRange: d.declarationRange,
      ...(d.storage === 'global' || d.storage === 'static-global' ? { users } : {}),
      candidate: reasons.length === 0,
      reasons,
      blockIterators: d.storage === 'local' ? (rec.blockIterators ?? []) : [],
    });
  };
  for (const name of st.arrayOrder) emitArray(st.arrays.get(name)!);
  const parameters = [...st.params.values()];
  const copyObstacle = copyObstacleOf(st);
  const outline = copyObstacle ? {} : outlineFacts(st);
  return {
    name: st.name,
    loc: st.src.locOf(st.fn),
    range: st.src.range(st.fn),
    bodyRange: st.src.range(st.body),
    parameters,
    context,
    arrays,
    statements: st.statements,
    diagnostics: st.diagnostics,
    ...(st.helperCalls.length > 0 ? { helperCalls: st.helperCalls } : {}),
    ...(hasArrayParameter(st) ? parameterFacts(st) : {}),
    ...(copyObstacle ? { copyObstacle } : {}),
    ...outline,
    ...(st.modelFacts.size > 0 ? { dataModelFacts: [...st.modelFacts].sort() } : {}),
    ...(st.entryFacts.size > 0 ? { entryFacts: [...st.entryFacts.values()] } : {}),
  };
}

const hasArrayParameter = (st: FunctionState) =>
  [...st.arrays.values()].some((r) => r.decl.storage === 'parameter');

/**
 * The names of the parameters in order (null for one without a name, or `...`), and the bits
 * of those of an integer type of 16 bits or more (FunctionModel.parameterBits).
 */
function parameterFacts(
  st: FunctionState,
): Pick<FunctionModel, 'parameterNames' | 'parameterBits'> {
  const list = st.declarator ? child(st.declarator, 'parameters') : null;
  const names = (list?.namedChildren ?? [])
    .filter((p) => p.type === 'parameter_declaration' || p.type === 'variadic_parameter')
    .map((p) => {
      let d = p.type === 'parameter_declaration' ? child(p, 'declarator') : null;
      while (d && d.type !== 'identifier') d = child(d, 'declarator');
      return d?.text ?? null;
    });
  const bits = names.map((n) => {
    const t = n !== null && st.intArgs.has(n) ? st.varTypes.get(n) : undefined;
    return t && t.bits >= 16 ? t.bits : null;
  });
  return { parameterNames: names, parameterBits: bits };
}

/** See FunctionModel.copyObstacle. */
function copyObstacleOf(st: FunctionState): string | undefined {
  for (const n of st.bodyNodes) {
    if (n.type === 'goto_statement') return 'it uses goto (labels cannot be duplicated)';
    if (n.type === 'labeled_statement') return 'it has labels (a copy would define them twice)';
    if (n.type === 'storage_class_specifier' && n.text === 'static')
      return 'it has static locals (a copy would be another object)';
    // Its text may define an assembler label (`__asm__("lbl: nop")`): which, cannot be told.
    if (n.type === 'gnu_asm_expression')
      return 'it has inline assembly (a copy would define its labels twice)';
  }
  return undefined;
}
function addGlobals(st: FunctionState): void {
  const used = new Set<string>();
  // Names used at file scope (no declaration of the function hides them).
  for (const n of st.bodyNodes)
    if (n.type === 'identifier' && st.bindings.get(key(n)) === null) used.add(n.text);
  for (const [name, decl] of st.globals) {
    if (used.has(name) && !st.arrays.has(name)) addArray(st, decl);
  }
}

const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** The unit's target is not known (dataModel.ts): no integer type of it can be trusted. */
function dataModelUnknown(d: ArrayDecl): NotCandidateReason {
  return notCandidate(
    'data-model-unknown',
    `the sizes of int, long and pointers of the target '${d.name}' is compiled for are not known`,
    d.loc,
  );
}
