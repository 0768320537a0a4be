/**
 * What one mention of a buffer's name does with it (model/calls.ts BufferUse): reads or
 * writes an element, passes the buffer to a call, frees or allocates it, only looks at it, or
 * lets its address out where another name may reach the cells.
 *
 * The classification errs one way only: a mention not recognised as harmless is an escape.
 * An element is `A` followed by as many subscripts or `*` as the buffer has levels (a shorter
 * chain is a row, itself an address), and never under `&`.
 */
import type { DataModel } from './dataModel.js';
import { modelOnly } from './intTypes.js';
import type { BufferUse, OffsetRange } from '../model/calls.js';
import { type Node, type SourceText, child } from './parse.js';
import { isUnevaluated } from './unevaluated.js';
import { constantValue } from './constants.js';
import { cleanupAttribute } from './escapes.js';

/**
 * Functions known to return fresh memory that nothing else points to. PolyBench's
 * allocator is listed because its benchmarks allocate every array through it; `alloca`'s
 * memory is the caller's stack, released when the function returns (no `free`).
 */
const ALLOCATORS: readonly string[] = [
  'malloc',
  'calloc',
  'aligned_alloc',
  'polybench_alloc_data',
  'alloca',
  '__builtin_alloca',
];

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement']);

/** Statements that end a full expression (or hold one in their header). */
const STATEMENTS = new Set([
  'expression_statement',
  'declaration',
  'return_statement',
  'if_statement',
  'switch_statement',
  'while_statement',
  'do_statement',
  'for_statement',
]);

export interface MentionContext {
  /** The function body. */
  readonly body: Node;
  readonly src: SourceText;
  /** Levels of the buffer (subscripts or `*` that reach an element); 0 when unknown. */
  readonly levels: number;
  /** The unit's data model (`malloc(4 * sizeof(long))`); LP64 when absent. */
  readonly dataModel?: DataModel;
  /**
   * Names that are objects where the function may call them (pointerCallees.ts): a call of
   * one is a call through a pointer, whatever function it is named like (`free`, `malloc`).
   */
  readonly objects?: ReadonlySet<string>;
}

function same(a: Node | null | undefined, b: Node | null | undefined): boolean {
  return (
    !!a && !!b && a.type === b.type && a.startIndex === b.startIndex && a.endIndex === b.endIndex
  );
}

/** `(T)(x)`, `((x))` -> x. */
function stripCasts(n: Node): Node {
  for (;;) {
    if (n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChildren[0]!;
    else if (n.type === 'cast_expression' && child(n, 'value')) n = child(n, 'value')!;
    else return n;
  }
}

/**
 * The identifier an argument passes and the `*` applied to it: `A`, `*A`, `(double *)A`,
 * `(*A)`; undefined for anything else (`A + 1`, `&A[0]`, `A[i]`).
 */
export function argumentBase(arg: Node): { node: Node; derefs: number } | undefined {
  let n = stripCasts(arg);
  let derefs = 0;
  while (n.type === 'pointer_expression' && child(n, 'operator')?.text === '*') {
    n = stripCasts(child(n, 'argument')!);
    derefs++;
  }
  return n.type === 'identifier' ? { node: n, derefs } : undefined;
}

function isAllocation(value: Node | null, objects: ReadonlySet<string> | undefined): boolean {
  if (!value) return false;
  const v = stripCasts(value);
  const callee = child(v, 'function')?.text ?? '';
  return v.type === 'call_expression' && ALLOCATORS.includes(callee) && !objects?.has(callee);
}

/**
 * Constant integer expressions of the preprocessed text (macros are expanded there), in the
 * unit's data model (`sizeof(long)`, `3000000000`; LP64 when absent).
 */
export const literalScope = (model?: DataModel): Parameters<typeof constantValue>[1] => ({
  identifier: () => undefined,
  functionMacros: new Map(),
  fresh: () => '',
  ...(model ? { typedefs: modelOnly(model) } : {}),
});

/**
 * The bytes an allocation gets, when its size is a constant: `malloc(S)`, `aligned_alloc(A,
 * S)`, `calloc(n, s)` and PolyBench's `polybench_alloc_data(n, s)` (n elements of s bytes).
 */
function allocationBytes(value: Node, model: DataModel | undefined): bigint | undefined {
  const v = stripCasts(value);
  const args = child(v, 'arguments')?.namedChildren ?? [];
  const at = (k: number) => {
    const a = args[k];
    const c = a ? constantValue(a, literalScope(model)) : undefined;
    // (Bytes another data model gives another count, `malloc(64 * sizeof(long))`, are not
    // known: a callee's accesses would be bounded by this model's cells only.)
    return c && c.value > 0n && !c.facts ? c.value : undefined;
  };
  switch (child(v, 'function')?.text) {
    case 'malloc':
    case 'alloca':
    case '__builtin_alloca':
      return at(0);
    case 'aligned_alloc':
      return at(1);
    case 'calloc':
    case 'polybench_alloc_data': {
      const n = at(0);
      const s = at(1);
      return n !== undefined && s !== undefined ? n * s : undefined;
    }
    default:
      return undefined;
  }
}

function range(n: Node): OffsetRange {
  return { start: n.startIndex, end: n.endIndex };
}

function outermostLoop(n: Node, body: Node): OffsetRange | undefined {
  let found: Node | undefined;
  for (let p = n.parent; p && !same(p, body); p = p.parent) if (LOOPS.has(p.type)) found = p;
  return found ? range(found) : undefined;
}

/**
 * The statement whose full expression holds `n`: the innermost statement around it that no
 * statement expression (`({ ... })`) encloses, since the operands around a statement
 * expression may be evaluated before or after everything in it.
 */
function fullStatement(n: Node, body: Node): OffsetRange {
  let found: Node | undefined;
  for (let p = n.parent; p && !same(p, body); p = p.parent) {
    if (STATEMENTS.has(p.type) && !found) found = p;
    // `({ ... })`: a block inside an expression; what was found so far is nested in it.
    if (p.type === 'compound_statement' && p.parent?.type === 'parenthesized_expression')
      found = undefined;
  }
  return found ? range(found) : range(n);
}

/** Whether the value of a call is used: not a statement of its own, not cast to `void`. */
function resultUsed(call: Node): boolean {
  let x = call;
  while (x.parent?.type === 'parenthesized_expression') x = x.parent;
  const p = x.parent;
  if (!p) return true;
  if (p.type === 'expression_statement') return false;
  if (p.type === 'cast_expression' && /^\(\s*void\s*\)/.test(p.text)) return false;
  // The left operand of a comma: its value is discarded.
  return !(p.type === 'comma_expression' && same(child(p, 'left'), x));
}

/** Operators whose operand gives only a truth value or an ordering: no address leaves. */
const COMPARISONS = new Set(['==', '!=', '<', '>', '<=', '>=', '&&', '||']);

function onlyLookedAt(x: Node): boolean {
  const p = x.parent;
  if (!p) return false;
  if (p.type === 'sizeof_expression' || p.type === 'alignof_expression') return true;
  if (p.type === 'unary_expression' && child(p, 'operator')?.text === '!') return true;
  if (p.type === 'binary_expression' && COMPARISONS.has(child(p, 'operator')?.text ?? ''))
    return true;
  // The condition of an if / while / do / ?: (parenthesized by the statement's syntax).
  const q = p.type === 'parenthesized_expression' ? p.parent : p;
  if (
    q &&
    (q.type === 'if_statement' || q.type === 'while_statement' || q.type === 'do_statement') &&
    same(child(q, 'condition'), p.type === 'parenthesized_expression' ? p : x)
  )
    return true;
  return p.type === 'conditional_expression' && same(child(p, 'condition'), x);
}

/** What the buffer's own declaration does (`n`, the name it declares). */
function declarationUse(
  n: Node,
  objects: ReadonlySet<string> | undefined,
): { kind: 'inert' | 'access' } | { kind: 'alloc'; value: Node } | { kind: 'escape'; why: string } {
  let d: Node = n.parent!;
  while (d.parent && /declarator$/.test(d.parent.type) && d.type !== 'init_declarator')
    d = d.parent;
  // `__attribute__((cleanup(show)))` calls show(&t) when t's block ends, after every call
  // of it (adversary 2026-11-28d: show printed t[15], which the kernel folded away).
  const declaration = d.parent?.type === 'declaration' ? d.parent : undefined;
  if (declaration && cleanupAttribute(declaration))
    return {
      kind: 'escape',
      why: 'its address is passed to the cleanup function of its attribute',
    };
  if (d.type !== 'init_declarator') return { kind: 'inert' };
  const value = child(d, 'value');
  if (isAllocation(value, objects)) return { kind: 'alloc', value: value! };
  // A brace list writes every cell.
  if (value?.type === 'initializer_list') return { kind: 'access' };
  return { kind: 'escape', why: 'initialized from another address' };
}

/**
 * What the mention `n` (an identifier naming the buffer) does, with where it sits.
 */
export function classifyMention(n: Node, ctx: MentionContext): BufferUse {
  const base = {
    loc: ctx.src.locOf(n),
    offset: n.startIndex,
    loop: outermostLoop(n, ctx.body),
    statement: fullStatement(n, ctx.body),
  };
  const escape = (why: string): BufferUse => ({ ...base, kind: 'escape', why });
  const alloc = (value: Node): BufferUse => {
    const bytes = allocationBytes(value, ctx.dataModel);
    return { ...base, kind: 'alloc', ...(bytes !== undefined ? { bytes } : {}) };
  };
  // The declaration itself; an initializer counts as what it is.
  if (/declarator$/.test(n.parent?.type ?? '') && same(child(n.parent!, 'declarator'), n)) {
    const d = declarationUse(n, ctx.objects);
    if (d.kind === 'escape') return escape(d.why);
    return d.kind === 'alloc' ? alloc(d.value) : { ...base, kind: d.kind };
  }
  // What the compiler never evaluates (sizeof, typeof, _Generic's controlling expression,
  // the unchosen operand of __builtin_choose_expr, ...) reads, writes and lets out nothing.
  if (isUnevaluated(n)) return { ...base, kind: 'inert', typeUsed: true };
  // Climb through what keeps naming the buffer or its cells: parentheses, casts, subscripts,
  // unary `*`. `depth` counts the levels descended.
  let x: Node = n;
  let depth = 0;
  for (;;) {
    const p = x.parent;
    if (!p) break;
    if (p.type === 'parenthesized_expression' && p.namedChildCount === 1) x = p;
    else if (p.type === 'cast_expression' && same(child(p, 'value'), x)) x = p;
    else if (p.type === 'subscript_expression' && same(child(p, 'argument'), x)) {
      depth++;
      x = p;
    } else if (
      p.type === 'pointer_expression' &&
      child(p, 'operator')?.text === '*' &&
      same(child(p, 'argument'), x)
    ) {
      depth++;
      x = p;
    } else break;
  }
  const p = x.parent!;
  if (depth > 0 && ctx.levels > 0 && depth >= ctx.levels) {
    // An element: read or written, unless its address is taken.
    if (p.type === 'pointer_expression' && child(p, 'operator')?.text === '&')
      return escape('the address of an element is taken');
    if (p.type === 'field_expression') return escape('a member of an element is used');
    return p.type === 'sizeof_expression'
      ? { ...base, kind: 'inert', typeUsed: true }
      : { ...base, kind: 'access' };
  }
  // The buffer's address or a row's, only compared or measured.
  if (onlyLookedAt(x))
    return {
      ...base,
      kind: 'inert',
      ...(/^(sizeof|alignof)_expression$/.test(x.parent!.type) ? { typeUsed: true } : {}),
    };
  if (p.type === 'argument_list' && p.parent?.type === 'call_expression') {
    const call = p.parent;
    const callee = child(call, 'function');
    // A row or an offset element: passed, it is an address into the buffer.
    if (argumentBase(x) === undefined) return escape('an address into it is passed to a call');
    if (callee?.type !== 'identifier' || ctx.objects?.has(callee.text))
      return escape('it is passed to a call through a pointer');
    const argIndex = p.namedChildren.findIndex((c) => same(c, x));
    if (callee.text === 'free') return { ...base, kind: 'free' };
    return {
      ...base,
      kind: 'call-arg',
      callee: callee.text,
      argIndex,
      derefs: argumentBase(x)!.derefs,
      call: range(call),
      resultUsed: resultUsed(call),
    };
  }
  if (
    depth === 0 &&
    same(x, n) &&
    p.type === 'assignment_expression' &&
    same(child(p, 'left'), n) &&
    child(p, 'operator')?.text === '=' &&
    isAllocation(child(p, 'right'), ctx.objects)
  )
    return alloc(child(p, 'right')!);
  if (depth > 0) return escape('a row of it is used as an address');
  if (p.type === 'assignment_expression' || p.type === 'init_declarator')
    return escape('its address is stored');
  if (p.type === 'return_statement') return escape('its address is returned');
  return escape('its address is used in an expression');
}
