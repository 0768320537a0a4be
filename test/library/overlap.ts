/**
 * Calls of the library that overlap in one process (concurrent.test.ts and
 * concurrent.long.test.ts): what each call gives alone, one after the other, and what the
 * same calls give awaiting at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { contract, type ContractResult, type Options } from '../../src/index.js';
import { ROOT } from '../helpers/cli.js';

const SAMPLES = path.join(ROOT, 'samples');
/** The sample programs, samples/*.c. */
export const SAMPLE_FILES = fs
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

/** A call: a sample's file name and the options. */
export type Job = readonly [string, Options?];

export async function alone(jobs: readonly Job[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [file, options] of jobs) out.push(await run(file, options));
  return out;
}

export const together = (jobs: readonly Job[]) =>
  Promise.all(jobs.map(([file, options]) => run(file, options)));
