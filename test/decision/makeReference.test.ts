/**
 * Writes test/decision/reference.json when BEECLAK_WRITE_REFERENCE=1 (run once on the
 * commit before the decision became passes, issue 28); otherwise does nothing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { referenceRuns, runOne, ROOT } from './referenceReports.js';

const write = process.env.BEECLAK_WRITE_REFERENCE === '1';

(write ? it : it.skip)(
  'writes the reference reports',
  async () => {
    const out: Record<string, unknown> = {};
    for (const run of referenceRuns()) out[`${run.variant} ${run.file}`] = await runOne(run);
    writeFileSync(
      path.join(ROOT, 'test', 'decision', 'reference.json'),
      JSON.stringify(out, null, 1) + '\n',
    );
  },
  3_600_000,
);
