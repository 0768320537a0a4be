/**
 * The samples' and fixtures' reports under the default options that sameReports.test.ts
 * leaves to the long suites (`npm run test:long`, run by CI): each stays as recorded in
 * test/decision/reference.json.
 */
import { longShare } from '../helpers/longShare.js';
import { compareReferenceRuns, defaultRuns, SHARE } from './referenceReports.js';

const rest = new Set(longShare(defaultRuns(), SHARE));
compareReferenceRuns((run) => run.variant === 'default' && rest.has(run.file));
