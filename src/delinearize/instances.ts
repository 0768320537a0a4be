/**
 * The integer points at which one access happens, as a set the polyhedral core can
 * optimise over: the statement's domain with the access's existentials and the
 * function's context. Parameters with a known value are fixed to it (the model already
 * rests on those values, and the contracted program is guarded for them); the others stay
 * free dimensions, so a bound proven over this set holds for every value they can take.
 */
import * as A from '../poly/affine.js';
import * as P from '../poly/index.js';
import type { Access, FunctionModel, Statement } from '../model/types.js';
import { accessInstanceSet } from '../model/instances.js';
import { nameRecord } from '../poly/nameRecord.js';

export interface AccessInstances {
  readonly set: P.PolySet;
  /** Known parameter values, substituted into an affine form before optimising it. */
  readonly known: Readonly<Record<string, A.Affine>>;
}

export function accessInstances(
  fn: FunctionModel,
  statement: Statement,
  access: Access,
  values: Readonly<Record<string, bigint>>,
): AccessInstances {
  const set = accessInstanceSet(fn, statement, access, values);
  const known = nameRecord<A.Affine>();
  for (const p of fn.parameters) {
    const v = A.ownValue(values, p.name);
    if (v !== undefined) known[p.name] = A.constant(v);
  }
  return { set, known };
}

export type Range =
  { kind: 'empty' } | { kind: 'unbounded' } | { kind: 'range'; min: bigint; max: bigint };

/** Exact integer min and max of `form` over the instances. */
export function rangeOver(instances: AccessInstances, form: A.Affine): Range {
  const value = A.substitute(form, instances.known);
  const max = P.maximize(instances.set, value);
  if (max.kind === 'empty') return { kind: 'empty' };
  const min = P.minimize(instances.set, value);
  if (max.kind !== 'value' || min.kind !== 'value') return { kind: 'unbounded' };
  return { kind: 'range', min: min.value, max: max.value };
}
