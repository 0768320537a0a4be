/**
 * The C name of a loop iterator of the model, for printing the components of a
 * delinearized access in the source's own names.
 *
 * The frontend names an iterator after its loop counter, adding `_k` only when that name is
 * already taken, and then only with a name that is no identifier of the function. So a
 * model name that occurs as an identifier in the statement is the counter's own name, and
 * otherwise the counter is the name without its last `_k`. The answer is refused when it
 * is not visible in the statement or when two iterators of the statement would print the
 * same (an inner loop shadowing an outer counter of the same name).
 */
import type { Statement } from '../model/types.js';
import { nameRecord } from '../poly/nameRecord.js';
import { mentionsIdentifier } from '../model/identifiers.js';

/** The statement's text without comments and string or character literals. */
function codeOnly(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, ' ');
}

function occurs(name: string, code: string): boolean {
  return mentionsIdentifier(code, name);
}

function resolve(modelName: string, code: string): string | undefined {
  if (occurs(modelName, code)) return modelName;
  const base = /^(.+)_[0-9]+$/.exec(modelName)?.[1];
  return base !== undefined && occurs(base, code) ? base : undefined;
}

/**
 * C names of the listed iterators of `statement` (model name -> C name), or the first one
 * that cannot be named safely.
 */
export function iteratorSourceNames(
  statement: Statement,
  needed: readonly string[],
): { kind: 'names'; names: Record<string, string> } | { kind: 'unnamed'; iterator: string } {
  const code = codeOnly(statement.text);
  const all = statement.iterators.map((it) => [it, resolve(it, code)] as const);
  const names = nameRecord<string>();
  for (const it of needed) {
    const c = all.find(([m]) => m === it)?.[1];
    if (c === undefined) return { kind: 'unnamed', iterator: it };
    if (all.some(([m, other]) => m !== it && other === c)) return { kind: 'unnamed', iterator: it };
    names[it] = c;
  }
  return { kind: 'names', names };
}
