/**
 * The outcome of the decision about one array (issue 28): built by small passes, each of
 * which either hands the array on with what it found, or refuses it with a reason code
 * (`refuse(CODE, message)`). Outcomes are never changed in place: a pass returns a new one.
 * The report (report.ts) and the rewrite plan (src/pipeline/contraction.ts) are built from
 * the outcomes once every pass has run.
 */
import { refuse, statusOf, warn, type Finding, type Refusal } from '../../model/reasons.js';

export { refuse, statusOf, warn, type Refusal };
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import type { ArrayReport } from '../report.js';
import type { ArrayDecision } from '../decision.js';
import type { BufferShrink } from '../wholeProgram/callerStorage.js';

/**
 * What the report says of the array besides its verdict, as the passes found it: the parts
 * of the JSON report that describe the analysis (conflict set, mapping found, oracle, ...).
 */
export type ReportFacts = Partial<
  Pick<
    ArrayReport,
    | 'delinearization'
    | 'ds'
    | 'explanation'
    | 'assumes'
    | 'mapping'
    | 'heuristic'
    | 'maxLive'
    | 'maxLiveKind'
  >
>;

/** A contracted array: its decision for the rewriter and its size for the report. */
export interface Contraction {
  readonly kind: 'contracted';
  readonly decision: ArrayDecision;
  /** Cells after: a number, or the C text of a size known only at run time. */
  readonly cells: bigint | string;
  /** Bytes after, when known; `undefined` leaves the report without them. */
  readonly bytes?: bigint;
  /**
   * A parameter folded in place: the cells per struct object that the struct members shrunk
   * with it free (their storage, counted on its entry: crossFilePlan.ts, reports.ts).
   */
  readonly memberCells?: bigint;
  /**
   * The function keeps its original body beside the contracted one (a run-time guard,
   * `if (n != 30) { original } else { contracted }`): both arrays take the one stack frame,
   * so the program as built saves no bytes through this array (file.ts sharedFrames).
   */
  readonly frameShared?: true;
}

/** A caller's local array that shrinks with the parameters folded in it (callerStorage.ts). */
interface Shrink {
  readonly kind: 'shrunk';
  readonly shrink: BufferShrink;
}

/** The outcome of one array of the file. */
export interface ArrayOutcome {
  readonly fn: FunctionModel;
  /**
   * The array as analysed (a parameter temporary across calls: with the extents its accesses
   * use, which its report counts too).
   */
  readonly array: ArrayInfo;
  readonly facts: ReportFacts;
  readonly warnings: readonly Finding[];
  readonly verdict: Refusal | Contraction | Shrink;
}

/** A heap buffer that shrinks: it has no array of its own in the model (callerStorage.ts). */
export interface HeapOutcome {
  readonly kind: 'heap';
  readonly shrink: BufferShrink;
  readonly warnings: readonly Finding[];
}

export type Outcome = ArrayOutcome | HeapOutcome;

export const isHeap = (o: Outcome): o is HeapOutcome => 'kind' in o && o.kind === 'heap';

export const isContracted = (o: Outcome): o is ArrayOutcome & { readonly verdict: Contraction } =>
  !isHeap(o) && 'kind' in o.verdict && o.verdict.kind === 'contracted';

/** The outcome with one more warning. */
export function withWarning<O extends Outcome>(o: O, w: Finding): O {
  return { ...o, warnings: [...o.warnings, w] };
}

/** The outcome refused after all (a pass over the whole file): its result is dropped. */
export function refused(o: ArrayOutcome, r: Refusal): ArrayOutcome {
  return { ...o, verdict: r };
}
