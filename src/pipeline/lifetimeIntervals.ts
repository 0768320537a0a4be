/**
 * The lifetimes of an array's cells in one run of the dynamic oracle (src/dynamic), for
 * pictures: per written cell its first write and last access, in execution order.
 */
import { dynamicLifetimes } from '../dynamic/lifetimes.js';
import type { Analysis } from './analysis.js';
import type { ArrayReport } from './report.js';

export interface CellInterval {
  readonly cell: readonly bigint[];
  readonly firstWrite: number;
  readonly lastAccess: number;
}

export function cellIntervals(
  analysis: Analysis,
  a: ArrayReport,
  maxOperations = 300_000,
): readonly CellInterval[] | undefined {
  const fn = analysis.model.functions.find((f) => f.name === a.function);
  const array = fn?.arrays.find((x) => x.name === a.name && x.loc.line === a.line);
  if (!fn || !array || !array.candidate) return undefined;
  const values: Record<string, bigint> = {};
  for (const p of fn.parameters) if (p.value !== undefined) values[p.name] = p.value;
  const run = dynamicLifetimes(fn, array, values, { maxOperations, intervals: true });
  return run.kind === 'done' ? run.intervals : undefined;
}
