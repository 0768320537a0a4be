/**
 * A function-like macro defined under a conditional directive outside the function: `#if`
 * cannot check which definition a build takes, so no guard can keep a result to this
 * configuration (src/frontend/configured.ts). Guards, from the review of 2026-11-26:
 * `PREV(i)` was `i - 1`, or `i - 2` under BIG; the result contracted for the first, built with
 * -DBIG, read reused cells (59038 became 177134) with no guard to stop it.
 */
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ROOT, runCli } from '../helpers/cli.js';

it('the array stays, and the file built with the other definition computes the same', () => {
  const file = path.join(ROOT, 'test/fixtures/configuration/function-macro-under-ifdef.c');
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-configuration-'));
  try {
    const out = path.join(dir, 'out.c');
    const analysis = runCli(['analyze', file]);
    expect(analysis.stdout).toMatch(/macro PREV is defined under a conditional directive/);
    expect(runCli(['contract', file, '-o', out]).code).toBe(0);
    const r = runCli(['check', file, '--cflags', '-DBIG', '--against', out]);
    expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
      code: 0,
      last: 'ok',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Guards trigraphs (configured.ts): under -std=c99 `??=ifdef BIG` is `#ifdef BIG`, which the
// file's own reading of its conditionals did not see, so a result for one branch ran
// unguarded under the other (review 2026-11-26: index 2 out of bounds of a 2-cell array).
it('a file spelling trigraphs keeps its arrays', () => {
  const file = path.join(ROOT, 'test/fixtures/configuration/trigraph-ifdef.c');
  const analysis = runCli(['analyze', '-std=c99', file]);
  expect(analysis.stdout).toMatch(/spells trigraphs/);
  expect(analysis.stdout).not.toMatch(/contracted|scalarized/);
});
