/**
 * The state one function's model is built in: what the walk over the body has found so far
 * (arrays and their reasons, parameters, statements) and what the first pass over the body
 * knows (identifiers, assigned names, declarations). The concerns that read and fill it
 * live in their own modules: names.ts (scopes and parameters), effects.ts (writes and
 * escapes), references.ts (array references), statements.ts and loops.ts (the static
 * control parts), statementAccesses.ts (one modelled statement).
 */
import type { TemporaryPromise } from './promises.js';
import { notCandidate, type CandidacyReason } from '../model/reasons.js';
import type { Affine } from '../poly/affine.js';
import type {
  ByteRange,
  Diagnostic,
  EntryFact,
  Extent,
  HelperCall,
  NotCandidateReason,
  Parameter,
  SourceLoc,
  Statement,
} from '../model/types.js';
import type { ArrayDecl } from './arrays.js';
import type { ElementStruct } from './elementStruct.js';
import type { CppUnit } from './cpp/unit.js';
import type { TemplateBindings } from './cpp/templates.js';
import type { Directives } from './directives.js';
import type { IntType, TypedefTable } from './integers.js';
import { type Node, type SourceText, child, walk } from './parse.js';
import type { Cond, PwAff } from './pwaff.js';
import { type Bindings, resolveNames } from './scopes.js';
import { functionTypedefs, lazily } from './typedefs.js';
import { type DataModel, type DataModelChoice, LP64 } from './dataModel.js';

export interface FrontendOptions {
  readonly defines?: Readonly<Record<string, bigint>>;
  readonly temporaries?: readonly string[];
  /** The file's promises, resolved by buildModel (src/frontend/promises.ts). */
  readonly promises?: readonly TemporaryPromise[];
  /** A C++ unit (issue 30): what its calls, references and types do (cpp/unit.ts). */
  readonly cpp?: CppUnit;
  /** C++: the value parameters of the template instantiation analysed (cpp/templates.ts). */
  readonly templateValues?: TemplateBindings['values'];
  /**
   * Read the buffers passed to every function called, also those of other files (the set
   * agreed to shrink some of them: src/pipeline/wholeProgram/callerStorage.ts).
   */
  readonly everyCallee?: boolean;
  /**
   * The unit's data model (dataModel.ts): the sizes of long, size_t and pointers; LP64 when
   * absent. 'unknown' (a cross compiler not installed, its target not in the table): every
   * array is left unchanged.
   */
  readonly dataModel?: DataModelChoice;
  /**
   * The unit's compiler predefines `__GNUC__` (GCC, Clang): it takes
   * `__attribute__((noinline))`, which keeps a guard's original body out of the frame
   * (outline.ts).
   */
  readonly gnuAttributes?: boolean;
}

export interface ArrayRec {
  decl: ArrayDecl;
  extents: Extent[];
  reasons: NotCandidateReason[];
  marked: boolean;
  rank: number;
  /** The name node of its declaration in this function; null for a file-scope array. */
  nameNode: Node | null;
  /** Iterators of the loops around the declaration (set when the walk reaches it). */
  blockIterators?: readonly string[];
  /** The element's struct layout, once asked (fieldAccess.ts); null: no struct. */
  structElement?: ElementStruct | null;
  /** Some modelled access selects fields of an element (the model then lists the fields). */
  fieldAccessed?: boolean;
}

/** Where the walk is: the loops, conditions and schedule around the current statement. */
export interface Ctx {
  /** C name -> model name of the iterators in scope. */
  readonly iterators: ReadonlyMap<string, string>;
  readonly order: readonly string[];
  readonly cond: Cond;
  readonly schedule: readonly Affine[];
  readonly may: boolean;
  readonly overApproximated: boolean;
  /** The innermost enclosing loop (for break/continue). */
  readonly loop?: Node;
}

/** A syntax node's identity across walks (its byte span). */
export function key(n: Node): string {
  return `${n.startIndex}:${n.endIndex}`;
}

/**
 * Whether a node of the function is inside the statements the model reads: inside the span
 * of one of them. The model is only built for functions without a syntax error, whose trees
 * have no empty node: a node inside a statement's span is that statement or one of its
 * descendants, which is what a set of their spans said before (issue 17: that set cost a
 * string per node of large bodies).
 */
export function inRegion(st: FunctionState, n: Node): boolean {
  const spans = st.regionSpans;
  let lo = 0;
  let hi = spans.length - 1;
  let last = -1; // the last span that starts at or before the node
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.start <= n.startIndex) {
      last = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return last >= 0 && n.endIndex <= spans[last]!.end;
}

/** The array record a use (identifier node) refers to, through C's scopes. */
export function arrayOf(st: FunctionState, use: Node): ArrayRec | undefined {
  const rec = st.arrays.get(use.text);
  if (!rec) return undefined;
  const b = st.bindings.get(key(use));
  if (b === undefined) return undefined; // not a use (a declarator, a prototype's parameter)
  return (b === null ? null : key(b)) === (rec.nameNode ? key(rec.nameNode) : null)
    ? rec
    : undefined;
}

export class FunctionState {
  readonly arrays = new Map<string, ArrayRec>();
  readonly arrayOrder: string[] = [];
  readonly params = new Map<string, Parameter>();
  readonly statements: Statement[] = [];
  /** Calls passing an array parameter whole (statements.ts recordHelperCall). */
  readonly helperCalls: HelperCall[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly usedNames = new Set<string>();
  readonly identifiers = new Set<string>();
  readonly assigned = new Set<string>();
  /** How often each name is written (assignment, ++/--, address taken) in the body. */
  readonly writeCount = new Map<string, number>();
  /**
   * Integer scalars set once to an affine value of the counters (`row = i * W;`), while the
   * walk is in the statements after that assignment in its block: C name -> value.
   */
  readonly inductions = new Map<string, { value: PwAff; type: IntType }>();
  /** Names whose address is taken somewhere in the function (`&x`). */
  readonly addressTaken = new Set<string>();
  readonly intArgs = new Map<string, Node>();
  readonly localConsts = new Map<
    string,
    { value: bigint; loc: SourceLoc; dataModelFacts?: readonly string[] }
  >();
  /**
   * The facts of the unit's data model the model rests on (modelVariants.ts): a constant
   * folded, a proof of exactness, a counter that stays in its type, true in this model only:
   * each as the condition that holds where it does not (`sizeof(long) != 8`).
   */
  readonly modelFacts = new Set<string>();
  /** Conditions on arguments the model assumed at the entry (doWhileEntry.ts), by `differs`. */
  readonly entryFacts = new Map<string, EntryFact>();
  /** Top-level integer locals set once at their declaration: symbolic constants. */
  readonly onceLocals = new Map<string, Node>();
  /** How often each name is declared in the body: a shadowed name is no parameter. */
  readonly declCount = new Map<string, number>();
  /** Element accesses covered by a modelled statement. */
  readonly covered = new Set<string>();
  readonly uncoveredWhy = new Map<string, string>();
  /**
   * The statements the model reads (the `#pragma scop` regions, else the body's statements)
   * as spans, in document order (see `inRegion`).
   */
  regionSpans: readonly ByteRange[] = [];
  /** Every identifier use resolved through C's scopes (scopes.ts). */
  readonly bindings: Bindings;
  freshCount = 0;
  /** arrayUses (references.ts) per node id, with the array count it was computed for. */
  readonly arrayUsesCache = new Map<number, { arrays: number; uses: Node[] }>();
  /** C integer types of integer variables declared in the function (by C name). */
  readonly varTypes = new Map<string, IntType>();
  /** C integer types of the loop counters (by model iterator name). */
  readonly iterTypes = new Map<string, IntType>();
  readonly name: string;
  readonly body: Node;
  /** The function's declarator (`name(params)`), if found. */
  readonly declarator: Node | null;
  private bodyWalk: readonly Node[] | undefined;

  constructor(
    readonly fn: Node,
    readonly src: SourceText,
    readonly dir: Directives,
    readonly globals: ReadonlyMap<string, ArrayDecl>,
    readonly options: FrontendOptions,
    /** For each file-scope array, the functions whose bodies name it. */
    readonly globalUsers: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {
    let d = child(fn, 'declarator');
    while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
    this.declarator = d;
    this.name = (d && child(d, 'declarator')?.text) ?? '?';
    this.body = child(fn, 'body')!;
    this.bindings = resolveNames(fn);
  }

  /**
   * `walk(body)`, made once: the passes over the whole body (writes, declarations, gotos,
   * pragmas, the final sweep) share it (issue 17: large macro-expanded bodies).
   */
  get bodyNodes(): readonly Node[] {
    return (this.bodyWalk ??= walk(this.body));
  }

  /** The integer typedefs the body may use (typedefs.ts), made once. */
  get typedefs(): TypedefTable {
    // A macro named like a typedef (the built-in reading keeps macros) is no type name here.
    return (this.typedefTable ??= lazily(
      () =>
        functionTypedefs(
          this.fn,
          (name) => this.dir.objectMacros.has(name) || this.dir.functionMacros.has(name),
          this.dataModel,
        ),
      this.dataModel,
    ));
  }

  /** The unit's data model (LP64 when not known: such a unit's arrays are refused anyway). */
  get dataModel(): DataModel {
    const m = this.options.dataModel;
    return m === undefined || m === 'unknown' ? LP64 : m;
  }
  private typedefTable: TypedefTable | undefined;
}

/** Records why `rec` is no candidate (once per kind and message). */
export function reason(
  rec: ArrayRec,
  name: CandidacyReason,
  message: string,
  loc: SourceLoc,
): void {
  if (rec.reasons.some((r) => r.reason === name && r.message === message)) return;
  rec.reasons.push(notCandidate(name, message, loc));
}
