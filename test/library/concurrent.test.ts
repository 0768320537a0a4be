/**
 * Calls of the library that overlap in one process (issue 25, class 8; issue 28, item 3):
 * `contract()` is async, and calls awaiting at once must give what each gives alone. The
 * work budget, the memo tables and the counters were kept per process: run together at a
 * budget of 100,000 units, 7 of 19 samples threw "budget exceeded" (a call was charged
 * another's work, and its overrun was the other's), and one array changed status. Five
 * samples here; all of them at once is concurrent.long.test.ts (`npm run test:long`).
 */
import type { Options } from '../../src/index.js';
import { alone, type Job, SAMPLE_FILES, together } from './overlap.js';

/** Samples of several arrays each, cheap to contract. */
const FEW = ['adi_rows.c', 'durbin.c', 'frame_scratch.c', 'multi.c', 'vla.c'];

describe('contract() calls that overlap', () => {
  it('give five samples what each gives alone, at a small budget (100,000 units)', async () => {
    expect(FEW.filter((f) => !SAMPLE_FILES.includes(f))).toEqual([]);
    const jobs = FEW.map((f): Job => [f, { workUnits: 100_000 }]);
    const want = await alone(jobs);
    expect(want.filter((w) => typeof w === 'string')).toEqual([]);
    expect(await together(jobs)).toEqual(want);
  });

  it('give the same file what it gives alone, twice at once', async () => {
    // The file's own reading (no preprocessor to wait for): the second call starts while the
    // first awaits in the lattice search of its first array, inside that array's budget.
    const options: Options = { workUnits: 100_000, compiler: false };
    const jobs: Job[] = [
      ['adi_rows.c', options],
      ['adi_rows.c', options],
    ];
    expect(await together(jobs)).toEqual(await alone(jobs));
  });

  it("leave a call untouched by another's own small budget", async () => {
    // durbin's arrays need far more than 2,000 units each: that call refuses them, the other
    // contracts them, as each does alone.
    const jobs: Job[] = [['durbin.c', { workUnits: 2_000 }], ['durbin.c']];
    const want = await alone(jobs);
    expect(JSON.stringify(want[0])).toMatch(/too expensive/);
    expect(JSON.stringify(want[1])).not.toMatch(/too expensive/);
    expect(await together(jobs)).toEqual(want);
  });
});
