/**
 * Every array of every sample, fixture and adversarial program keeps its status, size, reason
 * and output (issue 28): the reports of test/decision/reference.json were made on the commit
 * before the decision became passes (makeReference.test.ts); a change of the decision's shape
 * must not change one of them, except the reason codes it adds (compared elsewhere). A report
 * that must change on purpose (a reason found untrue) is re-recorded with the commit that
 * changes it. Here the default options on the samples and fixtures; the adversarial programs'
 * reports are compared by test/adversarial/adversarial.test.ts, on the contraction it runs
 * anyway (each program was contracted twice, in two suites); the samples' other option sets
 * (--hls, --lifetimes cell, --modulo pow2, the file's own reading) by
 * sameReportsVariants.long.test.ts, one of the long suites (`npm run test:long`, run by CI).
 */
import { ADVERSARIAL, compareReferenceRuns } from './referenceReports.js';

compareReferenceRuns(
  (run) => run.variant === 'default' && !run.file.startsWith(`${ADVERSARIAL}/`),
  true,
);
