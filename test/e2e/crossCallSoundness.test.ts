/**
 * Soundness of temporaries across calls (issue 25, classes 1-4 and 6): in each caller below a
 * value crosses the call of `kernel` (through an alias, an order the text does not show, a
 * write on some paths only, a declared extent that lies), or the call graph has calls the
 * file does not show, so `kernel`'s `t` must stay unchanged, with the reason; next to the
 * forms that must still be found. In-process (no compiler), then a few programs compiled and
 * run against their contracted versions.
 */
import { analyze, contract } from '../../src/index.js';
import { compileAndRun } from '../helpers/cc.js';
import { codeOf, type ReasonName } from '../../src/model/reasons.js';

const HEAD = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define N 8
`;
const KERNEL = `static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) { t[i] = i * 2.0 + 1; out[i] = t[i] + 1.0; }
}
`;

// [what, the rest of the program (after HEAD and KERNEL), expected: 'temporary' or the reason
// code with the evidence its message gives]
const cases: [string, string, [ReasonName, RegExp] | 'temporary'][] = [
  // Class 1: the caller side, in execution order, through aliases.
  [
    'an alias &buf[0] taken before the call, read after',
    `double run(double out[N]) { double buf[N]; double *p = &buf[0]; kernel(buf, out); return p[0]; }`,
    ['buffer-escapes', /address of 'buf' escapes at .* element is taken/],
  ],
  [
    'an offset alias buf + 1 taken before the call',
    `double run(double out[N]) { double buf[N]; double *p = buf + 1; kernel(buf, out); return p[0]; }`,
    ['buffer-escapes', /address of 'buf' escapes/],
  ],
  [
    'a pointer kept by an earlier call',
    `static double *kept;\nstatic void keep(double *x) { kept = x; }\n` +
      `double run(double out[N]) { double buf[N]; keep(buf); kernel(buf, out); return kept[2]; }`,
    ['callee-keeps-address', /passed to keep\(\) .* lets its address out/],
  ],
  [
    'a pointer returned by an earlier call',
    `static double *id(double *x) { return x; }\n` +
      `double run(double out[N]) { double buf[N]; double *q = id(buf); kernel(buf, out); return q[2]; }`,
    ['callee-keeps-address', /passed to id\(\) .* returned/],
  ],
  [
    'a pointer to the buffer in a global, read by a function called after',
    `static double *gp;\nstatic double rdg(void) { return gp[3]; }\n` +
      `double run(double out[N]) { double buf[N]; gp = buf; kernel(buf, out); return rdg(); }`,
    ['buffer-escapes', /address of 'buf' escapes .* stored/],
  ],
  [
    'the call inside another call\u2019s arguments (the other call runs after it)',
    `static double rd(double *x, double y) { return x[1] + y; }\n` +
      `double run(double out[N]) { double buf[N]; buf[1] = 5; return rd(buf, (kernel(buf, out), 0.0)); }`,
    ['read-after-call', /passed to rd\(\) .* may run after the call/],
  ],
  [
    'the call inside a subscript of the buffer',
    `double run(double out[N]) { double buf[N]; buf[1] = 5; return buf[(kernel(buf, out), 1)]; }`,
    ['read-after-call', /accesses 'buf' at .* may run after/],
  ],
  [
    'the call in a statement expression after a read in the same expression',
    `double run(double out[N]) { double buf[N]; buf[2] = 1; return buf[2] + ({ kernel(buf, out); 0.0; }); }`,
    ['read-after-call', /accesses 'buf' at .* may run after/],
  ],
  [
    'a read earlier in a loop around the call',
    `double run(double out[N]) { double buf[N], s = 0; buf[0] = 4; for (int k = 0; k < 3; k++) { s += buf[0]; kernel(buf, out); } return s; }`,
    ['read-after-call', /accesses 'buf' at .* may run after/],
  ],
  [
    'a row of a 2-D buffer kept before the call',
    `static void k2(double t[N][N]) { for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) t[i][j] = i + j; }\n` +
      `double run(void) { double b[N][N]; double *r = b[2]; k2(b); return r[3]; }`,
    ['buffer-escapes', /address of 'b' escapes .* row/],
  ],
  [
    'memcpy out of the buffer after the call',
    `double run(double out[N]) { double buf[N], c[N]; kernel(buf, out); memcpy(c, buf, sizeof c); return c[2]; }`,
    ['read-after-call', /passed to memcpy\(\) .* read the values/],
  ],
  [
    'passed to a function the file does not define',
    `void sink(double *);\ndouble run(double out[N]) { double buf[N]; sink(buf); kernel(buf, out); return out[0]; }`,
    ['callee-keeps-address', /passed to sink\(\) .* not defined in this file/],
  ],
  [
    'memset before the call, a null-tested heap buffer freed after: still a temporary',
    `double run(double out[N]) { double buf[N]; memset(buf, 0, sizeof buf); kernel(buf, out);\n` +
      `  double *h = malloc(N * sizeof *h); if (!h) return 0; kernel(h, out); free(h); return out[1]; }`,
    'temporary',
  ],
  // Class 4: calls the file does not show.
  [
    'an alias attribute names the kernel',
    `void ext(double *t, double *o) __attribute__((alias("kernel")));\n` +
      `double run(double out[N]) { double buf[N]; kernel(buf, out); return out[0]; }`,
    ['called-from-unseen-code', /spelled in a string/],
  ],
  [
    'a prototype marks the kernel used',
    `static void kernel(double t[N], double out[N]) __attribute__((used));\n` +
      `double run(double out[N]) { double buf[N]; kernel(buf, out); return out[0]; }`,
    ['called-from-unseen-code', /attribute that makes it reachable/],
  ],
  // Issue 27: a weak definition read after the call may not be the one linked (another
  // file's strong post() may read buf); trusting its body scalarized t.
  [
    'a weak function of the file gets the buffer after the call',
    `__attribute__((weak)) void post(double b[N]) { b[0] = 0.0; }\n` +
      `double run(double out[N]) { double buf[N]; kernel(buf, out); post(buf); return out[0]; }`,
    ['callee-keeps-address', /another definition/],
  ],
  [
    'a weak function of the file, declared weak by a prototype',
    `void post(double b[N]) __attribute__((weak));\nvoid post(double b[N]) { b[0] = 0.0; }\n` +
      `double run(double out[N]) { double buf[N]; kernel(buf, out); post(buf); return out[0]; }`,
    ['callee-keeps-address', /another definition/],
  ],
];

describe('temporaries across calls: values that cross the call are seen', () => {
  it.each(cases)('%s', async (_, rest, expected) => {
    const report = await analyze(HEAD + KERNEL + rest + '\n', { compiler: false });
    const callee = rest.includes('k2(') ? 'k2' : 'kernel';
    const t = report.arrays.find((a) => a.function === callee && a.name === 't')!;
    if (expected === 'temporary') expect(t.status).toBe('scalarized');
    else {
      expect(t.status).toBe('unchanged');
      expect(t.code).toBe(codeOf(expected[0]));
      expect(t.reason).toMatch(expected[1]);
    }
  });
});

describe('temporaries across calls: the callee', () => {
  // Class 2: a write on some paths only does not cover a read (the caller's value flows in).
  it('a write after a clamp, on some paths only, does not cover the read after it', async () => {
    const r = await analyze(
      HEAD +
        `static double k(double t[N], int n) {
  if (n > N) n = N;
  if (n > 0) t[0] = 5.0;
  double s = t[0];
  for (int i = 1; i < N; i++) t[i] = i + s;
  for (int i = 1; i < N; i++) s += t[i];
  return s;
}
double run(int n) { double buf[N]; buf[0] = 42; return k(buf, n); }
`,
      { compiler: false },
    );
    const t = r.arrays.find((a) => a.function === 'k' && a.name === 't')!;
    expect(t.status).toBe('unchanged');
    expect(t.code).toBe(codeOf('value-flows-in'));
    expect(t.reason).toMatch(/values flow in: t\[0\] is read at line 8/);
  });

  // Class 6: a private array per active call of a recursive function.
  it('a recursive kernel gets no private array', async () => {
    const r = await analyze(
      HEAD +
        `static int depth;
static void kernel(double t[N], double out[N]) {
  for (int i = 0; i < N; i++) { t[i] = i * 2.0 + depth; out[i] = t[i] + 1.0; }
  if (depth < 3) { double b2[N]; depth++; kernel(b2, out); }
}
double run(double out[N]) { double buf[N]; kernel(buf, out); return out[0]; }
`,
      { compiler: false },
    );
    const t = r.arrays.find((a) => a.function === 'kernel' && a.name === 't')!;
    expect(t.status).toBe('unchanged');
    expect(t.code).toBe(codeOf('recursive'));
    expect(t.reason).toMatch(/may call itself \(kernel -> kernel\)/);
  });

  // Class 4: a file of the program that includes this one calls its static functions.
  it('a file included by another file of the program keeps its parameters', async () => {
    const r = await analyze(
      HEAD +
        KERNEL +
        `double run(double out[N]) { double buf[N]; kernel(buf, out); return out[0]; }\n`,
      {
        compiler: false,
        includedBy: ['test_kern.c'],
      },
    );
    const t = r.arrays.find((a) => a.function === 'kernel' && a.name === 't')!;
    expect(t.code).toBe(codeOf('included-by-other-file'));
    expect(t.reason).toMatch(/test_kern.c includes this file/);
  });

  // (adversary 2026-11-29 rv-hosts) Read without its includer, whose code after the #include
  // names the file's statics: main.c read the file-scope t[5] after summed() (a global
  // overflow), and its hook() entered again() while u was live (a wrong result).
  it.each([
    ['a file-scope static', 'summed', 't', 'included-by-other-file'],
    ['a static local of a function that calls unseen code', 'again', 'u', 'not-scratch'],
  ])('a file included by another keeps %s', async (_, fn, name, code) => {
    const r = await analyze(
      `void hook(int i);
static double t[8];
static double summed(const double in[8]) {
  double s = 0;
  for (int i = 0; i < 8; i++) { t[i] = in[i] * 2; if (i >= 1) s += t[i - 1]; }
  return s;
}
static double again(const double in[8]) {
  static double u[8];
  double s = 0;
  for (int i = 0; i < 8; i++) { u[i] = in[i] * 2; hook(i); if (i >= 1) s += u[i - 1]; }
  return s;
}
`,
      { compiler: false, includedBy: ['main.c'] },
    );
    const a = r.arrays.find((x) => x.function === fn && x.name === name)!;
    expect([a.status, a.code]).toEqual(['unchanged', codeOf(code as 'not-scratch')]);
  });
});

// Class 3: declared extents of array parameters are not facts. Compiled and run: the private
// copy must hold every cell the kernel uses, not the declared extent.
const LIES: [string, string, RegExp][] = [
  [
    'declared t[8], used for 64 cells, the later ones living longer (was folded to 2 cells)',
    `static double k(double t[8]) {
  double s = 0;
  for (int i = 0; i < 64; i++) {
    t[i] = i * 0.5;
    if (i >= 1 && i < 8) s += t[i - 1];
    if (i >= 13) s = s * 0.5 + t[i - 5];
  }
  return s;
}
int main(void) { double b[64]; printf("%.6f\\n", k(b)); return 0; }
`,
    /contracted/,
  ],
  [
    'declared t[2][8], used for 16 rows, each read two rows later (was folded to 2 rows)',
    `static double k(double t[2][8]) {
  double s = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 8; j++) {
      t[i][j] = (i >= 2 ? t[i - 2][j] : 0) + i * j;
      s += t[i][j];
    }
  return s;
}
int main(void) { double b[16][8]; printf("%.6f\\n", k(b)); return 0; }
`,
    /contracted/,
  ],
];

describe('temporaries across calls: declared extents that lie', () => {
  it.each(LIES)('%s', async (_, program, status) => {
    const source = HEAD + program;
    const { code, report } = await contract(source, { compiler: false });
    const t = report.arrays.find((a) => a.function === 'k' && a.name === 't')!;
    expect(t.status).toMatch(status);
    const a = compileAndRun(source, 'original');
    const b = compileAndRun(code, 'contracted', ['-fsanitize=address', '-fno-omit-frame-pointer']);
    expect(b.diagnostics).toBe('');
    expect(b.stdout).toBe(a.stdout);
    expect(b.status).toBe(0);
  });
});
