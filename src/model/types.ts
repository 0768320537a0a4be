/**
 * The polyhedral model: what the frontend extracts from a C file, as plain data.
 *
 * Every later stage (candidates, lifetime, lattice, rewrite, dynamic oracle) reads this
 * and nothing of the syntax tree. Affine forms are over named variables: loop iterators
 * of the statement, parameters of the function, and existential locals of a piece.
 */
import type { Affine, Constraint } from '../poly/affine.js';
import type { CallGraph } from './calls.js';
import type { HlsPragma } from './pragmas.js';
import type { NotCandidateReason, ReasonName } from './reasons.js';

/**
 * 1-based line and column, as compilers print them, in the file analysed. A place in
 * another file of the unit (a header, or the includer of a file read inside it) has there
 * the main-file line that includes it, and in `in` its own file and place: what messages
 * print (`place`), decisions never read it.
 */
export interface SourceLoc {
  readonly line: number;
  readonly column: number;
  readonly in?: OtherFilePlace;
}

/** A place in another file than the one analysed (SourceLoc.in). */
interface OtherFilePlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Half-open range [start, end) into the original source as a JavaScript string
 * (UTF-16 code units), so that `source.slice(start, end)` is the text it covers.
 */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

export interface Diagnostic {
  readonly severity: 'error' | 'warning' | 'note';
  /** Its code (model/reasons.ts). */
  readonly reason: ReasonName;
  readonly loc: SourceLoc;
  readonly message: string;
}

/**
 * A conjunction of constraints with its own existentially quantified integer variables
 * (e.g. `exists k : i = 2k` for a stride-2 loop or `e = floor(i/2)` for `a[i/2]`).
 */
export interface Conjunction {
  readonly exists: readonly string[];
  readonly constraints: readonly Constraint[];
}

/** A union of conjunctions over `dims` (and the function's parameters). */
export interface Domain {
  readonly dims: readonly string[];
  readonly pieces: readonly Conjunction[];
}

/** A symbolic size or bound: a macro, enum/const, function argument, VLA extent or -D. */
export interface Parameter {
  readonly name: string;
  /** Known value (from #define, enum, const, -D); undefined when symbolic. */
  readonly value?: bigint;
  readonly source:
    | 'define'
    | 'enum'
    | 'const'
    | 'argument'
    | 'vla'
    | 'command-line'
    /** An argument every call passes the same value for (pipeline/wholeProgram/callSiteValues.ts). */
    | 'call-sites';
  readonly loc?: SourceLoc;
  /**
   * A `const` declared at file scope (in the file or a header), visible at the top of the
   * function; not set for one declared in the function.
   */
  readonly fileScope?: true;
  /**
   * A `-D` value (source `command-line`) whose name the function's parameter list spells:
   * it stands for an argument, guarded at run time (src/frontend/textFacts.ts).
   */
  readonly inSignature?: true;
  /**
   * C++: a file-scope `const` (or `constexpr`) integer with a constant initializer is a
   * constant expression, checked at compile time like an enum constant (issue 30).
   */
  readonly constantExpression?: true;
  /**
   * An argument whose value, or equality with another argument (`equals`), every call
   * passes: the calls that show it, as `caller at line:column`.
   */
  readonly passedBy?: readonly string[];
  /** An argument every call passes the same value for as for the parameter named. */
  readonly equals?: string;
  /**
   * Its value is the unit's data model's only (`const unsigned long K = -1`, a call passing
   * `12 - sizeof(long)`): the conditions that hold in a build where it is another
   * (`sizeof(long) != 8`, frontend/modelVariants.ts). A result that assumes it is guarded.
   */
  readonly dataModelFacts?: readonly string[];
}

/** A condition on arguments at a function's entry, as C: where it fails, and where it holds. */
export interface EntryFact {
  /** `m < 1` */
  readonly differs: string;
  /** `m >= 1` */
  readonly holds: string;
  /** `holds` over the arguments' names: each `expr >= 0` (its negation is `differs`). */
  readonly bounds: readonly Constraint[];
}

/** One array extent, e.g. `N` in `double y[N][N]`. */
export interface Extent {
  /** The source text of the size expression, kept verbatim for rewriting. */
  readonly text: string;
  /** The size as an affine form of parameters, when it is one. */
  readonly expr?: Affine;
  /** Its value when all parameters are known. */
  readonly value?: bigint;
  /** Where the size expression sits (absent for `T a[]`). */
  readonly range?: ByteRange;
}

export type Storage = 'local' | 'static-local' | 'global' | 'static-global' | 'parameter';

export type { NotCandidateReason } from './reasons.js';

export interface ArrayInfo {
  readonly name: string;
  readonly elementType: string;
  /**
   * Bits of one element where the frontend knows them and the type's name does not say
   * (C++: `ap_uint<12>` through a typedef, issue 30); else from elementType.
   */
  readonly elementBits?: number;
  /**
   * `sizeof` one element in the unit's data model (a typedef of an integer type resolved;
   * frontend/constants.ts sizeOfType), for the byte counts of reports; absent when not known
   * (a struct, a typedef of another type, long double in a model the table gave).
   */
  readonly elementBytes?: number;
  /**
   * An array of structs whose elements are accessed field by field (`a[i].re`): the scalar
   * fields of its element (`re`, `pos.x`), each analysed as its own array over the same
   * index space (src/lifetime/fieldView.ts); absent for any other array.
   */
  readonly fields?: readonly string[];
  readonly extents: readonly Extent[];
  readonly storage: Storage;
  readonly isVla: boolean;
  readonly isVolatile: boolean;
  readonly hasInitializer: boolean;
  /** Marked `--temporary NAME` or `#pragma beeclak temporary(NAME)`. */
  readonly markedTemporary: boolean;
  /**
   * Codes whose findings about this array are suppressed by a `/* beeclak: suppress CODE *\/`
   * comment next to its declaration (src/frontend/keepComments.ts).
   */
  readonly suppress?: readonly ReasonName[];
  readonly loc: SourceLoc;
  /** The whole declarator `y[N][N]` (name and brackets), for rewriting the declaration. */
  readonly declaratorRange: ByteRange;
  /** The enclosing declaration statement `double y[N][N], z[N];`. */
  readonly declarationRange: ByteRange;
  readonly candidate: boolean;
  readonly reasons: readonly NotCandidateReason[];
  /**
   * Iterators (model names) of the loops enclosing a declaration inside a loop body: each of
   * their iterations creates a fresh array, so cells of different iterations are different
   * objects and never conflict. Empty for an array declared outside every loop.
   */
  readonly blockIterators: readonly string[];
  /**
   * Set by the delinearization stage (src/delinearize/) when the array, declared 1-D and
   * indexed by hand-linearized subscripts, is seen as multi-dimensional: `extents` and
   * every access's `subscripts` are then those of the multi-dimensional view.
   */
  readonly delinearized?: Delinearization;
  /**
   * For a file-scope array: the functions of the translation unit whose text names it (its
   * users; headers and included files too).
   */
  readonly users?: readonly string[];
  /**
   * A parameter followed into the helpers it is passed to whole (frontend/followHelpers.ts):
   * their names. Their accesses are statements of this model, spelled in the helpers, which
   * no mapping rewrites.
   */
  readonly followedInto?: readonly string[];
}

/** How an array declared 1-D was given a multi-dimensional view (row-major, same cells). */
interface Delinearization {
  /** The extents as declared (`[H * W * K]`): cells are still counted and numbered by them. */
  readonly declaredExtents: readonly Extent[];
  /** Row-major strides of the view, outermost first, the last one 1 (`[2349, 81, 1]`). */
  readonly strides: readonly bigint[];
}

export interface Access {
  readonly array: string;
  readonly kind: 'read' | 'write';
  /**
   * One affine form per dimension, over the statement's iterators, parameters and
   * `exists`; `null` for a non-affine subscript, meaning "any index in the declared range"
   * (then `overApproximated` is set).
   */
  readonly subscripts: readonly (Affine | null)[];
  /** Existential variables used by subscripts, with their defining constraints. */
  readonly exists: readonly string[];
  /**
   * Constraints on the instances that perform this access, conjoined with the statement's
   * domain: the definitions of `exists` (quotients) and the guard of a reference evaluated
   * conditionally (`c ? A[i] : 0`, `c && A[i]`, one case of `A[c ? i : j]`).
   */
  readonly existsConstraints: readonly Constraint[];
  /** Position inside the statement instance: reads come before writes. */
  readonly order: number;
  /** Under a data-dependent condition: may not happen. */
  readonly may: boolean;
  readonly overApproximated: boolean;
  readonly loc: SourceLoc;
  /** The whole subscript expression `y[i][k]`. */
  readonly range: ByteRange;
  /** Each index expression inside its brackets (`i`, `k`). */
  readonly indexRanges: readonly ByteRange[];
  /**
   * Set by the delinearization stage: the subscripts as written (one per declared
   * dimension), while `subscripts` holds the components of the multi-dimensional view.
   */
  readonly linearSubscripts?: readonly (Affine | null)[];
  /**
   * For an array of structs analysed per field (ArrayInfo.fields): the fields this access
   * touches (indices into `fields`, `a[i].re`); absent: every field (`a[i] = s`, `s = a[i]`).
   */
  readonly fields?: readonly number[];
  /**
   * Set by the delinearization stage: the C name of every iterator used by a component
   * (model names can differ from the source's, e.g. `i_1` for a second loop over `i`).
   */
  readonly sourceNames?: Readonly<Record<string, string>>;
}

export interface Statement {
  readonly id: string;
  readonly loc: SourceLoc;
  readonly text: string;
  readonly range: ByteRange;
  /** Loop iterators, outermost first; unique within the function. */
  readonly iterators: readonly string[];
  /** Iteration domain over `iterators` (and the function's parameters). */
  readonly domain: Domain;
  /**
   * 2d+1 schedule: constants at even positions (textual order), an affine form of the
   * iterators at odd positions that increases with execution (`-i` for a decreasing
   * loop). Lexicographic order of schedules is execution order.
   */
  readonly schedule: readonly Affine[];
  readonly accesses: readonly Access[];
  /** Executes under a data-dependent condition (its accesses are all `may`). */
  readonly may: boolean;
  /**
   * A loop bound or condition was dropped as non-affine (domain is larger than the truth), or
   * an access of the statement has a non-affine subscript.
   */
  readonly overApproximated: boolean;
  /**
   * Its text in the file does not end with `;` (a write in an `if` condition, a loop header):
   * `check` cannot wait for its end to let a write take effect (src/frontend/textFacts.ts).
   */
  readonly noSemicolon?: true;
  /**
   * Only the first cause: the domain may hold instances that never run. Undefined: as
   * `overApproximated` (the safe reading).
   */
  readonly domainOverApproximated?: boolean;
}

/**
 * A call statement `g(..., t, ...);` of the function that passes one of its array parameters
 * whole (frontend/statements.ts): where it runs, so that the helper's accesses to the array
 * can be followed into the caller (frontend/followHelpers.ts).
 */
export type HelperArgument =
  { readonly array: string; readonly loc: SourceLoc } | { readonly value: bigint } | null;

export interface HelperCall {
  readonly callee: string;
  readonly loc: SourceLoc;
  /**
   * Per argument: the array parameter passed bare (and where), or the value of an integer
   * constant expression (`N / 2`), else null.
   */
  readonly args: readonly HelperArgument[];
  readonly iterators: readonly string[];
  readonly domain: Domain;
  /** The call's own 2d+1 schedule (its position last). */
  readonly schedule: readonly Affine[];
  readonly may: boolean;
  readonly overApproximated: boolean;
}

export interface FunctionModel {
  readonly name: string;
  readonly loc: SourceLoc;
  readonly range: ByteRange;
  /**
   * The body, from its `{` to its `}`, when both are spelled in the file: where a copy of
   * the body or a private copy goes (a text search for `{` found one in the parameter list,
   * `enum { ONE } k`).
   */
  readonly bodyRange?: ByteRange;
  readonly parameters: readonly Parameter[];
  /** Constraints known to hold on the parameters (e.g. `N >= 1` from an extent). */
  readonly context: readonly Constraint[];
  readonly arrays: readonly ArrayInfo[];
  readonly statements: readonly Statement[];
  readonly diagnostics: readonly Diagnostic[];
  /** Its parameters' names in order (null: unnamed), when it has an array parameter. */
  readonly parameterNames?: readonly (string | null)[];
  /**
   * With parameterNames: per parameter, the bits of its integer type when it is one of at
   * least 16 bits (not a char, not `_Bool`), else null.
   */
  readonly parameterBits?: readonly (number | null)[];
  /** The calls passing an array parameter whole (HelperCall), when there are any. */
  readonly helperCalls?: readonly HelperCall[];
  /**
   * Integer values of the object-like macros spelled in the function's text (the model is
   * built from their expansion): lets later stages print sizes by their names.
   */
  readonly macroValues?: Readonly<Record<string, bigint>>;
  /**
   * The object-like macros of the function's text whose value no decision reads, and those
   * the file itself fixes for every build (frontend/macroRoles.ts): the first get a shape
   * guard instead of a value guard, the second no guard.
   */
  readonly macroRoles?: {
    readonly valueOnly: readonly string[];
    readonly fixed: readonly string[];
  };
  /**
   * Preprocessor lines to put after the function when its arrays are contracted: the
   * conditional groups inside it, with `#error` in each branch the compiler skipped, so that
   * the result is only used in the configuration it was proven for.
   */
  readonly configurationGuard?: readonly string[];
  /**
   * Preprocessor lines for the conditional groups of its file that spell its name (a build
   * deciding one otherwise may call it): put after it only when a contracted result rests on
   * its calls (an array parameter, a static or file-scope array, or a decision across calls
   * that read its code); a local array's result does not.
   */
  readonly callsGuard?: readonly string[];
  /**
   * Preprocessor lines for the main file's first line when its arrays are contracted: they
   * stop every build that reads a header this one skipped and no lookup finds
   * (frontend/unreadIncludes.ts), whatever function of the file is contracted.
   */
  readonly unreadGuard?: readonly string[];
  /**
   * Preprocessor lines for the main file's first line when its arrays are contracted: they
   * pin the branches around a user header's conditional definitions of a macro the function
   * uses (frontend/conditionalDefinitions.ts: kissfft's `C_MUL` under `#ifdef FIXED_POINT`).
   */
  readonly definitionGuard?: readonly (readonly string[])[];
  /**
   * Why no configuration guard can be written for a function with no array of its own that
   * may change (frontend/configured.ts): a whole-program decision that reads its code (a
   * caller, a function that gets the buffer after the call) would hold in this configuration
   * only, unchecked.
   */
  readonly configurationUnguarded?: string;
  /**
   * Why the body cannot be written twice (a run-time guard keeps the original body next to
   * the contracted one), read from the compiler's view: a static local (a copy would be
   * another object), a label (defined twice), a `goto`, inline assembly (its text may
   * define labels). Macros included: `PERSIST int n;`
   * with `#define PERSIST static` is a static local. Completed from the text as written by
   * src/frontend/textFacts.ts (a body not spelled in the file, `__LINE__`, ...).
   */
  readonly copyObstacle?: string;
  /**
   * How the original body kept for other argument values becomes a function of its own
   * (`static __attribute__((noinline)) T f__beeclak_original(params)`, called where the guard
   * fails), so that its arrays take no room in the function's frame: read from the
   * compiler's view (src/frontend/outline.ts), its header from the text as written
   * (src/frontend/textFacts.ts). Absent where that cannot be done (`outlineObstacle` says
   * why): the original body then stays a block of the function, in the same frame (BC1510).
   */
  readonly outline?: Outline;
  readonly outlineObstacle?: string;
  /**
   * The model rests on facts of the unit's data model (a constant folded, a proof of
   * exactness, a counter that stays in its type, true in this model only,
   * frontend/modelVariants.ts): the conditions that hold in a build where one is false
   * (`sizeof(long) != 8`, `(char)-1 < 0`). A result for its arrays is guarded by them.
   */
  readonly dataModelFacts?: readonly string[];
  /**
   * Conditions on its arguments the model assumed at the function's entry (a do-while loop
   * whose counter starts at an argument, `size_t k = m; do ... while (--k)`, is the `for`
   * loop only where m >= 1: frontend/doWhileEntry.ts). Its model holds where they do: its
   * arrays stay unchanged (decision/file.ts entryDependent names the guard to write).
   */
  readonly entryFacts?: readonly EntryFact[];
  /** The line of the function's end (src/frontend/textFacts.ts). */
  readonly endLine?: number;
  /** Its `#pragma HLS` lines (src/frontend/textFacts.ts). */
  readonly hlsPragmas?: readonly HlsPragma[];
  /**
   * C++: the function template this function is an instantiation of (its name; `name` is
   * then `f<8>`): the instantiations share one text (src/frontend/cpp/templates.ts).
   */
  readonly instanceOf?: string;
}

/** See FunctionModel.outline. */
export interface Outline {
  /** The arguments of the call: the parameters' names in order. */
  readonly args: readonly string[];
  /** Void: `{ f__beeclak_original(args); return; }`; else `return f__beeclak_original(args);`. */
  readonly returnsVoid: boolean;
  /** How many `static`, `extern` and `inline` the compiler's view has before the name. */
  readonly storageWords: number;
  /**
   * From the text as written: the new function's name, and its header up to the body's `{`
   * (the function's own, renamed, its storage class and `inline` replaced by `static
   * __attribute__((noinline))`); absent until the text is read.
   */
  readonly name?: string;
  readonly header?: string;
}

export interface ProgramModel {
  readonly file: string;
  readonly functions: readonly FunctionModel[];
  readonly diagnostics: readonly Diagnostic[];
  /** Who calls whom with which buffer (src/model/calls.ts), for whole-program decisions. */
  readonly calls?: CallGraph;
}

/**
 * The user of a file-scope array that stands for the file-scope declarations naming it other
 * than as their name (an initializer taking its address: frontend/fileScopeUses.ts). No
 * function has this name.
 */
export const FILE_SCOPE_USER = '<file scope>';
