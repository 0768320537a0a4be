/** The decision the analysis hands to the rewriter for one contracted array. */
import type * as A from '../poly/affine.js';
import type { ArrayInfo, FunctionModel } from '../model/types.js';
import type { Mapping } from '../lattice/index.js';
import type { PolySet } from '../poly/index.js';
import type { CallerEvidence } from '../lifetime/crossCall.js';

/** What the rewriter needs for one contracted array. */
export interface ArrayDecision {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  /** Rows with modulus 1 removed; empty: a scalar. */
  readonly mapping: Mapping;
  /**
   * Moduli as affine forms of parameters known only at run time (then `mapping.b` holds
   * their values at one sample point, for display only); proven for every value.
   */
  readonly symbolicModuli?: readonly A.Affine[];
  /** Parameter values the mapping was computed and verified for. */
  readonly assumes: Readonly<Record<string, bigint>>;
  /**
   * Where a contracted parameter's cells live (placement.ts): `in-place`, the function indexes
   * its callers' buffer through the mapping (no copy, no new memory); `private`, a contracted
   * array of its own on its stack. Undefined for every other array.
   */
  readonly placement?: 'in-place' | 'private';
  /** A temporary across calls: the call sites and the buffers they pass (crossCall.ts). */
  readonly callSites?: readonly CallerEvidence[];
  /** The conflict set the mapping was chosen for, with the parameter values it assumes. */
  readonly conflicts?: { readonly ds: PolySet; readonly params: Readonly<Record<string, bigint>> };
  /**
   * A file-scope array used by several functions (sharedScratch.ts): another decision edits
   * its one declaration; this one rewrites its function's accesses only.
   */
  readonly sharesDeclaration?: boolean;
}
