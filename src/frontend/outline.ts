/**
 * Whether the original body a run-time guard keeps (`if (n != 30) { original } else {
 * contracted }`) can become a function of its own, read from the compiler's view: both
 * blocks of one function share its frame (GCC 12 overlaps them at best: no byte saved,
 * BC1510), while `static __attribute__((noinline)) T f__beeclak_original(params)`, called
 * where the guard fails, takes its arrays out of the function's frame (FunctionModel.outline).
 *
 * The call must do what the body did in place:
 * - the arguments are the parameters as they are at the function's entry (the guard is the
 *   body's first statement; a body that writes a parameter writes its own copy);
 * - a function's identity shows in `__func__` (and assert's message), `__builtin_return_address`
 *   and `__builtin_frame_address`: refused;
 * - `...` cannot be passed on; a parameter without a name cannot be named; an old-style
 *   definition's promotions are left alone; a type defined in the parameter list would be
 *   two types, and so would a tag it names that no file-scope declaration before it
 *   declares (`struct opaque *tag`: a new type each time, the call's argument another type
 *   than the copy's parameter; GCC 14 stops there, adversary 2026-11-29e), and a size with
 *   an effect (`in[width(n)]`: evaluated again at the copy's entry): refused;
 * - a value-returning body must end with `return value;` (`return f__beeclak_original(...)`
 *   uses the value: a body falling off its end would then be undefined, and `main`'s end
 *   returns 0);
 * - an `inline` function with external linkage may not refer to a static function (C11
 *   6.7.4p3), attributes may ask for anything (`always_inline`, a section): refused;
 * - the copy goes before the function, where the function's own name is not declared yet:
 *   a body naming it is refused;
 * - only compilers that take GCC's attributes (`__GNUC__`: GCC, Clang) are sure not to inline
 *   the copy back, and only C is read this way.
 */
import type { Outline } from '../model/types.js';
import { CallSlot } from '../context/callContext.js';
import { type Node, child, namedChildrenOf, walk } from './parse.js';
import type { FunctionState } from './state.js';

/** Names whose value is the function's own (its name, its caller, its frame). */
const IDENTITY = new Set([
  '__func__',
  '__FUNCTION__',
  '__PRETTY_FUNCTION__',
  '__builtin_FUNCTION',
  '__builtin_return_address',
  '__builtin_frame_address',
]);
const STORAGE = new Set(['static', 'extern', 'inline', '__inline', '__inline__']);
const INLINE = new Set(['inline', '__inline', '__inline__']);
/** What may stand before the declarator of a function we rewrite the header of. */
const SPECIFIERS = new Set([
  'storage_class_specifier',
  'type_qualifier',
  'primitive_type',
  'sized_type_specifier',
  'type_identifier',
  'struct_specifier',
  'union_specifier',
  'enum_specifier',
]);

const TAGGED = new Set(['struct_specifier', 'union_specifier', 'enum_specifier']);
/** What evaluates to an effect: in a parameter's array size, it runs at each entry. */
const EFFECTS = new Set([
  'call_expression',
  'update_expression',
  'assignment_expression',
  'comma_expression',
]);

export type OutlineFacts = { outline: Outline } | { outlineObstacle: string };

/** Per tree, `kind name` -> where its first file-scope declaration starts (once per call). */
const fileScopeTags = new CallSlot(() => new WeakMap<object, Map<string, number>>());

const tagKey = (n: Node) => `${n.type} ${child(n, 'name')?.text ?? ''}`;

/**
 * Where each tag is first declared at file scope: outside parameter lists (prototype scope)
 * and bodies (block scope).
 */
function tagsOf(root: Node): Map<string, number> {
  const out = new Map<string, number>();
  const stack = [...namedChildrenOf(root)].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'parameter_list' || n.type === 'compound_statement') continue;
    if (TAGGED.has(n.type) && child(n, 'name') && !out.has(tagKey(n)))
      out.set(tagKey(n), n.startIndex);
    const children = namedChildrenOf(n);
    for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]!);
  }
  return out;
}

/** A tag the parameter list names that no file-scope declaration before `fn` declares. */
function prototypeScopedTag(fn: Node, list: Node): string | undefined {
  const named = walk(list).filter((n) => TAGGED.has(n.type) && child(n, 'name'));
  if (named.length === 0) return undefined;
  const tables = fileScopeTags.current();
  let tags = tables?.get(fn.tree);
  if (!tags) {
    tags = tagsOf(fn.tree.rootNode);
    tables?.set(fn.tree, tags);
  }
  const before = tags;
  const alone = named.find((n) => !((before.get(tagKey(n)) ?? Infinity) < fn.startIndex));
  return alone && `${alone.type.replace('_specifier', '')} ${child(alone, 'name')!.text}`;
}

/** The parameters' names in order, or why they cannot be passed on. */
function parameterNames(fn: Node, declarator: Node): string[] | string {
  const list = child(declarator, 'parameters');
  const params = list?.namedChildren.filter((p) => p.type !== 'comment') ?? [];
  const only = params[0];
  if (
    params.length === 1 &&
    only!.type === 'parameter_declaration' &&
    !child(only!, 'declarator') &&
    child(only!, 'type')?.text === 'void'
  )
    return [];
  // Two copies of `enum { ONE } k` or `struct { ... }` are two types: refused.
  if (list && walk(list).some((n) => TAGGED.has(n.type) && child(n, 'body')))
    return 'its parameter list defines a type';
  // `const double in[width(n)]`: a variably modified parameter's size is evaluated on entry,
  // and the copy's entry evaluated it again (adversary 2026-11-29e: width() ran 3 times for 2).
  if (list && walk(list).some((n) => EFFECTS.has(n.type)))
    return 'a size in its parameter list has an effect (the copy would evaluate it again)';
  const alone = list && prototypeScopedTag(fn, list);
  if (alone) return `its parameter list declares ${alone} (a copy would be another type)`;
  const names: string[] = [];
  for (const p of params) {
    if (p.type === 'variadic_parameter') return 'it is variadic (`...` cannot be passed on)';
    if (p.type !== 'parameter_declaration')
      return 'it is an old-style definition (its arguments are promoted)';
    let d = child(p, 'declarator');
    while (d && d.type !== 'identifier')
      d = child(d, 'declarator') ?? d.namedChildren.find((c) => c.type.endsWith('declarator'))!;
    if (!d) return 'a parameter has no name';
    names.push(d.text);
  }
  return names;
}

/** The last statement of the body is `return value;`. */
function endsWithValueReturn(body: Node): boolean {
  const last = body.namedChildren.filter((c) => c.type !== 'comment').pop();
  return last?.type === 'return_statement' && last.namedChildren.some((c) => c.type !== 'comment');
}

/** Why the header cannot be written again for another name, if so; else the storage words. */
function headerWords(fn: Node, declarator: Node, name: string): number | string {
  let storage = 0;
  let isStatic = false;
  let isInline = false;
  for (const c of fn.namedChildren) {
    if (c.id === child(fn, 'body')?.id || c.type === 'comment') continue;
    if (c.id === child(fn, 'declarator')?.id) continue;
    if (!SPECIFIERS.has(c.type)) return `its header has \`${c.text}\` (kept as written)`;
    if (TAGGED.has(c.type) && child(c, 'body')) return 'its return type defines a type';
    if (c.type === 'storage_class_specifier') {
      if (!STORAGE.has(c.text)) return `it is declared \`${c.text}\``;
      storage++;
      isStatic ||= c.text === 'static';
      isInline ||= INLINE.has(c.text);
    }
  }
  if (isInline && !isStatic)
    return 'it is an inline function with external linkage (C11 6.7.4: it may not call a static function)';
  const own = child(declarator, 'declarator');
  if (own?.type !== 'identifier' || own.text !== name) return 'its name is not spelled plainly';
  // An attribute inside the declarator (`*__attribute__((aligned)) f(...)`), or anything
  // else the rewriting of the header would have to understand.
  let d: Node | null = child(fn, 'declarator');
  while (d && d.id !== declarator.id) {
    if (
      d.type !== 'pointer_declarator' ||
      d.namedChildren.some((c) => c.type.includes('attribute'))
    )
      return 'its declarator is not a plain one';
    d = child(d, 'declarator');
  }
  return storage;
}

/** See the module comment. */
export function outlineFacts(st: FunctionState): OutlineFacts {
  const refuse = (why: string): OutlineFacts => ({ outlineObstacle: why });
  if (st.options.cpp) return refuse('C++ is kept in one function');
  if (!st.options.gnuAttributes)
    return refuse("the compiler is not known to take GCC's `__attribute__((noinline))`");
  if (!st.declarator) return refuse('its declarator is not read');
  const args = parameterNames(st.fn, st.declarator);
  if (typeof args === 'string') return refuse(args);
  const words = headerWords(st.fn, st.declarator, st.name);
  if (typeof words === 'string') return refuse(words);
  for (const n of st.bodyNodes) {
    if (n.type !== 'identifier') continue;
    if (IDENTITY.has(n.text))
      return refuse(`it uses ${n.text} (its value would be another function's)`);
    if (n.text === st.name) return refuse('it names itself (not declared before the copy)');
  }
  const returnsVoid =
    child(st.fn, 'type')?.text === 'void' && child(st.fn, 'declarator')?.id === st.declarator.id;
  if (!returnsVoid && !endsWithValueReturn(st.body))
    return refuse('it returns a value and does not end with `return`');
  return { outline: { args, returnsVoid, storageWords: words } };
}
