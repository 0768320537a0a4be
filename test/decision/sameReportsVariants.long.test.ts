/**
 * The samples' reports under their other option sets (--hls, --lifetimes cell, --modulo pow2,
 * the file's own reading) stay as recorded in test/decision/reference.json: the counterpart of
 * sameReports.test.ts, kept among the long suites (`npm run test:long`, run by CI with
 * `npm test`).
 */
import { compareReferenceRuns } from './referenceReports.js';

compareReferenceRuns((run) => run.variant !== 'default');
