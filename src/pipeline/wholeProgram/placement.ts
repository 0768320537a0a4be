/**
 * Where a contracted parameter's cells live. A temporary across calls (wholeProgram.ts) or a
 * promised parameter used to get a private contracted array on the function's stack, while
 * the caller's buffer kept its size: new memory the original never used (a stack that can
 * overflow where the caller's buffer was on the heap), and nothing saved in the program.
 *
 * When every row of the mapping copies one dimension of its own (`t[i][j]` ->
 * `t[i][j % 2]`: the slot of each dimension is its index modulo b_d), the function can index
 * its callers' buffer through the mapping instead, keeping the parameter's type: every slot
 * index `x mod b` of an index `x >= 0` is at most `x`, so it stays inside the object the
 * caller passed (the outermost index is proved non-negative, parameterExtents.ts; the inner
 * ones are within their extents in any run without undefined behaviour). No copy, no stack,
 * and the caller's storage can then shrink where it is declared. Other mappings (a skewed or
 * combined row) keep the private array.
 */
import type { ArrayDecision } from '../decision.js';
import { copiedDimension } from '../../rewrite/index.js';
import type { Finding } from '../../model/reasons.js';
import { warn } from '../../model/reasons.js';

/** Whether every row of the mapping copies one dimension, no two the same one. */
function foldsDimensionwise(M: readonly (readonly bigint[])[]): boolean {
  const dims = M.map(copiedDimension);
  return dims.every((d) => d !== undefined) && new Set(dims).size === dims.length;
}

/** The placement of a decision's array (undefined for anything but a parameter). */
export function placementOf(d: ArrayDecision): ArrayDecision['placement'] {
  if (d.array.storage !== 'parameter') return undefined;
  // Only where every call is seen (a temporary across calls, not a promise): a caller the
  // file does not show might pass the same buffer for another parameter, whose cells an
  // in-place fold would then write (a private copy writes none of the caller's).
  const seen = d.callSites !== undefined;
  return seen && !d.array.delinearized && foldsDimensionwise(d.mapping.M) ? 'in-place' : 'private';
}

/**
 * A contracted parameter's placement, and what its report says of it: in place where the
 * mapping folds dimension-wise, else a private array (whose stack privateStack.ts then
 * limits). Other arrays as they are.
 */
export function placeParameter(d: ArrayDecision): { d: ArrayDecision; note?: Finding } {
  const placement = placementOf(d);
  if (!placement) return { d };
  const name = `${d.fn.name}()`;
  const note =
    placement === 'in-place'
      ? warn(
          'folded-in-place',
          `folded in place: ${name} indexes its callers' buffers through the mapping (no private copy, no new memory); the callers' buffers keep their size`,
        )
      : warn(
          'private-array',
          `${name} gets a private array (its mapping does not fold dimension by dimension), and the callers' buffers no longer carry values for it (they could be shrunk or removed where nothing else uses them)`,
        );
  return { d: { ...d, placement }, note };
}
