/**
 * A contracted parameter becomes a private array of its function (src/rewrite/insertions.ts),
 * declared in the function's body, that is on the stack. The caller's buffer it replaces may
 * have been on the heap (PolyBench allocates every array with polybench_alloc_data), so the
 * private copies are new stack the original program never used: a contracted array that is
 * still large (adi's `v` keeps N*(N-1) cells) would overflow the stack for the larger data
 * sets and the contracted program would crash where the original ran.
 *
 * So the private copies of one function must fit in PRIVATE_STACK_BYTES together, and their
 * size must be known when the file is compiled (a private copy whose size depends on a run-time
 * parameter would be a VLA of unknown size). The largest copies are given up first; each one
 * given up is left unchanged, with the reason.
 */
import * as A from '../../poly/affine.js';
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import { jsonInt } from '../report.js';
import { refuse, type Refusal } from '../../model/reasons.js';

/**
 * Stack the private copies of one function may take together. Well below the smallest common
 * thread stack (musl's 128 KiB) so that the copies never are what exhausts it.
 */
export const PRIVATE_STACK_BYTES = 64n * 1024n;

/** What this module needs of a decision (decision.ts's ArrayDecision). */
interface ArrayDecision {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly symbolicModuli?: readonly A.Affine[];
  readonly placement?: 'in-place' | 'private';
}

/** A contracted parameter's private copy: its decision and its size as reported. */
export interface PrivateCopy<D extends ArrayDecision> {
  readonly d: D;
  /** Its cells as the report gives them (a number, or the C text of a run-time size). */
  readonly cells: number | string;
  /** Its bytes, when known. */
  readonly bytes?: bigint;
}

/** Bytes of a private copy, or undefined when not known at compile time. */
function privateBytes<D extends ArrayDecision>(c: PrivateCopy<D>): bigint | undefined {
  if (c.d.symbolicModuli && !c.d.symbolicModuli.every(A.isConstant)) return undefined;
  return c.bytes;
}

/**
 * The private copies given up, each with the reason it is left unchanged (the others are
 * kept). Only decisions placed `private` are counted.
 */
export function limitPrivateStack<D extends ArrayDecision>(
  copies: readonly PrivateCopy<D>[],
  /** Bytes the private copies of one function may take (`--private-stack`). */
  limit: bigint = PRIVATE_STACK_BYTES,
): Map<D, Refusal> {
  const dropped = new Map<D, Refusal>();
  const byFunction = new Map<string, PrivateCopy<D>[]>();
  for (const c of copies) {
    if (c.d.placement !== 'private') continue;
    byFunction.set(c.d.fn.name, [...(byFunction.get(c.d.fn.name) ?? []), c]);
  }
  for (const [fn, cs] of byFunction) {
    const sized: { c: PrivateCopy<D>; bytes: bigint }[] = [];
    for (const c of cs) {
      const bytes = privateBytes(c);
      if (bytes === undefined)
        dropped.set(
          c.d,
          refuse(
            'private-stack-run-time-size',
            `its private array in ${fn}() would be on the stack with a size known only at run time ` +
              `(the caller's buffer may be on the heap): left unchanged`,
          ),
        );
      else sized.push({ c, bytes });
    }
    let total = sized.reduce((s, x) => s + x.bytes, 0n);
    // Largest first: giving up the largest copy frees the most stack.
    for (const x of [...sized].sort((a, b) =>
      b.bytes > a.bytes ? 1 : b.bytes < a.bytes ? -1 : 0,
    )) {
      if (total <= limit) break;
      dropped.set(
        x.c.d,
        refuse(
          'private-stack-limit',
          `its private array (${x.c.cells} cells, ${x.bytes} bytes) would be on the stack of ` +
            `${fn}(), and the private arrays of ${fn}() would take ${total} bytes there, more than ` +
            `${jsonInt(limit)} (the caller's buffer may be on the heap; --private-stack sets the limit): left unchanged`,
        ),
      );
      total -= x.bytes;
    }
  }
  return dropped;
}
