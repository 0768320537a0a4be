/**
 * The compiled oracle against the interpreted one on the samples compiledOracle.test.ts
 * leaves out (LONG_SAMPLES of test/dynamic/oracleCompare.ts), a long suite
 * (`npm run test:long`).
 */
import { compareSample, LONG_SAMPLES, SAMPLE_FILES } from './oracleCompare.js';

let compared = 0;
it.each(LONG_SAMPLES)('sample %s, every array', (file) => {
  expect(SAMPLE_FILES).toContain(file);
  compared += compareSample(file);
});

// Guards against a vacuous run (every array skipped by the reference).
afterAll(() => expect(compared).toBeGreaterThanOrEqual(LONG_SAMPLES.length));
