/**
 * The model is the compiler's translation unit (src/frontend/compilerView.ts): one case per
 * macro / preprocessor trap. Each case compiles and runs the original and the contracted
 * program and compares their output, and states what the array must become (contracted, or
 * unchanged with a reason naming the macro). The comment of each case says which wrong
 * result it guards.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contractSource, type ContractOptions } from '../../src/pipeline/contraction.js';
import { codeOf, type ReasonName } from '../../src/model/reasons.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'beeclak-view-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OPTIONS: ContractOptions = {
  defines: {},
  temporaries: [],
  only: [],
  heuristic: 'auto',
  modulo: 'exact',
  annotate: false,
  oracleOperations: 0,
};

let counter = 0;
function run(name: string, source: string, flags: string[] = []): string {
  const base = path.join(dir, `${name}-${counter++}`);
  writeFileSync(`${base}.c`, source, 'latin1');
  execFileSync(process.env.CC ?? 'cc', ['-w', ...flags, '-I', dir, '-o', base, `${base}.c`]);
  return execFileSync(base, { encoding: 'utf8' });
}

interface Case {
  name: string;
  /** Which wrong result the case guards. */
  guards: string;
  source: string;
  /** Per array: 'contracted' (or scalarized) or a RegExp the unchanged reason must match. */
  /**
   * Per array: contracted (or scalarized), or left unchanged with this code and evidence in
   * its reason.
   */
  expect: Record<string, 'contracted' | [ReasonName, RegExp]>;
  defines?: Record<string, bigint>;
  /**
   * `opt` where the case needs a contraction `auto` now declines (a division in the inner
   * loop for a small saving: docs/design.md, "Address arithmetic").
   */
  heuristic?: 'opt';
  flags?: string[];
  headers?: Record<string, string>;
  /** Text the output must contain. */
  contains?: string[];
}

const CASES: Case[] = [
  {
    name: 'function-like macro precedence',
    guards:
      'IDX(i - 1, j) is i - 1*W + j in C; modelled as (i-1)*W + j it gave a contraction that printed another sum',
    heuristic: 'opt',
    // (W under #ifndef: a -DW build takes another value, so the result keeps its guard)
    source: `#include <stdio.h>
#ifndef W
#define W 8
#endif
#define IDX(r, c) r * W + c
int main(void) {
  int t[64];
  int i, j;
  long sum = 0;
  for (i = 0; i < 8; i++)
    for (j = 0; j < 8; j++) {
      t[IDX(i, j)] = i * 3 + j;
      if (i > 0) sum += t[IDX(i - 1, j)];
    }
  printf("%ld\\n", sum);
  return 0;
}
`,
    expect: { t: 'contracted' },
    contains: ['#if W != 8'],
  },
  {
    name: 'object-like macro precedence',
    guards:
      "t[i - OFF] with '#define OFF 2 - 1' is t[i - 2 - 1]; modelled as t[i - 1] it folded too far",
    source: `#include <stdio.h>
#ifndef OFF
#define OFF 2 - 1
#endif
int main(void) {
  int s[100];
  int i;
  long sum = 0;
  for (i = 0; i < 100; i++) {
    s[i] = i * i;
    if (i >= 3) sum += s[i - OFF];
  }
  printf("%ld\\n", sum);
  return 0;
}
`,
    expect: { s: 'contracted' },
    contains: ['#if (OFF) != 1'],
  },
  {
    name: '#undef and redefinition',
    guards:
      'the first body of K was kept for the second function; the output did not compile (its file-end guard tested the last K)',
    source: `#include <stdio.h>
#define K 1
static long first(void) {
  int u[30];
  long s = 0;
  int i;
  for (i = 0; i < 30; i++) {
    u[i] = i + 1;
    if (i >= K) s += u[i - K];
  }
  return s;
}
#undef K
#define K 4
int main(void) {
  int t[30];
  int i;
  long s = first();
  for (i = 0; i < 30; i++) {
    t[i] = i * i;
    if (i >= K) s += t[i - K];
  }
  printf("%ld\\n", s);
  return 0;
}
#undef K
`,
    expect: { u: 'contracted', t: 'contracted' },
  },
  {
    name: 'a macro that writes the bound',
    guards: 'SHRINK(n) changes n: a model that misses the write takes n for a constant',
    source: `#include <stdio.h>
#define SHRINK(n) do { n -= 5; } while (0)
int main(void) {
  int t[30];
  int i, n = 30;
  long s = 0;
  SHRINK(n);
  for (i = 0; i < 30; i++) {
    t[i] = i * i;
    if (i >= 5) s += t[i - 30 + n];
  }
  printf("%ld\\n", s);
  return 0;
}
`,
    expect: { t: ['no-saving', /needs 30 cells/] },
  },
  {
    name: 'an access produced by a macro',
    guards: 'an edit inside a macro expansion would rewrite the macro body or a wrong spot',
    source: `#include <stdio.h>
#define SET(a, i, v) a[i] = v
int main(void) {
  int t[50];
  int i;
  long s = 0;
  for (i = 0; i < 50; i++) {
    SET(t, i, i * 2);
    s += t[i];
  }
  printf("%ld\\n", s);
  return 0;
}
`,
    expect: { t: ['not-editable', /macro SET \(defined at line 2\)/] },
  },
  {
    name: 'what the compiler accepts: attribute and statement macros, #ifdef in if/else, dead branches',
    guards: 'each construct was refused with "syntax error" although cc compiles it',
    source: `#include <stdio.h>
#define EXPORT __attribute__((unused))
#define CHECK(x) if ((x) < 0) puts("negative");
#define FAST
#if 0
this is not C at all {
#endif
#ifndef FAST
#error "FAST is needed"
#endif
EXPORT static int helper(int x) { return x + 1; }
int main(void) {
  int t[40];
  int i;
  long s = 0;
  for (i = 0; i < 40; i++) {
    t[i] = helper(i);
#ifdef FAST
    if (i > 0)
      s += t[i - 1];
#else
    if (i > 1)
      s += t[i - 2];
#endif
    CHECK(i)
  }
  printf("%ld\\n", s);
  return 0;
}
#define LAST 1`,
    expect: { t: 'contracted' },
  },
  {
    name: 'a size from an included header',
    guards:
      'the size N of config.h was "unknown" and the array left alone; a result for N must keep its guard',
    headers: { 'config.h': '#define N 60\n' },
    source: `#include <stdio.h>
#include "config.h"
int main(void) {
  double y[N];
  int i;
  double s = 0;
  for (i = 0; i < N; i++) {
    y[i] = i * 0.5;
    if (i > 1) s += y[i - 2];
  }
  printf("%g\\n", s);
  return 0;
}
`,
    expect: { y: 'contracted' },
    contains: ['#if N != 60'],
  },
  {
    name: '-D goes to the preprocessor',
    guards:
      '-D N=20 must decide #ifndef N as the compiler does, and the result be guarded for N == 20',
    defines: { N: 20n },
    flags: ['-DN=20'],
    source: `#include <stdio.h>
#ifndef N
#define N 10
#endif
int main(void) {
  int y[N];
  int i;
  long s = 0;
  for (i = 0; i < N; i++) {
    y[i] = i;
    if (i > 0) s += y[i - 1] * y[i];
  }
  printf("%ld %d\\n", s, N);
  return 0;
}
`,
    expect: { y: 'contracted' },
    contains: ['#if N != 20'],
  },
  {
    name: 'an argument fixed with -D',
    guards:
      'the run-time guard declared abort() after a statement (C89 -pedantic-errors refused it) and aborted for other values; the original body is now the path for them',
    defines: { n: 30n },
    flags: ['-std=c89', '-pedantic-errors'],
    source: `#include <stdio.h>
static long kernel(int n)
{
  int t[100];
  int i;
  long s = 0;
  for (i = 0; i < n; i++) {
    t[i] = i * i;
    if (i > 1) s += t[i - 2];
  }
  return s;
}
int main(void) {
  printf("%ld %ld\\n", kernel(30), kernel(70));
  return 0;
}
`,
    expect: { t: 'contracted' },
    contains: ['if (n != 30) {', '} else { /* beeclak: contracted for n == 30 */'],
  },
  {
    name: 'an argument fixed with -D whose parameter carries a comment',
    guards:
      'issue 27: `int n /* count */` was not seen as a parameter, so -D n=30 went to the preprocessor and fixed nothing (t stayed whole)',
    defines: { n: 30n },
    source: `#include <stdio.h>
static long kernel(int n /* count */, int k // step
)
{
  int t[100];
  int i;
  long s = 0;
  for (i = 0; i < n; i++) {
    t[i] = i * i;
    if (i > 1) s += t[i - 2] * k;
  }
  return s;
}
int main(void) {
  printf("%ld %ld\\n", kernel(30, 1), kernel(70, 2));
  return 0;
}
`,
    expect: { t: 'contracted' },
    contains: ['if (n != 30) {'],
  },
  {
    name: 'an argument fixed with -D in a function with a static local',
    guards: 'a copy of the body as fallback would make a second static object (another count)',
    defines: { n: 30n },
    source: `#include <stdio.h>
static long kernel(int n)
{
  int t[100];
  int i;
  long s = 0;
  for (i = 0; i < n; i++) {
    t[i] = i * i;
    if (i > 1) s += t[i - 2];
  }
  static long calls;
  calls++;
  return s + calls;
}
int main(void) {
  printf("%ld %ld\\n", kernel(30), kernel(70));
  return 0;
}
`,
    expect: { t: ['body-not-copyable', /static/] },
  },
  {
    name: 'an argument fixed with -D that the function changes',
    guards:
      'the value held only at the entry, where the guard checks it: with -D m=2 and `m *= 2;` t was folded to 3 cells for a window of 2 and read the wrong squares',
    defines: { m: 2n },
    source: `#include <stdio.h>
static void kernel(int *out, int m)
{
  int t[16];
  m *= 2;
  for (int i = 0; i < 16; i++) {
    t[i] = i * i;
    if (i >= m) out[i] = t[i - m];
  }
}
int main(void) {
  int out[16] = {0};
  kernel(out, 2);
  for (int i = 0; i < 16; i++) printf("%d ", out[i]);
  printf("\\n");
  return 0;
}
`,
    expect: { t: ['no-saving', /no saving/] },
  },
];

describe('the model is the translation unit the compiler sees', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.guards}`, async () => {
      for (const [name, text] of Object.entries(c.headers ?? {}))
        writeFileSync(path.join(dir, name), text);
      const file = path.join(dir, `case-${counter++}.c`);
      writeFileSync(file, c.source);
      const result = await contractSource(c.source, file, {
        ...OPTIONS,
        defines: c.defines ?? {},
        ...(c.heuristic ? { heuristic: c.heuristic } : {}),
      });
      for (const [array, want] of Object.entries(c.expect)) {
        const r = result.analysis.report.arrays.find((a) => a.name === array);
        expect(r).toBeDefined();
        if (want !== 'contracted') {
          expect([r!.status, r!.code]).toEqual(['unchanged', codeOf(want[0])]);
          expect(r!.reason).toMatch(want[1]);
        } else
          expect([r!.name, r!.status]).toEqual([
            array,
            expect.stringMatching(/contracted|scalarized/),
          ]);
      }
      for (const text of c.contains ?? []) expect(result.text).toContain(text);
      expect(run('contracted', result.text, c.flags)).toBe(run('original', c.source, c.flags));
    });
  }
});

describe('the configuration the result was proven for', () => {
  it('a branch the compiler skipped that uses the array makes the other configuration fail to compile (guards: a scalarized fdig passed as a pointer under _WIN32, as in stb)', async () => {
    const source = `#include <stdio.h>
#include <string.h>
int main(void) {
  char d[8], e[8];
  int i;
  long s = 0;
  for (i = 0; i < 8; i++) {
    e[i] = (char)i;
    s += e[i];
  }
#ifdef OTHER
  memset(e, 0, sizeof e);
  s += e[3];
#endif
  memset(d, 1, sizeof d);
  printf("%ld %d\\n", s, d[0]);
  return 0;
}
`;
    const file = path.join(dir, 'config.c');
    writeFileSync(file, source);
    const result = await contractSource(source, file, OPTIONS);
    expect(result.analysis.report.arrays.find((a) => a.name === 'e')!.status).toBe('scalarized');
    expect(result.text).toMatch(
      /#ifdef OTHER\n#error "beeclak: arrays of main\(\) were contracted for the branches taken/,
    );
    expect(run('contracted', result.text)).toBe(run('original', source));
    expect(() => run('other', result.text, ['-DOTHER'])).toThrow(/#error/);
  });
});

describe('refused only when the compiler refuses', () => {
  it('a preprocessing error is reported at the compiler’s own line', async () => {
    const file = path.join(dir, 'bad.c');
    const source = 'int main(void) {\n  return 0;\n}\n#include "missing-header.h"\n';
    await expect(contractSource(source, file, OPTIONS)).rejects.toMatchObject({
      loc: { line: 4 },
      message: expect.stringMatching(/missing-header\.h/),
    });
  });
  it('a syntax error the compiler also reports is refused at its line', async () => {
    const file = path.join(dir, 'bad2.c');
    const source = 'int main(void) {\n  int x = ;\n  return x;\n}\n';
    await expect(contractSource(source, file, OPTIONS)).rejects.toMatchObject({
      loc: { line: 2 },
    });
  });
  it('cc is on PATH for these tests', () => {
    expect(spawnSync(process.env.CC ?? 'cc', ['--version']).status).toBe(0);
  });
});
