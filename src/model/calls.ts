/**
 * The calls of a translation unit, as plain data (extracted by src/frontend/calls.ts): who
 * calls whom with which buffer, how every mention of a caller's buffer or of a parameter uses
 * it, in source order with where each one sits (loop, full expression), and whether a function
 * can be called from places the unit does not show. The whole-program stage
 * (src/lifetime/crossCall.ts) decides from it which parameters are temporaries of their
 * function across calls.
 */
/** 1-based line and column (the same shape as types.ts's SourceLoc; no import cycle). */
export interface SourceLoc {
  readonly line: number;
  readonly column: number;
  /** Its own file and place, for a place outside the file analysed (types.ts). */
  readonly in?: { readonly file: string; readonly line: number; readonly column: number };
}

/** A half-open range of offsets in the preprocessed text the calls were read from. */
export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

/** How one mention of a buffer (or of a pointer parameter) uses it. */
type BufferUseKind =
  /** Passed (possibly as `*A` or through a cast) as argument `argIndex` of a call to `callee`. */
  | 'call-arg'
  /** `free(A)`: its values die. */
  | 'free'
  /** `A = malloc(...)` (or another allocator): fresh memory. */
  | 'alloc'
  /** `A[i]`, `(*A)[i]`, `*A`: an element read or written (never its address). */
  | 'access'
  /**
   * No value and no address moves: the declaration, `sizeof A`, a null test (`!A`,
   * `A == 0`), a comparison (`typeUsed` says whether its meaning depends on the buffer's type).
   */
  | 'inert'
  /**
   * Anything else: the address is stored, returned, offset (`A + 1`, `&A[i]`, a row `A[i]` of
   * a 2-D buffer), passed to a call through a pointer: another name may reach the cells.
   */
  | 'escape';

export interface BufferUse {
  readonly kind: BufferUseKind;
  readonly loc: SourceLoc;
  /** Offset of the mention (textual order). */
  readonly offset: number;
  /** The outermost loop around the mention (a use in it repeats). */
  readonly loop?: OffsetRange;
  /**
   * The full statement the mention belongs to (an expression statement, a declaration, a
   * `return`, or the whole control statement whose header holds it), never one nested in a
   * statement expression: C leaves the order of evaluation inside it largely unspecified.
   */
  readonly statement: OffsetRange;
  /** For `escape`: what lets the address out, in a few words. */
  readonly why?: string;
  readonly callee?: string;
  readonly argIndex?: number;
  /** For a call argument: the call's own range. */
  readonly call?: OffsetRange;
  /**
   * For an inert use: what it says depends on the buffer's type or size (`sizeof A`,
   * `typeof(A)`, `_Generic`): the storage cannot change without changing it.
   */
  readonly typeUsed?: boolean;
  /** For an allocation: its size in bytes, when a constant (`malloc(sizeof(double) * 64)`). */
  readonly bytes?: bigint;
  /** For a call argument: how many `*` the argument applies to the buffer (`*A`: 1). */
  readonly derefs?: number;
  /** For a call argument: the call's value is used (not a statement of its own, not `(void)`). */
  readonly resultUsed?: boolean;
}

/**
 * The object a buffer names, from its declaration: element type and one entry per level,
 * outermost first: an extent (`undefined` when not a constant) or `pointer`. `double b[16][8]`
 * is `[16, 8]`; `double (*t)[12][12]` is `[pointer, 12, 12]`; `double *p` is `[pointer]`.
 */
export interface BufferShape {
  readonly elementType: string;
  /** `sizeof` an element, when the type is one whose size is known here. */
  readonly elementBytes?: bigint;
  readonly levels: readonly (bigint | 'pointer' | undefined)[];
}

/**
 * Where a heap buffer's type and size are spelled, for shrinking it (pipeline/wholeProgram/callerStorage.ts):
 * the sizes of its pointer's array levels (`[410]` of `double (*tmp)[410]`), outermost first,
 * and per allocation the sizes of its cast's levels and its size arguments. A range is absent
 * where the text is not the file's own (a macro expansion, a header).
 */
export interface HeapSpelling {
  readonly declaratorExtents: readonly Spelled[];
  readonly allocations: readonly {
    readonly allocator: string;
    /** The cast's level sizes (`(double (*)[410])`), when the allocation is cast. */
    readonly castExtents?: readonly Spelled[];
    readonly sizeArguments: readonly Spelled[];
    /** The constant value of each size argument, where it has one. */
    readonly sizeValues: readonly (bigint | undefined)[];
    /**
     * Its sizes or cast evaluate something besides the size (`malloc(S + 0 * count(1))`,
     * `(k = N) * sizeof *t`): text the rewrite would drop, so the buffer keeps its size.
     */
    readonly sideEffects?: true;
  }[];
}

/**
 * A piece of text the rewriter may replace: `range` (absent when not the file's own text), and
 * in the preprocessed text the tokens around it (`[`...`]`, `(`...`)`) through which it is
 * found in the file, where its own text may come from a macro (`[N]`).
 */
export interface Spelled {
  readonly range?: OffsetRange;
  readonly frame?: OffsetRange;
}

/** A name used as a buffer in a function (its local array or pointer, or something else). */
export interface CallerBuffer {
  readonly name: string;
  /**
   * `array`: a local array (also a VLA); `heap`: a local pointer only ever set from an
   * allocator; `other`: a parameter, a global, a pointer of unknown origin, a name declared
   * more than once, an element type that is not a scalar.
   */
  readonly origin: 'array' | 'heap' | 'other';
  readonly why?: string;
  readonly shape?: BufferShape;
  /** For a heap buffer: where its type and allocations are spelled. */
  readonly heap?: HeapSpelling;
  readonly uses: readonly BufferUse[];
}

/** How a function uses one of its pointer or array parameters (does it keep the address?). */
export interface ParameterUses {
  readonly name: string;
  /** Its element accesses are recognised (a scalar element type, levels known). */
  readonly known: boolean;
  /** Its element type, qualifiers dropped (normalizedType). */
  readonly elementType?: string;
  readonly uses: readonly BufferUse[];
}

export interface FunctionCalls {
  readonly name: string;
  readonly loc: SourceLoc;
  /**
   * The file of the set whose translation unit defines it, when that is not the unit
   * analysed (src/pipeline/wholeProgram/fileSet.ts): its locations are in that file.
   */
  readonly file?: string;
  /** `static`: no other translation unit can call it by name. */
  readonly internal: boolean;
  /**
   * Why it may be called from places the unit does not show though it is static: its name
   * used other than as a callee (a function pointer), spelled in a string (an `alias`
   * attribute, `asm`), or an attribute that makes it reachable (`used`, `section`,
   * `constructor`, ...). Empty when every call is a call the unit spells.
   */
  readonly reachedElsewhere: readonly { readonly loc: SourceLoc; readonly why: string }[];
  /** Declarations of it other than its definition (prototypes), where the unit has them. */
  readonly prototypes: readonly SourceLoc[];
  /**
   * Per prototype found at file scope, per parameter, where the sizes of its array levels
   * are spelled (outermost first; undefined: not a plain array declarator).
   */
  readonly prototypeSizes?: readonly (readonly (readonly Spelled[] | undefined)[])[];
  /**
   * The caller contains `goto`, `setjmp`, `asm goto` or a nested function (GNU C): textual
   * order is not execution order.
   */
  readonly unstructured: boolean;
  /** Its parameters' names, in order (unnamed ones as ''). */
  readonly parameterNames: readonly string[];
  /** Uses of its named pointer and array parameters. */
  readonly parameterUses: readonly ParameterUses[];
  /**
   * Per parameter, its integer type when it is a plain integer parameter the function never
   * changes (no assignment, increment or `&`, not volatile), else undefined: the parameters
   * a value passed at every call fixes (pipeline/wholeProgram/callSiteValues.ts).
   */
  readonly integerParameters?: readonly (IntegerType | undefined)[];
  /** Every call it makes to a function named by an identifier. */
  readonly calls: readonly CallSite[];
  /** Where it calls through a pointer (`fp(x)`, `(*tab[k])(x)`): any function may run there. */
  readonly indirectCalls: readonly SourceLoc[];
  /** Buffers passed to a call of a function the analysis asks about, by name. */
  readonly buffers: readonly CallerBuffer[];
  /**
   * Why its reading may differ in another configuration (a file set's summary only,
   * frontend/configurationDependence.ts): no guard of another file checks it.
   */
  readonly configured?: string;
  /**
   * Its text does not parse cleanly here (an ERROR node in its body): its calls and its uses
   * of a buffer may be more than the tree shows (the compiler accepts it).
   */
  readonly unparsed?: true;
}

export interface CallSite {
  readonly callee: string;
  readonly loc: SourceLoc;
  readonly start: number;
  readonly end: number;
  /** Per argument, the buffer name it passes (`A`, `*A`, a cast of them), else undefined. */
  readonly buffers: readonly (string | undefined)[];
  /** Per argument, how many `*` the argument applies to its buffer (`*A`: 1). */
  readonly derefs: readonly number[];
  /** The text of each argument (a run-time extent passed: pipeline/wholeProgram/runTimeExtents.ts). */
  readonly arguments?: readonly string[];
  /**
   * Per argument, the integer value it passes as far as the caller shows it
   * (src/frontend/argumentValues.ts), else undefined: what every call of a function passes
   * is a fact about its parameters (pipeline/wholeProgram/callSiteValues.ts).
   */
  readonly values?: readonly (ArgumentValue | undefined)[];
}

/**
 * The value one argument of a call passes, read in the caller: an integer constant
 * expression (its C value and type), the caller's own parameter number `index` that it never
 * changes (its value at the caller's entry), or a local the caller sets once where it
 * declares it, before the call, and never changes (a value unknown here, the same at every
 * mention between its declaration and the caller's return).
 */
export type ArgumentValue =
  | {
      readonly kind: 'constant';
      readonly value: bigint;
      readonly type: IntegerType;
      /**
       * The value is the caller's data model's only (`12 - sizeof(long)`): the conditions
       * that hold in a build where it is another (frontend/modelVariants.ts).
       */
      readonly dataModelFacts?: readonly string[];
    }
  | { readonly kind: 'parameter'; readonly index: number }
  | { readonly kind: 'local'; readonly name: string };

/** An integer type: its width in bits and signedness (frontend/intTypes.ts's IntType). */
export interface IntegerType {
  readonly bits: number;
  readonly signed: boolean;
  /** Plain `char`: signedness chosen by the compiler. */
  readonly plainChar?: boolean;
  /** The name whose size the data model decides (`long`, `size_t`): frontend/intTypes.ts. */
  readonly model?: string;
}

export interface CallGraph {
  readonly functions: readonly FunctionCalls[];
}

/** The allocators whose memory is on the stack of the function that calls them. */
export const STACK_ALLOCATORS: readonly string[] = ['alloca', '__builtin_alloca'];

/** A type's spelling without qualifiers and with single blanks, to compare element types. */
export function normalizedType(text: string): string {
  return text
    .replace(/\b(const|volatile|restrict|__restrict__|__restrict)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each function's callees and callers in `graph`, by name. */
export function callEdges(graph: CallGraph): {
  readonly callees: ReadonlyMap<string, readonly string[]>;
  readonly callers: ReadonlyMap<string, readonly string[]>;
} {
  const callees = new Map(graph.functions.map((f) => [f.name, f.calls.map((c) => c.callee)]));
  const callers = new Map<string, string[]>();
  for (const f of graph.functions)
    for (const c of f.calls) callers.set(c.callee, [...(callers.get(c.callee) ?? []), f.name]);
  return { callees, callers };
}

/** The names reached from `from` (themselves included) following `next`. */
export function reachedFrom(
  from: readonly string[],
  next: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  const seen = new Set(from);
  const stack = [...from];
  while (stack.length > 0)
    for (const n of next.get(stack.pop()!) ?? [])
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
  return seen;
}
