/**
 * Guards the result cache keyed on a modification time of cache.js (bug: `cp -a`-copied
 * dist folders keep their times, incremental tsc leaves an unchanged cache.js's time while
 * other modules change, and runs in temporary folders share ~/.cache/beeclak across
 * worktrees, so an entry made by other code was served): two builds that differ in one
 * analysis module, with every file's time the same, must not share entries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStamp, codeFiles, ResultCache } from '../../src/cli/batch/cache.js';
import type { FileJob, FileOutcome } from '../../src/cli/batch/job.js';

const SAME_TIME = new Date('2026-01-01T00:00:00Z');

/** A build tree `root/src/...` with cache.js and one analysis module, all files at SAME_TIME. */
function build(root: string, analysis: string): string {
  const files: Record<string, string> = {
    'src/cli/batch/cache.js': 'export const cache = 1;\n',
    'src/lattice/choose.js': analysis,
    'src/lattice/choose.d.js': 'declarations are not code\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    const f = path.join(root, rel);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, text);
    fs.utimesSync(f, SAME_TIME, SAME_TIME);
  }
  return path.join(root, 'src/cli/batch/cache.js');
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-stamp-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

test('two builds differing in one module, same times: different stamps, no shared entry', async () => {
  const a = build(path.join(tmp, 'a'), 'export const budget = 1000;\n');
  const b = build(path.join(tmp, 'b'), 'export const budget = 2000;\n');
  const copy = build(path.join(tmp, 'copy'), 'export const budget = 1000;\n');
  expect(fs.statSync(a).mtimeMs).toBe(fs.statSync(b).mtimeMs);
  expect(codeFiles(a).map((f) => path.relative(tmp, f))).toEqual([
    'a/src/cli/batch/cache.js',
    'a/src/lattice/choose.js',
  ]);
  expect(buildStamp(a)).not.toBe(buildStamp(b));
  // The same code elsewhere (a copied worktree) may share entries: they are its own results.
  expect(buildStamp(copy)).toBe(buildStamp(a));

  const dir = path.join(tmp, 'cache');
  const job: FileJob = { file: 'k.c', source: 'int main(void) { return 0; }\n', options: {} };
  const outcome = { kind: 'done', text: 'from build a', changed: false, report: {} };
  const cacheA = new ResultCache(dir, buildStamp(a));
  await cacheA.put(cacheA.key(job), outcome as unknown as FileOutcome);
  expect(await cacheA.get(cacheA.key(job))).toMatchObject({ text: 'from build a' });
  const cacheB = new ResultCache(dir, buildStamp(b));
  expect(cacheB.key(job)).not.toBe(cacheA.key(job));
  expect(await cacheB.get(cacheB.key(job))).toBeUndefined();
});

test('a bundle is its own code: one file hashed', () => {
  const bundle = path.join(tmp, 'dist', 'bundle', 'beeclak.cjs');
  fs.mkdirSync(path.dirname(bundle), { recursive: true });
  fs.writeFileSync(bundle, 'one;\n');
  expect(codeFiles(bundle)).toEqual([bundle]);
  const one = buildStamp(bundle);
  fs.writeFileSync(bundle, 'two;\n');
  fs.utimesSync(bundle, SAME_TIME, SAME_TIME);
  expect(buildStamp(bundle)).not.toBe(one);
});

test('the running code: every module of src', () => {
  const self = path.resolve('src/cli/batch/cache.ts');
  expect(codeFiles(self).length).toBeGreaterThan(100);
  expect(codeFiles(self)).toContain(path.resolve('src/lattice/choose.ts'));
});
