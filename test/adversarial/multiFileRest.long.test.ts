/**
 * The adversarial file sets that multiFile.test.ts leaves to the long suites
 * (`npm run test:long`, run by CI): the same tests (setTests.ts) on the other sets.
 */
import { longShare } from '../helpers/longShare.js';
import { SETS } from './multiFileRuns.js';
import { SHARE, setTests } from './setTests.js';

setTests(longShare(SETS, SHARE));
