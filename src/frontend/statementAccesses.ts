/**
 * One modelled statement: its array references as accesses (subscripts as exact cases,
 * guards of `?:`, `&&`, `||`), their order inside one instance (reads, then writes as their
 * assignments complete), and its domain and schedule.
 */
import type { Constraint } from '../poly/affine.js';
import { constant, sub } from '../poly/affine.js';
import type { Access, Conjunction } from '../model/types.js';
import {
  type AccessCase,
  accessCases,
  evaluationGuard,
  neverEvaluated,
  singlePieceCase,
} from './accessCases.js';
import type { Interval } from './bounds.js';
import { type ExprScope, cValue } from './expr.js';
import { affineOf, domainBox, exprScope } from './names.js';
import { type Node, child, parenthesizedAround, walk } from './parse.js';
import { condAnd, ge } from './pwaff.js';
import { arrayUses, elementAccesses } from './references.js';
import { evaluation } from './unevaluated.js';
import { asmOperandKinds } from './asm.js';
import { elementField } from './fieldAccess.js';
import { type ArrayRec, type Ctx, type FunctionState, key, reason } from './state.js';

/** A reference of the statement: its array identifier, its outermost subscript, its indices. */
type Reference = ReturnType<typeof elementAccesses>[number];

/** The text span of an assignment (its write completes when it does). */
interface Span {
  start: number;
  end: number;
}

/** What the references of one statement add up to, in the order they are modelled. */
interface StatementModel {
  /** Accesses with the span of their assignment (writes complete when it does). */
  accesses: { access: Omit<Access, 'order'>; assignment?: Span }[];
  /** Writes nested inside a larger expression (not the statement's own assignment). */
  writtenEarly: { array: string; node: Node; target: Node }[];
  /** Domain constraints from references evaluated in every instance (under a dropped bound). */
  bounds: Conjunction[];
  /** Some access has a non-affine subscript (or the domain is over-approximated). */
  over: boolean;
}

/** Where the statement's references are evaluated. */
interface Place {
  st: FunctionState;
  /** The statement node. */
  n: Node;
  ctx: Ctx;
  scope: ExprScope;
  box: ReadonlyMap<string, Interval>;
}

/**
 * A GNU statement expression `({ t[i] = x; t[i - 1]; })` runs statements in order inside
 * an expression: "reads, then writes" would be wrong, so the statement is not modelled
 * (true: refused).
 */
function refusedStatementExpression(st: FunctionState, n: Node): boolean {
  const inner = walk(n).find(
    (x) =>
      x.type === 'parenthesized_expression' && x.namedChildren[0]?.type === 'compound_statement',
  );
  if (!inner) return false;
  const where = st.src.locOf(inner);
  for (const id of arrayUses(st, n)) {
    reason(
      st.arrays.get(id.text)!,
      'statement-expression',
      `statement expression at ${where.line}:${where.column}: the order of its accesses is not modelled`,
      where,
    );
    st.uncoveredWhy.set(key(id), 'inside a statement expression');
  }
  return true;
}

/**
 * Whether a reference is read, written or both, and the span of the assignment (or update,
 * or asm) that writes it; `p` is the parent of the reference's lvalue.
 */
function referenceKinds(top: Node): {
  p: Node | null;
  kinds: ('read' | 'write')[];
  assignment?: Span;
} {
  // `(t[i]) = v` writes t[i] as `t[i] = v` does (review: it was taken for a read only).
  const lvalue = parenthesizedAround(top);
  const p = lvalue.parent;
  if (p?.type === 'assignment_expression' && child(p, 'left')?.id === lvalue.id) {
    const kinds: ('read' | 'write')[] =
      child(p, 'operator')?.text === '=' ? ['write'] : ['read', 'write'];
    return { p, kinds, assignment: { start: p.startIndex, end: p.endIndex } };
  }
  if (p?.type === 'update_expression')
    return { p, kinds: ['read', 'write'], assignment: { start: p.startIndex, end: p.endIndex } };
  if (asmOperandKinds(lvalue)) {
    // The asm's outputs are stored when it completes; its text may store them earlier
    // (never at the root, see below).
    const kinds = asmOperandKinds(lvalue)!;
    const asm = p!.parent!.parent!;
    if (kinds.includes('write'))
      return { p, kinds, assignment: { start: asm.startIndex, end: asm.endIndex } };
    return { p, kinds };
  }
  return { p, kinds: ['read'] };
}

/** The domain constraints of a reference's case: each subscript inside its extent. */
function referenceBound(st: FunctionState, rec: ArrayRec, c: AccessCase): Conjunction {
  const cs: Constraint[] = [];
  c.subscripts.forEach((sv, k) => {
    const size = rec.decl.sizeNodes[k];
    const ext = size ? affineOf(st, size, new Map()) : undefined;
    if (!sv) return;
    cs.push(ge(sv));
    if (ext) cs.push(ge(sub(sub(ext, sv), constant(1n))));
  });
  return { exists: [...c.exists], constraints: [...c.constraints, ...cs] };
}

/** Models one reference of the statement: its cases and kinds as accesses, into `m`. */
function modelReference(w: Place, a: Reference, m: StatementModel): void {
  const { st, n, ctx, scope, box } = w;
  const rec = st.arrays.get(a.id.text)!;
  st.covered.add(key(a.top));
  const values = a.indices.map((idx) => cValue(idx, scope));
  // Inside an operand C never evaluates (`sizeof(t[i] = 0)`) nothing happens; where that
  // depends on a type this reading cannot settle, the reference may happen.
  const evaluated = evaluation(a.top);
  const around = evaluationGuard(a.top, n, scope);
  const guard =
    evaluated === 'unevaluated'
      ? { cond: [], may: false }
      : { cond: around.cond, may: around.may || evaluated === 'unknown' };
  const exact = accessCases(values, guard.cond, box);
  // The coarse model drops a guard: the reference then may not happen where it is counted.
  const guardDropped = exact === undefined && !guard.cond.some((c) => c.constraints.length === 0);
  const cases =
    exact === undefined
      ? [singlePieceCase(values, box)]
      : exact.length === 0
        ? [neverEvaluated(values)]
        : exact;
  // `a[i].re = v` writes the field re of cell a[i] (the model lists the fields touched).
  const field = elementField(st, rec, a.top);
  const selected = field && !('refused' in field) ? field : undefined;
  if (selected) rec.fieldAccessed = true;
  const { p, kinds, assignment } = referenceKinds(selected?.node ?? a.top);
  if (assignment && evaluated !== 'unevaluated' && !atRoot(p!))
    m.writtenEarly.push({ array: rec.decl.name, node: p!, target: a.top });
  // A write that may or may not happen would have to both kill and not kill the value.
  if (assignment && evaluated === 'unknown')
    reason(
      rec,
      'write-not-evaluated',
      `'${rec.decl.name}' is written inside an operand that C may not evaluate (sizeof or typeof of a variably modified type, _Generic, __builtin_choose_expr)`,
      st.src.locOf(p!),
    );
  for (const c of cases) {
    const flagged = c.subscripts.some((x) => x === null);
    for (const kind of kinds)
      m.accesses.push({
        access: {
          array: rec.decl.name,
          kind,
          subscripts: c.subscripts,
          exists: c.exists,
          existsConstraints: c.constraints,
          may: ctx.may || guard.may || guardDropped,
          overApproximated: flagged,
          loc: st.src.locOf(a.top),
          range: st.src.range(a.top),
          indexRanges: a.indices.map((x) => st.src.range(x)),
          ...(selected ? { fields: selected.leaves } : {}),
        },
        ...(kind === 'write' && assignment ? { assignment } : {}),
      });
    m.over = m.over || flagged;
  }
  // Under a dropped bound the accesses still stay inside the array (a correct program).
  // With several cases that would be a disjunction: left out (a larger domain is safe).
  // Only a reference evaluated in every instance bounds the domain: one under a guard
  // (`c ? t[i] : 0`) says nothing where its guard fails, and its case's constraints hold
  // only where it happens. Intersecting them (a never-evaluated branch's `-1 >= 0`
  // included) emptied the domain of a whole statement, its writes went missing and the
  // array was scalarized: a miscompilation found by the fuzz campaign (seed 8005).
  const always =
    !guard.may &&
    guard.cond.some((c) => c.constraints.length === 0 && c.exists.length === 0) &&
    exact?.length !== 0;
  if (ctx.overApproximated && always && cases.length === 1)
    m.bounds.push(referenceBound(st, rec, cases[0]));
}

/**
 * The model orders the accesses of one statement instance "reads, then writes", which is
 * what C guarantees for the statement's own assignment `lhs = rhs`. A write nested in a
 * larger expression is not ordered that way: a comma, `?:`, `&&` or `||` sequences it
 * before later operands, and next to other operands (`(t[i] = x) + t[j]`) it is
 * unsequenced, so the compiler may store before it loads. An array written so and read
 * elsewhere in the same expression is not analysable (found by the fuzz campaign: a
 * miscompilation).
 */
function refuseUnsequenced(
  st: FunctionState,
  found: readonly Reference[],
  writtenEarly: StatementModel['writtenEarly'],
): void {
  for (const w of writtenEarly) {
    const other = found.some((x) => x.id.text === w.array && x.top.id !== w.target.id);
    if (other) {
      reason(
        st.arrays.get(w.array)!,
        'unsequenced-write',
        `'${w.array}' is written inside a larger expression that also reads it, so the write may come first (comma, ?:, &&, ||, an unsequenced operand, or an asm operand)`,
        st.src.locOf(w.node),
      );
    }
  }
}

/** Reads first in textual order, then writes in the order their assignments complete. */
function orderedAccesses(accesses: StatementModel['accesses']): Access[] {
  const reads = accesses
    .map((x) => x.access)
    .filter((a) => a.kind === 'read')
    .sort((x, y) => x.range.start - y.range.start);
  // An assignment completes when its right side is done: inner assignments first.
  const writes = accesses
    .filter((x) => x.access.kind === 'write')
    .map((x) => ({ a: x.access, end: x.assignment!.end, start: x.assignment!.start }))
    .sort((x, y) => x.end - y.end || y.start - x.start)
    .map((x) => x.a);
  return [...reads, ...writes].map((a, k) => ({ ...a, order: k }));
}

/** One modelled statement: `n` is what it covers, `textNode` the text shown. */
export function emit(st: FunctionState, textNode: Node, n: Node, ctx: Ctx, position: number): void {
  if (refusedStatementExpression(st, n)) return;
  const found = elementAccesses(st, n);
  const scope = exprScope(st, ctx.iterators, ctx);
  const box = domainBox(st, ctx);
  const m: StatementModel = {
    accesses: [],
    writtenEarly: [],
    bounds: [],
    over: ctx.overApproximated,
  };
  for (const a of found) modelReference({ st, n, ctx, scope, box }, a, m);
  refuseUnsequenced(st, found, m.writtenEarly);
  const ordered = orderedAccesses(m.accesses);
  let pieces: Conjunction[] = ctx.cond.map((c) => ({
    exists: [...c.exists],
    constraints: [...c.constraints],
  }));
  for (const b of m.bounds) pieces = condAnd(pieces, [b]) as Conjunction[];
  st.statements.push({
    id: `S${st.statements.length}`,
    loc: st.src.locOf(textNode),
    text: st.src.textOf(textNode),
    range: st.src.range(textNode),
    iterators: [...ctx.order],
    domain: { dims: [...ctx.order], pieces },
    schedule: [...ctx.schedule, constant(position)],
    accesses: ordered,
    may: ctx.may,
    overApproximated: m.over,
    domainOverApproximated: ctx.overApproximated,
  });
}

/**
 * Whether an assignment or update is the statement's own (its root expression, possibly in
 * parentheses): then C evaluates every operand it reads before storing. (An inner
 * assignment of a chain `a = b = c` is not: its store is unsequenced next to `a`'s index.)
 */
function atRoot(write: Node): boolean {
  let x: Node = write;
  for (;;) {
    const p = x.parent;
    if (!p) return true;
    if (p.type === 'parenthesized_expression') {
      x = p;
      continue;
    }
    return p.type === 'expression_statement' || p.type === 'init_declarator';
  }
}
