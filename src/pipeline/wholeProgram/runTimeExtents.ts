/**
 * A caller's variable-length array passed to a parameter of run-time extents
 * (`double t[n][m]` to `double t[n][m]` of the callee): when the storage shrinks on some
 * dimensions (callerStorage.ts), the others keep their run-time extent on both sides, and the
 * callee's accesses stay inside the caller's object only if both extents of each such inner
 * dimension are the same value at the call (the outermost one bounds nothing). That holds
 * when, with the values of constants put in, the callee's extent with each of its parameters
 * replaced by the argument the call passes for it (a plain name) is the caller's extent, and
 * every name left is one the model holds constant through the caller: an argument it never
 * assigns, or a local set once where it is declared (frontend/names.ts), so that the value
 * the array was declared with is the value at the call.
 */
import * as A from '../../poly/affine.js';
import { nameRecord } from '../../poly/nameRecord.js';
import type { Extent, FunctionModel } from '../../model/types.js';
import type { CallSite } from '../../model/calls.js';

/** The values of `fn`'s constants, for substitution. */
function constants(fn: FunctionModel): Record<string, A.Affine> {
  const out = nameRecord<A.Affine>();
  for (const p of fn.parameters) if (p.value !== undefined) out[p.name] = A.constant(p.value);
  return out;
}

/** Whether `name` keeps one value through `fn` (an unassigned argument, a once-set local). */
function invariant(fn: FunctionModel, name: string): boolean {
  const p = fn.parameters.find((x) => x.name === name);
  return !!p && p.value === undefined && (p.source === 'argument' || p.source === 'vla');
}

export function sameRunTimeExtent(
  caller: FunctionModel,
  callerExtent: Extent,
  callee: FunctionModel,
  calleeExtent: Extent,
  calleeParameters: readonly string[],
  call: CallSite,
): boolean {
  if (!callerExtent.expr || !calleeExtent.expr) return false;
  const mine = A.substitute(callerExtent.expr, constants(caller));
  if (!A.variables(mine).every((v) => invariant(caller, v))) return false;
  const theirs = A.substitute(calleeExtent.expr, constants(callee));
  const passed = nameRecord<A.Affine>();
  for (const v of A.variables(theirs)) {
    const p = callee.parameters.find((x) => x.name === v);
    const index = calleeParameters.indexOf(v);
    const arg = call.arguments?.[index]?.trim() ?? '';
    if (p?.source !== 'argument' || index < 0 || !/^[A-Za-z_]\w*$/.test(arg)) return false;
    if (!invariant(caller, arg)) return false;
    passed[v] = A.variable(arg);
  }
  return A.equal(A.substitute(theirs, passed), mine);
}
