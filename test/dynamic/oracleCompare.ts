/**
 * The compiled oracle (src/dynamic/compiled/) against the interpreted reference
 * (test/helpers/interpretedOracle.ts) on one array: every field of the run is the same, and
 * the typed-array maxLive (src/dynamic/maxLive.ts) agrees with both. For
 * compiledOracle.test.ts and the sweep over more random kernels,
 * compiledOracleRandom.long.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildModel } from '../../src/frontend/index.js';
import { ROOT } from '../helpers/cli.js';
import { randomKernelModel } from '../helpers/randomKernel.js';
import { interpretedLifetimes } from '../helpers/interpretedOracle.js';
import { dynamicLifetimes } from '../../src/dynamic/lifetimes.js';
import { DATA_DEPENDENT, dynamicMaxLive } from '../../src/dynamic/maxLive.js';
import type { ArrayInfo, FunctionModel } from '../../src/model/types.js';

/** Some access to the array runs under a condition or bound the model over-approximates. */
const dataDependent = (fn: FunctionModel, array: ArrayInfo) =>
  fn.statements.some((s) =>
    s.accesses.some((a) => a.array === array.name && (s.may || s.overApproximated || a.may)),
  );

/** Runs both oracles; returns whether they were compared (both done). */
export function compare(
  fn: FunctionModel,
  array: ArrayInfo,
  values: Record<string, bigint>,
): boolean {
  let compared = false;
  for (const exposedLiveFromStart of [true, false]) {
    const options = { maxOperations: 2_000_000, exposedLiveFromStart, intervals: true };
    const reference = interpretedLifetimes(fn, array, values, options);
    const compiled = dynamicLifetimes(fn, array, values, options);
    if (reference.kind !== 'done') continue;
    expect(compiled.kind).toBe('done');
    if (compiled.kind !== 'done') continue;
    const { operations: _a, ...r } = reference;
    const { operations: _b, ...c } = compiled;
    expect({ array: array.name, ...c }).toEqual({ array: array.name, ...r });
    const fast = dynamicMaxLive(fn, array, values, options);
    // Guards the report's lower bound: with an access to "any cell" the run is not known,
    // and maxLive must not be claimed (datadep's hist got 1032 values in 8 cells).
    if (reference.approximate) expect(fast.kind).toBe('skipped');
    // Guards the same claim where a loop bound or condition depends on data: the walk runs
    // instances no real run has (datadep's w: 128 values, 17 in the real run).
    else if (dataDependent(fn, array))
      expect(fast).toMatchObject({
        kind: 'skipped',
        reason: expect.stringContaining(DATA_DEPENDENT),
      });
    else
      expect(fast).toMatchObject({
        kind: 'done',
        values: reference.values.maxLive,
        cells: reference.maxLive,
      });
    compared = true;
  }
  return compared;
}

/** The random kernels' seeds: compiledOracle.test.ts takes the first few, the long suite the rest. */
export const RANDOM_SEEDS = Array.from({ length: 40 }, (_, k) => 7000 + k);

/** Compares every temporary of the random kernel of `seed`; returns how many were compared. */
export function compareRandomKernel(seed: number): number {
  const { kernel, fn, values } = randomKernelModel(seed);
  let compared = 0;
  for (const t of kernel.temporaries) {
    const array = fn.arrays.find((a) => a.name === t.name);
    if (array && compare(fn, array, values)) compared++;
  }
  return compared;
}

/** The samples' sizes for the interpreted reference, small enough for it. */
const SMALL: Record<string, Record<string, bigint>> = {
  'durbin.c': { N: 8n },
  'dynprog.c': { N: 6n },
  'gauss.c': { N: 8n, M: 8n },
  'mot_detect.c': { M: 6n, N: 6n, RM: 1n, RN: 1n },
  'vla.c': { n: 4n, m: 5n },
  'linebuf.c': { H: 8n, W: 8n },
  'stencil_time.c': { T: 5n, N: 8n },
  'reg_detect.c': { N: 4n, P: 4n },
  // Small enough for the interpreted reference (nw at its N = 129 took 19 s of the suite).
  'nw.c': { N: 17n },
  'adi_rows.c': { N: 10n, TSTEPS: 2n },
  'datadep.c': { N: 32n },
  'frame_scratch.c': { F: 4n, W: 16n },
};

/** The samples/*.c files. */
export const SAMPLE_FILES = fs
  .readdirSync(path.join(ROOT, 'samples'))
  .filter((f) => f.endsWith('.c'))
  .sort();

/**
 * The samples compiledOracle.test.ts leaves to compiledOracleSamples.long.test.ts: the
 * slowest under the interpreted reference (two thirds of the suite's time, issue 29 item 6).
 */
export const LONG_SAMPLES = [
  'adi_rows.c',
  'dynprog_tsteps.c',
  'gauss.c',
  'hls.c',
  'mot_detect.c',
  'nw.c',
  'reverse_stride.c',
  'vla.c',
];

/** Compares the oracles on every array of a sample at small sizes; how many were compared. */
export function compareSample(file: string): number {
  const source = fs.readFileSync(path.join(ROOT, 'samples', file), 'utf8');
  const model = buildModel(source, file, { defines: SMALL[file] ?? {} });
  let compared = 0;
  for (const fn of model.functions) {
    const values: Record<string, bigint> = {};
    for (const p of fn.parameters) if (p.value !== undefined) values[p.name] = p.value;
    for (const array of fn.arrays) if (compare(fn, array, values)) compared++;
  }
  return compared;
}
