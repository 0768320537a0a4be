/**
 * Calls of the library that overlap in one process (issue 25, class 8; issue 28, item 3):
 * `contract()` is async, and calls awaiting at once must give what each gives alone. The
 * work budget, the memo tables and the counters were kept per process: run together at a
 * budget of 100,000 units, 7 of 19 samples threw "budget exceeded" (a call was charged
 * another's work, and its overrun was the other's), and one array changed status.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contract, type ContractResult, type Options } from '../../src/index.js';
import { ROOT } from '../helpers/cli.js';

const SAMPLES = path.join(ROOT, 'samples');
const files = fs
  .readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.c'))
  .sort();

/** What a call gives, without its timings (the only part that may differ between runs). */
function outcome(r: ContractResult): unknown {
  const { timings: _timings, ...report } = r.report;
  return { code: r.code, changed: r.changed, report };
}

const run = (file: string, options: Options = {}) =>
  contract(fs.readFileSync(path.join(SAMPLES, file), 'utf8'), {
    file: path.join('samples', file),
    ...options,
  }).then(outcome, (e: Error) => `threw: ${e.message}`);

async function alone(jobs: readonly [string, Options?][]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [file, options] of jobs) out.push(await run(file, options));
  return out;
}

const together = (jobs: readonly [string, Options?][]) =>
  Promise.all(jobs.map(([file, options]) => run(file, options)));

describe('contract() calls that overlap', () => {
  it('give every sample what it gives alone, at a small budget (100,000 units)', async () => {
    const jobs = files.map((f): [string, Options] => [f, { workUnits: 100_000 }]);
    const want = await alone(jobs);
    expect(want.filter((w) => typeof w === 'string')).toEqual([]);
    expect(await together(jobs)).toEqual(want);
  }, 120_000);

  it('give the same file what it gives alone, twice at once', async () => {
    // The file's own reading (no preprocessor to wait for): the second call starts while the
    // first awaits in the lattice search of its first array, inside that array's budget.
    const options: Options = { workUnits: 100_000, compiler: false };
    const jobs: [string, Options][] = [
      ['adi_rows.c', options],
      ['adi_rows.c', options],
    ];
    expect(await together(jobs)).toEqual(await alone(jobs));
  });

  it("leave a call untouched by another's own small budget", async () => {
    // durbin's arrays need far more than 2,000 units each: that call refuses them, the other
    // contracts them, as each does alone.
    const jobs: [string, Options?][] = [['durbin.c', { workUnits: 2_000 }], ['durbin.c']];
    const want = await alone(jobs);
    expect(JSON.stringify(want[0])).toMatch(/too expensive/);
    expect(JSON.stringify(want[1])).not.toMatch(/too expensive/);
    expect(await together(jobs)).toEqual(want);
  });
});
