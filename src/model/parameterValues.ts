/**
 * The values the model knows for a function's parameters (`#define`d sizes, `-D` values,
 * set-once locals): the record every stage fixes a conflict set, a run or a printed size with.
 */
import { nameRecord } from '../poly/nameRecord.js';
import type { FunctionModel } from './types.js';
import { warn, type Finding } from './reasons.js';

/** Known parameter values, keyed by C name (over `base`'s entries, when given). */
export function knownParameterValues(
  fn: FunctionModel,
  base?: Readonly<Record<string, bigint>>,
): Record<string, bigint> {
  const out = nameRecord<bigint>(base);
  for (const p of fn.parameters) if (p.value !== undefined) out[p.name] = p.value;
  return out;
}

/**
 * What the model of `fn` takes from its calls (pipeline/wholeProgram/callSiteValues.ts): the
 * values and equalities every call passes, as a note beside a result that rests on them.
 */
export function callSiteNote(fn: FunctionModel): Finding | undefined {
  const passed = fn.parameters.filter((p) => p.source === 'call-sites' || p.equals !== undefined);
  if (passed.length === 0) return undefined;
  const facts = passed.map((p) =>
    p.source === 'call-sites' ? `${p.name} = ${p.value}` : `${p.name} == ${p.equals}`,
  );
  const calls = passed[0]!.passedBy ?? [];
  // (a value another data model gives otherwise is guarded by that model: BC1507)
  const modelled = passed.some((p) => (p.dataModelFacts ?? []).length > 0);
  return warn(
    'call-site-values',
    `computed for ${facts.join(', ')}, what every call of ${fn.name}() passes (${calls.join(', ')}): no other value reaches it${modelled ? ' in this data model' : ', so no guard is needed'}`,
  );
}
