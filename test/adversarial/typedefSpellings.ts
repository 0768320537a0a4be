/**
 * Fuzz kernels written with typedef names for their integer types (scripts/fuzz/generate.ts,
 * `forms.typedefs`) decide as the same kernels with the types spelled out: the sweep of
 * typedefs.test.ts (a few seeds) and typedefs.long.test.ts (the others).
 */
import { analyze } from '../../src/index.js';
import { generateKernel } from '../../scripts/fuzz/generate.js';

export const TYPEDEF_SEEDS = Array.from({ length: 12 }, (_, k) => 55001 + k);

/** What the report decides for each array, without its line and column numbers. */
async function decisions(source: string): Promise<string> {
  const report = await analyze(source, { file: 'kernel.c' });
  return JSON.stringify(
    report.arrays.map(({ name, status, reason, compressedCells, mapping }) => ({
      name,
      status,
      reason,
      compressedCells,
      mapping,
    })),
  ).replace(/\d+:\d+/g, 'L:C');
}

export async function decidesAsSpelled(seed: number): Promise<void> {
  const forms = { casts: 0.4, counters: 0.6, while: 0.2 };
  const named = generateKernel(seed, { forms: { ...forms, typedefs: 0.7 } }).source;
  const spelled = generateKernel(seed, { forms }).source;
  expect(named).not.toBe(spelled);
  expect(await decisions(named)).toBe(await decisions(spelled));
}
