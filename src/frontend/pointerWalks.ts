/**
 * Pointer walks over a traced local array (`int *p = t; ... *p++ = x;`, MachSuite style):
 * which local pointers only ever point into one traced array, and where they are
 * dereferenced. A dereference of such a pointer is an access of the array whose cell is
 * `p - t` (the trace build reads it from the address, as for a subscript).
 *
 * A pointer is a walker of `t` when
 * - it is a local `T *p` with the element type of `t` (one level of pointer), declared once
 *   in the function;
 * - every value it is given (its initializer, each `p = ...`) is `t` (1-D), `&t[i]...` (all
 *   dimensions), or one of these plus or minus an integer;
 * - every other use of it moves it (`p++`, `p += k`), compares it (`p < t + N`, `p != q`),
 *   takes a difference (`p - t`), tests it, or dereferences it (`*p`, `*p++`, `*(p + k)`,
 *   `p[k]`), whole cells only.
 * Anything else (passed to a call, stored, returned, `p->x`, `&*p`, another pointer made
 * from it) is a use the trace does not follow: the array escapes there.
 *
 * A use of `t` itself outside a subscript is harmless when it gives a walker its value or is
 * only compared or subtracted; anything else escapes, as before (traceSites.ts).
 */
import type { Bindings } from './scopes.js';
import { child, parenthesizedAround, unparenthesized, walk, type Node } from './parse.js';

const key = (n: Node): string => `${n.startIndex}:${n.endIndex}`;
const RELATIONAL = new Set(['<', '<=', '>', '>=', '==', '!=']);

export interface WalkedArray {
  /** The key of the array's declarator identifier. */
  readonly key: string;
  readonly dims: number;
  /** The type specifier text of its declaration (`unsigned`, `struct P`). */
  readonly typeText: string;
}

export interface PointerWalks {
  /** Walker pointer (declarator key) -> the array it walks (declarator key) and its name. */
  readonly walkers: ReadonlyMap<string, { array: string; name: string }>;
  /** Dereferences of walkers: the access node (`*p++`, `p[k]`) -> the walker's key. */
  readonly derefs: ReadonlyMap<string, { node: Node; walker: string }>;
  /** Uses of an array outside subscripts that are harmless (a walker's value, a comparison). */
  readonly benign: ReadonlySet<string>;
  /** Arrays a walker lets escape: where and why (the first one). */
  readonly escapes: ReadonlyMap<string, { at: Node; why: string }>;
}

/** A local `T *p` declarator: its identifier, else undefined. */
function pointerName(d: Node): Node | undefined {
  const decl = d.type === 'init_declarator' ? child(d, 'declarator') : d;
  if (decl?.type !== 'pointer_declarator') return undefined;
  const id = child(decl, 'declarator');
  return id?.type === 'identifier' ? id : undefined;
}

/** A local pointer: its identifier, its type specifier text and every value it is given. */
interface LocalPointer {
  id: Node;
  typeText: string;
  values: Node[];
}

/** The walks found so far, with what every step needs to find them. */
interface Walks {
  bindings: Bindings;
  arrays: ReadonlyMap<string, WalkedArray>;
  walkers: Map<string, { array: string; name: string }>;
  benign: Set<string>;
  derefs: Map<string, { node: Node; walker: string }>;
  escapes: Map<string, { at: Node; why: string }>;
}

/** The key of the declarator an identifier names, if any. */
function bound(bindings: Bindings, id: Node): string | undefined {
  const b = bindings.get(key(id));
  return b ? key(b) : undefined;
}

/** 1. Local pointers (not volatile), the values they are given, and how often each name is declared. */
function localPointers(
  body: Node,
  bindings: Bindings,
): { pointers: Map<string, LocalPointer>; names: Map<string, number> } {
  const pointers = new Map<string, LocalPointer>();
  const names = new Map<string, number>();
  for (const n of walk(body)) {
    if (n.type !== 'declaration') continue;
    for (const d of n.childrenForFieldName('declarator')) {
      const id = pointerName(d);
      if (!id) continue;
      names.set(id.text, (names.get(id.text) ?? 0) + 1);
      const init = d.type === 'init_declarator' ? child(d, 'value') : null;
      const qualified = n.namedChildren.some(
        (c) => c.type === 'type_qualifier' && c.text === 'volatile',
      );
      if (qualified) continue;
      pointers.set(key(id), {
        id,
        typeText: child(n, 'type')?.text ?? '',
        values: init ? [init] : [],
      });
    }
  }
  for (const n of walk(body)) {
    if (n.type !== 'assignment_expression' || child(n, 'operator')?.text !== '=') continue;
    const left = unparenthesized(child(n, 'left')!);
    const p = left.type === 'identifier' ? pointers.get(bound(bindings, left) ?? '') : undefined;
    if (p) p.values.push(child(n, 'right')!);
  }
  return { pointers, names };
}

/** The array a value points into (`t`, `&t[i]`, `t + k`, a walker `q`), else undefined. */
function baseOf(ws: Walks, e: Node): string | undefined {
  e = unparenthesized(e);
  if (e.type === 'identifier') {
    const b = bound(ws.bindings, e) ?? '';
    const a = ws.arrays.get(b);
    return a && a.dims === 1 ? a.key : ws.walkers.get(b)?.array;
  }
  if (e.type === 'binary_expression') {
    const op = child(e, 'operator')?.text;
    const l = baseOf(ws, child(e, 'left')!);
    if (op === '+' || op === '-') if (l) return l;
    if (op === '+') return baseOf(ws, child(e, 'right')!);
    return undefined;
  }
  if (e.type === 'pointer_expression' && child(e, 'operator')?.text === '&') {
    let s = unparenthesized(child(e, 'argument')!);
    let dims = 0;
    while (s.type === 'subscript_expression') {
      dims++;
      s = unparenthesized(child(s, 'argument')!);
    }
    const a = s.type === 'identifier' ? ws.arrays.get(bound(ws.bindings, s) ?? '') : undefined;
    return a && dims === a.dims && dims > 0 ? a.key : undefined;
  }
  return undefined;
}

/**
 * 2. Walkers: every value into one array, directly or through walkers (`q = p`, and
 * `p = p + 1` through itself), with the element type of that array. The greatest such
 * set: start from every pointer given some array directly, drop those given anything
 * else until none is. What is left is consistent: by induction on the assignments of a
 * run, every walker points into its array. Their values are benign uses.
 */
function findWalkers(
  ws: Walks,
  pointers: ReadonlyMap<string, LocalPointer>,
  names: ReadonlyMap<string, number>,
): void {
  for (const [k, p] of pointers) {
    const a = p.values.map((v) => baseOf(ws, v)).find((b) => b !== undefined);
    if (a && names.get(p.id.text) === 1 && ws.arrays.get(a)!.typeText === p.typeText)
      ws.walkers.set(k, { array: a, name: p.id.text });
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const [k, w] of ws.walkers)
      if (pointers.get(k)!.values.some((v) => baseOf(ws, v) !== w.array)) {
        ws.walkers.delete(k);
        changed = true;
      }
  }
  for (const k of ws.walkers.keys()) for (const v of pointers.get(k)!.values) ws.benign.add(key(v));
}

/** Marks `array` as escaping at `at` (the first reason found is kept). */
function escape(ws: Walks, array: string, at: Node, why: string): void {
  if (!ws.escapes.has(array)) ws.escapes.set(array, { at, why });
}

/** Whether an expression is a pointer into a traced array (an array, a walker, `t + k`). */
function isPointerValue(ws: Walks, e: Node): boolean {
  e = unparenthesized(e);
  if (e.type === 'identifier') {
    const b = bound(ws.bindings, e) ?? '';
    return ws.walkers.has(b) || ws.arrays.has(b);
  }
  return baseOf(ws, e) !== undefined;
}

/** Climbs from a walker's use through parentheses, moves and pointer arithmetic. */
function pointerExpression(ws: Walks, n: Node): Node {
  let e = parenthesizedAround(n);
  for (;;) {
    const p = e.parent;
    if (p?.type === 'update_expression') e = parenthesizedAround(p);
    else if (
      p?.type === 'binary_expression' &&
      ((child(p, 'operator')?.text === '+' && !isPointerValue(ws, sibling(p, e))) ||
        (child(p, 'operator')?.text === '-' &&
          child(p, 'left')?.id === e.id &&
          !isPointerValue(ws, child(p, 'right')!)))
    )
      e = parenthesizedAround(p);
    else return e;
  }
}

/**
 * 3. One use `n` of walker `w`: a dereference is recorded; moves, comparisons, differences
 * and tests are harmless; anything else lets its array escape.
 */
function walkerUse(ws: Walks, n: Node, w: string): void {
  const walker = ws.walkers.get(w)!;
  const where = (why: string) => escape(ws, walker.array, n, `'${walker.name}' ${why}`);
  const e = pointerExpression(ws, n);
  const p = e.parent;
  const op = p && child(p, 'operator')?.text;
  if (!p || ws.benign.has(key(e))) return; // the value of another walker
  if (p.type === 'pointer_expression' && op === '*') ws.derefs.set(key(p), { node: p, walker: w });
  else if (p.type === 'subscript_expression' && child(p, 'argument')?.id === e.id)
    ws.derefs.set(key(p), { node: p, walker: w });
  else if (p.type === 'assignment_expression' && child(p, 'left')?.id === e.id) {
    if (op !== '=' && op !== '+=' && op !== '-=') where(`is changed by ${op}`);
  } else if (p.type === 'binary_expression' && (RELATIONAL.has(op!) || op === '-')) {
    if (op === '-' && !isPointerValue(ws, child(p, 'left')!)) where('is used in arithmetic');
  } else if (p.type === 'binary_expression' && (op === '&&' || op === '||')) return;
  else if (p.type === 'unary_expression' && op === '!') return;
  else if (
    p.type === 'expression_statement' ||
    p.type === 'comma_expression' ||
    ((p.type === 'for_statement' ||
      p.type === 'while_statement' ||
      p.type === 'do_statement' ||
      p.type === 'if_statement') &&
      child(p, 'condition')?.id === e.id) ||
    (p.type === 'for_statement' && child(p, 'update')?.id === e.id)
  ) {
    if (p.type === 'comma_expression' && !discarded(p)) where('is the value of a comma expression');
  } else where(`is used other than to walk '${walker.name}' (stored, passed or returned)`);
}

/** A dereference must be of whole cells, and not have its address taken again. */
function checkDerefs(ws: Walks): void {
  for (const { node, walker } of ws.derefs.values()) {
    const p = parenthesizedAround(node).parent;
    const array = ws.walkers.get(walker)!.array;
    if (
      p?.type === 'subscript_expression' &&
      child(p, 'argument')?.id === parenthesizedAround(node).id
    )
      escape(ws, array, node, 'a walker is subscripted twice');
    else if (p?.type === 'field_expression')
      escape(ws, array, node, 'a member is accessed through a walker');
    else if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&')
      escape(ws, array, node, 'the address of a walked cell is taken');
  }
}

export function pointerWalks(
  body: Node,
  bindings: Bindings,
  arrays: ReadonlyMap<string, WalkedArray>,
): PointerWalks {
  const { pointers, names } = localPointers(body, bindings);
  const ws: Walks = {
    bindings,
    arrays,
    walkers: new Map(),
    benign: new Set(),
    derefs: new Map(),
    escapes: new Map(),
  };
  findWalkers(ws, pointers, names);
  // 3. Uses of walkers: moves, comparisons, differences and dereferences only.
  for (const n of walk(body)) {
    if (n.type !== 'identifier') continue;
    const w = bound(bindings, n);
    if (w === undefined || !ws.walkers.has(w) || bindings.get(key(n)) === undefined) continue;
    walkerUse(ws, n, w);
  }
  checkDerefs(ws);
  const { walkers, derefs, benign, escapes } = ws;
  return { walkers, derefs, benign, escapes };
}

function sibling(p: Node, e: Node): Node {
  return child(p, 'left')?.id === e.id ? child(p, 'right')! : child(p, 'left')!;
}

/** A comma expression whose value is thrown away (a statement or a `for` update). */
function discarded(c: Node): boolean {
  let n = c;
  while (n.parent?.type === 'comma_expression' || n.parent?.type === 'parenthesized_expression')
    n = n.parent;
  const p = n.parent;
  return (
    p?.type === 'expression_statement' ||
    (p?.type === 'for_statement' && child(p, 'update')?.id === n.id)
  );
}

/**
 * Whether a use of an array outside a subscript (the identifier, or `&t[i]`) is harmless:
 * it gives a walker its value, or is only compared, or is subtracted from.
 */
export function benignArrayUse(use: Node, walks: PointerWalks): boolean {
  let e = parenthesizedAround(use);
  if (walks.benign.has(key(e))) return true;
  for (;;) {
    const p = e.parent;
    if (!p) return false;
    if (walks.benign.has(key(p))) return true;
    const op = child(p, 'operator')?.text;
    if (p.type === 'binary_expression' && RELATIONAL.has(op!)) return true;
    if (p.type === 'binary_expression' && op === '-' && child(p, 'right')?.id === e.id) return true; // q - t: a difference
    if (p.type === 'binary_expression' && (op === '+' || op === '-')) e = parenthesizedAround(p);
    else return false;
  }
}
