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
  /**
   * Per file-scope array with external linkage this file defines: may every use of it be
   * seen in this file (a closed world where no other unit names it: fileSet.ts), or why not.
   */
  readonly globals?: Readonly<Record<string, ExternalVerdict>>;
  /** Files of the set whose unit includes this file (a unity build). */
  readonly includedBy: readonly string[];
  /**
   * This file's functions with external linkage that other units define too (a weak one
   * overridden, two programs in one set), with the names their definitions have in `foreign`.
   */
  readonly overridden: Readonly<Record<string, readonly string[]>>;
  /**
   * A memory function of the C library that a unit of the set defines itself (glibc lets a
   * program replace malloc), as `malloc() in alloc.c`: its blocks may be any memory, shared
   * between two allocations or with a global, so no heap buffer is a caller's own.
   */
  readonly replacedAllocator?: string;
  /**
   * The other units' functions of `foreign` that pass a parameter on, as is, towards this
   * file's functions: whether every call of each is a call the set shows, or why not.
   */
  readonly passingOn?: Readonly<Record<string, ExternalVerdict>>;
  /**
   * Functions of the other units that a function of `foreign` names but the view leaves out
   * (src/pipeline/wholeProgram/narrowView.ts): each may read and keep any buffer it gets, and
   * is never the C library function of the same name.
   */
  readonly leftOut?: readonly string[];
  /** This file's part of the edits across files the set agreed on (crossFilePlan.ts). */
  readonly storage?: CrossFileStorage;
  /**
   * The verdicts on struct members passed to this file's functions (`args->M`), by
   * `file@start#index`: the caller's unit (empty for this file), the call's start offset,
   * the argument's position (src/pipeline/wholeProgram/structMembers.ts).
   */
  readonly members?: Readonly<
    Record<
      string,
      {
        readonly code: ReasonName;
        readonly reason: string;
        /** A member no other code uses: its struct's tag and its name. */
        readonly passes?: { readonly tag: string; readonly member: string };
      }
    >
  >;
}

/**
 * Edits across files (issue 27, item 2; src/pipeline/wholeProgram/crossFilePlan.ts). Numbers
 * are decimal strings (plain JSON for the cache), `null` where an extent is known only at run
 * time.
 */
type Extents = readonly (string | null)[];

/**
 * A parameter of this file's function with external linkage, folded in place, whose call
 * sites are all in other files of the set: the slots it uses, for their buffers to shrink.
 */
export interface StorageOffer {
  readonly fn: string;
  readonly param: string;
  /** Its position among the function's parameters. */
  readonly index: number;
  /** Its element type (normalizedType) and extents, outermost first. */
  readonly elementType: string;
  readonly levels: Extents;
  /** The slots it uses per dimension (null: its extent stays). */
  readonly slots: Extents;
  /** Its call sites: the caller, the buffer it passes, and the caller's file. */
  readonly callers: readonly {
    readonly caller: string;
    readonly buffer: string;
    readonly file: string;
    /** The buffer is this member of a struct (`args->M`): its storage is in the definition. */
    readonly member?: MemberOfStruct;
    /**
     * The parameters that pass the buffer on between the caller and the function, the
     * caller's callee first (`main` -> `stage(t)` -> `kern(b)`: `stage:b`), with their files.
     */
    readonly via?: readonly PassedOn[];
  }[];
}

/** A struct member passed as a buffer (src/pipeline/wholeProgram/structMembers.ts). */
export interface MemberOfStruct {
  readonly tag: string;
  readonly member: string;
}

/** A parameter that passes a buffer on, as is, towards a parameter offered. */
export interface PassedOn {
  readonly fn: string;
  readonly param: string;
  readonly index: number;
  readonly file: string;
}

/** A parameter of another file a buffer of this file is passed to. */
export interface ForeignParameter {
  readonly fn: string;
  readonly param: string;
  readonly index: number;
  readonly elementType: string;
  readonly levels: Extents;
}

/** A struct member shrunk in its definition: its cells per struct object, decimal. */
export interface MemberShrunk extends MemberOfStruct {
  readonly before: string;
  readonly after: string;
}

/** What the set agreed for one file: the edits of its part of the one edit set. */
export interface CrossFileStorage {
  /** Its parameters retyped to `extents`: their callers' buffers in other files shrink. */
  readonly parameters: readonly {
    readonly fn: string;
    readonly param: string;
    readonly extents: Extents;
    /**
     * The struct members shrunk in their definitions with it (memberStorage.ts), each on
     * one of its parameters only, its saving counted on that entry: its cells per struct
     * object before and after.
     */
    readonly members?: readonly MemberShrunk[];
  }[];
  /**
   * Its parameters that only pass buffers on to `passesTo` (of this file or another),
   * retyped to `extents` with them.
   */
  readonly forwarders: readonly {
    readonly fn: string;
    readonly param: string;
    readonly extents: Extents;
    readonly passesTo: readonly ForeignParameter[];
  }[];
  /** Its buffers that shrink to `extents` for parameters of other files. */
  readonly buffers: readonly {
    readonly caller: string;
    readonly buffer: string;
    readonly extents: Extents;
    readonly carriesFor: readonly ForeignParameter[];
  }[];
  /** Prototypes of retyped parameters spelled in this file: offsets in its own text. */
  readonly prototypes: readonly {
    readonly start: number;
    readonly end: number;
    readonly text: string;
  }[];
  /** Its parameters whose callers' buffers in other files keep their size, and why. */
  readonly kept: readonly {
    readonly fn: string;
    readonly param: string;
    readonly code: ReasonName;
    readonly reason: string;
  }[];
}

/**
 * The file-scope arrays with external linkage a unit defines (frontend/externalArrays.ts),
 * per name: undefined when the definition alone spells it, or why it must stay. (Here, not
 * beside its reader: the library's declarations must not reach the parser's types.)
 */
export type GlobalArrays = Readonly<Record<string, { readonly stays?: string }>>;
