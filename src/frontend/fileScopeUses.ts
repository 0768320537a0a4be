/**
 * File-scope arrays named at file scope outside their own declarators: an initializer that
 * takes the address (`static double *alias = w;`, `{ 1, w + 7 }` in a struct), or a size
 * that measures it (`v[sizeof w]`). Such a use is no function's, so no function's analysis
 * sees it: the array is given the user FILE_SCOPE_USER (model/types.ts), which no function is, and
 * stays as declared (lifetime/staticScratch.ts).
 */
import { type Node, child } from './parse.js';

/** Whether `n` is the name a declarator declares (`w` in `double w[N]`), not a use. */
function declares(n: Node): boolean {
  const p = n.parent;
  return !!p && child(p, 'declarator')?.startIndex === n.startIndex;
}

/** The names of `globals` that the file-scope declarations use other than as their name. */
export function fileScopeUses(
  declarations: readonly Node[],
  globals: ReadonlyMap<string, unknown>,
  textOf: (n: Node) => string,
): Set<string> {
  const out = new Set<string>();
  for (const d of declarations) {
    // The text first: most declarations (a header's prototypes) spell no global.
    if (![...textOf(d).matchAll(/[\w$]+/g)].some((m) => globals.has(m[0]))) continue;
    for (const n of d.descendantsOfType('identifier'))
      if (globals.has(n.text) && !declares(n)) out.add(n.text);
  }
  return out;
}
