/**
 * Which references the rewriter can edit (src/frontend/editable.ts): comments between a
 * name and its brackets stopped `contract` with an internal error, and a `//` comment that
 * ends the text between brackets swallowed the rewritten index (`t[(i // x) % 3]`).
 * `@` marks the text between brackets (the holes).
 */
import { uneditableText } from '../../src/frontend/editable.js';

function check(marked: string): string | undefined {
  const holes: { start: number; end: number }[] = [];
  let text = '';
  for (const [k, part] of marked.split('@').entries()) {
    if (k % 2 === 1) holes.push({ start: text.length, end: text.length + part.length });
    text += part;
  }
  return uneditableText(text, { start: 0, end: text.length }, holes);
}

describe('uneditableText', () => {
  it.each([
    ['t[@i@]', undefined],
    ['t [@i@] [@j@]', undefined],
    ['t[@i /* x */@]', undefined],
    ['t[@/* back */ i - 2@]', undefined],
    ['t[@i // x\n + 1@]', undefined],
    ["t[@s[0] == '/' ? 1 : 0@]", undefined],
    ['t/**/[@i@]', 'a comment stands by its brackets'],
    ['t /* c */ [@i@]', 'a comment stands by its brackets'],
    ['t[@i@] // c\n[@j@]', 'a comment stands by its brackets'],
    ['t /* c */ []', 'a comment stands by its brackets'],
    // The built-in reading: the hole is the index alone (the rewriter's checks stopped there).
    ['t[@i@ /* x */]', 'a comment stands by its brackets'],
    ['t[@i // x@]', 'a // comment ends the text between its brackets'],
    ['t[@i\n#ifdef X\n + 1\n#endif@]', 'a directive stands between its brackets'],
  ])('%j: %s', (marked, expected) => {
    expect(check(marked)).toBe(expected);
  });
});
