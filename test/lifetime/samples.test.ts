/**
 * Every other sample (in name order), every candidate array: the static DS contains the DS
 * of a run of the dynamic oracle, and equals it where the analysis is exact
 * (sampleLifetimes.ts; the other samples: samplesRest.long.test.ts, `npm run test:long`).
 */
import { fastShare } from '../helpers/longShare.js';
import { SAMPLES, SHARE, sampleLifetimeTests } from './sampleLifetimes.js';

sampleLifetimeTests(fastShare(SAMPLES, SHARE));
