/**
 * Every sample's contract() call at once, at a small budget (100,000 units), gives what each
 * gives alone: concurrent.test.ts over all of samples/*.c, a long suite (`npm run test:long`).
 */
import { alone, type Job, SAMPLE_FILES, together } from './overlap.js';

it('contract() calls that overlap give every sample what it gives alone', async () => {
  const jobs = SAMPLE_FILES.map((f): Job => [f, { workUnits: 100_000 }]);
  const want = await alone(jobs);
  expect(want.filter((w) => typeof w === 'string')).toEqual([]);
  expect(await together(jobs)).toEqual(want);
}, 120_000);
