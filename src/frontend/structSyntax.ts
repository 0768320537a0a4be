/**
 * The spellings struct facts are read from (structFacts.ts): a declaration's type, a
 * pointer declarator, an allocation's call and its size, `sizeof(struct T)`, a member's
 * address taken. Syntax only: what the facts record is structFacts.ts's.
 */
import type { MemberMention, SizeUse, Where } from '../model/structs.js';
import { type Node, child, namedChildrenOf, unparenthesized } from './parse.js';
import { constantValue } from './constants.js';
import type { ExprScope } from './expr.js';

const ALLOCATORS = new Set(['malloc', 'calloc']);
/** The types of a file-scope variable that may hold `sizeof(struct T)` (SizeUse variable). */
const INTEGER =
  /^(int|long|unsigned|size_t|ssize_t|short|signed|long long|unsigned int|unsigned long|long int)$/;
export const CHARS = /^(void|char|signed char|unsigned char|int8_t|uint8_t)$/;

export type Origin = (offset: number) => Where;

/** The struct tag of a `struct T` type node, or undefined. */
export const tagOf = (t: Node | null): string | undefined =>
  t?.type === 'struct_specifier' ? child(t, 'name')?.text : undefined;

/** The declared type of a declaration's type node: `struct T`, `char`, ... */
export function baseType(t: Node | null): { tag?: string; plain?: string } {
  if (!t) return {};
  const tag = tagOf(t);
  if (tag) return { tag };
  return {
    plain: t.text
      .replace(/\s+/g, ' ')
      .replace(/\b(const|volatile)\b\s*/g, '')
      .trim(),
  };
}

/** A one-level pointer declarator's name (`*p`, `*p = ...`), else undefined. */
export function pointerName(d: Node | null): string | undefined {
  if (d?.type === 'init_declarator') d = child(d, 'declarator');
  if (d?.type !== 'pointer_declarator') return undefined;
  const inner = child(d, 'declarator');
  return inner?.type === 'identifier' ? inner.text : undefined;
}

/** The call an argument belongs to, with its index, or undefined. */
export function argumentOf(n: Node): { call: Node; callee: string; index: number } | undefined {
  const list = n.parent;
  if (list?.type !== 'argument_list' || list.parent?.type !== 'call_expression') return undefined;
  const fn = child(list.parent, 'function');
  if (fn?.type !== 'identifier') return undefined;
  const index = namedChildrenOf(list).findIndex((c) => c.id === n.id);
  return index < 0 ? undefined : { call: list.parent, callee: fn.text, index };
}

/** `n` with its parentheses and casts around it: the expression its value becomes. */
export function outer(n: Node): Node {
  for (;;) {
    const p = n.parent;
    if (p?.type === 'parenthesized_expression') n = p;
    else if (p?.type === 'cast_expression' && child(p, 'value')?.id === n.id) n = p;
    else return n;
  }
}

/** The call of malloc or calloc whose size arguments hold `n`, or undefined. */
export function allocationAround(n: Node): Node | undefined {
  // Only arithmetic between it and the allocator's call: `malloc(f(SIZE))` gives it to f.
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'argument_list') {
      const call = p.parent;
      return call?.type === 'call_expression' && ALLOCATORS.has(child(call, 'function')?.text ?? '')
        ? call
        : undefined;
    }
    if (!SIZE_ARITHMETIC.has(p.type)) return undefined;
    // A sum or product only: it grows with the size, so a smaller struct gets a smaller
    // block that still holds it. `(SIZE > 600) * 4096 + 64` or `SIZE / 512 * 1024` may not.
    if (p.type === 'binary_expression' && !/^[+*]$/.test(child(p, 'operator')?.text ?? ''))
      return undefined;
  }
  return undefined;
}

/** The nodes an allocation's size may be built of around a size. */
const SIZE_ARITHMETIC = new Set([
  'parenthesized_expression',
  'binary_expression',
  'cast_expression',
  'type_descriptor',
  'sizeof_expression',
]);

/** An allocator's call, through parentheses and casts, or undefined. */
export function allocation(n: Node | null): Node | undefined {
  while (n && (n.type === 'parenthesized_expression' || n.type === 'cast_expression'))
    n = n.type === 'cast_expression' ? child(n, 'value') : n.namedChildren[0]!;
  return n?.type === 'call_expression' && ALLOCATORS.has(child(n, 'function')?.text ?? '')
    ? n
    : undefined;
}

/** An array member's extents as values and its element type's spelling (StructMember). */
export function arrayFacts(
  field: Node,
  d: Node,
): { values: (string | null)[]; elementType: string } {
  const values: (string | null)[] = [];
  for (let n: Node | null = d; n?.type === 'array_declarator'; n = child(n, 'declarator')) {
    const size = child(n, 'size');
    const c = size ? constantValue(size, CONSTANTS_ONLY) : undefined;
    // (An extent another data model gives another value is not known: a member shrunk for
    // `[64 / sizeof(long)]` in one model would be wrong in the others.)
    values.unshift(c && c.value > 0n && !c.facts ? `${c.value}` : null);
  }
  const type = child(field, 'type')?.text ?? '';
  const qualifiers = field.namedChildren.filter((c) => c.type === 'type_qualifier');
  return { values, elementType: [...qualifiers.map((q) => q.text), type].join(' ') };
}

/** A scope with no names: the integer constant expressions of literals only (macros expanded). */
const CONSTANTS_ONLY: ExprScope = {
  identifier: () => undefined,
  functionMacros: new Map(),
  fresh: () => '_',
};

/** A null pointer constant as the preprocessor leaves it (`0`, `((void *)0)`). */
export const isNull = (n: Node | null) =>
  !!n && /^\(*\s*(\(\s*void\s*\*\s*\)\s*)?0\s*\)*$/.test(n.text);

/**
 * How a member's mention may give its address (MemberMention.use): `&p->m` or `&p->m[i]`,
 * or the member, after its subscripts, as a value other than read, written, measured or
 * passed to a call (an array member, or a row of one, decays to its address there:
 * `(uintptr_t)a->out - (uintptr_t)a->in` is an offset).
 */
export function addressUse(e: Node): MemberMention['use'] {
  let indexed = 0;
  for (;;) {
    const p = e.parent;
    if (p?.type === 'parenthesized_expression') e = p;
    else if (p?.type === 'subscript_expression' && child(p, 'argument')?.id === e.id) {
      e = p;
      indexed++;
    } else break;
  }
  const p = e.parent;
  if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&')
    return { kind: 'address', indexed };
  if (argumentOf(e)) return undefined;
  if (p?.type === 'field_expression' && child(p, 'argument')?.id === e.id) return undefined;
  if (p?.type === 'sizeof_expression' || p?.type === 'alignof_expression') return undefined;
  return { kind: 'value', indexed };
}

/**
 * A declaration of local objects of a struct type that `localObjects` follows: only plain
 * names (no initializer, no array, no pointer mixed in), no storage class, the struct not
 * defined there.
 */
export function isLocalObject(decl: Node): boolean {
  const type = child(decl, 'type');
  if (type?.type !== 'struct_specifier' || child(type, 'body')) return false;
  if (decl.children.some((c) => c.type === 'storage_class_specifier')) return false;
  const ds = decl.childrenForFieldName('declarator');
  return ds.length > 0 && ds.every((d) => d.type === 'identifier');
}

/** The tag of `sizeof(struct T)` exactly (no pointer), else undefined. */
export function sizeofStruct(n: Node): string | undefined {
  n = unparenthesized(n);
  if (n.type !== 'sizeof_expression') return undefined;
  const t = child(n, 'type');
  return t && !child(t, 'declarator') ? tagOf(child(t, 'type')) : undefined;
}

export function sizeUse(s: Node): SizeUse {
  const e = outer(s);
  const p = e.parent;
  const block = allocationAround(s);
  if (block) return { kind: 'allocation', at: block.startIndex };
  const arg = argumentOf(e);
  if (arg?.callee === 'memset' && arg.index === 2) {
    const dest = unparenthesized(namedChildrenOf(child(arg.call, 'arguments')!)[0]!);
    if (dest.type === 'identifier') return { kind: 'memset', at: arg.call.startIndex };
  }
  const declaration = p?.type === 'init_declarator' ? p.parent : undefined;
  // Only a variable whose uses are recorded (an integer one at file scope).
  if (
    declaration?.parent?.type === 'translation_unit' &&
    INTEGER.test(baseType(child(declaration, 'type')).plain ?? '')
  ) {
    const name = child(p!, 'declarator');
    if (name?.type === 'identifier') return { kind: 'variable', name: name.text };
  }
  return { kind: 'other', why: `its value is used in a ${p?.type ?? 'place'}` };
}

export function stripCasts(n: Node): Node {
  for (;;) {
    const u = unparenthesized(n);
    if (u.type !== 'cast_expression') return u;
    n = child(u, 'value')!;
  }
}

/** `n` with the parentheses around it. */
export function parenthesizedOuter(n: Node): Node {
  while (n.parent?.type === 'parenthesized_expression') n = n.parent;
  return n;
}

/** The identifier is the name a declarator declares (not a use). */
export function isDeclaredName(id: Node): boolean {
  const p = id.parent;
  if (!p) return false;
  if (/declarator$/.test(p.type)) return child(p, 'declarator')?.id === id.id;
  return p.type === 'declaration' || p.type === 'parameter_declaration';
}

/** Within the operands of `__builtin_offsetof (struct T, m)` (the preprocessor may break its lines). */
export function inOffsetof(text: string, at: number): boolean {
  return /offsetof\s*\(\s*(struct\s+)?[A-Za-z_0-9\s]*$/.test(text.slice(Math.max(0, at - 200), at));
}

/** The name a declarator declares ('' when none). */
export function declaredNameOf(d: Node): string {
  let n: Node | null = d;
  while (n && n.type !== 'identifier') n = child(n, 'declarator');
  return n?.text ?? '';
}

/**
 * The identifier nodes spelled as one of `names` between two offsets: found in the text, then
 * in the tree (a walk of every identifier of a unit, system headers included, cost tens of
 * milliseconds per unit; a spelling in a string literal is not an identifier node).
 */
export function identifiersNamed(
  within: Node,
  text: string,
  from: number,
  to: number,
  names: ReadonlySet<string> | ReadonlyMap<string, unknown>,
): Node[] {
  const out: Node[] = [];
  const re = /[A-Za-z_][A-Za-z0-9_]*/g;
  re.lastIndex = from;
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) {
    if (!names.has(m[0])) continue;
    const n = (within as unknown as NodeAt).descendantForIndex(m.index, m.index + m[0].length);
    if (n.type === 'identifier' && n.startIndex === m.index) out.push(n as unknown as Node);
  }
  return out;
}

/** tree-sitter's walk for several node types at once. */
export interface ManyTypes {
  descendantsOfType(types: readonly string[]): unknown[];
}

/** tree-sitter's lookup of the smallest node around a range. */
interface NodeAt {
  descendantForIndex(start: number, end: number): { type: string; startIndex: number };
}
