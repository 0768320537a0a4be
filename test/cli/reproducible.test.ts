/**
 * Reports people diff in CI: without `--timings`, two runs on the same input print the same
 * bytes; the stage times (which differ from run to run) only when asked.
 */
import { runCli } from '../helpers/cli.js';

const SAMPLE = 'samples/durbin.c';

/** What a command prints where its report goes (stdout for analyze/lattice, else stderr). */
function reportOf(args: string[]): string {
  const r = runCli(args);
  expect({ code: r.code, stderr: args[0] === 'contract' ? '' : r.stderr }).toEqual({
    code: 0,
    stderr: '',
  });
  return args[0] === 'contract' ? r.stderr : r.stdout;
}

// Guards reproducible reports: `analyze` ended with `time: parse N ms, ...`, and
// `contract --report text|json` and `analyze --json` carried a `timings` object, so no two
// runs were byte-identical and every CI diff of a report showed changes.
describe('reports without --timings are byte-identical across runs', () => {
  it.each([
    [['analyze', SAMPLE]],
    [['analyze', SAMPLE, '--json']],
    [['contract', SAMPLE, '--report', 'text']],
    [['contract', SAMPLE, '--report', 'json']],
    [['contract', SAMPLE, '--report', 'sarif']],
    [['lattice', '{ [a, b] : -99 <= a + 2b <= 99 and -1 <= b <= 1 }']],
  ])('%j', (args) => {
    const first = reportOf(args);
    expect(first.length).toBeGreaterThan(0);
    expect(reportOf(args)).toBe(first);
    expect(first).not.toMatch(/time: |timings|parseMs/);
  });
});

describe('--timings prints the stage times', () => {
  it('analyze and contract --report text: the time line', () => {
    for (const args of [
      ['analyze', SAMPLE, '--timings'],
      ['contract', SAMPLE, '--report', 'text', '--timings'],
    ])
      expect(reportOf(args)).toMatch(/\n {2}time: parse \d+ ms, .*lattice \d+ ms, rewrite \d+ ms/);
  });

  it('analyze --json and contract --report json: the timings object', () => {
    for (const args of [
      ['analyze', SAMPLE, '--json', '--timings'],
      ['contract', SAMPLE, '--report', 'json', '--timings'],
    ]) {
      // contract's report document holds the file's report; analyze prints it alone.
      const printed = JSON.parse(reportOf(args));
      const report = (printed.files?.[0] ?? printed) as { timings?: Record<string, number> };
      expect(Object.keys(report.timings ?? {})).toEqual(
        expect.arrayContaining(['parseMs', 'lifetimeMs', 'latticeMs', 'rewriteMs']),
      );
    }
  });

  it('lattice: the timings line', () => {
    const args = ['lattice', '{ [a] : -3 <= a <= 3 }', '--timings'];
    expect(reportOf(args)).toMatch(/\ntimings: exact queries \d+ ms/);
  });
});
