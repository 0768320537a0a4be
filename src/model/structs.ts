/**
 * What one translation unit shows of its structs, as plain data (read by
 * src/frontend/structFacts.ts, joined by src/pipeline/wholeProgram/structMembers.ts): a struct
 * member passed as a kernel's buffer (issue 27, MachSuite's `needwun(..., args->M, ...)`).
 */
import type { SourceLoc } from './calls.js';

/** Where a spelling is: the file it comes from (a header, the unit) and its line. */
export interface Where {
  readonly in: string;
  readonly loc: SourceLoc;
}

export interface StructMember {
  readonly name: string;
  /** Its extents' text, outermost first, when it is an array (`[]`: a flexible member). */
  readonly extents?: readonly string[];
  /** Declared with other names in one declaration (`int a[4], b[4];`), or a bit-field. */
  readonly shared?: true;
  /**
   * An array's extents as values (decimal; null: not an integer constant expression), its
   * element type's spelling as the compiler reads it, and where its name is (the line its
   * extents are spelled on, when the struct is shrunk: crossFilePlan.ts).
   */
  readonly values?: readonly (string | null)[];
  readonly elementType?: string;
  readonly where?: Where;
}

export interface StructDefinition {
  readonly tag: string;
  readonly where: Where;
  readonly members: readonly StructMember[];
  /** Why its layout may be fixed by something other than its members (an attribute, ...). */
  readonly layout?: string;
}

/** One spelling found where the rules allow none (or only under conditions). */
export interface Problem {
  readonly where: Where;
  readonly why: string;
}

/**
 * How `sizeof(struct T)` is used. An allocation's or a memset's size names its call (`at`,
 * the call's start offset in the unit's text): the size is the struct's only when a followed
 * pointer of the struct holds that block or is that memset's destination (`sized`).
 */
export type SizeUse =
  | { readonly kind: 'allocation'; readonly at: number }
  | { readonly kind: 'memset'; readonly at: number }
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'other'; readonly why: string };

/** A mention of a member by name (any struct: names are all the rules compare). */
export interface MemberMention {
  readonly member: string;
  readonly where: Where;
  /**
   * `p->m` passed as is as argument `index` of a call of `callee` (the call's start offset in
   * the unit's text, as calls.ts's CallSite.start), `p` a followed pointer.
   */
  readonly argument?: {
    readonly callee: string;
    readonly index: number;
    readonly start: number;
    readonly base: string;
  };
  /**
   * Not an argument, after `indexed` subscripts: `address` when `&` takes it, `value` when
   * it is a value other than selected from, measured or passed to a call (an address when
   * the member is an array of more dimensions than subscripts).
   */
  readonly use?: { readonly kind: 'address' | 'value'; readonly indexed: number };
}

export interface StructFacts {
  readonly definitions: readonly StructDefinition[];
  /** Per tag, spellings of `struct T` outside the forms the rules allow. */
  readonly tagProblems: readonly (Problem & { readonly tag: string })[];
  readonly sizes: readonly { readonly tag: string; readonly where: Where; readonly use: SizeUse }[];
  /** Per followed pointer: the struct tags it is declared or cast to. */
  readonly tags: readonly { readonly node: string; readonly tag: string }[];
  /** Pairs of followed pointers one value moves between (assignment, argument, cast). */
  readonly flows: readonly (readonly [string, string])[];
  /** Per followed pointer, its first use outside the allowed ones. */
  readonly pointerProblems: readonly (Problem & { readonly node: string })[];
  /** Every followed pointer the unit declares (its locals and parameters). */
  readonly followedNodes: readonly string[];
  /** Calls of functions given a followed pointer: `callee#index` nodes. */
  readonly passedTo: readonly { readonly node: string; readonly callee: string }[];
  /**
   * Arguments that pass the address of a local struct object (`load(&data)`, `(void *)&data`),
   * by the call's start offset and the argument's position: the object's node.
   */
  readonly objectArguments?: readonly {
    readonly start: number;
    readonly index: number;
    readonly node: string;
  }[];
  readonly members: readonly MemberMention[];
  /** Variables declared `extern` inside a function (their uses are not recorded). */
  readonly blockExterns: readonly string[];
  /** Per file-scope variable, its first use other than in an allocation's size. */
  readonly globalProblems: readonly (Problem & { readonly name: string })[];
  /** The allocations whose size spells a file-scope variable (`at`: the call's start). */
  readonly globalAllocations: readonly (Problem & { readonly name: string; readonly at: number })[];
  /**
   * The calls of malloc, calloc and memset a followed pointer takes (`at`: the call's start):
   * the block it is set from, the bytes it is the destination of.
   */
  readonly sized: readonly { readonly at: number; readonly node: string }[];
  /** The unit does not parse cleanly: nothing it shows can be trusted. */
  readonly unparsed?: Where;
}
