/**
 * Adversarial file sets (issue 27, "one call graph over the file set"): each folder of
 * multifile/ is one program of several files, contracted as a user does it
 * (`beeclak contract -i FILES...`, all its .c files at once: one set). Each .c file's leading
 * comment gives the verdicts of its arrays (verdicts.ts); the report must give exactly those.
 * Then, when the set holds main(), the original and the contracted program are built (every
 * .c file no other one includes, linked together) at -O0 with ASan + UBSan, and must print
 * the same and exit alike (at -O2: multiFileO2.long.test.ts, `npm run test:long`). Every set
 * but temporary-in-main sets a trap for the cross-file analysis (a function reached through
 * a table, a weak symbol, a unity build, a caller that reads after the call, ...): its arrays
 * must stay, with the reason given.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  bothRuns,
  type Contracted,
  contractSet,
  DIR,
  extraRuns,
  SANITIZED,
  SETS,
  sourcesOf,
} from './multiFileRuns.js';
import { expectedVerdicts, missingCodes, reportVerdicts } from './verdicts.js';

const work = mkdtempSync(path.join(tmpdir(), 'beeclak-multifile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('adversarial file sets: the verdicts of the set, and the same output', () => {
  const done = new Map<string, Contracted>();
  const contracted = (set: string) => {
    let c = done.get(set);
    if (!c) done.set(set, (c = contractSet(set, work)));
    return c;
  };

  it.each(SETS)('%s: the verdicts of its leading comments', (set) => {
    const c = contracted(set);
    for (const f of sourcesOf(path.join(DIR, set))) {
      const expected = expectedVerdicts(readFileSync(path.join(DIR, set, f), 'utf8'));
      const report = c.reports.get(f);
      expect([f, ...(report ? reportVerdicts(report) : ['(no report)'])]).toEqual([
        f,
        ...expected.verdicts,
      ]);
      expect([f, ...missingCodes(expected, report!)]).toEqual([f]);
    }
  });

  it.each(SETS)('%s: the same output', async (set) => {
    const runs = await bothRuns(set, contracted(set), SANITIZED, work);
    if (runs) expect(runs.after).toEqual(runs.before);
  });

  // A set built in another configuration (`build also:`) prints the same or stops at a guard.
  it.each(SETS)('%s: the same output in the builds it asks for', async (set) => {
    for (const runs of await extraRuns(set, contracted(set), work))
      expect(runs.after).toEqual(runs.before);
  });
});
