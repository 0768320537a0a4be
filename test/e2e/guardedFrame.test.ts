/**
 * A report counts only the bytes the program as built saves. Guards: a function fixed for
 * an argument value (`-D n=8`) becomes `if (n != 8) { original } else { contracted }`, and
 * both bodies' arrays take its one stack frame (GCC: 456, 408, 408, 400 bytes at -O0, -O1,
 * -O2, -Os, before and after alike), yet its entry counted 480 bytes saved (64 -> 4 doubles).
 * Now it counts 0 and says why (BC1510). Also checks the output still computes the same.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { hasWarning } from '../helpers/codes.js';
import { describeWithTool } from '../helpers/optionalTool.js';
import { frames, STACK_USAGE } from '../helpers/stackUsage.js';

const fixture = path.join(ROOT, 'test/fixtures/guardedFrame/window.c');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-guardedframe-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface Entry {
  name: string;
  savedBytes: number;
  warnings: { code: string }[];
}

describeWithTool(STACK_USAGE, 'an original body kept beside the contracted one', () => {
  const out = path.join(work, 'window.c');
  const contracted = runCli(['contract', fixture, '-D', 'n=8', '-o', out]);
  const report = runCli(['analyze', fixture, '-D', 'n=8', '--json']);
  const t = (JSON.parse(report.stdout) as { arrays: Entry[] }).arrays.find((a) => a.name === 't')!;

  it('is written with its guard and computes the same', () => {
    expect(contracted.code).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toContain('if (n != 8) {');
    expect(runCli(['check', fixture, '-D', 'n=8']).stdout.trim().split('\n').pop()).toBe('ok');
  });

  it.each([['-O0'], ['-O1'], ['-O2'], ['-Os']])(
    'counts no more bytes than the frame loses at %s',
    (level) => {
      const before = frames(fs.readFileSync(fixture, 'utf8'), [level])?.get('kernel');
      const after = frames(fs.readFileSync(out, 'utf8'), [level])?.get('kernel');
      expect(before).toBeDefined();
      expect(after).toBeDefined();
      expect(t.savedBytes).toBeLessThanOrEqual(before! - after!);
    },
  );

  it('says why it counts nothing', () => {
    expect({ saved: t.savedBytes, why: hasWarning(t, 'guarded-frame-shared') }).toEqual({
      saved: 0,
      why: true,
    });
  });
});

// A VLA is allocated where its declaration runs: the original body's `double t[n][m]` takes
// no stack on the contracted path (samples/vla.c, -D n=20 -D m=30), so its saving counts.
it('counts the saving of a VLA whose original the contracted path never allocates', () => {
  const r = runCli([
    'analyze',
    path.join(ROOT, 'samples/vla.c'),
    '-D',
    'n=20',
    '-D',
    'm=30',
    '--json',
  ]);
  const arrays = (JSON.parse(r.stdout) as { arrays: Entry[] }).arrays;
  const t = arrays.find((a) => a.name === 't')!;
  expect({ saved: t.savedBytes, why: hasWarning(t, 'guarded-frame-shared') }).toEqual({
    saved: 4800 - 240,
    why: false,
  });
});
