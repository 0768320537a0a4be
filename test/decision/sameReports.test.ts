/**
 * Every array of every sample, fixture and adversarial program keeps its status, size, reason
 * and output (issue 28): the reports of test/decision/reference.json were made on the commit
 * before the decision became passes (makeReference.test.ts); a change of the decision's shape
 * must not change one of them, except the reason codes it adds (compared elsewhere). A report
 * that must change on purpose (a reason found untrue) is re-recorded with the commit that
 * changes it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { referenceRuns, runOne, ROOT, type RunResult } from './referenceReports.js';

const reference = JSON.parse(
  readFileSync(path.join(ROOT, 'test', 'decision', 'reference.json'), 'utf8'),
) as Record<string, RunResult>;
const runs = referenceRuns().map((r) => [`${r.variant} ${r.file}`, r] as const);

it('the reference has every run and only them', () => {
  expect(Object.keys(reference).sort()).toEqual(runs.map(([k]) => k).sort());
});

it.each(runs)('%s', async (key, run) => {
  expect(await runOne(run)).toEqual(reference[key]);
});
