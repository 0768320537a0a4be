/**
 * The adversarial file sets of multiFile.test.ts built at -O2, a long suite
 * (`npm run test:long`): the original and the contracted set must exit alike and print the
 * same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bothRuns, contractSet, OPTIMIZED, SETS } from './multiFileRuns.js';

const work = mkdtempSync(path.join(tmpdir(), 'beeclak-multifile-O2-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it.each(SETS)('%s: the same output at -O2', async (set) => {
  const runs = await bothRuns(set, contractSet(set, work), OPTIMIZED, work);
  if (runs) expect(runs.after).toEqual(runs.before);
});
