/**
 * The values the model knows for a function's parameters (`#define`d sizes, `-D` values,
 * set-once locals): the record every stage fixes a conflict set, a run or a printed size with.
 */
import { nameRecord } from '../poly/nameRecord.js';
import type { FunctionModel } from './types.js';

/** Known parameter values, keyed by C name (over `base`'s entries, when given). */
export function knownParameterValues(
  fn: FunctionModel,
  base?: Readonly<Record<string, bigint>>,
): Record<string, bigint> {
  const out = nameRecord<bigint>(base);
  for (const p of fn.parameters) if (p.value !== undefined) out[p.name] = p.value;
  return out;
}
