/**
 * Where a unit's functions are declared inside other functions' bodies (calls.ts reads them
 * with the file-scope prototypes): a parameter whose function has such a prototype keeps its
 * type.
 */
import type { SourceLoc } from '../model/calls.js';
import { type Node, type SourceText, child } from './parse.js';

/**
 * Declarations of the unit's functions inside a body (`double kernel(double t[N][N]);` in
 * main): prototypes too, which prototypeSpelling.ts does not read, so that a parameter whose
 * function has one keeps its type (retyping the definition alone would not compile).
 *
 * A prototype is a declaration of the body whose declarator leads, through its `declarator`
 * fields, to a function declarator: each of the body's function declarators (most bodies
 * have none) is followed up to its declaration, in the order of the declarations and their
 * declarators. Searching every declaration instead wrapped each one in a tree-sitter node,
 * whose native record (~0.4 KB) lives to the end of a synchronous run: ~40 % of those of 5 MB
 * of kernels (issue 29, item 3).
 */
export function blockPrototypes(
  src: SourceText,
  definitions: readonly Node[],
  byName: ReadonlyMap<string, Node>,
  prototypes: Map<string, SourceLoc[]>,
): void {
  for (const d of definitions) {
    const body = child(d, 'body');
    if (!body) continue;
    const found = body
      .descendantsOfType('function_declarator')
      .flatMap((f) => {
        const at = declarationOf(f);
        return at ? [{ ...at, f }] : [];
      })
      // Declarations in document order (an enclosing one first), then their declarators.
      .sort(
        (a, b) =>
          a.declaration.startIndex - b.declaration.startIndex ||
          b.declaration.endIndex - a.declaration.endIndex ||
          a.index - b.index,
      );
    for (const { f } of found) {
      const name = child(f, 'declarator')?.text;
      if (name !== undefined && byName.has(name))
        prototypes.set(name, [...(prototypes.get(name) ?? []), src.locOf(f)]);
    }
  }
}

/**
 * The declaration (and which of its declarators) whose declarator chain reaches `f` first
 * among function declarators: from a declarator of the declaration down through
 * `declarator` fields, no function declarator before `f`.
 */
function declarationOf(f: Node): { declaration: Node; index: number } | undefined {
  let at: Node = f;
  for (let p = at.parent; p; at = p, p = p.parent) {
    if (p.type === 'declaration') {
      const index = p.childrenForFieldName('declarator').findIndex((x) => x.id === at.id);
      if (index >= 0) return { declaration: p, index };
    }
    if (p.type === 'function_declarator' || child(p, 'declarator')?.id !== at.id) return undefined;
  }
  return undefined;
}
