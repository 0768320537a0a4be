/**
 * Trace sites as plain data: where a trace build of a program reports its accesses (found
 * by frontend/traceSites.ts, instrumented by rewrite/traceInstrument.ts).
 */
import type { ByteRange, SourceLoc } from './types.js';

export interface TraceLoop {
  /** Index in `TraceSites.loops`. */
  readonly id: number;
  readonly range: ByteRange;
  readonly body: ByteRange;
  /** The body is a `{ ... }` block (else it is one statement to wrap). */
  readonly bodyIsBlock: boolean;
  /** The variable the `for` steps, if any. */
  readonly counter?: string;
  readonly loc: SourceLoc;
}

export interface TraceAccess {
  /** Stream id: index in `TraceSites.accesses`. */
  readonly id: number;
  readonly array: string;
  readonly function: string;
  readonly kind: 'read' | 'write' | 'readwrite';
  /** The whole subscript expression `A[i][j]`. */
  readonly range: ByteRange;
  readonly dims: number;
  /** Enclosing loops, outermost first. */
  readonly loops: readonly number[];
  readonly loc: SourceLoc;
  readonly text: string;
  /** Each index expression inside its brackets, outermost first. */
  readonly indexRanges: readonly ByteRange[];
  /** The statement containing the access (its order among the loop body's statements). */
  readonly statement: ByteRange;
  /** The statement ends with `;` (an expression statement: writes can wait for it). */
  readonly endsWithSemicolon?: boolean;
  /**
   * An index has side effects (`++`, `--`, an assignment or a call): evaluated twice by the
   * owner check, it would compute something else than the program.
   */
  readonly indexSideEffects?: boolean;
  /**
   * In the header of a loop (its condition, a `for`'s init or step): executed once per
   * iteration and once more, at instants the trace's iteration vector does not tell apart.
   */
  readonly inLoopHeader?: boolean;
  /**
   * A dereference of this pointer walking the array (`*p++`, `p[k]`): the cell is known
   * from the address only, and the access cannot be rewritten as a subscript of the array.
   */
  readonly walker?: string;
}

export interface TraceFunction {
  readonly name: string;
  /** Just after the `{` of the body. */
  readonly bodyStart: number;
  /** Its integer parameters passed by value (possible sizes and bounds of the model). */
  readonly params: readonly string[];
}

export interface TraceArray {
  readonly name: string;
  readonly function: string;
  readonly dims: number;
  readonly elementType: string;
  readonly loc: SourceLoc;
  readonly declaratorRange: ByteRange;
  readonly declarationRange: ByteRange;
  /** The size texts of the declaration, outermost first. */
  readonly extentTexts: readonly string[];
  /**
   * Where the array is used other than as a full subscript `A[...]...` (its address taken,
   * passed, assigned to a pointer, under sizeof): what is done that way is not traced.
   */
  readonly escapes?: SourceLoc;
  /** What happens there. */
  readonly escapesWhy?: string;
  /** Pointers walking the array (pointerWalks.ts): their dereferences are traced accesses. */
  readonly walkers?: readonly string[];
}

export interface TraceSites {
  readonly functions: readonly TraceFunction[];
  readonly arrays: readonly TraceArray[];
  readonly loops: readonly TraceLoop[];
  readonly accesses: readonly TraceAccess[];
}
