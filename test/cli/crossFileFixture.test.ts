/**
 * Edits across files end to end on test/fixtures/crossfile (its README says what each file
 * is for): a kernel with callers in its own file and in another, a group dropped while the
 * others are written, a buffer passed on through another file. The original and the
 * contracted program are built and must print the same. Each case names the failure it guards.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';

const BASE = path.join(ROOT, 'test', 'fixtures', 'crossfile');
const FILES = ['dsp.c', 'stage.c', 'main.c'];
let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-crossfile-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const output = (dir: string, level: string) => {
  const exe = path.join(dir, `a${level}.out`);
  execFileSync(process.env.CC ?? 'cc', ['-std=gnu11', '-w', level, ...FILES, '-o', exe], {
    cwd: dir,
  });
  return execFileSync(exe, { encoding: 'utf8' });
};

describe('the fixture contracted as one set', () => {
  it('shrinks what each group allows, and prints the same', () => {
    const dir = path.join(work, 'set');
    fs.cpSync(BASE, dir, { recursive: true });
    const r = runCli(['contract', '-i', '--no-cache', ...FILES], { cwd: dir });
    expect(r.code).toBe(0);
    const text = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    // Guards: main.c's w (blur's group) was refused and the whole plan dropped with it.
    expect(r.stderr).toContain(codeOf('across-files-dropped'));
    expect(text('main.c')).toContain('double t[1][N];');
    expect(text('main.c')).toContain('SCRATCH(w);');
    expect(text('dsp.h')).toContain('double tmp[1][N]);\nvoid blur(');
    expect(text('dsp.h')).toContain(
      'void blur(const double in[N], double out[N], double tmp[N][N]);',
    );
    // Guards: a caller in the kernel's own file kept smooth() out of the plan.
    expect(text('dsp.c')).toContain('double out[N], u[1][N];');
    // Guards: sharpen()'s only caller passes on stage()'s parameter: it was not a temporary,
    // then main's y kept its size (a buffer passed on through another file).
    expect(text('dsp.c')).toContain('tmp[0][j] = in[i] - j;');
    expect(text('main.c')).toContain('double y[1][N];');
    expect(text('stage.c')).toContain('double b[1][N])');
    expect(text('dsp.h')).toContain(
      'void stage(const double in[N], double out[N], double b[1][N]);',
    );
    // (built from a copy: the repository's folder stays clean)
    const original = path.join(work, 'original');
    fs.cpSync(BASE, original, { recursive: true });
    for (const level of ['-O0', '-O2'])
      expect([level, output(dir, level)]).toEqual([level, output(original, level)]);
  });
});
