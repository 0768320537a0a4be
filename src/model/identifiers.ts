/**
 * A C identifier as a whole token of C text, for searches in the source's own text.
 *
 * GNU C allows `$` in identifiers (gcc and clang accept `n$` on most targets). Spliced into
 * a regular expression unescaped, `$` is an end anchor, and with `\b` or `[^A-Za-z0-9_]` as
 * its boundaries, a name ending in `$` never matched while `n` matched inside `n$`: a file-
 * scope `const int n$` lost the run-time guard of a result computed for its value.
 */

const WORD = 'A-Za-z0-9_$';

/** Source of a pattern matching `name` as a whole identifier (no identifier character around). */
export function identifierPattern(name: string): string {
  return `(?<![${WORD}])${name.replace(/\$/g, '\\$')}(?![${WORD}])`;
}

/** Whether `text` spells the identifier `name` (comments and strings count: callers strip them). */
export function mentionsIdentifier(text: string, name: string): boolean {
  return new RegExp(identifierPattern(name)).test(text);
}
