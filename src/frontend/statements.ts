/**
 * The walk over a function body: which statements become modelled statements (expression
 * statements, declarations with initializers, `if` on affine conditions, `for` loops and
 * canonical `while` and `do` loops via loops.ts) and which constructs are refused, with the
 * arrays they affect.
 */
import type { Affine, Constraint } from '../poly/affine.js';
import { constant, isConstant, sub, variable } from '../poly/affine.js';
import type { Access, HelperArgument } from '../model/types.js';
import { cCond, cValue } from './expr.js';
import { doParts, runsOnce, whileParts } from './loopForms.js';
import { loopContext } from './loops.js';
import { affineOf, declaredType, exprScope, uniqueName } from './names.js';
import type { IntType } from './integers.js';
import { type Node, child, namesDeclaredBy, walk } from './parse.js';
import { declaredIntType } from './typedefs.js';
import { condAnd, ge } from './pwaff.js';
import { arrayUses, elementAccesses } from './references.js';
import { emit } from './statementAccesses.js';
import { extentProblem } from './arrays.js';
import {
  type ArrayRec,
  type Ctx,
  type FunctionState,
  arrayOf,
  inRegion,
  key,
  reason,
} from './state.js';

const UNMODELLED: Record<string, string> = {
  while_statement: 'while loop',
  do_statement: 'do-while loop',
  switch_statement: 'switch',
  goto_statement: 'goto',
  labeled_statement: 'label',
  break_statement: 'break',
  continue_statement: 'continue',
  return_statement: 'return',
};

export function statement(
  st: FunctionState,
  n: Node,
  ctx: Ctx,
  counter: { next: number },
  finalReturn = false,
): void {
  switch (n.type) {
    case 'compound_statement': {
      const bound: string[] = [];
      n.namedChildren.forEach((c, k, all) => {
        statement(st, c, ctx, counter);
        bound.push(...bindInductions(st, c, ctx, all.slice(k + 1)));
      });
      for (const name of bound) st.inductions.delete(name);
      return;
    }
    case 'expression_statement':
      if (elementAccesses(st, n).length > 0) emit(st, n, n, ctx, counter.next++);
      else recordHelperCall(st, n, ctx, counter);
      return;
    case 'declaration':
      declaration(st, n, ctx, counter);
      return;
    case 'for_statement':
      {
        const inner = loopContext(st, n, ctx, counter.next++);
        if (inner) statement(st, child(n, 'body')!, inner, { next: 0 });
      }
      return;
    case 'if_statement':
      ifStatement(st, n, ctx, counter);
      return;
    case 'while_statement': {
      const parts = whileParts(n);
      if (!parts) break;
      const inner = loopContext(st, n, ctx, counter.next++, parts);
      if (inner) statement(st, parts.body, inner, { next: 0 });
      return;
    }
    case 'do_statement': {
      // `do { ... } while (0)`: the body once; a `break` or `continue` in it is refused as
      // one of the loop around (or of the function), a larger region.
      if (runsOnce(n)) {
        statement(st, child(n, 'body')!, ctx, counter);
        return;
      }
      const parts = doParts(n);
      if (!parts) break;
      const inner = loopContext(st, n, ctx, counter.next++, parts);
      if (inner) statement(st, parts.body, inner, { next: 0 });
      return;
    }
    case 'labeled_statement': {
      // A label no `goto` jumps to (`row: for (...)`, the HLS style) changes nothing.
      const inner = n.namedChildren.find((c) => c.type !== 'statement_identifier');
      if (inner && !hasGoto(st)) {
        statement(st, inner, ctx, counter, finalReturn);
        return;
      }
      break;
    }
    case 'comment':
    case 'preproc_call':
    case ';':
      return;
    case 'return_statement':
      if (finalReturn) {
        if (elementAccesses(st, n).length > 0) emit(st, n, n, ctx, counter.next++);
        return;
      }
      break;
  }
  const what = UNMODELLED[n.type] ?? n.type.replace(/_/g, ' ');
  const where = st.src.locOf(n);
  // break/continue change the enclosing loop; return/goto/labels anything after them.
  const affected =
    n.type === 'break_statement' || n.type === 'continue_statement'
      ? (ctx.loop ?? st.body)
      : n.type === 'return_statement' ||
          n.type === 'goto_statement' ||
          n.type === 'labeled_statement'
        ? st.body
        : n;
  for (const id of arrayUses(st, affected)) {
    const rec = st.arrays.get(id.text)!;
    if (!inRegion(st, id)) continue;
    reason(
      rec,
      'statement-not-modelled',
      `${what} at ${where.line}:${where.column} cannot be modelled`,
      where,
    );
  }
  for (const id of arrayUses(st, n)) st.uncoveredWhy.set(key(id), `inside a ${what}`);
}

function declaration(st: FunctionState, n: Node, ctx: Ctx, counter: { next: number }): void {
  for (const d of n.childrenForFieldName('declarator')) {
    const declared = d.type === 'init_declarator' ? child(d, 'declarator') : d;
    const declaredRec =
      declared && [...st.arrays.values()].find((r) => r.decl.node.id === declared.id);
    if (declaredRec) declaredRec.blockIterators = ctx.order;
    if (d.type !== 'init_declarator') continue;
    const value = child(d, 'value')!;
    const target = child(d, 'declarator')!;
    const rec = [...st.arrays.values()].find((r) => r.decl.node.id === target.id);
    if (rec) {
      if (rec.decl.storage !== 'local') continue; // static initializers run before main
      // A brace list initialises every cell (missing ones to zero): a write of the whole
      // array at the declaration. The rewriter must keep each slot's initial value right.
      if (value.type === 'initializer_list')
        emitInitializer(st, rec, n, value, ctx, counter.next++);
      else
        reason(
          rec,
          'initializer-not-modelled',
          `initializer of '${rec.decl.name}' is not a brace list`,
          st.src.locOf(value),
        );
      continue;
    }
    if (elementAccesses(st, value).length > 0) emit(st, n, value, ctx, counter.next++);
  }
}

/** `T t[A][B] = {0};` writes every cell at the declaration: a loop nest over the extents. */
function emitInitializer(
  st: FunctionState,
  rec: ArrayRec,
  decl: Node,
  value: Node,
  ctx: Ctx,
  position: number,
): void {
  const sizes = rec.decl.sizeNodes.map((s) => (s ? affineOf(st, s, ctx.iterators) : undefined));
  if (sizes.some((s) => !s)) {
    reason(
      rec,
      'initializer-not-modelled',
      rec.decl.sizeNodes.some((n) => !n)
        ? extentProblem(rec.decl)
        : `extents of '${rec.decl.name}' are not affine`,
      rec.decl.loc,
    );
    return;
  }
  const its = sizes.map((_, k) => uniqueName(st, `_init${k}`));
  const constraints: Constraint[] = [];
  sizes.forEach((s, k) => {
    constraints.push(ge(variable(its[k])));
    constraints.push(ge(sub(sub(s!, variable(its[k])), constant(1n))));
  });
  const schedule: Affine[] = [...ctx.schedule, constant(position)];
  for (const it of its) schedule.push(variable(it), constant(0n));
  const access: Access = {
    array: rec.decl.name,
    kind: 'write',
    subscripts: its.map((it) => variable(it)),
    exists: [],
    existsConstraints: [],
    order: 0,
    may: ctx.may,
    overApproximated: false,
    loc: st.src.locOf(value),
    range: st.src.range(value),
    indexRanges: [],
  };
  st.statements.push({
    id: `S${st.statements.length}`,
    loc: st.src.locOf(decl),
    text: st.src.textOf(decl),
    range: st.src.range(decl),
    iterators: [...ctx.order, ...its],
    domain: {
      dims: [...ctx.order, ...its],
      pieces: ctx.cond.map((c) => ({
        exists: c.exists,
        constraints: [...c.constraints, ...constraints],
      })),
    },
    schedule,
    accesses: [access],
    may: ctx.may,
    overApproximated: ctx.overApproximated,
    domainOverApproximated: ctx.overApproximated,
  });
}

function ifStatement(st: FunctionState, n: Node, ctx: Ctx, counter: { next: number }): void {
  const condNode = child(n, 'condition')!;
  const scope = exprScope(st, ctx.iterators, ctx);
  const yes = elementAccesses(st, condNode).length === 0 ? cCond(condNode, scope) : undefined;
  const no = yes && cCond(condNode, scope, true);
  const cons = child(n, 'consequence')!;
  const alt = child(n, 'alternative');
  const altBody = alt?.type === 'else_clause' ? alt.namedChildren[0] : alt;
  if (yes && no) {
    statement(st, cons, { ...ctx, cond: condAnd(ctx.cond, yes) }, counter);
    if (altBody) statement(st, altBody, { ...ctx, cond: condAnd(ctx.cond, no) }, counter);
    return;
  }
  // Data-dependent: the condition is evaluated (its reads are a statement), the branches may run.
  if (elementAccesses(st, condNode).length > 0) emit(st, condNode, condNode, ctx, counter.next++);
  statement(st, cons, { ...ctx, may: true }, counter);
  if (altBody) statement(st, altBody, { ...ctx, may: true }, counter);
}

/** Whether the function has a `goto` (then a label may be entered from anywhere). */
function hasGoto(st: FunctionState): boolean {
  return st.bodyNodes.some((x) => x.type === 'goto_statement');
}

/**
 * After `int row = i * W;` or `row = i * W;` (the only write of `row` in the function, an
 * integer whose address is never taken, declared once), the following statements of the
 * block see `row` as that affine value of the counters: returns the names bound.
 */
function bindInductions(st: FunctionState, n: Node, ctx: Ctx, rest: readonly Node[]): string[] {
  const pairs: [Node, Node, IntType | undefined][] = [];
  const declType = n.type === 'declaration' ? declaredIntType(n, st.typedefs) : undefined;
  if (n.type === 'declaration') {
    for (const d of n.childrenForFieldName('declarator')) {
      const id = d.type === 'init_declarator' ? child(d, 'declarator') : null;
      const value = d.type === 'init_declarator' ? child(d, 'value') : null;
      if (id?.type === 'identifier' && value && !st.writeCount.has(id.text))
        pairs.push([id, value, declType]);
    }
  } else if (n.type === 'expression_statement') {
    const a = n.namedChildren[0];
    const id = a?.type === 'assignment_expression' ? child(a, 'left') : null;
    if (
      id?.type === 'identifier' &&
      child(a!, 'operator')?.text === '=' &&
      st.writeCount.get(id.text) === 1
    )
      pairs.push([id, child(a!, 'right')!, declaredType(st, id)]);
  }
  const out: string[] = [];
  for (const [id, value, type] of pairs) {
    const name = id.text;
    // The name must mean this variable in the statements after it: none declares it again.
    const redeclared = rest.some((r) => walk(r).some((x) => namesDeclaredBy(x).includes(name)));
    if (!type || redeclared || st.addressTaken.has(name)) continue;
    if (st.onceLocals.has(name) || ctx.iterators.has(name)) continue; // (a parameter already)
    const scope = exprScope(st, ctx.iterators, ctx);
    const v = cValue(value, scope);
    if (!v || !scope.storesExactly(value, type)) continue;
    st.inductions.set(name, { value: v, type });
    out.push(name);
  }
  return out;
}

/**
 * A call statement `g(a, t, n);` that passes an array parameter whole: where it runs, for
 * following the helper's accesses into this function (followHelpers.ts). The call keeps a
 * schedule position of its own; the array keeps its passed-to-call reason until followed.
 */
function recordHelperCall(st: FunctionState, n: Node, ctx: Ctx, counter: { next: number }): void {
  const call = n.namedChildren[0];
  const callee = call?.type === 'call_expression' ? child(call, 'function') : null;
  const list = call ? child(call, 'arguments') : null;
  if (!call || callee?.type !== 'identifier' || !list || n.namedChildren.length !== 1) return;
  const args = list.namedChildren
    .filter((a) => a.type !== 'comment')
    .map((a): HelperArgument => {
      const rec = a.type === 'identifier' ? arrayOf(st, a) : undefined;
      if (rec?.decl.storage === 'parameter') return { array: a.text, loc: st.src.locOf(a) };
      // Literals only (macros are expanded): reading a name would make it a model parameter.
      const literal = walk(a).every(
        (x) => x.type !== 'identifier' && x.type !== 'sizeof_expression',
      );
      const v = literal ? affineOf(st, a, new Map()) : undefined;
      return v && isConstant(v) ? { value: v.constant } : null;
    });
  if (!args.some((a) => a !== null && 'array' in a)) return;
  st.helperCalls.push({
    callee: callee.text,
    loc: st.src.locOf(call),
    args,
    iterators: [...ctx.order],
    domain: { dims: [...ctx.order], pieces: ctx.cond.map((c) => ({ ...c })) },
    schedule: [...ctx.schedule, constant(counter.next++)],
    may: ctx.may,
    overApproximated: ctx.overApproximated,
  });
}
