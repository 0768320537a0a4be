/**
 * A contracted parameter becomes a private array of its function (src/pipeline/privatize.ts),
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
import * as A from '../poly/affine.js';
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import { jsonInt, type ArrayReport } from './report.js';

/**
 * Stack the private copies of one function may take together. Well below the smallest common
 * thread stack (musl's 128 KiB) so that the copies never are what exhausts it.
 */
export const PRIVATE_STACK_BYTES = 64n * 1024n;

/** What this module needs of a decision (analysis.ts's ArrayDecision; no import cycle). */
interface ArrayDecision {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly symbolicModuli?: readonly A.Affine[];
  readonly placement?: 'in-place' | 'private';
}

/** Bytes of a decision's private copy, or undefined when not known at compile time. */
function privateBytes(d: ArrayDecision, report: ArrayReport): bigint | undefined {
  if (d.symbolicModuli && !d.symbolicModuli.every(A.isConstant)) return undefined;
  const bytes = report.compressedBytes;
  return bytes === undefined ? undefined : BigInt(bytes);
}

/**
 * The decisions that are kept; the others' reports become `unchanged` with the reason.
 * `reportOf` finds the report entry of a decision.
 */
export function limitPrivateStack<D extends ArrayDecision>(
  decisions: readonly D[],
  reportOf: (d: D) => ArrayReport | undefined,
  /** Bytes the private copies of one function may take (`--private-stack`). */
  limit: bigint = PRIVATE_STACK_BYTES,
): D[] {
  const dropped = new Set<D>();
  const byFunction = new Map<string, D[]>();
  for (const d of decisions) {
    if (d.placement !== 'private') continue;
    byFunction.set(d.fn.name, [...(byFunction.get(d.fn.name) ?? []), d]);
  }
  const drop = (d: D, report: ArrayReport, why: string) => {
    dropped.add(d);
    report.status = 'unchanged';
    report.reason = why;
    // The note "gets a private array" no longer holds.
    report.warnings = report.warnings.filter((w) => !w.includes('gets a private array'));
    report.compressedCells = report.originalCells;
    if (report.originalBytes !== undefined) report.compressedBytes = report.originalBytes;
  };
  for (const [fn, ds] of byFunction) {
    const sized: { d: D; report: ArrayReport; bytes: bigint }[] = [];
    for (const d of ds) {
      const report = reportOf(d);
      if (!report) continue;
      const bytes = privateBytes(d, report);
      if (bytes === undefined)
        drop(
          d,
          report,
          `its private array in ${fn}() would be on the stack with a size known only at run time ` +
            `(the caller's buffer may be on the heap): left unchanged`,
        );
      else sized.push({ d, report, bytes });
    }
    let total = sized.reduce((s, x) => s + x.bytes, 0n);
    // Largest first: giving up the largest copy frees the most stack.
    for (const x of [...sized].sort((a, b) =>
      b.bytes > a.bytes ? 1 : b.bytes < a.bytes ? -1 : 0,
    )) {
      if (total <= limit) break;
      drop(
        x.d,
        x.report,
        `its private array (${x.report.compressedCells} cells, ${x.bytes} bytes) would be on the stack of ` +
          `${fn}(), and the private arrays of ${fn}() would take ${total} bytes there, more than ` +
          `${jsonInt(limit)} (the caller's buffer may be on the heap; --private-stack sets the limit): left unchanged`,
      );
      total -= x.bytes;
    }
  }
  return decisions.filter((d) => !dropped.has(d));
}
