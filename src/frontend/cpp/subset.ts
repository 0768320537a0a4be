/**
 * The C++ constructs that leave a whole function unchanged (issue 30, docs/hls.md "C++"):
 * its arrays are then no candidates, each with the reason, and the rest of the file is still
 * served.
 *
 * - Exceptions (`try`, `throw`): a handler runs at a point the model's schedule does not
 *   have, with whatever the arrays held when the exception left the `try` block.
 * - A lambda that names an array of the function: its body runs where the lambda is called
 *   (a reference capture), or copies the whole array where it is made (`[=]`).
 * - What the C++ grammar's shapes do not map to C's (cpp/lower.ts): a declaration in a
 *   condition.
 */
import type { Node } from '../parse.js';
import type { SourceText } from '../parse.js';
import type { Unlowered } from './lower.js';

/** Why the function is outside the subset, at its first such construct; undefined if inside. */
export function outsideSubset(
  fn: Node,
  src: SourceText,
  arrayNames: ReadonlySet<string>,
  unlowered: readonly Unlowered[],
): string | undefined {
  const at = (n: Node) => {
    const l = src.locOf(n);
    return `${l.line}:${l.column}`;
  };
  for (const kind of ['try_statement', 'throw_statement', 'throw_expression']) {
    const n = fn.descendantsOfType(kind)[0];
    if (n)
      return `it uses exceptions ('${kind === 'try_statement' ? 'try' : 'throw'}' at ${at(n)})`;
  }
  for (const lambda of fn.descendantsOfType('lambda_expression')) {
    const named = lambda.descendantsOfType('identifier').find((x) => arrayNames.has(x.text));
    if (named) return `a lambda at ${at(lambda)} uses the array '${named.text}'`;
  }
  const first = unlowered[0];
  if (first) return `it has ${first.what} at ${at(first.node)}`;
  return undefined;
}
