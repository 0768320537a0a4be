/**
 * What the analysis of one file sees of the other files of its set (issue 27), as plain data:
 * it goes with the file's options to a worker and into its cache key. Built by
 * src/pipeline/wholeProgram/fileSet.ts, read by the cross-call decision.
 */
import type { FunctionCalls } from './calls.js';
import type { ReasonName } from './reasons.js';

export type ExternalVerdict =
  | { readonly analysable: true }
  | { readonly analysable: false; readonly code: ReasonName; readonly reason: string };

/** What the analysis of one file sees of the other files of its set. */
export interface ProgramView {
  /** Functions of the other units, names resolved from this file's point of view. */
  readonly foreign: readonly FunctionCalls[];
  /** Per function with external linkage this file defines: may every call be seen? */
  readonly externals: Readonly<Record<string, ExternalVerdict>>;
  /** Files of the set whose unit includes this file (a unity build). */
  readonly includedBy: readonly string[];
  /**
   * This file's functions with external linkage that other units define too (a weak one
   * overridden, two programs in one set), with the names their definitions have in `foreign`.
   */
  readonly overridden: Readonly<Record<string, readonly string[]>>;
}
