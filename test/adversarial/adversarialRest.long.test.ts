/**
 * The adversarial programs of adversarial.test.ts that `npm test` leaves to the long suites
 * (`npm run test:long`, run by CI): the same tests, on the other programs of each class
 * (helpers/longShare.ts).
 */
import { longShare } from '../helpers/longShare.js';
import { PROGRAMS } from './adversarialRuns.js';
import { m32Tests, programTests, SHARE } from './programTests.js';

describe('adversarial programs: original and contracted compute the same', () => {
  programTests(longShare(PROGRAMS, SHARE));
});

m32Tests(longShare(PROGRAMS, SHARE));
