/**
 * The calls of a file, as plain data (extracted by src/frontend/calls.ts): who calls whom
 * with which caller buffer, how every buffer of a caller is used, and whether a function
 * can be called from places the file does not show. The whole-program stage
 * (src/lifetime/crossCall.ts) decides from it which parameters are temporaries of their
 * function across calls.
 */
/** 1-based line and column (the same shape as types.ts's SourceLoc; no import cycle). */
export interface SourceLoc {
  readonly line: number;
  readonly column: number;
}

/** How one mention of a caller's buffer uses it. */
export type BufferUseKind =
  /** Passed (possibly as `*A` or through a cast) as argument `argIndex` of a call to `callee`. */
  | 'call-arg'
  /** `free(A)`: its values die. */
  | 'free'
  /** `A = malloc(...)` (or another allocator): fresh memory. */
  | 'alloc'
  /** `A[i]`, `(*A)[i]`: an element read or written. */
  | 'access'
  /** `sizeof A` and the declaration itself: no value moves. */
  | 'inert'
  /** Anything else (assigned to a pointer, returned, stored, arithmetic): the address escapes. */
  | 'escape';

export interface BufferUse {
  readonly kind: BufferUseKind;
  readonly loc: SourceLoc;
  /** Offset of the mention in the source (execution order inside one straight-line body). */
  readonly offset: number;
  /** The outermost loop around the mention, as an offset range (a use in it repeats). */
  readonly loop?: { readonly start: number; readonly end: number };
  readonly callee?: string;
  readonly argIndex?: number;
  /** For a call argument: the call's own end offset. */
  readonly callEnd?: number;
}

/** A name used as a buffer in a function (its local array or pointer, or something else). */
export interface CallerBuffer {
  readonly name: string;
  /**
   * `array`: a local array (also a VLA); `heap`: a local pointer only ever set from an
   * allocator; `other`: a parameter, a global, a pointer of unknown origin, or a name
   * declared more than once.
   */
  readonly origin: 'array' | 'heap' | 'other';
  readonly why?: string;
  readonly uses: readonly BufferUse[];
}

export interface FunctionCalls {
  readonly name: string;
  readonly loc: SourceLoc;
  /** `static`: no other file can call it. */
  readonly internal: boolean;
  /** Where its name is used other than as the callee of a call (a function pointer). */
  readonly addressTaken: readonly SourceLoc[];
  /** The caller contains `goto` or `setjmp`: textual order is not execution order. */
  readonly unstructured: boolean;
  /** Its parameters' names, in order (unnamed ones as ''). */
  readonly parameterNames: readonly string[];
  /** Every call it makes to a function named by an identifier. */
  readonly calls: readonly CallSite[];
  /** Buffers passed to some call, by name. */
  readonly buffers: readonly CallerBuffer[];
}

export interface CallSite {
  readonly callee: string;
  readonly loc: SourceLoc;
  readonly start: number;
  readonly end: number;
  /** Per argument, the buffer name it passes (`A`, `*A`, a cast of them), else undefined. */
  readonly buffers: readonly (string | undefined)[];
}

export interface CallGraph {
  readonly functions: readonly FunctionCalls[];
}
