import type { Node, TSNode } from './parse.js';
import { compactTree, readTypedefCasts } from './compactTree.js';
import { isTypeNameIn } from './typedefs.js';
import { lowerCpp, type Unlowered } from './cpp/lower.js';

/**
 * The functions of the main file that are read further, as compact copies (compactTree.ts:
 * the model builder walks each body several times), made when needed. Only the last copy is
 * kept: the copies of every function held until the calls were read were most of the memory
 * of a file of many functions (issue 29, item 3); the calls' walk makes its copies again.
 */
export interface CompactCopies {
  readonly own: (fn: TSNode) => Node;
  /** The functions copied so far (the calls' walk reads the copies of these). */
  readonly copied: ReadonlySet<TSNode>;
  /** C++: what has no C shape in a copy (cpp/lower.ts). */
  readonly unlowered: (copy: Node) => Unlowered[];
}

export function compactCopies(text: string, cpp: boolean): CompactCopies {
  const copied = new Set<TSNode>();
  let last: { fn: TSNode; copy: Node } | undefined;
  // Held weakly: a copy's C++ leftovers live as long as the copy (the memory stays bounded by
  // the functions in use), and are never lost when another function is copied in between.
  const leftovers = new WeakMap<Node, Unlowered[]>();
  const own = (fn: TSNode): Node => {
    if (last?.fn !== fn) {
      const copy = compactTree(fn, text);
      readTypedefCasts(copy, isTypeNameIn(copy));
      leftovers.set(copy, cpp ? lowerCpp(copy) : []);
      last = { fn, copy };
      copied.add(fn);
    }
    return last.copy;
  };
  const unlowered = (copy: Node): Unlowered[] => {
    const found = leftovers.get(copy);
    if (!found) throw new Error('internal: a C++ copy without its lowering record');
    return found;
  };
  return { own, copied, unlowered };
}
