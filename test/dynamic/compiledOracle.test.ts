/**
 * The compiled oracle (src/dynamic/compiled/) against the interpreted reference
 * (test/helpers/interpretedOracle.ts): on random kernels and on the samples at small sizes,
 * every field of the run is the same (DS, maxLive, exposed cells, intervals, by cells and by
 * values), and the typed-array maxLive (src/dynamic/maxLive.ts) agrees with both
 * (test/dynamic/oracleCompare.ts). The slowest samples and most random kernels are long
 * suites (compiledOracleSamples.long.test.ts, compiledOracleRandom.long.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { buildModel } from '../../src/frontend/index.js';
import { dynamicMaxLive } from '../../src/dynamic/maxLive.js';
import { analyzeSource } from '../../src/pipeline/analysis.js';
import {
  compare,
  compareRandomKernel,
  compareSample,
  LONG_SAMPLES,
  RANDOM_SEEDS,
  SAMPLE_FILES,
} from './oracleCompare.js';

let compared = 0;
describe('compiled oracle = interpreted oracle', () => {
  // Ten random kernels here, thirty more in compiledOracleRandom.long.test.ts.
  it.each(RANDOM_SEEDS.slice(0, 10))('random kernel, seed %i', (seed) => {
    compared += compareRandomKernel(seed);
  });

  // The others, slower under the interpreted reference: compiledOracleSamples.long.test.ts.
  it.each(SAMPLE_FILES.filter((f) => !LONG_SAMPLES.includes(f)))(
    'sample %s, every array',
    (file) => {
      compared += compareSample(file);
    },
  );

  afterAll(() => {
    // Guards against a vacuous run (every array skipped by the reference).
    expect(compared).toBeGreaterThanOrEqual(60);
  });
});

describe('compiled oracle = interpreted oracle, corner cases', () => {
  // Each guards one construct of the generated walk (src/dynamic/compiled/nest.ts).
  const CASES: [string, string, string][] = [
    [
      'a linearized subscript with a large coefficient (numbers, not BigInt, in the walk)',
      't',
      `#define N 40
       void k(const double a[N], double b[N]) {
         double t[N * 6400];
         for (int i = 0; i < N; i++) t[i * 6400 + 3] = a[i];
         for (int i = 0; i < N; i++) b[i] = t[(N - 1 - i) * 6400 + 3];
       }`,
    ],
    [
      'a decreasing loop with a stride (schedule -i, an existential in the domain)',
      't',
      `#define N 30
       void k(const double a[N], double b[N]) {
         double t[N];
         for (int i = N - 1; i >= 0; i -= 3) t[i] = a[i];
         for (int i = 0; i < N; i += 3) b[i] = t[N - 1 - i];
       }`,
    ],
    [
      'an array declared in a loop body (block instances are different objects)',
      't',
      `#define N 12
       void k(const double a[N][N], double b[N][N]) {
         for (int i = 0; i < N; i++) {
           double t[N];
           for (int j = 0; j < N; j++) t[j] = a[i][j];
           for (int j = 0; j < N; j++) b[i][j] = t[N - 1 - j];
         }
       }`,
    ],
    [
      'a write under a data-dependent condition (a value that does not kill)',
      't',
      `#define N 16
       void k(const double a[N], double b[N]) {
         double t[N];
         for (int i = 0; i < N; i++) t[i] = 0;
         for (int i = 0; i < N; i++) if (a[i] > 0) t[i] = a[i];
         for (int i = 0; i < N; i++) b[i] = t[i];
       }`,
    ],
    [
      'a non-affine subscript (any cell of the dimension)',
      't',
      `#define N 10
       void k(const int a[N], double b[N]) {
         double t[N];
         for (int i = 0; i < N; i++) t[i] = i;
         for (int i = 0; i < N; i++) b[i] = t[a[i] % N];
       }`,
    ],
  ];
  // Guards the report's "at most K values live at once in a run (lower bound)": a data-
  // dependent while loop or condition must give no count, its affine twin a count.
  it.each([
    [
      'a while loop with a data-dependent bound',
      'while (n < N && a[n] > 0) { t[n] = a[n]; n++; }',
      false,
    ],
    ['a data-dependent condition', 'for (n = 0; n < N; n++) if (a[n] > 0) t[n] = a[n];', false],
    ['the affine twin', 'for (n = 0; n < N; n++) t[n] = a[n];', true],
  ])('%s: maxLive counted = %s', (_, fill, counted) => {
    const source = `#define N 16
      void k(const double a[N], double b[N]) {
        double t[N];
        int n = 0;
        for (int i = 0; i < N; i++) t[i] = 0;
        ${fill}
        for (int i = 0; i < N; i++) b[i] = t[i];
      }`;
    const fn = buildModel(source, 'case.c', {}).functions[0]!;
    const t = fn.arrays.find((a) => a.name === 't')!;
    const values: Record<string, bigint> = {};
    for (const p of fn.parameters) if (p.value !== undefined) values[p.name] = p.value;
    const r = dynamicMaxLive(fn, t, values, { maxOperations: 1e6 });
    expect(r.kind).toBe(counted ? 'done' : 'skipped');
  });

  it.each(CASES)('%s', (_, name, source) => {
    const fn = buildModel(source, 'case.c', {}).functions[0]!;
    const values: Record<string, bigint> = {};
    for (const p of fn.parameters) if (p.value !== undefined) values[p.name] = p.value;
    expect(
      compare(
        fn,
        fn.arrays.find((a) => a.name === name)!,
        values,
      ),
    ).toBe(true);
  });
});

describe('budget', () => {
  const source = `
    #define N 2000
    void k(double out[N]) {
      double t[N][N];
      for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) t[i][j] = i + j;
      for (int i = 0; i < N; i++) out[i] = t[i][N - 1 - i];
    }`;
  const fn = buildModel(source, 'budget.c', {}).functions[0]!;
  const t = fn.arrays.find((a) => a.name === 't')!;
  const N = { N: 2000n };

  it('stops at the operation limit (4e6 instances, limit 1e5)', () => {
    const r = dynamicMaxLive(fn, t, N, { maxOperations: 100_000 });
    expect(r).toMatchObject({ kind: 'skipped', reason: expect.stringMatching(/more than 100000/) });
  });

  it('refuses a run beyond its memory budget before allocating it', () => {
    const r = dynamicMaxLive(fn, t, N, { maxOperations: 1e8, maxBytes: 1_000_000 });
    expect(r).toMatchObject({ kind: 'skipped', reason: expect.stringMatching(/MB/) });
  });

  it('reports maxLive of the whole run within the budget', () => {
    const r = dynamicMaxLive(fn, t, N, { maxOperations: 1e7 });
    // Every t[i][j] is written, and read once (j = N-1-i): N^2 - N dead values end at once.
    expect(r).toMatchObject({ kind: 'done', accesses: 2000 * 2000 + 2000 });
  });
});

describe('the pipeline with the default oracle budget', () => {
  // Issue 17: the interpreted oracle's 300,000 operations gave no maxLive for a 64 x 48
  // line buffer (3,072 cells) or a time-expanded stencil of ~4,100 cells.
  it.each([
    ['linebuf.c', 'tmp', { H: 64n, W: 48n }, 144],
    ['stencil_time.c', 'A', { T: 16n, N: 256n }, 257],
  ])('%s: maxLive of %s is reported', async (file, name, defines, maxLive) => {
    const source = fs.readFileSync(path.join(ROOT, 'samples', file), 'utf8');
    const { report } = await analyzeSource(source, file, {
      defines,
      temporaries: [],
      only: [],
      heuristic: 'auto',
      modulo: 'exact',
      minGain: 0.05,
      budgetMs: 1000,
    });
    expect(report.arrays.find((a) => a.name === name)).toMatchObject({ maxLive });
  });
});
