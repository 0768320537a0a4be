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
import {
  ACROSS,
  candidacy,
  entry,
  REJECTED,
  UNCHANGED,
  type CandidacyKind,
  type ReasonEntry,
} from './reasonEntry.js';
import { ACROSS_CALL_REASONS } from './reasonsAcrossCalls.js';
import { HLS_REASONS } from './reasonsHls.js';
import { STORAGE_REASONS } from './reasonsStorage.js';
import { STRUCT_MEMBER_REASONS } from './reasonsStructMembers.js';

/** Why an array is no candidate (the frontend's finding), with its code. */
export interface NotCandidateReason {
  readonly kind: CandidacyKind;
  /** Its code. */
  readonly reason: CandidacyReason;
  readonly message: string;
  /** 1-based line and column (model/types.ts's SourceLoc). */
  readonly loc: { readonly line: number; readonly column: number };
}
/** Every code, by name. Codes are never reused for another meaning. */
export const REASONS = {
  // Requests and the file as a whole.
  kept: candidacy(
    'BC0001',
    'excluded-by-option',
    'kept as written by request (beeclak: keep)',
    'Remove the `/* beeclak: keep */` comment or `#pragma beeclak keep(...)` to let beeclak decide.',
  ),
  'not-selected': entry(
    'BC0002',
    'not among the arrays selected with --only',
    'Name the array with --only (or drop --only) to analyse it.',
    UNCHANGED,
  ),
  'below-min-bytes': entry(
    'BC0003',
    'it would save no more bytes than the minimum asked (--min-bytes, minBytes)',
    'Lower --min-bytes (or the configuration key minBytes) to contract it.',
    UNCHANGED,
  ),
  'function-not-analysed': entry(
    'BC0101',
    'a function is not analysed',
    'Its arrays are left unchanged. The message says what the analysis could not read; report it if the compiler accepts the code.',
    { level: 'warning' },
  ),
  'scop-pragma-ignored': entry(
    'BC0102',
    "a '#pragma scop' not at the top level of a function body is ignored",
    "Put '#pragma scop' / '#pragma endscop' around statements of the body itself.",
  ),
  'template-not-analysed': entry(
    'BC0104',
    'a C++ function template is not analysed: one of its instantiations could not be read',
    'The arrays of every instantiation are left unchanged (they share one text); the warning beside it says what could not be read.',
    { level: 'warning' },
  ),
  'line-directive-other-file': entry(
    'BC0105',
    "functions after a '#line' naming another file are not analysed",
    "Their lines are another file's as the compiler reports them, not this file's: their arrays are left unchanged. Run beeclak on the file the directive names (the generator's input) instead, or drop the directive.",
    { level: 'warning' },
  ),
  'no-candidate-in-file': entry(
    'BC0103',
    'no array of the file can be a candidate',
    'Nothing to do: no array is declared in a function body or as a parameter of a static function. Promise a file-scope array with --temporary to have it analysed.',
  ),

  // The compiler that reads the file (compilation database, src/cli/compilerChoice.ts).
  'compiler-fallback': entry(
    'BC0201',
    'the compiler the compilation database names is not installed: $CC reads the files',
    "Install the compiler the build uses (or put it on PATH): until then code under the target's predefined macros (#ifdef __ARM_ARCH) is read as on this machine, without the target-only flags (-mcpu, -mthumb, ...).",
    { level: 'warning' },
  ),
  'database-neighbour': entry(
    'BC0202',
    'a file has no entry in the compilation database: read with the flags of its nearest neighbour',
    'Nothing to do if the file builds like its neighbours; else regenerate the database with the build that compiles it (or give its flags with -D/-I).',
    { level: 'warning' },
  ),
  'across-files-dropped': entry(
    'BC0203',
    'a file did not take its part of the edits across files: its group is dropped',
    "Nothing to do: the kernels of the group stay folded in place and their callers' buffers keep their size; the other groups are written. The message names, per group dropped, the buffer or parameter whose file's own reading refused it (a declaration a macro spells, ...).",
    { level: 'warning' },
  ),
  'read-in-includer': entry(
    'BC0204',
    'the file is read as the file that includes it builds it (a unity build)',
    "Nothing to do: its functions are analysed in the includer's translation unit (its flags, its macros where it includes the file, the calls of its other functions), and the edits are placed in this file.",
  ),

  // Candidacy: what the frontend sees of the array.
  parameter: candidacy(
    'BC1001',
    'parameter',
    'a parameter: its cells belong to the caller',
    'Make the function static and call it with a local or allocated buffer (a temporary across calls), or promise it with --temporary F:A.',
  ),
  'static-local': candidacy(
    'BC1002',
    'static',
    'a static local: its values outlive a call',
    'Nothing to do unless the values need not survive the call: then drop `static`.',
  ),
  'file-scope': candidacy(
    'BC1003',
    'global',
    'declared at file scope',
    'Promise it with --temporary F:A or `#pragma beeclak temporary(A)` if one function uses it as a scratch array.',
  ),
  pointer: candidacy(
    'BC1004',
    'not-an-array',
    'a pointer, not an array',
    'Nothing to do: only arrays are contracted (a buffer passed to a static function may be, through its parameter).',
  ),
  volatile: candidacy(
    'BC1005',
    'volatile',
    'volatile',
    'Nothing to do: every access of a volatile object must happen as written.',
  ),
  extern: candidacy(
    'BC1006',
    'global',
    'declared extern: its definition is elsewhere',
    'Analyse the file that defines it.',
  ),
  'several-functions': candidacy(
    'BC1007',
    'not-analysable',
    'a file-scope array used by several functions',
    'One declaration has one mapping: give each function its own scratch array.',
  ),
  'extent-not-affine': candidacy(
    'BC1008',
    'not-analysable',
    'an extent is unknown or not affine',
    'Give the size as a constant, a macro or a parameter (-D NAME=VALUE sets one).',
  ),
  'element-address-taken': candidacy(
    'BC1009',
    'escapes',
    'the address of an element is taken',
    'Index the array instead of taking the address of an element; the cells behind a pointer cannot be followed.',
  ),
  'address-taken': candidacy(
    'BC1010',
    'escapes',
    'its address is taken',
    'Index the array instead of taking its address.',
  ),
  'passed-to-call': candidacy(
    'BC1011',
    'escapes',
    'passed to a call',
    'Make the callee static and defined in the file: its parameter may then be a temporary across calls, or the buffer may shrink with it.',
  ),
  returned: candidacy(
    'BC1012',
    'escapes',
    'returned',
    'Nothing to do: a returned array is not a temporary.',
  ),
  'stored-in-struct': candidacy(
    'BC1013',
    'escapes',
    'stored in a struct or an initializer',
    'Nothing to do: another object then refers to its cells.',
  ),
  'assigned-to-pointer': candidacy(
    'BC1014',
    'escapes',
    'assigned to a pointer',
    'Index the array itself instead of a pointer into it.',
  ),
  'used-as-pointer': candidacy(
    'BC1015',
    'escapes',
    'used as a pointer',
    'Index the array itself instead of using it as a pointer.',
  ),
  'size-read': candidacy(
    'BC1016',
    'escapes',
    'its size is read (sizeof, typeof, the object size)',
    'Use the extents instead of sizeof: a contracted array has another size.',
  ),
  'too-many-subscripts': candidacy(
    'BC1020',
    'not-analysable',
    'more subscripts than dimensions',
    'Nothing to do: the access is not an element of the array as declared.',
  ),
  'element-field': candidacy(
    'BC1021',
    'not-analysable',
    'a field of an element is accessed in a way the analysis does not take',
    'Arrays of structs are analysed field by field only when they are automatic locals whose struct holds scalar fields (nested structs of them too): no union, bit-field, array or volatile member, and no address of a field taken.',
  ),
  'access-not-modelled': candidacy(
    'BC1022',
    'not-analysable',
    'an access is outside the modelled statements',
    'Move the access into a loop nest of affine bounds, or see the reasons of the statement around it.',
  ),
  'partial-subscript': candidacy(
    'BC1023',
    'not-analysable',
    'a row is used as a pointer',
    'Index every dimension.',
  ),
  'accessed-through-macro': candidacy(
    'BC1024',
    'not-analysable',
    'accessed through a macro',
    'Write the access in the function itself; the text inside a macro cannot be rewritten.',
  ),
  'statement-not-modelled': candidacy(
    'BC1025',
    'not-analysable',
    'a statement around its accesses cannot be modelled',
    'Write the loop or condition with affine bounds (the message says which one).',
  ),
  'initializer-not-modelled': candidacy(
    'BC1026',
    'initializer-not-modelled',
    'its initializer is not modelled',
    'Initialize it with a brace list of constants, or with a loop.',
  ),
  'statement-expression': candidacy(
    'BC1028',
    'not-analysable',
    'accessed in a statement expression',
    'Write the statements outside the `({ ... })`.',
  ),
  'write-not-evaluated': candidacy(
    'BC1029',
    'not-analysable',
    'written where C may not evaluate the expression',
    'Move the write out of sizeof, typeof, _Generic or __builtin_choose_expr.',
  ),
  'unsequenced-write': candidacy(
    'BC1030',
    'not-analysable',
    'written and read in one expression without a sequence point',
    'Split the expression into statements.',
  ),
  'declared-twice': candidacy(
    'BC1031',
    'not-analysable',
    'its name is declared twice in the function',
    'Give the arrays different names.',
  ),
  'loop-not-modelled': candidacy(
    'BC1032',
    'not-analysable',
    'a loop around it cannot be modelled',
    'Write the loop with an affine bound and a constant step (the message says what is missing).',
  ),
  'loop-header-access': candidacy(
    'BC1033',
    'not-analysable',
    'accessed in a loop header',
    'Read the cell into a variable inside the body.',
  ),
  'asm-memory': candidacy(
    'BC1034',
    'not-analysable',
    'an asm statement may read or write any memory',
    'Give the asm statement its operands instead of a "memory" clobber.',
  ),
  'configuration-unguarded': candidacy(
    'BC1035',
    'not-analysable',
    'no guard can keep the result to this configuration',
    'Simplify the conditional directives around the function (the message says which one).',
  ),
  'not-editable': candidacy(
    'BC1036',
    'not-analysable',
    'its text cannot be rewritten safely',
    'Move the comment or directive away from the brackets, or write the declaration and accesses in the file rather than in a macro.',
  ),
  'shared-by-threads': candidacy(
    'BC1037',
    'not-analysable',
    'accessed inside a parallel construct',
    'Declare a private array inside the parallel region instead.',
  ),
  'class-element': candidacy(
    'BC1039',
    'not-analysable',
    'C++: its element type is a class',
    'Nothing to do: constructors and operators may do more than hold a value.',
  ),
  'element-by-reference': candidacy(
    'BC1040',
    'escapes',
    'C++: an element is passed by reference or bound to a reference',
    'Pass the element by value (or copy it into a variable first).',
  ),
  'stream-extract': candidacy(
    'BC1041',
    'not-analysable',
    "C++: an element is read from a stream with '>>'",
    'Read into a variable, then store it in the array.',
  ),
  'outside-cpp-subset': candidacy(
    'BC1042',
    'not-analysable',
    'C++: the function is outside the subset beeclak reads',
    'The message says what is outside it; write the kernel in the subset (docs/hls.md).',
  ),
  'template-not-instantiated': candidacy(
    'BC1043',
    'not-analysable',
    'C++: the function template is never instantiated in the file',
    'Nothing to do: no code of it runs. Instantiate it in the file (a call with constant template arguments) for beeclak to analyse it.',
  ),
  'template-instantiation-unknown': candidacy(
    'BC1044',
    'not-analysable',
    'C++: an instantiation of the function template has arguments beeclak does not know',
    'Spell constant template arguments at each use (`f<8>(x)`), or pass arrays whose extents are constants by reference (`f(t)` with `int (&a)[M]`).',
  ),
  'data-model-unknown': candidacy(
    'BC1045',
    'not-analysable',
    "the target's data model (the sizes of int, long, size_t, pointers) is not known or not supported",
    'Install the compiler the build uses (its predefined macros say), or name the data model with --data-model ilp32|lp64|llp64 (configuration key dataModel). Targets whose int is 16 bits (AVR, MSP430) are not analysed.',
  ),
  'original-body-kept': candidacy(
    'BC1046',
    'excluded-by-option',
    'the original body beeclak kept for other argument values, a function of its own (f__beeclak_original)',
    'Nothing to do: it is the path for the values the contracted body was not computed for. To contract the function for other values, run beeclak on the original file.',
  ),
  'never-accessed': entry(
    'BC1038',
    'never accessed: nothing to contract',
    'Remove the array if it is not needed.',
    UNCHANGED,
  ),

  ...ACROSS_CALL_REASONS,
  ...STRUCT_MEMBER_REASONS,

  // Lifetimes.
  'lifetime-budget': entry(
    'BC1201',
    'the lifetime analysis is too expensive',
    'Raise --work to try harder, or give sizes known only at run time a value with -D.',
    REJECTED,
  ),
  'lifetime-failed': entry(
    'BC1202',
    'the lifetime analysis failed',
    'An internal limit was reached; please report the program.',
    REJECTED,
  ),
  'value-flows-in': entry(
    'BC1203',
    'a value flows in: a cell is read before the function writes it',
    ACROSS + "the function reads a cell it did not write, so the caller's value is needed.",
    UNCHANGED,
  ),
  'read-before-write': entry(
    'BC1204',
    'a cell is read before any write of it',
    'The value read is indeterminate (a bug in the program), or flows in from before: write the cell first.',
    { level: 'warning' },
  ),

  // Mappings.
  'no-saving': entry(
    'BC1301',
    'no mapping saves anything',
    'Nothing to do: every cell holds a value still to be read at some instant.',
    UNCHANGED,
  ),
  unbounded: entry(
    'BC1302',
    'the conflict set grows with sizes known only at run time',
    'Give the size a value with -D NAME=VALUE to contract for that value (the result is guarded).',
    REJECTED,
  ),
  'lattice-budget': entry(
    'BC1303',
    'the lattice search is too expensive',
    'Raise --work, or choose a heuristic with --heuristic.',
    REJECTED,
  ),
  'lattice-failed': entry(
    'BC1304',
    'the lattice search failed',
    'The message says why; give sizes a value with -D if it names one.',
    REJECTED,
  ),
  'has-initializer': entry(
    'BC1305',
    'it has an initializer',
    'Initialize it with a loop instead: a contracted array would need one initial value per slot.',
    UNCHANGED,
  ),
  'pow2-not-admissible': entry(
    'BC1306',
    'power-of-two moduli are not admissible: exact moduli kept',
    'Nothing to do: the exact moduli are used.',
  ),
  'symbolic-moduli': entry(
    'BC1307',
    'the moduli hold for every value of the sizes known at run time',
    'Nothing to do: checked exactly at sample values and proved for all.',
  ),
  'division-avoided': entry(
    'BC1308',
    'a smaller mapping would divide in a deeper loop: the mapping without that division kept',
    'Nothing to do: it saves too little for a division per iteration (docs/design.md, "Address arithmetic"); --target names a core without a divider, where the rule is stricter.',
  ),
  'division-not-worth': entry(
    'BC1310',
    'a mapping saves cells, but no more than --min-gain, with a division in a loop where a subscript is not affine',
    'Nothing to do: the array divides nowhere as declared; write the subscript as an affine form of the loop iterators and parameters to let beeclak see more, or lower --min-gain.',
    UNCHANGED,
  ),
  'accessed-in-helpers': entry(
    'BC1309',
    'a mapping saves cells, but helpers the parameter is passed to access it with their own subscripts',
    'Nothing to do yet: the helpers would need the mapping too (their accesses are followed for the decision, not rewritten).',
    UNCHANGED,
  ),

  ...HLS_REASONS,

  // Guards and copies of a function.
  'body-not-copyable': entry(
    'BC1501',
    'the original body cannot be kept for other argument values',
    'Give the size as a macro (guarded by #if) instead of a function argument, or remove what prevents a copy (labels, goto, static locals, __LINE__).',
    UNCHANGED,
  ),
  'function-like-macro-assumed': entry(
    'BC1502',
    'the result holds for a function-like macro as defined',
    'No #if can compare a function-like macro: run beeclak again if you change it.',
    { level: 'warning' },
  ),
  'macro-unguarded': entry(
    'BC1503',
    'the result holds for a macro no #if guard can check',
    'Run beeclak again if the macro changes.',
    { level: 'warning' },
  ),
  'template-instances-disagree': entry(
    'BC1504',
    'the instantiations of a C++ function template need different rewrites of its one text',
    'The message names the instantiations and what each gives: give the array an extent that folds the same way for every instantiation, or instantiate the template with fewer sizes.',
    UNCHANGED,
  ),
  'call-site-values': entry(
    'BC1505',
    'the result holds for the argument values every call passes',
    'Nothing to do while every call stays in the file; run beeclak again when a call passes other values (or the function becomes visible elsewhere).',
  ),
  'data-model-dependent': entry(
    'BC1506',
    "the result rests on the target's data model, and no guard in the function can keep the other builds right",
    'Analyse each build with its own compiler (compile_commands.json) and keep one output per target, or spell the size without sizeof(long), pointers, unsigned long wrap-around or plain char.',
    UNCHANGED,
  ),
  'data-model-guarded': entry(
    'BC1507',
    "the result rests on the target's data model: a build for another model runs the original body",
    'Nothing to do: the guard is a constant condition the compiler folds. To contract a build for another model too, analyse it with its own compiler (compile_commands.json).',
    { level: 'warning' },
  ),
  'entry-dependent': entry(
    'BC1508',
    "the loop is modelled only for argument values the function's entry would have to check, and that check saves nothing",
    'Guard the loop with the condition the message names (`if (m >= 1)` around it): then the loop is modelled without a check.',
    UNCHANGED,
  ),
  'guarded-frame-shared': entry(
    'BC1510',
    'the original body kept for other argument values takes the same stack frame: no bytes saved as built',
    'Remove what the message names: the original body then becomes a function of its own and the frame shrinks. Or, where the function only ever runs with that value, write the bound as a constant or a macro (guarded by #if, no original body kept).',
    { level: 'warning' },
  ),

  ...STORAGE_REASONS,
  // Configurations (src/pipeline/configurations/).
  'configurations-disagree': entry(
    'BC1701',
    'the configurations named give the array different results',
    'The message names the configurations and what each gives: make the conditional code agree (the same accesses in every branch), or name fewer configurations.',
    UNCHANGED,
  ),
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

const BY_CODE = new Map(
  (Object.entries(REASONS) as [ReasonName, ReasonEntry][]).map(([name, r]) => [r.code, name]),
);

/** `value-flows-in` of `BC1203`; undefined for a code that is not one. */
export function reasonNameOf(code: string): ReasonName | undefined {
  return BY_CODE.get(code);
}

/**
 * The reason a user names (`BC1203` or `value-flows-in`, in a configuration's `suppress` or a
 * `beeclak: keep` comment), or undefined.
 */
export function reasonNamed(text: string): ReasonName | undefined {
  const t = text.trim();
  return (
    BY_CODE.get(t.toUpperCase()) ?? (Object.hasOwn(REASONS, t) ? (t as ReasonName) : undefined)
  );
}

/** Why an array is left as written, with its code; the code gives the status. */
export interface Refusal {
  readonly reason: ReasonName;
  readonly message: string;
  /** Where the evidence is, when it is somewhere else than the declaration. */
  readonly evidence?: { readonly loc?: { readonly line: number; readonly column: number } };
}

export function refuse(
  reason: ReasonName,
  message: string,
  evidence?: Refusal['evidence'],
): Refusal {
  if (!('status' in REASONS[reason]))
    throw new Error(`internal error: '${reason}' is a warning, not a refusal`);
  return { reason, message, ...(evidence ? { evidence } : {}) };
}

export function statusOf(r: Refusal): 'unchanged' | 'rejected' {
  return (REASONS[r.reason] as { status: 'unchanged' | 'rejected' }).status;
}

export function warn(reason: ReasonName, message: string): Finding {
  if ('status' in REASONS[reason])
    throw new Error(`internal error: '${reason}' is a refusal, not a warning`);
  return { reason, message };
}
