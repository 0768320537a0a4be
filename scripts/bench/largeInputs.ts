/**
 * Large generated C files for the cost bench (issue 29, item 3): what a user hands beeclak
 * beyond the samples. Each generator is deterministic (same size, same text); nothing
 * generated is committed.
 *
 *   tables:    file-scope data tables (a codec's or DSP library's constant arrays), `bytes` long
 *   functions: `count` small functions, a third of them with a contractible temporary
 *   ordinary:  ordinary kernels (loops over local scratch, helpers, calls), `bytes` long, each
 *              kernel's size its own macro or the file's one `N`
 *   statements: one function of `count` statements over one local array
 *
 *   node dist/scripts/bench/largeInputs.js OUTDIR   writes the bench's inputs into OUTDIR
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A deterministic pseudo-random sequence (a 32-bit LCG), so the files are reproducible. */
function numbers(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

/** File-scope constant tables, as in arm_common_tables.c: about `bytes` characters. */
export function tablesFile(bytes: number): string {
  const next = numbers(1);
  const parts = ['#include <stdint.h>', ''];
  let size = 0;
  for (let t = 0; size < bytes; t++) {
    const n = 512 + (t % 7) * 256;
    const float = t % 3 !== 0;
    const values: string[] = [];
    for (let k = 0; k < n; k++) {
      const v = next();
      values.push(float ? `${((v % 2000001) / 1e6 - 1).toFixed(8)}f` : `0x${v.toString(16)}`);
    }
    const rows: string[] = [];
    for (let k = 0; k < n; k += 8) rows.push(`  ${values.slice(k, k + 8).join(', ')},`);
    const text = [
      `const ${float ? 'float' : 'uint32_t'} table_${t}[${n}] = {`,
      ...rows,
      '};',
      '',
    ].join('\n');
    parts.push(text);
    size += text.length;
  }
  parts.push('float table_sum(int t, int k) { return table_1[k % 512] + (float)t; }', '');
  return parts.join('\n');
}

/** One small function of the many-functions file (three shapes, one with a temporary). */
function smallFunction(k: number): string {
  switch (k % 3) {
    case 0:
      return [
        `int f${k}(int x)`,
        '{',
        '    int t[8];',
        '    int i;',
        '    t[0] = x;',
        '    for (i = 1; i < 8; i++)',
        `        t[i] = t[i - 1] * x + ${k % 97};`,
        '    return t[7];',
        '}',
      ].join('\n');
    case 1:
      return [
        `static int g${k}(int a, int b)`,
        '{',
        `    return a > b ? a - b : b - a + ${k % 13};`,
        '}',
      ].join('\n');
    default:
      return [
        `void h${k}(int *out, const int *in, int n)`,
        '{',
        '    int i;',
        '    for (i = 0; i < n; i++)',
        `        out[i] = in[i] + g${k - 1}(i, n);`,
        '}',
      ].join('\n');
  }
}

/** `count` small functions (a generated driver's or test suite's). */
export function functionsFile(count: number): string {
  const out = ['#include <stddef.h>', ''];
  for (let k = 0; k < count; k++) out.push(smallFunction(k), '');
  return out.join('\n');
}

/**
 * One ordinary kernel: a local scratch array, two loops, a helper call. Its size is a macro
 * of its own (`N${k}`), or, with `shared`, the file's one `N`.
 */
function kernel(k: number, shared = false): string {
  const n = 16 + (k % 5) * 16;
  const N = shared ? 'N' : `N${k}`;
  const body = [
    `static double helper${k}(double a, double b)`,
    '{',
    `    return a * ${(k % 7) + 1}.0 + b;`,
    '}',
    '',
    `void kernel${k}(const double in[${N}][${N}], double out[${N}])`,
    '{',
    `    double tmp[${N}][${N}];`,
    `    double acc[${N}];`,
    '    int i, j;',
    `    for (i = 0; i < ${N}; i++) {`,
    `        for (j = 0; j < ${N}; j++)`,
    `            tmp[i][j] = helper${k}(in[i][j], j > 0 ? in[i][j - 1] : 0.0);`,
    '    }',
    `    for (i = 0; i < ${N}; i++) {`,
    '        acc[i] = 0.0;',
    `        for (j = 0; j < ${N}; j++)`,
    '            acc[i] += tmp[i][j];',
    `        out[i] = acc[i] / ${N};`,
    '    }',
    '}',
    '',
  ];
  return (shared ? body : [`#define N${k} ${n}`, ...body]).join('\n');
}

/**
 * Ordinary C (kernels with scratch arrays) of about `bytes` characters; with `shared`, every
 * kernel's size is the file's one `#define N 32` (a fixed macro each function reads).
 */
export function ordinaryFile(bytes: number, shared = false): string {
  const out = ['#include <math.h>', '', ...(shared ? ['#define N 32', ''] : [])];
  let size = 0;
  for (let k = 0; size < bytes; k++) {
    const text = kernel(k, shared);
    out.push(text);
    size += text.length;
  }
  return out.join('\n');
}

/** One function of `count` statements over one local array (generated straight-line code). */
export function statementsFile(count: number): string {
  const out = ['void straight(const int *in, int *out)', '{', `    int t[${count}];`];
  for (let k = 0; k < count; k++)
    out.push(k === 0 ? '    t[0] = in[0];' : `    t[${k}] = t[${k - 1}] + in[${k % 64}];`);
  out.push(`    out[0] = t[${count - 1}];`, '}', '');
  return out.join('\n');
}

/** The bench's inputs: name, text, and what it stands for. */
export function largeInputs(): { name: string; text: () => string; what: string }[] {
  return [
    { name: 'tables-5mb.c', text: () => tablesFile(5_000_000), what: '5 MB of data tables' },
    {
      name: 'functions-43000.c',
      text: () => functionsFile(43_000),
      what: '43,000 small functions',
    },
    { name: 'ordinary-100kb.c', text: () => ordinaryFile(100_000), what: '100 KB of kernels' },
    { name: 'ordinary-500kb.c', text: () => ordinaryFile(500_000), what: '500 KB of kernels' },
    {
      name: 'statements-20000.c',
      text: () => statementsFile(20_000),
      what: 'one function of 20,000 statements',
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: largeInputs.js OUTDIR');
  mkdirSync(dir, { recursive: true });
  for (const input of largeInputs()) {
    const text = input.text();
    writeFileSync(join(dir, input.name), text);
    console.log(`${input.name}: ${text.length} bytes, ${input.what}`);
  }
}
