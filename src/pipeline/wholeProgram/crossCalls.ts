/**
 * The whole-program step of the analysis: parameters that are temporaries of their function
 * across calls (src/lifetime/crossCall.ts), from the file's call graph (src/frontend/calls.ts)
 * and the upward-exposed reads of every function's parameters (src/lifetime/upwardExposed.ts).
 *
 * Such a parameter becomes a candidate of its function; the rewrite then gives the function a
 * private contracted array (src/rewrite/insertions.ts) and leaves the signature alone. A
 * promised parameter is checked against the call sites: a caller that reads the buffer after
 * the call disproves the promise.
 */
import type { ArrayInfo, FunctionModel, ProgramModel } from '../../model/types.js';
import { upwardExposedReads, type UpwardExposedRead } from '../../lifetime/upwardExposed.js';
import { exposedReadsInView } from '../../lifetime/exposedInView.js';
import {
  crossCallVerdict,
  type CallerEvidence,
  type Visibility,
} from '../../lifetime/crossCall.js';
import { staticScratchVerdict } from '../../lifetime/staticScratch.js';
import {
  normalizedType,
  type BufferUse,
  type CallGraph,
  type FunctionCalls,
} from '../../model/calls.js';
import { BudgetExceeded, isOwnOverrun, withWorkBudget } from '../../poly/budget.js';
import { witnessCell } from './promiseCheck.js';
import { provenParameterExtents, type ProvenExtents } from '../../lifetime/parameterExtents.js';
import type { ReasonName } from '../../model/reasons.js';
import { configuredElsewhere } from './foreignConfiguration.js';
import { externalOf, overriddenFunctions, withForeign, type ProgramView } from './fileSet.js';
import { place } from '../../model/place.js';
import { CallSlot } from '../../context/callContext.js';

export type CrossCallOutcome =
  | {
      readonly kind: 'candidate';
      readonly array: ArrayInfo;
      readonly note: string;
      readonly callSites: readonly CallerEvidence[];
    }
  /** A promised parameter (`--temporary`) with the extents its accesses really use. */
  | { readonly kind: 'promised'; readonly array: ArrayInfo }
  | { readonly kind: 'not-temporary'; readonly code: ReasonName; readonly reason: string }
  | { readonly kind: 'disproved'; readonly code: ReasonName; readonly reason: string };

/** A cache key for an array with the extents it is analysed with. */
const keyOf = (fn: FunctionModel, array: ArrayInfo) =>
  `${fn.name}:${array.name}:${array.extents.map((e) => e.text).join(',')}`;

/** Upward-exposed reads per function and parameter, computed once per file. */
export class ExposedReads {
  private readonly cache = new Map<string, readonly UpwardExposedRead[] | 'unknown'>();
  private readonly proven = new Map<string, ProvenExtents>();
  constructor(
    private readonly model: ProgramModel,
    private readonly values: (fn: FunctionModel) => Record<string, bigint>,
    private readonly work: number,
  ) {}

  /**
   * "No upward-exposed read", when `of` has already found it for this array (then it was
   * computed in full: the shortcut for inputs always reports a read), without computing
   * anything: the array's own analysis need not ask the polyhedral core again.
   */
  computedNone(fn: FunctionModel, array: ArrayInfo): readonly UpwardExposedRead[] | undefined {
    const r = this.cache.get(keyOf(fn, array));
    return r !== undefined && r !== 'unknown' && r.length === 0 ? r : undefined;
  }

  /**
   * A parameter with the extents its accesses use (src/lifetime/parameterExtents.ts; its
   * declared ones bound nothing), bounded by the callers' objects when `callerCells` is
   * given. Other arrays as they are.
   */
  extents(fn: FunctionModel, array: ArrayInfo, callerCells?: bigint): ProvenExtents {
    if (array.storage !== 'parameter') return { kind: 'proved', array };
    const key = `${keyOf(fn, array)}:${callerCells ?? ''}`;
    let r = this.proven.get(key);
    if (r === undefined) {
      try {
        r = withWorkBudget(this.work, () =>
          provenParameterExtents(fn, array, this.values(fn), callerCells),
        );
      } catch (e) {
        if (e instanceof BudgetExceeded && !isOwnOverrun(e)) throw e;
        r = {
          kind: 'unproved',
          reason: `the extents '${array.name}' uses are too expensive to prove`,
        };
      }
      this.proven.set(key, r);
    }
    return r;
  }

  /** The upward-exposed reads of `array` (a parameter with proven extents, or a local). */
  of(fn: FunctionModel, array: ArrayInfo): readonly UpwardExposedRead[] | 'unknown' {
    const key = keyOf(fn, array);
    let r = this.cache.get(key);
    if (r === undefined) {
      const accesses = fn.statements.flatMap((s) =>
        s.accesses.filter((x) => x.array === array.name).map((x) => ({ s, x })),
      );
      const read = accesses.find((a) => a.x.kind === 'read');
      // Read and never written (an input): every read that happens is exposed, no need to
      // ask the polyhedral core (most parameters of a program are such inputs).
      if (read && !accesses.some((a) => a.x.kind === 'write')) {
        r = [{ statement: read.s.id, loc: read.x.loc, example: null }];
        this.cache.set(key, r);
        return r;
      }
      try {
        // A hand-linearized parameter is asked in its view first: the same answer, at a cost
        // that does not grow with its extents (exposedInView.ts).
        r = withWorkBudget(this.work, () => {
          const values = this.values(fn);
          return exposedReadsInView(fn, array, values) ?? upwardExposedReads(fn, array, { values });
        });
      } catch (e) {
        // An enclosing budget's overrun is its owner's to answer (src/poly/budget.ts).
        if (e instanceof BudgetExceeded && !isOwnOverrun(e)) throw e;
        r = 'unknown';
      }
      this.cache.set(key, r);
    }
    return r;
  }

  /**
   * Whether parameter `argIndex` of `callee` may read a value it did not write itself. Cells
   * past the parameter's declared extent are cells too: without proven extents the reads of
   * them would not be seen, so an unproved parameter may read anything.
   */
  readsIncoming = (callee: string, argIndex: number, objectCells?: bigint): boolean => {
    const name = this.model.calls?.functions.find((f) => f.name === callee)?.parameterNames[
      argIndex
    ];
    const fn = this.model.functions.find((f) => f.name === callee);
    const declared = fn?.arrays.find((a) => a.name === name && a.storage === 'parameter');
    if (!fn || !declared || !onlyAParameter(declared)) return true;
    const proven = this.extents(fn, declared, objectCells);
    if (proven.kind === 'unproved') return true;
    const exposed = this.of(fn, proven.array);
    return exposed === 'unknown' || exposed.length > 0;
  };
}

/**
 * Per call, the first function of each model's list whose configuration no guard can check
 * (null: none). Asked for each array parameter and static array: searching the list each
 * time was quadratic in a file of many kernels (issue 29, item 3: ~2 % of 5 MB of them).
 */
const unguardedOf = new CallSlot(
  () => new WeakMap<readonly FunctionModel[], FunctionModel | null>(),
);

function firstUnguarded(functions: readonly FunctionModel[]): FunctionModel | undefined {
  const kept = unguardedOf.current();
  let f = kept?.get(functions);
  if (f === undefined) {
    f = functions.find((g) => g.configurationUnguarded !== undefined) ?? null;
    kept?.set(functions, f);
  }
  return f ?? undefined;
}

/**
 * A function of the file whose configuration no guard can check (frontend/configured.ts):
 * a decision across functions may read its code, and would hold in this configuration only.
 */
function unguardedFunction(model: ProgramModel): CrossCallOutcome | undefined {
  const f = firstUnguarded(model.functions);
  return f
    ? {
        kind: 'not-temporary',
        code: 'configuration-unguarded',
        reason: `no guard can keep ${f.name}() to this configuration, and the decision across calls may read its code: ${f.configurationUnguarded}`,
      }
    : undefined;
}

/** Not a candidate for no other reason than being a parameter. */
function onlyAParameter(array: ArrayInfo): boolean {
  return array.reasons.length > 0 && array.reasons.every((r) => r.kind === 'parameter');
}

/**
 * Why `fn` is not a temporary's function for `array`: a read before the call writes the cell
 * (the first one in the text, with a witness cell), or a question too expensive to decide.
 */
function valuesReadFirst(
  exposed: ExposedReads,
  fn: FunctionModel,
  array: ArrayInfo,
  whose: string,
  found: { code: ReasonName; what: string },
): CrossCallOutcome | undefined {
  const { code, what } = found;
  const reads = exposed.of(fn, array);
  if (reads === 'unknown')
    return {
      kind: 'not-temporary',
      code: 'cross-call-budget',
      reason: `whether ${fn.name}() reads values of '${array.name}' ${whose} is too expensive to decide`,
    };
  if (reads.length === 0) return undefined;
  const first = [...reads].sort(
    (a, b) => a.loc.line - b.loc.line || a.loc.column - b.loc.column,
  )[0]!;
  return {
    kind: 'not-temporary',
    code,
    reason:
      `${what}: ${witnessCell(array, first.example)} is read at line ` +
      `${place(first.loc)} before ${fn.name}() writes it`,
  };
}

/**
 * The visibility of a function that passes a buffer on towards the kernel: one of this
 * file's (its own linkage's verdict, this file's includers), or one of another unit's (the
 * set's verdict on it, `passingOn`; none: its calls are not all known).
 */
function passedOnVisibility(
  g: FunctionCalls,
  includedBy: readonly string[],
  program: ProgramView | undefined,
): Visibility | { code: ReasonName; reason: string } {
  if (!g.file) {
    const external = externalOf(program, g.name);
    return { ...(includedBy.length > 0 ? { includedBy } : {}), ...(external ? { external } : {}) };
  }
  const v = program?.passingOn?.[g.name];
  if (!v)
    return {
      code: 'not-called',
      reason: `${g.name}() is a function of ${g.file} whose calls are not all seen here`,
    };
  return v.analysable ? { external: 'seen' } : { code: v.code, reason: v.reason };
}

/** The most cells any caller's object holds, when every call site knows its object's. */
function callerCells(sites: readonly CallerEvidence[]): bigint | undefined {
  if (sites.length === 0 || sites.some((s) => s.objectCells === undefined)) return undefined;
  return sites.reduce((m, s) => (s.objectCells! > m ? s.objectCells! : m), 0n);
}

export function crossCallOutcome(
  model: ProgramModel,
  fn: FunctionModel,
  array: ArrayInfo,
  exposed: ExposedReads,
  includedBy?: readonly string[],
  program?: ProgramView,
): CrossCallOutcome | undefined {
  if (array.storage !== 'parameter' || !model.calls) return undefined;
  const external = externalOf(program, fn.name);
  const byIncluders = [...(includedBy ?? []), ...(program?.includedBy ?? [])];
  const query = {
    // The other files' functions count for the decision only (whose callers, what a callee
    // keeps): their text is never this file's to edit.
    graph: withForeign(model.calls, program),
    fnName: fn.name,
    param: array.name,
    readsIncoming: exposed.readsIncoming,
    ...(byIncluders.length > 0 ? { includedBy: byIncluders } : {}),
    elementType: normalizedType(array.elementType),
    ...(external ? { external } : {}),
    overridden: overriddenFunctions(model.calls, program),
    ...(program?.replacedAllocator ? { replacedAllocator: program.replacedAllocator } : {}),
    ...(program?.members ? { members: program.members } : {}),
    ...(program?.leftOut ? { leftOut: new Set(program.leftOut) } : {}),
    visibilityOf: (g: FunctionCalls) => passedOnVisibility(g, byIncluders, program),
  };
  if (array.markedTemporary) {
    const v = crossCallVerdict({ ...query, promised: true });
    if (!v.temporary)
      return {
        kind: 'disproved',
        code: 'promise-disproved',
        reason: `the temporary promise is disproved: ${v.reason}; the array is left unchanged`,
      };
    const proven = exposed.extents(fn, array, callerCells(v.callSites));
    return proven.kind === 'proved'
      ? { kind: 'promised', array: proven.array }
      : {
          kind: 'disproved',
          code: 'promise-unusable',
          reason: `the temporary promise cannot be used: ${proven.reason}; the array is left unchanged`,
        };
  }
  if (!onlyAParameter(array)) return undefined;
  const unguarded = unguardedFunction(model);
  if (unguarded) return unguarded;
  // The call sites first: they are cheap, the upward-exposed reads are not.
  const v = crossCallVerdict(query);
  if (!v.temporary) return { kind: 'not-temporary', code: v.code, reason: v.reason };
  const proven = exposed.extents(fn, array, callerCells(v.callSites));
  if (proven.kind === 'unproved')
    return { kind: 'not-temporary', code: 'extents-unproved', reason: proven.reason };
  const flowsIn = valuesReadFirst(exposed, fn, proven.array, 'it did not write', {
    code: 'value-flows-in',
    what: 'values flow in',
  });
  if (flowsIn) return flowsIn;
  // (Without a file set too: a function of the unit defined in a header or a unity build's
  // host is read, and no guard here reaches its text.)
  const elsewhere = configuredElsewhere(query.graph, fn.name, v.callSites);
  if (elsewhere) return { kind: 'not-temporary', ...elsewhere };
  const sites = v.callSites
    .map(
      (s) =>
        `${s.caller}:${s.buffer} (${s.member ? `member of struct ${s.member.tag}` : s.origin === 'heap' ? 'allocated' : 'array'}, call at ${place(s.loc)}${s.via ? `, passed on by ${s.via.join(', ')}` : ''})`,
    )
    .join(', ');
  return {
    kind: 'candidate',
    callSites: v.callSites,
    array: { ...proven.array, candidate: true, reasons: [] },
    note: `temporary across calls: no value flows into or out of '${array.name}' at any call (${sites})`,
  };
}

/**
 * Notes on the callers' buffers once their callee uses a private array: that call no longer
 * reads or writes the buffer, so it may have become unused or could shrink.
 */
export function callerBufferNotes(
  fn: FunctionModel,
  array: ArrayInfo,
  callSites: readonly CallerEvidence[],
): { caller: string; buffer: string; callee: string; array: string; note: string }[] {
  return callSites.map((s) => ({
    caller: s.caller,
    buffer: s.buffer,
    callee: fn.name,
    array: array.name,
    note:
      `${fn.name}() (call at ${place(s.loc)}) now uses a private array for '${array.name}': ` +
      `this buffer no longer carries values for it (unused, or smaller, if nothing else needs it)`,
  }));
}

/**
 * Whether a caller's buffer is unused once the private arrays are in place: every mention
 * of it is its declaration, an allocation, `free`, `sizeof`, or an argument for a parameter
 * that has a private array (`privatized` holds `function:parameter`), or else its first
 * other use. Report only: beeclak does not shrink the buffer, because the parameter types
 * still ask for the full extent (a smaller object passed there is
 * `-Wstringop-overflow` for gcc when it sees the size) and `*A` of a pointer to a smaller
 * object does not designate an object of the declared type.
 */
export function callerBufferStatus(
  graph: CallGraph,
  caller: string,
  buffer: string,
  privatized: ReadonlySet<string>,
): { unused: true } | { unused: false; use: string } {
  const f = graph.functions.find((x) => x.name === caller);
  const b = f?.buffers.find((x) => x.name === buffer);
  if (!f || !b) return { unused: false, use: `'${buffer}' is not a buffer of ${caller}()` };
  const at = (u: BufferUse) => `${place(u.loc)}`;
  for (const u of b.uses) {
    if (u.kind === 'alloc' || u.kind === 'free' || u.kind === 'inert') continue;
    if (u.kind === 'call-arg' && u.callee !== undefined && u.argIndex !== undefined) {
      const params = graph.functions.find((x) => x.name === u.callee)?.parameterNames;
      const param = params?.[u.argIndex];
      if (param && privatized.has(`${u.callee}:${param}`)) continue;
      return { unused: false, use: `it is passed to ${u.callee}() at ${at(u)}` };
    }
    if (u.kind === 'access') return { unused: false, use: `${caller}() accesses it at ${at(u)}` };
    return { unused: false, use: `its address is used at ${at(u)}` };
  }
  return { unused: true };
}

/** Not a candidate for no other reason than living across calls (static, file scope). */
function onlyStatic(array: ArrayInfo): boolean {
  return (
    array.reasons.length > 0 &&
    array.reasons.every((r) => r.kind === 'static' || r.kind === 'global')
  );
}

/**
 * A static or file-scope array that is a temporary of its function (staticScratch.ts): a
 * candidate like a local array, contracted in place and still static.
 */
export function staticScratchOutcome(
  model: ProgramModel,
  fn: FunctionModel,
  array: ArrayInfo,
  exposed: ExposedReads,
  includedBy?: readonly string[],
  program?: ProgramView,
): CrossCallOutcome | undefined {
  if (array.storage === 'local' || array.storage === 'parameter' || array.markedTemporary)
    return undefined;
  if (!model.calls || !onlyStatic(array)) return undefined;
  const unguarded = unguardedFunction(model);
  if (unguarded) return unguarded;
  const byIncluders = [...(includedBy ?? []), ...(program?.includedBy ?? [])];
  const linkage = array.storage === 'global' ? program?.globals?.[array.name] : undefined;
  const v = staticScratchVerdict(model.calls, fn.name, array, byIncluders, linkage);
  if (!v.scratch) return { kind: 'not-temporary', code: v.code, reason: v.reason };
  const elsewhere = configuredElsewhere(model.calls, fn.name, []);
  if (elsewhere) return { kind: 'not-temporary', ...elsewhere };
  const crosses = valuesReadFirst(exposed, fn, array, 'a previous call left', {
    code: 'values-cross-calls',
    what: 'values cross between calls',
  });
  if (crosses) return crosses;
  const where =
    array.storage === 'static-local'
      ? 'static'
      : array.storage === 'global'
        ? 'file-scope (external linkage, no other unit of the closed world names it)'
        : 'file-scope';
  return {
    kind: 'candidate',
    callSites: [],
    array: { ...array, candidate: true, reasons: [] },
    note: `${where} scratch: every call of ${fn.name}() writes each cell of '${array.name}' before reading it, so no value crosses between calls; it is contracted where it is declared${array.storage === 'global' ? '' : ' and stays static'}`,
  };
}
