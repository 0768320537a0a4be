/**
 * Which conflict set an array is analysed with: the value-based one when it can be built
 * within its budget, else the cell-based one (which contains it), and which parameters the
 * chosen set depends on.
 */
import type * as P from '../../poly/index.js';
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import type { ConflictSet } from '../../lifetime/conflictSet.js';
import { valueConflictSet } from '../../lifetime/valueConflicts.js';
import { isOwnOverrun, withWorkBudget } from '../../poly/budget.js';

/** Only parameters that actually occur in the set matter for its value. */
export function parametersUsed(ds: P.PolySet): string[] {
  const used = new Set<string>();
  for (const b of ds.pieces) {
    for (const row of [...b.eqs, ...b.ineqs]) {
      ds.space.params.forEach((p, k) => {
        if (row[1 + k] !== 0n) used.add(p);
      });
    }
  }
  return [...used];
}

/**
 * The value-based conflict set (docs/design.md "Lifetime analysis"), with its own work budget;
 * `cs` is undefined, with the reason, when the cell-based set must be used instead (sound:
 * it contains the value-based one).
 */
export function valueOrCellConflicts(
  fn: FunctionModel,
  array: ArrayInfo,
  values: Readonly<Record<string, bigint>>,
  work: number,
): { cs?: ConflictSet; reason?: string } {
  try {
    const v = withWorkBudget(work, () =>
      valueConflictSet(fn, array, { values, exposedLiveFromStart: valueMayFlowIn(array) }),
    );
    if ('unsupported' in v) return { reason: `value-based lifetimes not used: ${v.unsupported}` };
    return { cs: v };
  } catch (e) {
    if (isOwnOverrun(e)) {
      return { reason: `value-based lifetimes too expensive (${e.message}): cell-based used` };
    }
    throw e;
  }
}

/**
 * Whether a read before any write can see a real value: not in a local array without
 * initializer (indeterminate; the read is reported), unless the user marked it temporary.
 */
export function valueMayFlowIn(array: ArrayInfo): boolean {
  return array.storage !== 'local' || array.markedTemporary;
}
