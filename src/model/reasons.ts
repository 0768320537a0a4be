/**
 * The reason codes (issue 28): every refusal and every warning of the analysis has a stable
 * code (`BC1203`) and name (`value-flows-in`), so that a JSON or SARIF consumer, `check` and
 * the tests can tell them apart without reading their words, and a user can suppress one.
 * The words of a message may change; a code keeps its meaning. docs/reasons.md explains each
 * with an example and what to do about it (a test keeps the two in step).
 *
 * `status`: what a refusal makes of the array (`unchanged`: left as written, it cannot be
 * contracted or need not be; `rejected`: the analysis could not decide, or a promise was not
 * kept); a code without one is a warning or a note beside a result. `kind`: for a reason the
 * frontend finds, the class of NotCandidateReason it belongs to.
 */
/** Why an array is no candidate (the frontend's finding), with its code. */
export interface NotCandidateReason {
  readonly kind:
    | 'escapes'
    | 'static'
    | 'global'
    | 'parameter'
    | 'volatile'
    | 'not-analysable'
    | 'initializer-not-modelled'
    | 'not-an-array'
    | 'excluded-by-option';
  /** Its code. */
  readonly reason: CandidacyReason;
  readonly message: string;
  /** 1-based line and column (model/types.ts's SourceLoc). */
  readonly loc: { readonly line: number; readonly column: number };
}

export interface ReasonEntry {
  readonly code: string;
  readonly status?: 'unchanged' | 'rejected';
  readonly kind?: NotCandidateReason['kind'];
  /** One line: what happened (the SARIF rule's short description). */
  readonly summary: string;
}

const refusal = (
  code: string,
  summary: string,
  status: 'unchanged' | 'rejected' = 'unchanged',
): ReasonEntry => ({ code, status, summary });
const candidacy = (code: string, kind: NotCandidateReason['kind'], summary: string) => ({
  code,
  status: 'unchanged' as const,
  kind,
  summary,
});
const warning = (code: string, summary: string): ReasonEntry => ({ code, summary });

/** Every code, by name. Codes are never reused for another meaning. */
export const REASONS = {
  // Requests and the file as a whole.
  kept: refusal('BC0001', 'kept as written by request (beeclak: keep)'),
  'not-selected': refusal('BC0002', 'not among the arrays selected with --only'),
  'function-not-analysed': warning('BC0101', 'a function is not analysed'),
  'scop-pragma-ignored': warning('BC0102', "a '#pragma scop' not at the top of a body is ignored"),
  'no-candidate-in-file': warning('BC0103', 'no array of the file can be a candidate'),

  // Candidacy: what the frontend sees of the array.
  parameter: candidacy('BC1001', 'parameter', 'a parameter (its cells belong to the caller)'),
  'static-local': candidacy('BC1002', 'static', 'a static local (it outlives a call)'),
  'file-scope': candidacy('BC1003', 'global', 'declared at file scope'),
  pointer: candidacy('BC1004', 'not-an-array', 'a pointer, not an array'),
  volatile: candidacy('BC1005', 'volatile', 'volatile'),
  extern: candidacy('BC1006', 'global', 'declared extern (its definition is elsewhere)'),
  'several-functions': candidacy('BC1007', 'not-analysable', 'used by several functions'),
  'extent-not-affine': candidacy('BC1008', 'not-analysable', 'an extent is unknown or not affine'),
  'address-taken': candidacy('BC1010', 'escapes', 'its address or an element address is taken'),
  'passed-to-call': candidacy('BC1011', 'escapes', 'passed to a call'),
  returned: candidacy('BC1012', 'escapes', 'returned'),
  'stored-in-struct': candidacy('BC1013', 'escapes', 'stored in a struct or an initializer'),
  'assigned-to-pointer': candidacy('BC1014', 'escapes', 'assigned to a pointer'),
  'used-as-pointer': candidacy('BC1015', 'escapes', 'used as a pointer'),
  'size-read': candidacy('BC1016', 'escapes', 'its size is read (sizeof, typeof, object size)'),
  'too-many-subscripts': candidacy('BC1020', 'not-analysable', 'more subscripts than dimensions'),
  'element-field': candidacy('BC1021', 'not-analysable', 'a field of an element is accessed'),
  'access-not-modelled': candidacy('BC1022', 'not-analysable', 'an access is not modelled'),
  'partial-subscript': candidacy('BC1023', 'not-analysable', 'a row is used as a pointer'),
  'accessed-through-macro': candidacy('BC1024', 'not-analysable', 'accessed through a macro'),
  'statement-not-modelled': candidacy('BC1025', 'not-analysable', 'a statement is not modelled'),
  'initializer-not-modelled': candidacy(
    'BC1026',
    'initializer-not-modelled',
    'its initializer is not modelled',
  ),
  'statement-expression': candidacy('BC1028', 'not-analysable', 'in a statement expression'),
  'write-not-evaluated': candidacy('BC1029', 'not-analysable', 'written where C may not evaluate'),
  'unsequenced-write': candidacy('BC1030', 'not-analysable', 'written and read unsequenced'),
  'declared-twice': candidacy('BC1031', 'not-analysable', 'its name is declared twice'),
  'loop-not-modelled': candidacy('BC1032', 'not-analysable', 'a loop around it is not modelled'),
  'loop-header-access': candidacy('BC1033', 'not-analysable', 'accessed in a loop header'),
  'asm-memory': candidacy('BC1034', 'not-analysable', 'an asm statement may touch any memory'),
  'configuration-unguarded': candidacy(
    'BC1035',
    'not-analysable',
    'no guard can keep the result to this configuration',
  ),
  'not-editable': candidacy('BC1036', 'not-analysable', 'its text cannot be edited safely'),
  'shared-by-threads': candidacy(
    'BC1037',
    'not-analysable',
    'accessed inside a parallel construct',
  ),
  'never-accessed': refusal('BC1038', 'never accessed: nothing to contract'),

  // Promises and temporaries across calls (the whole program).
  'promise-unusable': refusal('BC1101', 'a temporary promise cannot be used', 'rejected'),
  'promise-disproved': refusal('BC1102', 'a temporary promise is disproved', 'rejected'),
  'not-static': refusal('BC1110', 'the function is not static: other callers are not seen'),
  'called-from-unseen-code': refusal('BC1111', 'the function may be called from code not seen'),
  'included-by-other-file': refusal('BC1112', 'another file of the set includes this one'),
  recursive: refusal('BC1113', 'the function may call itself'),
  'argument-not-a-buffer': refusal('BC1114', 'a call passes an expression, not a buffer'),
  'not-called': refusal('BC1115', 'the function is not called in this file'),
  'buffer-not-analysable': refusal('BC1116', "a caller's buffer is not one the analysis reads"),
  'caller-unstructured': refusal('BC1117', 'a caller uses goto, setjmp or asm goto'),
  'passed-twice': refusal('BC1118', 'the buffer is passed twice to one call'),
  'buffer-escapes': refusal('BC1119', "the address of a caller's buffer escapes"),
  'callee-keeps-address': refusal('BC1120', 'a function given the buffer may keep its address'),
  'read-after-call': refusal('BC1121', 'the caller may use the buffer after the call'),
  'extents-unproved': refusal('BC1122', 'the extents the parameter uses are not proved'),
  'cross-call-budget': refusal('BC1123', 'the whole-program question is too expensive'),

  // Lifetimes.
  'lifetime-budget': refusal('BC1201', 'the lifetime analysis is too expensive', 'rejected'),
  'lifetime-failed': refusal('BC1202', 'the lifetime analysis failed', 'rejected'),
  'value-flows-in': refusal('BC1203', 'a value flows in: a cell is read before it is written'),
  'read-before-write': warning('BC1204', 'a cell is read before any write of it'),

  // Mappings.
  'no-saving': refusal('BC1301', 'no mapping saves anything'),
  unbounded: refusal(
    'BC1302',
    'the conflict set grows with sizes known only at run time',
    'rejected',
  ),
  'lattice-budget': refusal('BC1303', 'the lattice search is too expensive', 'rejected'),
  'lattice-failed': refusal('BC1304', 'the lattice search failed', 'rejected'),
  'has-initializer': refusal('BC1305', 'it has an initializer'),
  'pow2-not-admissible': warning('BC1306', 'power-of-two moduli are not admissible'),
  'symbolic-moduli': warning('BC1307', 'moduli hold for every value of run-time sizes'),

  // HLS mode.
  'hls-run-time-size': refusal('BC1401', 'HLS mode: a size known only at run time'),
  'hls-dependence-pragma': refusal(
    'BC1402',
    'HLS mode: a DEPENDENCE pragma promises no dependence',
  ),
  'hls-dataflow-channel': refusal('BC1403', 'HLS mode: a channel of a DATAFLOW region'),
  'hls-no-power-of-two': refusal('BC1404', 'HLS mode: no power-of-two mapping is admissible'),
  'hls-grows-at-run-time': refusal(
    'BC1405',
    'HLS mode: the conflict set grows with run-time sizes',
    'rejected',
  ),
  'hls-run-time-guard': refusal('BC1406', 'HLS mode: the result needs a run-time check'),
  'hls-needs-division': refusal('BC1407', 'HLS mode: a slot index would need a division'),
  'hls-pragma-updated': warning('BC1408', 'an HLS pragma was updated or removed'),

  // Guards and copies of a function.
  'body-not-copyable': refusal('BC1501', 'the original body cannot be kept for other values'),
  'function-like-macro-assumed': warning('BC1502', 'the result holds for a function-like macro'),
  'macro-unguarded': warning('BC1503', 'the result holds for a macro no #if can check'),

  // Where the cells live.
  'private-stack-run-time-size': refusal('BC1601', 'a private array would be of run-time size'),
  'private-stack-limit': refusal('BC1602', 'the private arrays would take too much stack'),
  'folded-in-place': warning('BC1603', "a parameter folded in place in its callers' buffers"),
  'private-array': warning('BC1604', 'a parameter gets a private array'),
  'temporary-across-calls': warning('BC1605', 'a parameter is a temporary across calls'),
  'storage-shrinks': warning('BC1606', "a caller's buffer shrinks with its parameters"),
  'buffer-relieved': warning('BC1607', 'a call no longer uses this buffer'),
  'buffer-unused': warning('BC1608', 'the buffer is now unused'),
  'buffer-still-used': warning('BC1609', 'the buffer is still used'),
} satisfies Record<string, ReasonEntry>;

export type ReasonName = keyof typeof REASONS;

/** A warning or a note with its code: what the report lists beside an array. */
export interface Finding {
  readonly reason: ReasonName;
  readonly message: string;
}

/** The names of the reasons the frontend finds (those with a kind). */
export type CandidacyReason = {
  [K in ReasonName]: (typeof REASONS)[K] extends { kind: string } ? K : never;
}[ReasonName];

/** Why an array is no candidate, with its code. */
export function notCandidate(
  reason: CandidacyReason,
  message: string,
  loc: NotCandidateReason['loc'],
): NotCandidateReason {
  return { kind: REASONS[reason].kind, reason, message, loc };
}

/** `BC1203` of `value-flows-in`. */
export function codeOf(name: ReasonName): string {
  return REASONS[name].code;
}
