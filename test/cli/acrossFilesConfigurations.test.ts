/**
 * Edits across files (issue 27, item 2) over a set whose files are built in two
 * configurations (`--configurations`): every configuration of a caller must be seen by the
 * kernel's file, and a part one configuration refuses is not done. Each case names the
 * failure it guards; the programs are built and run in both configurations.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const CONFIGURATIONS = ['-DMODE=0', '-DMODE=1'];
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-across-conf-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const DSP = `#define N 16
void smooth(const double in[N], double out[N], double tmp[N][N]);
`;
const KERNEL = `#include "dsp.h"
void smooth(const double in[N], double out[N], double tmp[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      tmp[i][j] = in[i] * j;
    out[i] = tmp[i][0] + tmp[i][N - 1];
  }
}
`;
const main = (declaration: string, after: string) => `#include <stdio.h>
#include "dsp.h"
int main(void) {
  double in[N], out[N];
${declaration}
  for (int i = 0; i < N; i++) in[i] = i * 0.25;
  smooth(in, out, t);
  double s = 0;
  for (int i = 0; i < N; i++) s += out[i];
${after}
  printf("%f\\n", s);
  return 0;
}
`;

function set(name: string, mainText: string): string {
  const dir = path.join(work, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'dsp.h'), DSP);
  fs.writeFileSync(path.join(dir, 'dsp.c'), KERNEL);
  fs.writeFileSync(path.join(dir, 'main.c'), mainText);
  return dir;
}

const contract = (dir: string) =>
  runCli(
    [
      'contract',
      '-i',
      '--no-cache',
      '--configurations',
      CONFIGURATIONS.join(';'),
      'dsp.c',
      'main.c',
    ],
    { cwd: dir },
  );

/** What the program prints in each configuration. */
const outputs = (dir: string) =>
  CONFIGURATIONS.map((c) => {
    const exe = path.join(dir, `a${c}.out`);
    execFileSync(process.env.CC ?? 'cc', ['-std=gnu11', '-w', c, 'dsp.c', 'main.c', '-o', exe], {
      cwd: dir,
    });
    return execFileSync(exe, { encoding: 'utf8' });
  });

const read = (dir: string, f: string) => fs.readFileSync(path.join(dir, f), 'utf8');

describe('a caller built in two configurations', () => {
  // Guards: the set read main.c in its first configuration only, where nothing reads t
  // after the call: smooth folded tmp in place, and with -DMODE=1 main read t[3][5], a
  // cell the kernel no longer wrote.
  it('reads its buffer after the call in one of them: nothing changes', () => {
    const text = main('  double t[N][N];', '#if MODE == 1\n  s += t[3][5];\n#endif');
    const dir = set('reads-after', text);
    const before = outputs(dir);
    expect(contract(dir).code).toBe(0);
    expect(read(dir, 'dsp.c')).toBe(KERNEL);
    expect(read(dir, 'dsp.h')).toBe(DSP);
    expect(read(dir, 'main.c')).toBe(text);
    expect(outputs(dir)).toEqual(before);
  });

  // Guards: main.c's configurations spell t's declaration differently, so no one text
  // shrinks it; the configurations' driver left t unchanged but kept its storage-shrinks
  // note, which counted as done: the parameter and the header were retyped, t kept its size.
  // (Since configured-elsewhere, main's #if refuses the kernel's parameter before any plan;
  // the files must stay as they are either way.)
  it('its configurations cannot agree on its part: nothing is retyped', () => {
    const text = main('#if MODE == 1\n  double t[N][N];\n#else\n  double t[N][N] ;\n#endif', '');
    const dir = set('disagree', text);
    const before = outputs(dir);
    const r = contract(dir);
    expect(r.code).toBe(0);
    expect(read(dir, 'dsp.h')).toBe(DSP);
    expect(read(dir, 'main.c')).toBe(text);
    expect(read(dir, 'dsp.c')).toContain('double tmp[N][N]) {');
    expect(outputs(dir)).toEqual(before);
  });
});
