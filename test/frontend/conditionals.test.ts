/**
 * The configuration guard (src/frontend/conditionals.ts): after a contracted function, each
 * conditional group inside it again, `#error` in the branches the compiler skipped. Each row
 * says which wrong result it guards.
 */
import {
  configurationGuard,
  conditionalGroups,
  type Liveness,
} from '../../src/frontend/conditionals.js';

/** Lines with code, and the ones the compiler kept, given as sets of line numbers. */
function alive(code: number[], live: number[], inInvocation: number[] = []): Liveness {
  return { code: new Set(code), live: new Set(live), inInvocation: new Set(inInvocation) };
}

const FN = [
  'void f(void) {', //  1
  '#ifdef A', //        2
  '  x();', //          3
  '#elif B > 1', //     4
  '  y();', //          5
  '#else', //           6
  '#endif', //          7
  '  z();', //          8
  '}', //               9
].join('\n');

describe('configurationGuard', () => {
  it.each<[string, Liveness, string[] | RegExp]>([
    [
      'the first branch taken: the #elif with code becomes #error (else the other configuration would run contracted code proven without it), and so does the empty #else (a build that leaves x() out was not analysed either)',
      alive([1, 3, 5, 8, 9], [1, 3, 8, 9]),
      ['#ifdef A', '#elif B > 1', '#error "E"', '#else', '#error "E"', '#endif'],
    ],
    [
      'the empty #else taken: both branches with code become #error',
      alive([1, 3, 5, 8, 9], [1, 8, 9]),
      ['#ifdef A', '#error "E"', '#elif B > 1', '#error "E"', '#else', '#endif'],
    ],
    [
      'a skipped branch inside a macro invocation: no guard can tell, the arrays stay',
      alive([1, 3, 5, 8, 9], [1, 3, 8, 9], [5]),
      /inside a macro invocation/,
    ],
  ])('%s', (_, liveness, expected) => {
    const g = configurationGuard(conditionalGroups(FN), 1, 9, liveness, 'E');
    if (expected instanceof RegExp) expect('problem' in g && g.problem).toMatch(expected);
    else expect(g).toEqual({ lines: expected });
  });

  // Guards the missing #else: `#ifdef X t[i] = 2 * i; #endif` contracted with -DX made t a
  // scalar; built without X the guard (`#ifdef X` / `#endif`) let it through and the result
  // read a reused cell (1360 became 2040: test/configurations, ifdef-write.c).
  it('the taken branch has code and there is no #else: one is added, with #error', () => {
    const text = ['void f(void) {', '#ifdef X', '  x();', '#endif', '  z();', '}'].join('\n');
    expect(
      configurationGuard(conditionalGroups(text), 1, 6, alive([1, 3, 5, 6], [1, 3, 5, 6]), 'E'),
    ).toEqual({ lines: ['#ifdef X', '#else', '#error "E"', '#endif'] });
  });

  it('a group around the whole function needs no guard (the other version is other text)', () => {
    const text = [
      '#ifdef A',
      'void f(void) {',
      '  x();',
      '}',
      '#else',
      'void f(void) { }',
      '#endif',
    ].join('\n');
    expect(
      configurationGuard(conditionalGroups(text), 2, 4, alive([2, 3, 4, 6], [2, 3, 4]), 'E'),
    ).toEqual({
      lines: [],
    });
  });

  it('a group crossing the function boundary keeps the arrays (guards: one body, two signatures)', () => {
    const text = [
      '#ifdef A',
      'void f(int a) {',
      '#else',
      'void f(long a) {',
      '#endif',
      '  x();',
      '}',
    ].join('\n');
    const g = configurationGuard(
      conditionalGroups(text),
      2,
      7,
      alive([2, 4, 6, 7], [2, 6, 7]),
      'E',
    );
    expect('problem' in g && g.problem).toMatch(/crosses the function's boundary/);
  });

  // Guards the spellings of a conditional directive (src/model/pragmas.ts directiveName): on
  // 4e1b2a8 only `#` + blanks + name was a conditional, so a function whose branches were
  // spelled `%:ifdef` (C's digraph) got no guard, and its result, compiled with the other
  // branch (-DBIG), read cells the contraction had reused (a garbage sum).
  // Also guards directives read after their comments (review 2026-11-26): `/* c */ #ifdef`
  // and a comment spanning lines inside a directive got no guard (a miscompile under the
  // other branch), and a trailing comment spanning lines was copied into the guard, which
  // then did not compile. The guard spells each directive without its comments.
  it.each([
    [
      ['%:ifdef A', '%:elif B > 1', '%:else', '%:endif'],
      ['%:ifdef A', '%:elif B > 1', '%:else', '%:endif'],
    ],
    [
      ['# /* c */ ifdef A', '#  elif B > 1', '  # else', '#endif /* A */'],
      ['# ifdef A', '# elif B > 1', '# else', '#endif'],
    ],
    [
      ['#if\\\n def A', '#el\\\nif B > 1', '#else', '#endif'],
      ['#if\\', 'def A', '#el\\', 'if B > 1', '#else', '#endif'],
    ],
    [
      ['/* x */ #ifdef A', '#elif B > 1', '#else', '/* y */ #endif'],
      ['#ifdef A', '#elif B > 1', '#else', '#endif'],
    ],
    [
      ['# /* a\n */ ifdef A', '#elif B > 1', '#else', '#endif'],
      ['# ifdef A', '#elif B > 1', '#else', '#endif'],
    ],
    [
      ['#ifdef A /* a\n b */', '#elif B > 1', '#else', '#endif'],
      ['#ifdef A', '#elif B > 1', '#else', '#endif'],
    ],
  ])(
    'spelled %j: the #elif and #else branches become #error',
    ([ifdef, elif, els, endif], guard) => {
      const text = FN.replace('#ifdef A', ifdef!)
        .replace('#elif B > 1', elif!)
        .replace('#else', els!)
        .replace('#endif', endif!);
      const lines = text.split('\n');
      const at = (s: string) => lines.findIndex((l) => l.includes(s)) + 1;
      const [x, y, z, end] = [at('x()'), at('y()'), at('z()'), lines.length];
      const g = configurationGuard(
        conditionalGroups(text),
        1,
        end,
        alive([1, x, y, z, end], [1, x, z, end]),
        'E',
      );
      expect('lines' in g).toBe(true);
      const spelled = (g as { lines: string[] }).lines.map((l) => l.replace(/\s+/g, ' ').trim());
      expect(spelled).toEqual([
        ...guard.slice(0, -2),
        '#error "E"',
        guard.at(-2),
        '#error "E"',
        guard.at(-1),
      ]);
    },
  );
});
