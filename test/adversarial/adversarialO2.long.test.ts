/**
 * The adversarial programs of adversarial.test.ts built at -O2, a long suite
 * (`npm run test:long`): the original and the contracted program must exit alike and print
 * the same. An optimizer exploits what the sanitized -O0 build of `npm test` only reports,
 * when a sanitizer covers it at all (an aliasing or a strict-overflow assumption).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contractProgram, OPTIMIZED, PROGRAMS, runBoth } from './adversarialRuns.js';

const work = mkdtempSync(path.join(tmpdir(), 'beeclak-adversarial-O2-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it.each(PROGRAMS)('%s: the same output at -O2', async (program) => {
  const name = program.replace(/\.c$/, '');
  expect(await runBoth(name, await contractProgram(program), OPTIMIZED, work)).toEqual([]);
});
