/**
 * C++ syntax in C's node shapes (issue 30): the C++ grammar names some of C's constructs
 * differently, and the model builder (src/frontend/) reads C's. A compact copy of a function
 * (compactTree.ts) is changed in place, at the same offsets, so that the text and every edit
 * stay the author's:
 *
 * - `t[i]`: C++ puts the index in a `subscript_argument_list` (`indices`); C has it as the
 *   `index` field of the subscript. A list of several indices (C++23) is left as it is: the
 *   model builder does not read it, and the sweep refuses the array.
 * - `if (c)`, `while (c)`, `switch (c)`: a `condition_clause` in C++, a
 *   `parenthesized_expression` in C. A clause with a declaration or an init-statement
 *   (`if (int k = f())`) has no C form and is reported, for the function to be refused.
 * - `ns::name` (a `qualified_identifier`) loses its children: its last part is not a use of
 *   a local of the same name (`::t[i]` is not the local `t`), and C's scopes would take it
 *   for one.
 */
import { adopt, CompactNode } from '../compactTree.js';

/** What `lower` could not put in C's shape (the function is then refused with it). */
export interface Unlowered {
  readonly node: CompactNode;
  readonly what: string;
}

/** Changes `fn` in place; returns what has no C shape. */
export function lowerCpp(fn: CompactNode): Unlowered[] {
  const out: Unlowered[] = [];
  const nodes: CompactNode[] = [];
  const stack: CompactNode[] = [fn];
  while (stack.length > 0) {
    const n = stack.pop()!;
    nodes.push(n);
    for (let k = n.named.length - 1; k >= 0; k--) stack.push(n.named[k]!);
  }
  for (const n of nodes) {
    if (n.type === 'subscript_expression') lowerSubscript(n);
    else if (n.type === 'condition_clause') {
      const why = lowerCondition(n);
      if (why) out.push({ node: n, what: why });
    } else if (n.type === 'qualified_identifier') adopt(n, []);
  }
  return out;
}

function lowerSubscript(n: CompactNode): void {
  const list = n.children.find((c) => c.field === 'indices');
  if (!list || list.type !== 'subscript_argument_list' || list.named.length !== 1) return;
  const index = list.named[0]!;
  index.field = 'index';
  adopt(
    n,
    n.children.flatMap((c) => (c === list ? list.children : [c])),
  );
}

function lowerCondition(n: CompactNode): string | undefined {
  const value = n.children.find((c) => c.field === 'value');
  const named = n.named.filter((c) => c.type !== 'comment');
  if (!value || named.length !== 1 || value.type === 'declaration')
    return 'a declaration in a condition';
  const paren = new CompactNode(
    --n.shared.ids.value,
    'parenthesized_expression',
    true,
    false,
    n.startIndex,
    n.endIndex,
    n.field,
    n.shared,
  );
  value.field = undefined;
  adopt(paren, n.children);
  const parent = n.parent as CompactNode;
  paren.parent = parent;
  paren.index = n.index;
  parent.children = parent.children.map((c) => (c === n ? paren : c));
  parent.named = parent.named.map((c) => (c === n ? paren : c));
  return undefined;
}
