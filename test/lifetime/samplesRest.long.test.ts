/**
 * The samples that samples.test.ts leaves to the long suites (`npm run test:long`, run by
 * CI): the static DS contains the dynamic DS of every candidate array (sampleLifetimes.ts).
 */
import { longShare } from '../helpers/longShare.js';
import { SAMPLES, SHARE, sampleLifetimeTests } from './sampleLifetimes.js';

sampleLifetimeTests(longShare(SAMPLES, SHARE));
