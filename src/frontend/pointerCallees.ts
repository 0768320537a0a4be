/**
 * Names that are objects, not functions: a call `free(t)` where `free` is a parameter
 * `void (*free)(double *)`, a local function pointer or a file-scope one calls whatever the
 * pointer holds (C reserves a library function's name only with external linkage or at file
 * scope under its header: a parameter or a local may take it). Such a call is a call through
 * a pointer, whatever the name spells: not the C library's `free`, `memset` or `malloc`, nor
 * the unit's function of that name (adversary 2026-11-29: a parameter named `bzero` kept
 * the buffer's address, which was read after the kernel folded it).
 *
 * The C library's memory functions a unit defines itself (glibc supports replacing malloc)
 * count too: their calls are the program's, whatever they return or keep.
 *
 * Scopes are not followed: a name declared as an object anywhere in the function, or at file
 * scope, counts for every call of the function (more calls through a pointer, which only
 * keeps arrays).
 */
import { type Node, child } from './parse.js';

/** Functions of the C library a program may define itself (glibc: "Replacing malloc"). */
export const REPLACEABLE: ReadonlySet<string> = new Set([
  'malloc',
  'calloc',
  'realloc',
  'free',
  'aligned_alloc',
  'memalign',
  'posix_memalign',
  'valloc',
  'pvalloc',
]);

/** The name a declarator declares, and whether it declares a function. */
function declaredName(d: Node | null): { name: string; isFunction: boolean } | undefined {
  let x = d;
  let own: string | undefined;
  while (x && x.type !== 'identifier') {
    if (x.type !== 'parenthesized_declarator') own = x.type;
    x =
      child(x, 'declarator') ??
      x.namedChildren.find((c) => c.type === 'identifier' || c.type.endsWith('declarator')) ??
      null;
  }
  return x ? { name: x.text, isFunction: own === 'function_declarator' } : undefined;
}

/** The objects (not functions) that the declarations among `nodes` declare. */
function objectNames(declarations: readonly Node[], out: Set<string>): Set<string> {
  for (const d of declarations)
    for (const x of d.childrenForFieldName('declarator')) {
      const named = declaredName(x);
      if (named && !named.isFunction) out.add(named.name);
    }
  return out;
}

/** The objects a unit declares at file scope (`static void (*hook)(double *);`). */
export function fileScopeObjects(root: Node | null | undefined): ReadonlySet<string> {
  return objectNames(root?.namedChildren.filter((c) => c.type === 'declaration') ?? [], new Set());
}

/** The names a call of `fnDef` may spell that are objects: its own or the file's. */
export function pointerCallees(fnDef: Node, fileObjects: ReadonlySet<string>): Set<string> {
  const declarations = [
    ...fnDef.descendantsOfType('parameter_declaration'),
    ...(child(fnDef, 'body')?.descendantsOfType('declaration') ?? []),
  ];
  return objectNames(declarations, new Set(fileObjects));
}
