/**
 * The callers of the relevant functions to a fixpoint (src/frontend/callers.ts): the same
 * functions, in the same order, as the passes the rule was first written as. The passes
 * tested every taken name against every text, pass after pass, and took minutes on a file of
 * 43,000 functions (issue 29, item 3); the rewrite must not change what they took.
 */
import { callersToFixpoint } from '../../src/frontend/callers.js';

/** The original passes (calls.ts before issue 29), the reference. */
function passes(texts: ReadonlyMap<string, string>, relevant: readonly string[]): string[] {
  const taken = new Set(relevant);
  for (let grew = true; grew;) {
    grew = false;
    for (const [n, text] of texts) {
      if (taken.has(n)) continue;
      for (const t of taken)
        if (text.includes(t)) {
          taken.add(n);
          grew = true;
          break;
        }
    }
  }
  return [...taken];
}

/** A deterministic pseudo-random sequence (a 32-bit LCG). */
function numbers(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s >>> 8) % n;
  };
}

describe('callersToFixpoint', () => {
  it.each<[string, [string, string][], string[], string[]]>([
    [
      'a caller after the callee is taken in the same pass, one before it in the next',
      [
        ['a', 'int a(void) { return b(); }'],
        ['b', 'int b(void) { return 0; }'],
        ['c', 'int c(void) { return b(); }'],
      ],
      ['b'],
      ['b', 'a', 'c'],
    ],
    [
      'a name inside a longer one counts (text.includes), as it did',
      [
        ['f1', 'int f1(void) { return 0; }'],
        ['g', 'int g(void) { return f12; }'],
      ],
      ['f1'],
      ['f1', 'g'],
    ],
    [
      'a name that is not one identifier (a parenthesized declarator) is looked for as it is',
      [
        ['(f)', 'int (f)(void) { return 0; }'],
        ['g', 'int g(void) { return (f)(); }'],
      ],
      ['(f)'],
      ['(f)', 'g'],
    ],
  ])('%s', (_, texts, relevant, expected) => {
    expect(callersToFixpoint(new Map(texts), relevant)).toEqual(expected);
  });

  it('takes what the passes take, in their order, on random call chains', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = numbers(seed);
      const count = 2 + next(12);
      const names = Array.from({ length: count }, (_, k) => `f${k}${next(3) === 0 ? 'x' : ''}`);
      const texts = new Map(
        names.map((n) => {
          const calls = Array.from({ length: next(3) }, () => `${names[next(count)]}();`);
          return [n, `void ${n}(void) { ${calls.join(' ')} }`];
        }),
      );
      const relevant = names.filter(() => next(4) === 0);
      expect([seed, callersToFixpoint(texts, relevant)]).toEqual([seed, passes(texts, relevant)]);
    }
  });
});
