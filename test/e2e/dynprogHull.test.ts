/**
 * dynprog.c at N = 100 end to end: c's conflict set is the hexagon-like
 * { |d0|, |d1|, |d1 - d0| <= 98 }, where the hull heuristic's (49 i + 50 j) mod 7351 beats
 * every axis-aligned mapping (99 x 98 = 9702) by 24%: `beeclak check` contracts it, runs
 * original and result, compares them, and checks that every read finds its own cell.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-hull-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// Guards the hull heuristic end to end: c stayed at 9702 cells before it.
it('dynprog.c -D N=100: c in 7351 cells, same output, every read finds its own cell', () => {
  const report = path.join(dir, 'dynprog.json');
  const r = runCli(['check', 'samples/dynprog.c', '-D', 'N=100', '--report-file', report]);
  expect({
    code: r.code,
    ok: r.stdout.split('\n').filter((l) => /FAIL|^ok$|error/.test(l)),
  }).toEqual({
    code: 0,
    ok: ['ok'],
  });
  const arrays = (
    JSON.parse(fs.readFileSync(report, 'utf8')) as {
      arrays: { name: string; compressedCells: number; mapping?: unknown }[];
    }
  ).arrays;
  const c = arrays.find((a) => a.name === 'c')!;
  expect(c.compressedCells).toBe(7351);
  expect(c.mapping).toEqual({ M: [[49, 50]], b: [7351] });
});
