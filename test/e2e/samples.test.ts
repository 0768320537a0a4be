/**
 * Samples end to end (samplesCheck.ts: `beeclak check` with the sanitizers and the
 * shadow-owner build, then the sizes of samples/expected.json), for the few samples of
 * FAST_SAMPLES, which cover the mappings' kinds. The other samples are samples.long.test.ts
 * (`npm run test:long`): checked here, every sample took a tenth of npm test's CPU on 2
 * cores (issue 29 item 6). The reports of every sample, sizes included, are compared in
 * npm test by test/decision/sameReports.test.ts.
 */
import { checkSamples, FAST_SAMPLES } from './samplesCheck.js';

checkSamples(FAST_SAMPLES);
