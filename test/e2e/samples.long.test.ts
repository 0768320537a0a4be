/**
 * The samples of samples/expected.json that samples.test.ts leaves out, end to end
 * (samplesCheck.ts), a long suite (`npm run test:long`).
 */
import { checkSamples, expected, FAST_SAMPLES } from './samplesCheck.js';

checkSamples(expected.samples.map((s) => s.file).filter((f) => !FAST_SAMPLES.includes(f)));
