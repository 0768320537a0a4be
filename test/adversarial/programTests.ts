/**
 * The tests of an adversarial program (adversarial.test.ts, adversarialRest.long.test.ts):
 * the verdicts of its leading comment, its reports as test/decision/reference.json records
 * them, and the same output of the original and the contracted program at -O0 with ASan +
 * UBSan.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readReference } from '../decision/referenceReports.js';
import { contractProgram, runBoth, SANITIZED } from './adversarialRuns.js';
import { expectedVerdicts, missingCodes } from './verdicts.js';
import { M32 } from '../helpers/m32.js';
import { describeWithTool } from '../helpers/optionalTool.js';

/**
 * One program of SHARE runs in `npm test`, at least one per class (the classes have three
 * programs or more, in name order); the others in `npm run test:long` (issue 29, item 6).
 */
export const SHARE = 3;

export function programTests(programs: readonly string[]): void {
  const work = mkdtempSync(path.join(tmpdir(), 'beeclak-adversarial-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  // Before the run: a verdict that changed says more than the run it may have caused.
  it.each(programs)('%s: the verdicts of its leading comment', async (program) => {
    for (const u of await contractProgram(program)) {
      const expected = expectedVerdicts(u.source);
      expect([u.file, ...u.verdicts]).toEqual([u.file, ...expected.verdicts]);
      expect([u.file, ...missingCodes(expected, u.report)]).toEqual([u.file]);
    }
  });

  // The report of each file as test/decision/reference.json records it (issue 28; the
  // reference's other runs are compared by test/decision/sameReports.test.ts).
  const reference = readReference();
  it.each(programs)('%s: the report of the reference', async (program) => {
    for (const u of await contractProgram(program))
      expect([u.key, u.recorded]).toEqual([u.key, reference[u.key]]);
  });

  it.each(programs)('%s: the same output', async (program) => {
    const name = program.replace(/\.c$/, '');
    const diffs = await runBoth(name, await contractProgram(program), SANITIZED, work);
    expect(diffs).toEqual([]);
  });
}

/**
 * The programs of class `datamodel-` among `programs`, contracted for the host's data model
 * (LP64) and built for ILP32 too: a result that rests on the model must leave the other
 * builds right. Split as programTests' (the six -m32 builds were a fifth of adversarial.test.ts's
 * CPU, issue 29 item 6).
 */
export function m32Tests(programs: readonly string[]): void {
  const dataModel = programs.filter((p) => p.startsWith('datamodel-'));
  describeWithTool(
    M32,
    'adversarial programs of the data model: the same output built -m32',
    () => {
      const work = mkdtempSync(path.join(tmpdir(), 'beeclak-adversarial-m32-'));
      afterAll(() => rmSync(work, { recursive: true, force: true }));
      it.each(dataModel)('%s: the same output built -m32', async (program) => {
        const name = `${program.replace(/\.c$/, '')}-m32`;
        const diffs = await runBoth(
          name,
          await contractProgram(program),
          ['-m32', ...SANITIZED],
          work,
        );
        expect(diffs).toEqual([]);
      });
    },
  );
}
