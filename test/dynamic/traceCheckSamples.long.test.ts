/**
 * `check --trace` on the samples that traceCheck.test.ts leaves to the long suites
 * (`npm run test:long`, run by CI): the run agrees with the model.
 */
import { longShare } from '../helpers/longShare.js';
import { SAMPLE_FILES, SHARE, traceSample } from './traceSamples.js';

describe('check --trace on the samples: the run agrees with the model', () => {
  it.each(longShare(SAMPLE_FILES, SHARE))('%s', traceSample);
});
