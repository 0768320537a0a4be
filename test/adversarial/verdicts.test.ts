/**
 * The notation of the adversarial programs' expected verdicts (verdicts.ts, issue 25): a line
 * it misreads would let a changed verdict pass unseen, so each form is read here once.
 */
import { expectedVerdicts, missingCodes, reportVerdicts } from './verdicts.js';
import type { ArrayReport, FileReport } from '../../src/index.js';

const program = (...lines: string[]) => `/* trap: x\n${lines.join('\n')} */\nint main(void) {}\n`;

describe('expected verdicts in the leading comment', () => {
  it.each([
    [
      ['   expect: k:t contracted 3', '   expect: main:b unchanged'],
      ['k:t contracted 3', 'main:b unchanged'],
    ],
    [['   expect: k:t scalarized   -- a note'], ['k:t scalarized']],
    [['   expect: k:t rejected [lattice-budget]'], ['k:t rejected']],
    [['   expect: none'], []],
    [
      ['   expect: k:t unchanged', '   expect: k:t unchanged'],
      ['k:t unchanged', 'k:t unchanged'],
    ],
  ])('%j reads as %j', (lines, verdicts) => {
    expect(expectedVerdicts(program(...lines)).verdicts).toEqual(verdicts);
  });

  it('reads a reason code by its name or its number', () => {
    expect(expectedVerdicts(program('   expect: k:t unchanged [value-flows-in]')).codes).toEqual([
      ['k:t unchanged', 'value-flows-in'],
    ]);
    expect(expectedVerdicts(program('   expect: k:t unchanged [BC1203]')).codes).toEqual([
      ['k:t unchanged', 'value-flows-in'],
    ]);
  });

  // Guards the code slot (issue 28): it was parsed but never compared.
  it('finds an expected code the report does not give', () => {
    const expected = expectedVerdicts(
      program('   expect: k:t unchanged [value-flows-in]', '   expect: k:u unchanged [no-saving]'),
    );
    const a = (name: string, code: string) =>
      ({ name, function: 'k', status: 'unchanged', code }) as ArrayReport;
    const report = { arrays: [a('t', 'BC1203'), a('u', 'BC1203')] } as FileReport;
    expect(missingCodes(expected, report)).toEqual(['k:u unchanged [no-saving] (BC1301)']);
  });

  it.each([
    ['   expect: k:t contracted'],
    ['   expect: k:t scalarized 3'],
    ['   expect: k:t refused'],
    ['   expect: t unchanged'],
    ['   expect: k:t unchanged flows-in'],
    ['   expect: k:t unchanged [no-such-code]'],
    ['   expect: none\n   expect: k:t unchanged'],
    ['   nothing expected'],
  ])('refuses %j', (line) => {
    expect(() => expectedVerdicts(program(line))).toThrow();
  });

  it('needs the leading trap comment', () => {
    expect(() => expectedVerdicts('int main(void) {}\n/* trap: x\n expect: none */')).toThrow();
  });

  it('prints a report in the same notation', () => {
    const a = (name: string, status: ArrayReport['status'], cells: number) =>
      ({ name, function: 'k', status, compressedCells: cells }) as ArrayReport;
    const report = { arrays: [a('u', 'unchanged', 8), a('t', 'contracted', 3)] } as FileReport;
    expect(reportVerdicts(report)).toEqual(['k:t contracted 3', 'k:u unchanged']);
  });
});
