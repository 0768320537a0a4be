/**
 * The samples' reports under their other option sets (--lifetimes cell, --modulo pow2) stay
 * as recorded in test/decision/reference.json: the counterpart of sameReports.test.ts, kept
 * among the long suites (jest.config.js: `npm run test:long`, run by CI with `npm test`).
 */
import { compareReferenceRuns } from './referenceReports.js';

compareReferenceRuns((variant) => variant !== 'default');
