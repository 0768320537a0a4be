/**
 * Every array of every sample, fixture and adversarial program keeps its status, size, reason
 * and output (issue 28): the reports of test/decision/reference.json were made on the commit
 * before the decision became passes (makeReference.test.ts); a change of the decision's shape
 * must not change one of them, except the reason codes it adds (compared elsewhere). A report
 * that must change on purpose (a reason found untrue) is re-recorded with the commit that
 * changes it. Here the default options on every other sample and fixture, in name order
 * (sameReportsRest.long.test.ts has the others: `npm run test:long`, run by CI; issue 29,
 * item 6); the adversarial programs' reports are compared by test/adversarial/programTests.ts,
 * on the contraction it runs anyway (each program was contracted twice, in two suites); the
 * samples' other option sets (--hls, --lifetimes cell, --modulo pow2, the file's own reading)
 * by sameReportsVariants.long.test.ts, one of the long suites.
 */
import { fastShare } from '../helpers/longShare.js';
import { compareReferenceRuns, defaultRuns, SHARE } from './referenceReports.js';

const fast = new Set(fastShare(defaultRuns(), SHARE));
compareReferenceRuns((run) => run.variant === 'default' && fast.has(run.file), true);
