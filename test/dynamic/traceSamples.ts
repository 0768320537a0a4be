/**
 * `check --trace` on a sample (pipeline/checking/traceCheck.ts): the run agrees with the
 * model of every array. Shared by traceCheck.test.ts (every other sample, in name order) and
 * traceCheckSamples.long.test.ts (the others: `npm run test:long`; issue 29, item 6).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { buildModel } from '../../src/frontend/index.js';
import { traceCheck } from '../../src/pipeline/checking/traceCheck.js';

const SAMPLES = path.resolve('samples');

export const SAMPLE_FILES = readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.c'))
  .sort();

/** One sample per SHARE in `npm test` (helpers/longShare.ts). */
export const SHARE = 2;

export async function traceSample(f: string): Promise<void> {
  const file = path.join(SAMPLES, f);
  const source = readFileSync(file, 'utf8');
  const r = await traceCheck(source, file, buildModel(source, file, {}), { runs: [[]] });
  expect(r.arrays.length).toBeGreaterThan(0);
  for (const a of r.arrays)
    expect([a.name, a.findings.map((x) => x.message)]).toEqual([a.name, []]);
}
