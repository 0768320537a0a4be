/**
 * The library's file sets (issue 27): `contractFiles` analyses the files as one program, and
 * `closedWorld` says a set (or one file) is the whole program. In-process, no compiler (but
 * for a unity build, read by the includer's compiler).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze, contract, contractFiles, type ContractResult } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';

const DSP = `#define N 16
void smooth(const double in[N], double out[N], double t[N]) {
  for (int i = 0; i < N; i++) { t[i] = in[i] * 0.5; out[i] = t[i] + 1.0; }
}
`;
const MAIN = `void smooth(const double *in, double *out, double *t);
int main(void) {
  double in[16] = {0}, out[16], t[16];
  smooth(in, out, t);
  return (int)out[3];
}
`;
const compiler = false as const;
const tOf = (r: {
  report: { arrays: readonly { name: string; status: string; code?: string }[] };
}) => r.report.arrays.find((a) => a.name === 't');

describe('contractFiles', () => {
  // Guards the set: a function with external linkage was never a candidate.
  it('sees the caller in another file: the temporary is contracted in its own file', async () => {
    const [dsp, main] = await contractFiles(
      [
        { file: 'dsp.c', source: DSP },
        { file: 'main.c', source: MAIN },
      ],
      { compiler },
    );
    expect(tOf(dsp!)?.status).toBe('scalarized');
    expect(dsp!.code).toContain('t[0] = in[i] * 0.5;');
    expect(main!.changed).toBe(false);
  });

  it('one file alone: not static; with closedWorld its own calls are all', async () => {
    expect(tOf(await contract(DSP, { compiler }))?.code).toBe(codeOf('not-static'));
    // No call at all in a closed world: nothing to say of t's callers.
    expect(tOf(await contract(DSP, { compiler, closedWorld: true }))?.code).toBe(
      codeOf('not-called'),
    );
    const both = DSP + MAIN.replace(/^void smooth.*\n/, '');
    expect(tOf(await contract(both, { compiler }))?.code).toBe(codeOf('not-static'));
    expect(tOf(await contract(both, { compiler, closedWorld: true }))?.status).toBe('scalarized');
  });
});

/**
 * A file that another file of the set includes (issue 27, a unity build: CHStone's aes.c
 * includes aes_enc.c): `contractFiles` read it alone, without its includer's macros (the
 * compiler refused it, the call threw), where the command line reads it inside its includer.
 */
describe('contractFiles with a unity build', () => {
  const KERN = `static double work(double m) {
  double t[N][N];
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) { t[i][j] = i * j + m; s += t[i][j]; }
  return s;
}
`;
  const HOST = `#include <stdio.h>
#define N 8
#include "kern.c"
int main(void) { printf("%g\\n", work(2.0)); return 0; }
`;
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-libunity-'));
    fs.writeFileSync(path.join(dir, 'kern.c'), KERN);
    fs.writeFileSync(path.join(dir, 'main.c'), HOST);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const set = (kern: string) => [
    { file: path.join(dir, 'main.c'), source: HOST },
    { file: path.join(dir, 'kern.c'), source: kern },
  ];

  it('reads the included file inside its includer', async () => {
    const [main, kern] = await contractFiles(set(KERN));
    expect(main!.changed).toBe(false);
    expect(tOf(kern!)?.status).toBe('scalarized');
    expect(kern!.report.diagnostics.map((d) => d.code)).toContain(codeOf('read-in-includer'));
  });

  it('keeps it as written when the text given is not the one on disk', async () => {
    const other = KERN.replace('i * j', 'i + j');
    const [, kern] = await contractFiles(set(other));
    expect(kern!.code).toBe(other);
    expect(kern!.report.diagnostics.map((d) => d.code)).toContain(codeOf('included-by-other-file'));
  });
});

/**
 * A file two units of the set include, each with its own macros before it (issue 27 item 3;
 * before, any second includer kept it as written): read inside each, written only when every
 * reading gives the same text, as the command line does.
 */
describe('contractFiles with two units that include one file', () => {
  const KERN = `static double work(double m) {
  double t[8];
  double s = 0;
  for (int i = 0; i < 8; i++) { t[i] = i * SCALE + m; s += t[i]; }
  return s;
}
`;
  const HOST = (scale: string) => `#include <stdio.h>
#define SCALE ${scale}
#include "kern.c"
int main(void) { printf("%g\\n", work(2.0)); return 0; }
`;
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-libhosts-'));
    fs.writeFileSync(path.join(dir, 'kern.c'), KERN);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const set = (a: string, b: string) => [
    { file: path.join(dir, 'kern.c'), source: KERN },
    { file: path.join(dir, 'a.c'), source: HOST(a) },
    { file: path.join(dir, 'b.c'), source: HOST(b) },
  ];
  const codes = (r: ContractResult) => r.report.diagnostics.map((d) => d.code);

  it.each([
    ['agree (SCALE 2 and 3: one text)', '2', '3', 'scalarized'],
    ['disagree (SCALE 2 and 2.5: an integer guard holds in one)', '2', '2.5', 'unchanged'],
  ])('%s', async (_, a, b, status) => {
    for (const [f, s] of [
      ['a.c', HOST(a)],
      ['b.c', HOST(b)],
    ] as const)
      fs.writeFileSync(path.join(dir, f), s);
    const [kern] = await contractFiles(set(a, b));
    expect([tOf(kern!)?.status, kern!.changed]).toEqual([status, status !== 'unchanged']);
    expect(codes(kern!)).toContain(
      codeOf(status === 'unchanged' ? 'included-by-several-units' : 'read-in-includer'),
    );
  });

  // Guards the library's merge of readings that differ only in their guards (N 8 and 16:
  // it kept the file, included-by-several-units): one text whose guard accepts both.
  it('merges readings whose guards differ (N 8 and 16)', async () => {
    const kern = KERN.replaceAll('8', 'N').replace(' * SCALE', '');
    const host = (n: string) => HOST('1').replace('#define SCALE 1', `#define N ${n}`);
    const files = [
      { file: path.join(dir, 'kern.c'), source: kern },
      { file: path.join(dir, 'a.c'), source: host('8') },
      { file: path.join(dir, 'b.c'), source: host('16') },
    ];
    for (const f of files) fs.writeFileSync(f.file, f.source);
    const [r] = await contractFiles(files);
    expect([tOf(r!)?.status, r!.changed]).toEqual(['scalarized', true]);
    expect(r!.code).toMatch(/#if N != 8\n#define BEECLAK_NOT_kern_c_READING_1 1/);
    expect(r!.code).toMatch(/#if N != 16\n#define BEECLAK_NOT_kern_c_READING_2 1/);
    fs.writeFileSync(path.join(dir, 'kern.c'), KERN);
  });
});

/**
 * One file with `includedBy` naming its includer (issue 27): `contract` and `analyze` read it
 * alone (the compiler refused it: N is the includer's), where the command line reads it
 * inside the includer it finds in the file's folder.
 */
describe('contract and analyze of one file its includedBy includes', () => {
  const KERN = `static double work(double m) {
  double t[N];
  double s = 0;
  for (int i = 0; i < N; i++) { t[i] = i + m; s += t[i]; }
  return s;
}
`;
  const HOST = `#include <stdio.h>
#define N 8
#include "kern.c"
int main(void) { printf("%g\\n", work(2.0)); return 0; }
`;
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-libincluded-'));
    fs.writeFileSync(path.join(dir, 'kern.c'), KERN);
    fs.writeFileSync(path.join(dir, 'main.c'), HOST);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads it inside the includer named', async () => {
    const options = { file: path.join(dir, 'kern.c'), includedBy: [path.join(dir, 'main.c')] };
    const r = await contract(KERN, options);
    expect(tOf(r)?.status).toBe('scalarized');
    expect(r.report.diagnostics.map((d) => d.code)).toContain(codeOf('read-in-includer'));
    const a = await analyze(KERN, options);
    expect(a.arrays.find((x) => x.name === 't')?.status).toBe('scalarized');
  });
});
