/**
 * A seeded random kernel (scripts/fuzz/generate.ts) as a model: its `kernel` function and
 * the parameter values of its run (defines folded by the frontend, then the call's arguments).
 */
import { generateKernel } from '../../scripts/fuzz/generate.js';
import { buildModel } from '../../src/frontend/index.js';
import type { FunctionModel } from '../../src/model/types.js';

export function randomKernelModel(seed: number) {
  const kernel = generateKernel(seed, { maxTemps: 2, maxInstances: 1000 });
  const model = buildModel(kernel.source, `seed-${seed}.c`, {});
  const fn: FunctionModel = model.functions.find((f) => f.name === 'kernel')!;
  const values: Record<string, bigint> = {};
  for (const p of fn.parameters) {
    const v =
      p.value ?? (kernel.args[p.name] !== undefined ? BigInt(kernel.args[p.name]) : undefined);
    if (v !== undefined) values[p.name] = v;
  }
  return { kernel, fn, values };
}
