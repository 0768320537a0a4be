/**
 * The tests of an adversarial file set (multiFile.test.ts, multiFileRest.long.test.ts): the
 * verdicts of its leading comments, and the same output of the original and the contracted
 * set at -O0 with ASan + UBSan, in its own build and in the builds it asks for.
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
  givenOf,
  SANITIZED,
} from './multiFileRuns.js';
import { expectedVerdicts, missingCodes, reportVerdicts } from './verdicts.js';

/** One set of SHARE in `npm test`, in name order (helpers/longShare.ts; issue 29, item 6). */
export const SHARE = 2;

export function setTests(sets: readonly string[]): void {
  const work = mkdtempSync(path.join(tmpdir(), 'beeclak-multifile-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  describe('adversarial file sets: the verdicts of the set, and the same output', () => {
    const done = new Map<string, Contracted>();
    const contracted = (set: string) => {
      let c = done.get(set);
      if (!c) done.set(set, (c = contractSet(set, work)));
      return c;
    };

    it.each(sets)('%s: the verdicts of its leading comments', (set) => {
      const c = contracted(set);
      for (const f of givenOf(path.join(DIR, set))) {
        const expected = expectedVerdicts(readFileSync(path.join(DIR, set, f), 'utf8'));
        const report = c.reports.get(f);
        expect([f, ...(report ? reportVerdicts(report) : ['(no report)'])]).toEqual([
          f,
          ...expected.verdicts,
        ]);
        expect([f, ...missingCodes(expected, report!)]).toEqual([f]);
      }
    });

    it.each(sets)('%s: the same output', async (set) => {
      const runs = await bothRuns(set, contracted(set), SANITIZED, work);
      if (runs) expect(runs.after).toEqual(runs.before);
    });

    // A set built in another configuration (`build also:`) prints the same or stops at a guard.
    it.each(sets)('%s: the same output in the builds it asks for', async (set) => {
      for (const runs of await extraRuns(set, contracted(set), work))
        expect(runs.after).toEqual(runs.before);
    });
  });
}
