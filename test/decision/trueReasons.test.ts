/**
 * Reasons must be true (issue 28): four found wrong on real code, each with the true reason,
 * and the contraction where the array can be contracted after all (same output).
 */
import { contract } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';
import { compileAndRun } from '../helpers/cc.js';

async function arrayOf(source: string, name: string) {
  const { code, report } = await contract(source, { file: 'true-reasons.c' });
  return { code, a: report.arrays.find((x) => x.name === name)! };
}

function sameOutput(source: string, code: string): void {
  const before = compileAndRun(source, 'original');
  const after = compileAndRun(code, 'contracted');
  expect(after.diagnostics).toBe('');
  expect(after.stdout).toBe(before.stdout);
}

// Guards src/pipeline/decision/mapping.ts (withoutRunTimeParameters): a run-time bound of a
// loop that never touches t put `n` in the space of t's conflict set; quantified, it became
// an unconstrained local and the lattice search called the set unbounded ("rejected: DS is
// unbounded") while the set printed below it was bounded.
it('a run-time loop bound elsewhere in the function does not make DS unbounded', async () => {
  const source = `#include <stdio.h>
static void f(int n, double out[100]) {
  double t[100];
  for (int i = 0; i < 100; i++) {
    t[i] = i * 0.5;
    if (i > 0) out[i] = t[i] + t[i - 1];
  }
  for (int k = 0; k < n; k++) out[k] += 1.0;
}
int main(int argc, char **argv) {
  double out[100] = {0};
  (void)argv;
  f(argc + 10, out);
  printf("%f\\n", out[50]);
  return 0;
}
`;
  const { code, a } = await arrayOf(source, 't');
  expect([a.status, a.compressedCells]).toEqual(['contracted', 2]);
  sameOutput(source, code);
});

// Guards src/frontend/spelling.ts (ppRunsByFileLine): the preprocessor cuts
// `fprintf(stdout, "%f\n", t[i]);` into three lines around glibc's `#define stdout stdout`,
// and only the first was lined up with the file: t[i] was "not edited", blamed on stdout.
it('an access after a macro from a header on the same line is spelled in the file', async () => {
  const source = `#include <stdio.h>
int main(void) {
  double t[16];
  for (int i = 0; i < 16; i++) {
    t[i] = i * 0.5;
    fprintf(stdout, "%f\\n", t[i]);
  }
  return 0;
}
`;
  const { code, a } = await arrayOf(source, 't');
  expect(a.status).toBe('scalarized');
  sameOutput(source, code);
});

// Guards src/frontend/relocate.ts (statementRange): the statement of an access in the
// initializer of a declaration whose type is a macro starts with the macro, so it had no
// spelling in the file and the array was "not edited".
it('an access in a declaration with a macro type is edited', async () => {
  const source = `#include <stdio.h>
#define TYPE double
int main(void) {
  double t[16];
  double s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = i * 0.5;
    TYPE v = t[i];
    s += v;
  }
  printf("%f\\n", s);
  return 0;
}
`;
  const { code, a } = await arrayOf(source, 't');
  expect(a.status).toBe('scalarized');
  sameOutput(source, code);
});

// Guards src/pipeline/decision/mapping.ts (valueAdvice): the reason told to "give a value
// with -D bandwidth=..." for a local variable: following it turns `int bandwidth = n * 2;`
// into `int 8 = n * 2;` and breaks the build.
it('a size that is a local variable is not to be given with -D', async () => {
  const source = `#include <stdio.h>
static double run(int n) {
  int bandwidth = n * 2;
  double t[bandwidth][bandwidth];
  double s = 0;
  for (int i = 0; i < bandwidth; i++)
    for (int j = 0; j < bandwidth; j++) {
      t[i][j] = i + j;
      s += t[j][i];
    }
  return s;
}
int main(int argc, char **argv) { (void)argv; printf("%f\\n", run(argc + 3)); return 0; }
`;
  const { a } = await arrayOf(source, 't');
  expect([a.status, a.code]).toEqual(['rejected', codeOf('unbounded')]);
  expect(a.reason).not.toMatch(/give (a value|parameter values) with -D/);
  expect(a.reason).toContain("'bandwidth' is a local variable set at run time");
});

// Guards src/frontend/linkNames.ts (NOT_NAMES): a word in a string literal may name a function
// an alias attribute or assembly calls, but `printf("%f\n", ...)` spells no function `f`:
// f's parameters were "called from code the file does not show" and stayed.
it('a printf conversion does not name a function', async () => {
  const source = `#include <stdio.h>
static double f(double t[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) { t[i] = i * 0.5; s += t[i]; }
  return s;
}
int main(void) {
  double buf[8];
  printf("%f\\n", f(buf));
  return 0;
}
`;
  const { code, a } = await arrayOf(source, 't');
  expect([a.status, a.code]).toEqual(['scalarized', undefined]);
  sameOutput(source, code);
});
