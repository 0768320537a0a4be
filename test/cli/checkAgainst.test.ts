/**
 * `beeclak check FILE.c --against OTHER.c`: a hand-folded candidate is compiled, run and
 * compared with the original, and its accesses of folded arrays go through the shadow-owner
 * check (a read must find its own cell as the last writer of its slot) when they can be
 * paired with the original's; otherwise the output says the owner check was skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-against-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const f = path.join(tmp, name);
  fs.writeFileSync(f, text);
  return f;
};

const check = (original: string, candidate: string, cwd?: string) =>
  runCli(['check', original, '--against', candidate, '--no-sanitize'], { cwd });

const WRONG = 'test/fixtures/wrong-folds';

describe('check --against the sample folds', () => {
  // Guards that hand-folded versions are compared with the original, not trusted, and that
  // the owner check names the clobbered cell, its slot's last writer and their difference.
  it.each([
    [
      'samples/durbin.c',
      `${WRONG}/durbin_y_drop_k.c`,
      `${WRONG}/durbin_y_drop_k.c:37: beeclak check: clobbered read of y[0][1]: slot last written for y[0][2] (difference [0, -1])`,
    ],
    [
      'samples/linebuf.c',
      `${WRONG}/linebuf_two_rows.c`,
      `${WRONG}/linebuf_two_rows.c:30: beeclak check: clobbered read of tmp[0][0]: slot last written for tmp[2][0] (difference [-2, 0])`,
    ],
  ])('%s against the wrong fold %s: outputs differ and a clobber', (orig, wrong, clobber) => {
    const r = check(orig, wrong);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('outputs differ');
    expect(r.stdout).toContain(`FAIL: ${clobber}\n`);
  });

  // Guards the bug this check exists for: a wrong fold whose output happens to be right
  // (the clobbering value equals the clobbered one) passed `check --against` silently.
  it('a wrong fold with the right output fails on the owner check alone', () => {
    const wrong = `${WRONG}/same-output/linebuf_columns_mod_19.c`;
    const r = check('samples/linebuf.c', wrong);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('run: identical output');
    expect(r.stdout).not.toContain('outputs differ');
    expect(r.stdout).toContain(
      `FAIL: ${wrong}:33: beeclak check: clobbered read of tmp[0][0]: slot last written for tmp[0][57] (difference [0, -57])\n`,
    );
  });

  // Guards against false clobbers on correct hand folds (scalars, dropped dimensions, k % 2).
  it.each([
    ['samples/durbin.c', 'samples/folded/durbin.c', 'y, sum, alpha, beta'],
    ['samples/linebuf.c', 'samples/folded/linebuf.c', 'tmp'],
  ])('%s against the correct fold %s: exit 0, owner check done', (orig, good, arrays) => {
    const r = check(orig, good);
    expect(r.stdout).toContain(`owner check of ${good}: ${arrays}\n`);
    expect(r.stdout).toContain('owner check: every read found its own cell in its slot');
    expect(r.stdout).not.toContain('skipped');
    expect(r.stdout).toMatch(/\nok\n$/);
    expect(r.code).toBe(0);
  });
});

// t[i] is live from iteration i to i + 3: four cells at once, t[i % 4] is right.
const ORIGINAL = `#include <stdio.h>
#define N 12
int main(void) {
  double t[N];
  double s = 0;
  int i;
  for (i = 0; i < N; i++) {
    t[i] = (i % 3) * 0.5;
    if (i >= 3)
      s += t[i - 3] * t[i];
  }
  printf("%.3f\\n", s);
  return 0;
}
`;

const fold = (cells: number, loop = 'for (i = 0; i < N; i++) {') =>
  ORIGINAL.replace('t[N]', `t[${cells}]`)
    .replace('t[i] =', `t[i % ${cells}] =`)
    .replace('t[i - 3] * t[i]', `t[(i - 3) % ${cells}] * t[i % ${cells}]`)
    .replace('for (i = 0; i < N; i++) {', loop);

describe('check --against small folds', () => {
  write('orig.c', ORIGINAL);
  it.each([
    {
      // Guards against false clobbers on a right modular fold.
      what: 'a right fold (4 cells)',
      candidate: fold(4),
      code: 0,
      says: ['run: identical output', 'owner check: every read found its own cell in its slot'],
    },
    {
      // Guards the owner check of --against: with 3 cells t[i] overwrites t[i - 3] while it
      // is live, with the same value (i % 3 repeats): the output cannot tell.
      what: 'a wrong fold with the right output (3 cells)',
      candidate: fold(3),
      code: 3,
      says: [
        'run: identical output',
        'FAIL: cand.c:10: beeclak check: clobbered read of t[0]: slot last written for t[3] (difference [-3])',
      ],
    },
    {
      // Guards that a wrong fold is reported by both checks when both see it.
      what: 'a wrong fold with a wrong output (2 cells)',
      candidate: fold(2),
      code: 3,
      says: [
        'outputs differ',
        'FAIL: cand.c:10: beeclak check: clobbered read of t[0]: slot last written for t[2] (difference [-2])',
      ],
    },
    {
      // Guards against pairing accesses of restructured code (here only a loop bound is
      // rewritten, to the same effect): the owner check is skipped, with why, not guessed.
      what: 'an unpairable fold (a rewritten loop)',
      candidate: fold(4, 'for (i = 0; i <= N - 1; i++) {'),
      code: 0,
      says: [
        'run: identical output',
        'note: owner check skipped for t (main): ',
        'cand.c differs from orig.c in main at cand.c:7 (`for (i = 0; i <= N - 1; i++) {`)',
        'owner check: no folded array left to check',
      ],
    },
  ])('$what: exit $code', ({ candidate, code, says }) => {
    write('cand.c', candidate);
    const r = check('orig.c', 'cand.c', tmp);
    for (const s of says) expect(r.stdout).toContain(s);
    expect(r.code).toBe(code);
  });
});

describe('check --against, a read before any write', () => {
  // Guards that --against treats a clobbered read of a never-written cell as the
  // non---against mode does: the original reads an indeterminate value there too, so it is
  // a note, not a failure (t[i + 1] is read in iteration i, written in i + 1).
  it('a clobber of a cell the original reads uninitialized is a note', () => {
    const original = `#include <stdio.h>
#define N 8
int main(void) {
  int t[N];
  int s = 0, i;
  for (i = 0; i < N - 1; i++) {
    t[i] = i;
    s += t[i] + t[i + 1] * 0;
  }
  printf("%d\\n", s);
  return 0;
}
`;
    write('uninit.c', original);
    write(
      'uninit-folded.c',
      original
        .replace('int t[N];', 'int t;')
        .replace('t[i] = i;', 't = i;')
        .replace('t[i] + t[i + 1] * 0', 't + t * 0'),
    );
    const r = check('uninit.c', 'uninit-folded.c', tmp);
    expect(r.stdout).toContain(
      'owner check: uninit-folded.c:8: beeclak check: clobbered read of t[1]: slot last written for t[0] (difference [1])',
    );
    expect(r.stdout).toContain('note: t is read before it is written');
    expect(r.code).toBe(0);
  });
});

describe("check --against beeclak's own contraction", () => {
  // Guards the pairing on folds of every shape beeclak writes: scalars declared after
  // another name (gauss's `int x, y, k, tot;`, once miscounted as an access), VLAs, and
  // same-named arrays in two functions (multi's buf). A correct fold must pass, unskipped.
  it.each([
    ['gauss.c', 'tot, g_tmp, g_acc1, g_acc2'],
    ['vla.c', 't, acc'],
    ['multi.c', 'p, buf, buf'],
  ])('samples/%s against its contraction: owner check of %s', (sample, arrays) => {
    const contracted = runCli(['contract', `samples/${sample}`]);
    expect(contracted.code).toBe(0);
    const candidate = write(sample, contracted.stdout);
    const r = check(`samples/${sample}`, candidate);
    expect(r.stdout).toContain(`owner check of ${candidate}: ${arrays}\n`);
    expect(r.stdout).toContain('owner check: every read found its own cell in its slot');
    expect(r.stdout).not.toContain('skipped');
    expect(r.code).toBe(0);
  });
});
