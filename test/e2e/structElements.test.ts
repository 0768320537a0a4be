/**
 * Arrays of structs accessed field by field (`t[i].re`, src/frontend/fieldAccess.ts): each
 * field analysed as its own array over the same index space, one mapping for the element
 * (src/lifetime/fieldView.ts). Each case says the verdict of `t` and, for a contracted one,
 * its cells; the contracted program must compute what the original did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { compileAndRun } from '../rewrite/compileRun.js';
import { codeOf, type ReasonName } from '../../src/model/reasons.js';

const program = (types: string, decls: string, body: string) => `#include <stdio.h>
#define N 32
typedef struct { float re, im; } cpx;
${types}
int main(void) {
  float in[N];
  double s = 0;
  ${decls}
  for (int i = 0; i < N; i++) in[i] = (float)((i * 7) % 5) - 1.5f;
${body}
  printf("%.3f\\n", s);
  return 0;
}
`;

/** [name, program, verdict of t: `contracted K`, `scalarized`, or its reason's name]. */
const CASES: [string, string, string][] = [
  [
    'complex ping-pong buffer',
    program(
      '',
      'cpx t[N];',
      `  t[0].re = 1; t[0].im = 0;
  for (int i = 1; i < N; i++) {
    t[i].re = t[i - 1].re * in[i] - t[i - 1].im;
    t[i].im = t[i - 1].im * in[i] + t[i - 1].re;
    s += t[i].re - t[i].im;
  }`,
    ),
    'contracted 2',
  ],
  [
    // Guards the lifetimes per field: taken as accesses of the element, the write of t[i].im
    // ends the element's first value after its read, and t[i].re (read again in the second
    // loop) was lost when all elements shared one cell.
    'write re, read re, write im, read re again',
    program(
      '',
      'cpx t[N];',
      `  for (int i = 0; i < N; i++) { t[i].re = in[i]; s += t[i].re; }
  for (int i = 0; i < N; i++) { t[i].im = 2 * in[i]; s += t[i].re * t[i].im; }`,
    ),
    'no-saving',
  ],
  [
    'whole-element copies',
    program(
      '',
      'cpx t[N], q;',
      `  for (int i = 0; i < N; i++) {
    t[i].re = in[i]; t[i].im = -in[i];
    if (i >= 2) { q = t[i - 2]; t[i - 2] = t[i]; t[i] = q; }
    s += t[i].re * 3 + t[i].im;
  }`,
    ),
    'contracted 3',
  ],
  [
    'nested struct fields',
    program(
      'struct seg { cpx a; cpx b; };',
      'struct seg t[N];',
      `  for (int i = 0; i < N; i++) {
    t[i].a.re = in[i]; t[i].a.im = 1;
    t[i].b = t[i].a;
    s += t[i].b.re + (i > 0 ? t[i - 1].b.im + t[i - 1].a.re : 0);
  }`,
    ),
    'contracted 2',
  ],
  [
    'a union',
    program(
      'typedef union { float f; unsigned u; } fu;',
      'fu t[N];',
      '  for (int i = 0; i < N; i++) { t[i].f = in[i]; s += t[i].u >> 20; }',
    ),
    'element-field',
  ],
  [
    'the address of a field taken',
    program(
      '',
      'cpx t[N];',
      '  for (int i = 0; i < N; i++) { float *p = &t[i].re; *p = in[i]; t[i].im = 0; s += t[i].re; }',
    ),
    'element-field',
  ],
  [
    'a struct with an array member',
    program(
      'typedef struct { float v[2]; } pair;',
      'pair t[N];',
      '  for (int i = 0; i < N; i++) { t[i].v[0] = in[i]; s += t[i].v[0]; }',
    ),
    'element-field',
  ],
];

describe('arrays of structs, field by field', () => {
  it.each(CASES)('%s', async (_name, source, expected) => {
    const r = await contract(source, { file: 'p.c' });
    const t = r.report.arrays.find((a) => a.name === 't')!;
    const verdict =
      t.status === 'contracted'
        ? `contracted ${t.compressedCells}`
        : t.status === 'scalarized'
          ? 'scalarized'
          : t.code;
    expect(verdict).toBe(
      /^(contracted|scalarized)/.test(expected) ? expected : codeOf(expected as ReasonName),
    );
    const [orig, out] = await Promise.all([
      compileAndRun('orig', source),
      compileAndRun('out', r.code),
    ]);
    expect(out).toEqual(orig);
  });
});

describe('check of an array of structs', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-structs-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  // Guards the owners of `check` per field: t[i].re dies in its iteration, t[i - 1].im an
  // iteration later, and one slot holds t[i].re and t[i - 1].im at once (scalarized, right).
  // With one owner per slot the write of t[i].re made i its owner, and the read of
  // t[i - 1].im was reported a clobber.
  it('one slot holds fields of two elements at once: no clobber reported', () => {
    const file = path.join(tmp, 'owners.c');
    fs.writeFileSync(
      file,
      program(
        '',
        'cpx t[N];',
        `  for (int i = 0; i < N; i++) {
    t[i].re = in[i];
    s += t[i].re;
    if (i > 0) s += t[i - 1].im;
    t[i].im = 2 * in[i];
  }`,
      ),
    );
    const r = runCli(['check', file, '--no-sanitize']);
    expect([r.code, r.stdout]).toEqual([0, expect.stringContaining('1 array contracted')]);
  });
});
