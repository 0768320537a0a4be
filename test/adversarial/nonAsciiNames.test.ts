/**
 * C names beyond ASCII (C99 6.4.2.1: UTF-8 letters `né` and universal character names
 * `n\u00e9`, `n\U000000E9`, all the same identifier) and the searches of names in the
 * source's text (src/model/identifiers.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { codeOnly, mentionsIdentifier, wordsRegExp } from '../../src/model/identifiers.js';
import { ROOT, runCli } from '../helpers/cli.js';

const work = mkdtempSync(path.join(tmpdir(), 'beeclak-nonascii-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Guards identifierPattern on 4e1b2a8: `\u00e9` of a name was the regex's é (the text
// `n\u00e9` was not found), `nom` was found inside `nomé` (é outside [A-Za-z0-9_$]), and a
// regex character of a name was live.
describe('a name as a whole identifier of C text', () => {
  it.each([
    ['n\\u00e9 + 1', 'n\\u00e9', true],
    ['n\\u00E9 + 1', 'n\\U000000e9', true], // the compiler's view spells UCNs \U
    ['né + 1', 'n\\U000000e9', true],
    ['n\\u00e9 + 1', 'né', true],
    ['n\u00c3\u00a9 + 1', 'n\\U000000e9', true], // UTF-8 read as latin1 (the CLI)
    ['nomé + 1', 'nom', false],
    ['nom\u00c3\u00a9 + 1', 'nom', false],
    ['\u00c3\u00a9nom + 1', 'nom', false],
    ['nom\\u00e9 + 1', 'nom', false],
    ['\\u00e9 + 1', 'u00e9', false],
    ['axb + 1', 'a.b', false],
    ['a(b) + 1', 'a(b)', true],
  ])('%s mentions %s: %s', (text, name, expected) => {
    expect(mentionsIdentifier(text, name)).toBe(expected);
  });

  it('a keyword is a whole word: `const` is not in `consté` nor `const\\U000000e9`', () => {
    const strip = (t: string) => t.replace(wordsRegExp(['const'], 'g'), '').trim();
    expect([strip('consté'), strip('const\\U000000e9'), strip('const double')]).toEqual([
      'consté',
      'const\\U000000e9',
      'double',
    ]);
  });
});

/**
 * A file-scope constant whose definition depends on the configuration: contracted for the
 * value the analysis saw (4), the function must keep its original body for another (16).
 */
const guarded = (declared: string, used: string) => `#include <stdio.h>
#ifdef BIG
const int ${declared} = 16;
#else
const int ${declared} = 4;
#endif

double out[32];

void f(void) {
  double t[32];
  for (int i = 0; i < 32; i++) {
    t[i] = i * 2.0 + 1.0;
    if (i >= ${used})
      out[i] = t[i - ${used}];
  }
}

int main(void) {
  f();
  double s = 0;
  for (int i = 0; i < 32; i++) s += out[i] * (i + 1);
  printf("%f\\n", s);
  return 0;
}
`;

// Guards the const guard search (now src/pipeline/decision/guards.ts, guardKind): on 4e1b2a8 the
// constant was never found (a UCN spliced into the regex, or the compiler view's
// `n\U000000e9` against the file's UTF-8 bytes), so no run-time guard was emitted and the
// result, compiled with -DBIG, printed 18712.000000 instead of 6952.000000.
describe('a constant named beyond ASCII keeps its run-time guard', () => {
  it.each([
    ['n\\u00e9', 'n\\u00e9'],
    ['n\\U000000E9', 'n\\U000000E9'],
    ['n\\u00e9', 'né'],
    ['né', 'né'],
  ])('declared %s, used %s: the result compiled with -DBIG computes the same', (d, u) => {
    const file = path.join(work, 'guarded.c');
    const out = path.join(work, 'guarded.out.c');
    writeFileSync(file, guarded(d, u));
    const c = runCli(['contract', file, '-o', out]);
    expect(c.code).toBe(0);
    const r = runCli(['check', file, '--cflags', '-DBIG', '--against', out]);
    expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
      code: 0,
      last: 'ok',
    });
  });
});

// Guards the same search in the other direction: on 4e1b2a8 `nom` was found inside the
// file-scope `nomé`, so the local constant `nom` got a guard at the function's entry, before
// its declaration, and the result did not compile.
it('a local constant is not mistaken for a file-scope name it prefixes', () => {
  const file = path.join(work, 'prefix.c');
  writeFileSync(
    file,
    guarded('nomé', 'nom')
      .replace(/#ifdef BIG\n.*\n#else\n(.*)\n#endif\n/, '$1\n')
      .replace('double t[32];', 'const int nom = 4;\n  double t[32];')
      .replace('i * 2.0 + 1.0', 'i * 2.0 + nomé'),
  );
  const r = runCli(['check', file]);
  expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
    code: 0,
    last: 'ok',
  });
  expect(r.stdout).toMatch(/1 array contracted/);
});

// Guards codeOnly in the const guard search (pipeline/contraction.ts): a string or comment
// before the function that spelled `const nom` made the local constant `nom` look like a
// file-scope one, and the guard `if (nom != 4)` went before its declaration: the contracted
// file did not compile.
describe('only code declares a constant', () => {
  it.each([
    ['s = "const nom";', 's = ;'],
    ["c = 'x'; /* const nom */ n", 'c = ; n'],
    ['// const nom\nconst int k;', ' \nconst int k;'],
    ['"a\\"b" const', ' const'],
  ])('codeOnly(%j)', (text, expected) => {
    const out = codeOnly(text);
    expect(out).toHaveLength(text.length);
    expect(out.replace(/ +/g, ' ')).toBe(expected.replace(/ +/g, ' '));
  });

  it('a string spelling `const nom` before the function adds no guard', () => {
    const file = path.join(work, 'string-const.c');
    writeFileSync(
      file,
      `#include <stdio.h>
static const char *label = "const nom";
static int kernel(int x)
{
    const int nom = 4;
    int t[16];
    int s = 0;
    for (int i = 0; i < 16; i++) {
        t[i] = i * x;
        if (i >= nom)
            s += t[i - nom];
    }
    return s;
}
int main(void)
{
    printf("%s %d\\n", label, kernel(3));
    return 0;
}
`,
    );
    const r = runCli(['check', file]);
    expect(r.stdout + r.stderr).toMatch(/1 arrays? contracted/);
    expect(r.code).toBe(0);
  });
});

// Guards the const guard's source (pipeline/contraction.ts, Parameter.fileScope): whether a
// constant is file-scope came from a search of the text before the function. It missed a
// header's `const` under #ifdef BIG and one spelled through a macro (`CONST int nom`), so the
// result for the other value ran unguarded (18712 instead of 6952), and it took a
// prototype's `const int *p, int nom`, another function's local `const` and a `#if 0` block
// for declarations, so a local constant got a guard before its declaration (no compile).
// Programs from the review of 2026-11-26, in test/fixtures/constGuard.
describe('the const guard follows what the model knows of the constant', () => {
  const DIR = path.join(ROOT, 'test/fixtures/constGuard');
  it.each(['header-ifdef.c', 'macro-const.c'])(
    '%s: the result built with -DBIG computes what the original does',
    (f) => {
      const out = path.join(work, f.replace(/\.c$/, '.out.c'));
      expect(runCli(['contract', path.join(DIR, f), '-o', out]).code).toBe(0);
      const r = runCli(['check', path.join(DIR, f), '--cflags', '-DBIG', '--against', out]);
      expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
        code: 0,
        last: 'ok',
      });
    },
  );
  it.each(['prototype.c', 'other-function.c', 'if0.c'])('%s: a local constant, no guard', (f) => {
    const r = runCli(['check', path.join(DIR, f)]);
    expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
      code: 0,
      last: 'ok',
    });
  });
});
