/**
 * Temporaries across calls: is a parameter array `p` of function `F` a temporary of `F`?
 *
 * It is when no value flows through it in either direction, for every call the program can
 * make (Bee's lifetimes extended over the call boundary: a cell's lifetime must start and
 * end inside `F`):
 *   - in: `F` never reads a cell before writing it on every path (no upward-exposed read,
 *     must-writes only; decided by the caller of this module with upwardExposed.ts);
 *   - out: at every call site, nothing reads what `F` left. The caller's buffer is a local
 *     array or memory from an allocator whose address never leaves the caller (no alias, no
 *     pointer kept by a callee, none returned), and every use that may run after the call
 *     (textually after it, anywhere in a loop around it, or in the same full expression,
 *     whose order C leaves unspecified) only frees, re-allocates or passes it to functions
 *     that themselves read no cell before writing it;
 *   - every call is visible: `F` is `static`, its name is used only as a callee (no function
 *     pointer, no alias attribute or assembly naming it, no attribute making it an entry
 *     point), and no file of the set includes this one (a unity build calls it from there);
 *   - `F` is not recursive: a private array per active call would multiply with the depth.
 * A promise (`--temporary F:p`) skips the visibility rules but not the evidence: a call site
 * that reads the buffer after the call disproves it.
 */
import type {
  BufferUse,
  CallGraph,
  CallSite,
  CallerBuffer,
  FunctionCalls,
} from '../model/calls.js';
import { libraryCall } from './libraryCalls.js';
import { callsOf, firstFunction, functionsByName } from './callIndex.js';
import type { ReasonName } from '../model/reasons.js';
import { place } from '../model/place.js';
import type { MemberOfStruct, ProgramView } from '../model/program.js';

export interface CallerEvidence {
  readonly caller: string;
  readonly buffer: string;
  readonly loc: CallSite['loc'];
  readonly origin: 'array' | 'heap';
  /** How many `*` the call applies to the buffer (`*tmp`: 1). */
  readonly derefs: number;
  /**
   * Cells of the object passed, when its declaration gives them (a local array, or `*p` of a
   * pointer to an array type) and its elements are of the parameter's type: the callee's
   * accesses stay inside it in any run without undefined behaviour.
   */
  readonly objectCells?: bigint;
  /** The buffer is a struct member no other code of the set uses (`args->M`). */
  readonly member?: MemberOfStruct;
  /**
   * The parameters that pass the buffer on as is between the caller and `F`, as
   * `function:parameter`, the caller's callee first (`main` -> `run(t)` -> `F`: `run:t`).
   */
  readonly via?: readonly string[];
}

export type CrossCallVerdict =
  | {
      readonly temporary: true;
      readonly callSites: readonly CallerEvidence[];
    }
  | { readonly temporary: false; readonly code: ReasonName; readonly reason: string };

/**
 * Whether `callee`'s parameter number `argIndex` may read a cell before writing it, when
 * given an object of `objectCells` cells (if known).
 */
type ReadsBeforeWriting = (callee: string, argIndex: number, objectCells?: bigint) => boolean;

const at = place;

export interface CrossCallQuery {
  readonly graph: CallGraph;
  readonly fnName: string;
  readonly param: string;
  readonly readsIncoming: ReadsBeforeWriting;
  readonly promised?: boolean;
  /** Files of the set that `#include` this one (they call its static functions too). */
  readonly includedBy?: readonly string[];
  /** The parameter's element type, to compare with the callers' buffers. */
  readonly elementType?: string;
  /**
   * For a function with external linkage, when the file is analysed with its file set
   * (src/pipeline/wholeProgram/fileSet.ts): every call is in the graph (`seen`), or why not.
   * Absent: the file alone, where callers in other files are not visible.
   */
  readonly external?: 'seen' | { readonly code: ReasonName; readonly reason: string };
  /**
   * Functions of the graph whose definition there may not be the one a call reaches (a weak
   * definition, one that other units define too), with the names of the graph's other
   * definitions of it: nothing is assumed of what they do with a buffer.
   */
  readonly overridden?: ReadonlyMap<string, readonly string[]>;
  /** A C library memory function the program defines itself (ProgramView's). */
  readonly replacedAllocator?: string;
  /** The verdicts on struct members passed as arguments (ProgramView's `members`). */
  readonly members?: ProgramView['members'];
  /**
   * Functions of other files that the graph leaves out (ProgramView's `leftOut`): nothing is
   * known of what they do with a buffer, whatever their name.
   */
  readonly leftOut?: ReadonlySet<string>;
  /**
   * The visibility of a function that passes the buffer on (its own, not `F`'s), or why
   * its calls are not all seen. Absent: the file alone (its own `includedBy`, no linkage
   * analysed).
   */
  readonly visibilityOf?: (
    fn: FunctionCalls,
  ) => Visibility | { readonly code: ReasonName; readonly reason: string };
}

export function crossCallVerdict(q: CrossCallQuery): CrossCallVerdict {
  const { graph, fnName, param, promised = false } = q;
  const no = (code: ReasonName, reason: string): CrossCallVerdict => ({
    temporary: false,
    code,
    reason,
  });
  const fn = firstFunction(graph, fnName);
  if (!fn) return no('buffer-not-analysable', `${fnName}() is not defined in this file`);
  const index = fn.parameterNames.indexOf(param);
  if (index < 0) return no('buffer-not-analysable', `'${param}' is not a parameter of ${fnName}()`);
  const recursion = recursivePath(graph, fnName, q.overridden);
  if (recursion)
    return no(
      'recursive',
      `${fnName}() may call itself (${recursion.join(' -> ')}): a private array would be allocated at every level`,
    );
  if (!promised) {
    const unseen = unseenCalls(
      fn,
      q,
      ` (make it static, or promise with --temporary ${fnName}:${param})`,
    );
    if (unseen) return no(unseen.code, unseen.reason);
  }
  const sites: CallerEvidence[] = [];
  for (const { caller, call } of callsOf(graph, fnName)) {
    const where = `${caller.name}() at ${caller.file ? `${caller.file}:` : ''}${at(call.loc)}`;
    const name = call.buffers[index];
    if (name === undefined) {
      if (promised) continue;
      const member = q.members?.[`${caller.file ?? ''}@${call.start}#${index}`];
      if (member && member.code !== 'member-storage-kept')
        return no(member.code, `the call in ${where} passes ${member.reason}`);
      if (member?.passes) {
        sites.push({
          caller: caller.name,
          buffer: member.passes.member,
          loc: call.loc,
          origin: 'array',
          derefs: 0,
          member: member.passes,
        });
        continue;
      }
      return no(
        'argument-not-a-buffer',
        `the call in ${where} passes an expression, not a buffer of the caller`,
      );
    }
    if (!promised && caller.parameterNames.includes(name)) {
      const f = forwardedSites(q, caller, call, index, name);
      if ('code' in f) return no(f.code, `${f.reason} (call in ${where})`);
      sites.push(...f.sites);
      continue;
    }
    const problem = callSiteProblem(q, caller, call, index, name);
    if (problem) return no(problem.code, `${problem.reason} (call in ${where})`);
    const buffer = caller.buffers.find((b) => b.name === name)!;
    if (buffer.origin === 'other') continue; // promised: nothing more to say of it
    const cells = objectCells(buffer, call.derefs[index] ?? 0, q.elementType);
    sites.push({
      caller: caller.name,
      buffer: name,
      loc: call.loc,
      origin: buffer.origin,
      derefs: call.derefs[index] ?? 0,
      ...(cells !== undefined ? { objectCells: cells } : {}),
    });
  }
  if (sites.length === 0 && !promised)
    return no(
      'not-called',
      `${fnName}() is not called in this file${q.external ? ' or any other of the set' : ''}`,
    );
  return { temporary: true, callSites: sites };
}

/** What a function's calls may come from besides the graph's call sites (visibility). */
export type Visibility = Pick<CrossCallQuery, 'includedBy' | 'external'>;

/**
 * Why `fn` may be called from code the graph does not show, or undefined when every call of
 * it is one of the graph's call sites: it is `static` (or, in a closed file set, its external
 * linkage is analysed), its name is used only as a callee, and no other file includes this one.
 */
export function unseenCalls(
  fn: FunctionCalls,
  q: Visibility,
  /** Added to the `not-static` reason (how to make it visible). */
  hint = ' (make it static)',
): { readonly code: ReasonName; readonly reason: string } | undefined {
  if (!fn.internal && q.external && q.external !== 'seen') return q.external;
  if (!fn.internal && !q.external)
    return {
      code: 'not-static',
      reason: `${fn.name}() is not static: callers in other files are not visible${hint}`,
    };
  const reached = fn.reachedElsewhere[0];
  if (reached)
    return {
      code: 'called-from-unseen-code',
      reason: `${fn.name}() may be called from code the file does not show: ${reached.why} (${at(reached.loc)})`,
    };
  if (q.includedBy && q.includedBy.length > 0)
    return {
      code: 'included-by-other-file',
      reason: `${q.includedBy[0]} includes this file: its calls of ${fn.name}() are not analysed with it`,
    };
  return undefined;
}

/**
 * The cells of the object a call passes: the buffer's levels after the `*` the argument
 * applies, all of them extents of known size (a pointer level left means memory of unknown
 * size behind it). Undefined when unknown or when the element types differ.
 */
function objectCells(
  buffer: CallerBuffer,
  derefs: number,
  elementType: string | undefined,
): bigint | undefined {
  const shape = buffer.shape;
  if (!shape || elementType === undefined || shape.elementType !== elementType) return undefined;
  const levels = shape.levels.slice(derefs);
  // The pointer itself: the block its allocations give (the smallest, when several).
  if (levels[0] === 'pointer' && derefs === 0 && buffer.origin === 'heap') {
    const allocs = buffer.uses.filter((u) => u.kind === 'alloc');
    if (!shape.elementBytes || allocs.length === 0 || allocs.some((u) => u.bytes === undefined))
      return undefined;
    const bytes = allocs.reduce((m, u) => (u.bytes! < m ? u.bytes! : m), allocs[0]!.bytes!);
    return bytes / shape.elementBytes;
  }
  let cells = 1n;
  for (const l of levels) {
    if (typeof l !== 'bigint') return undefined;
    cells *= l;
  }
  return levels.length > 0 ? cells : undefined;
}

/**
 * The call sites behind a parameter that the caller only passes on (`run(double t[N][N]) {
 * F(t); }`): `run` forwards its own callers' buffers. Inside `run`, its parameter obeys the
 * rules of a buffer (no escape, nothing read after the call of `F`); and `run:t` must itself
 * be a temporary of `run` as far as its callers go (every call visible, not recursive,
 * nothing read after any call of `run`), which holds the same way further up. Passed as is
 * only (`F(*t)` names another object).
 */
function forwardedSites(
  q: CrossCallQuery,
  caller: FunctionCalls,
  call: CallSite,
  index: number,
  name: string,
): { sites: CallerEvidence[] } | { code: ReasonName; reason: string } {
  const p = caller.parameterUses.find((x) => x.name === name);
  if (!p || !p.known || (call.derefs[index] ?? 0) !== 0)
    return {
      code: 'buffer-not-analysable',
      reason: `'${name}' is a parameter of ${caller.name}() that is not passed on as is`,
    };
  const buffer: CallerBuffer = { name, origin: 'array', uses: p.uses };
  const here = callSiteProblem(q, caller, call, index, name, buffer);
  if (here) return here;
  // Whether every call of the function passing it on is seen is its own question: the
  // kernel's linkage says nothing of it (a forwarder whose address another file takes).
  const { includedBy: _i, external: _e, ...rest } = q;
  const seen = q.visibilityOf ? q.visibilityOf(caller) : { includedBy: q.includedBy };
  if ('code' in seen)
    return {
      code: seen.code,
      reason: `${caller.name}() passes on its parameter '${name}', and ${seen.reason}`,
    };
  const outer = crossCallVerdict({
    ...rest,
    ...(seen.includedBy ? { includedBy: seen.includedBy } : {}),
    ...(seen.external ? { external: seen.external } : {}),
    fnName: caller.name,
    param: name,
  });
  if (!outer.temporary)
    return {
      code: outer.code,
      reason: `${caller.name}() passes on its parameter '${name}', and ${outer.reason}`,
    };
  // A struct member reaching it through the parameter (MachSuite radix: run_benchmark passes
  // args->sum to ss_sort, which passes it on to sum_scan and last_step_scan) is followed as
  // a caller's buffer is: the forwarder's own uses were asked above, the member's verdict
  // (nothing else in the set names it) at its call. Its storage keeps its size
  // (crossFilePlan.ts memberBuffer): the forwarder's other callees index it too.
  const link = `${caller.name}:${name}`;
  return { sites: outer.callSites.map((s) => ({ ...s, via: [...(s.via ?? []), link] })) };
}

function paramUses(graph: CallGraph, callee: string, argIndex: number) {
  const fn = firstFunction(graph, callee);
  const name = fn?.parameterNames[argIndex];
  return fn?.parameterUses.find((p) => p.name === name);
}

/**
 * A chain of calls from `fnName` back to itself, if the graph has one (a call of an
 * overridden function may run any of its definitions).
 */
function recursivePath(
  graph: CallGraph,
  fnName: string,
  overridden?: ReadonlyMap<string, readonly string[]>,
): string[] | undefined {
  const byName = functionsByName(graph);
  const seen = new Set<string>();
  const stack: { name: string; path: string[] }[] = [{ name: fnName, path: [fnName] }];
  const callsOf = (name: string) =>
    [name, ...(overridden?.get(name) ?? [])].flatMap((n) => byName.get(n)?.calls ?? []);
  while (stack.length > 0) {
    const { name, path } = stack.pop()!;
    for (const c of callsOf(name)) {
      if (c.callee === fnName) return [...path, fnName];
      if (seen.has(c.callee) || !byName.has(c.callee)) continue;
      seen.add(c.callee);
      stack.push({ name: c.callee, path: [...path, c.callee] });
    }
  }
  return undefined;
}

/**
 * Whether a use may run after the call: textually after it, anywhere in the outermost loop
 * around the call, or in the same full expression outside the call's own arguments (which
 * are evaluated before the call; everything else in the expression may come after it).
 */
export function mayRunAfter(u: BufferUse, call: CallSite, callUse: BufferUse | undefined): boolean {
  if (u.offset >= call.start && u.offset < call.end) return false;
  if (u.offset >= call.end) return true;
  const loop = callUse?.loop;
  if (loop && u.offset >= loop.start && u.offset < loop.end) return true;
  const st = callUse?.statement;
  return !!st && u.offset >= st.start && u.offset < st.end;
}

function callSiteProblem(
  q: CrossCallQuery,
  caller: FunctionCalls,
  call: CallSite,
  index: number,
  name: string,
  /** A parameter passed on (forwardedSites): its uses as a buffer of the caller. */
  forwarded?: CallerBuffer,
): { code: ReasonName; reason: string } | undefined {
  const { graph, fnName, readsIncoming, promised = false } = q;
  const problem = (code: ReasonName, reason: string) => ({ code, reason });
  const buffer = forwarded ?? caller.buffers.find((b) => b.name === name);
  if (!buffer)
    return problem('buffer-not-analysable', `'${name}' is not a buffer of ${caller.name}()`);
  if (caller.unstructured)
    return problem(
      'caller-unstructured',
      `${caller.name}() uses goto, setjmp, asm goto, a nested function or an OpenMP construct: the order of its statements is not known`,
    );
  if (!promised) {
    if (buffer.origin === 'other')
      return problem(
        'buffer-not-analysable',
        buffer.why ?? `'${name}' is not a buffer of the caller`,
      );
    if (buffer.origin === 'heap' && q.replacedAllocator)
      return problem(
        'buffer-not-analysable',
        `'${name}' is heap memory, and the program defines ${q.replacedAllocator}: its blocks may be shared`,
      );
    if (buffer.origin === 'heap' && !buffer.uses.some((u) => u.kind === 'alloc'))
      return problem(
        'buffer-not-analysable',
        `'${name}' is not set from an allocator in ${caller.name}()`,
      );
    if (call.buffers.filter((b) => b === name).length > 1)
      return problem('passed-twice', `'${name}' is passed twice to the same call (aliasing)`);
  }
  // Anywhere in the caller: another name for the cells, or a callee that may keep one.
  for (const u of buffer.uses) {
    if (u.kind === 'escape')
      return problem(
        'buffer-escapes',
        `the address of '${name}' escapes at ${at(u.loc)} (${u.why ?? 'used as a value'}): another name may reach its cells`,
      );
    if (u.kind === 'call-arg') {
      const keeps = keepsAddress(graph, u, new Set(), q.overridden, q.leftOut);
      if (keeps)
        return problem(
          'callee-keeps-address',
          `'${name}' is passed to ${u.callee}() at ${at(u.loc)}, which ${keeps}`,
        );
    }
  }
  const callUse = buffer.uses.find(
    (u) => u.kind === 'call-arg' && u.call?.start === call.start && u.argIndex === index,
  );
  for (const u of buffer.uses.filter((x) => mayRunAfter(x, call, callUse))) {
    if (u.kind === 'free' || u.kind === 'alloc' || u.kind === 'inert') continue;
    if (u.kind === 'access')
      return problem(
        'read-after-call',
        `${caller.name}() accesses '${name}' at ${at(u.loc)}, which may run after ${fnName}() left values there`,
      );
    if (u.kind === 'call-arg' && u.callee !== undefined && u.argIndex !== undefined) {
      if (u.callee === fnName && u.argIndex === index) continue;
      // (a function of the set the view leaves out is no library function of its name)
      const lib =
        firstFunction(graph, u.callee) || q.leftOut?.has(u.callee)
          ? undefined
          : libraryCall(u.callee);
      const param = paramUses(graph, u.callee, u.argIndex);
      const cells = objectCells(buffer, u.derefs ?? 0, param?.elementType);
      const unsure = q.overridden?.has(u.callee);
      if (!unsure && (lib ? !lib.reads(u.argIndex) : !readsIncoming(u.callee, u.argIndex, cells)))
        continue;
      return problem(
        'read-after-call',
        `'${name}' is passed to ${u.callee}() at ${at(u.loc)}, which may run after the call and read the values ${fnName}() left`,
      );
    }
    return problem(
      'read-after-call',
      `'${name}' is used at ${at(u.loc)}, which may run after the call`,
    );
  }
  return undefined;
}

/**
 * Why the callee of a call-argument use may keep the address it gets (store it, return it,
 * pass it on to one that does, or be a function the file does not show), or undefined when
 * it provably does not. Least fixpoint over the call graph: a cycle of functions that only
 * pass the address among themselves keeps nothing.
 */
function keepsAddress(
  graph: CallGraph,
  use: BufferUse,
  visiting: ReadonlySet<string> = new Set(),
  overridden?: ReadonlyMap<string, readonly string[]>,
  leftOut?: ReadonlySet<string>,
): string | undefined {
  const { callee, argIndex } = use;
  if (callee === undefined || argIndex === undefined) return 'is not a named function';
  if (overridden?.has(callee))
    return 'may be another definition than the one seen (a weak symbol, or defined twice)';
  const key = `${callee}:${argIndex}`;
  if (visiting.has(key)) return undefined;
  const fn = firstFunction(graph, callee);
  if (!fn) {
    if (leftOut?.has(callee))
      return `is a function of another file of the set whose code this decision does not read (it may keep a pointer to the buffer)`;
    const lib = libraryCall(callee);
    if (!lib) return `is not defined in this file (it may keep a pointer to the buffer)`;
    if (lib.callsBackWith === argIndex)
      return `hands the addresses of its elements to a function of the program (a comparator), which may keep them`;
    if (lib.formatsFrom !== undefined && argIndex >= lib.formatsFrom)
      return `may write its address as text (%p, or an integer conversion), which the program may read back`;
    if (lib.streamed)
      return `may hand it to the functions of its stream (one made by fopencookie), which may keep it`;
    return lib.returnsArgument === argIndex && use.resultUsed
      ? `returns it, and the value returned is used`
      : undefined;
  }
  const name = fn.parameterNames[argIndex];
  if (name === undefined || name === '')
    return argIndex >= fn.parameterNames.length
      ? `takes variable arguments (it may keep a pointer)`
      : undefined;
  const p = fn.parameterUses.find((x) => x.name === name);
  if (!p) return `takes it as '${name}', whose type is not a pointer or array the analysis reads`;
  if (!p.known) return `takes it as '${name}', whose element type or levels are not known`;
  // (made when it passes the address on: asked for each of n callees of a unity build's
  // main(), for each file read inside it, issue 27)
  let inner: Set<string> | undefined;
  for (const u of p.uses) {
    if (u.kind === 'escape') return `lets its address out at ${at(u.loc)} (${u.why ?? ''})`;
    if (u.kind === 'call-arg') {
      inner ??= new Set([...visiting, key]);
      const deeper = keepsAddress(graph, u, inner, overridden, leftOut);
      if (deeper) return `passes it to ${u.callee}() at ${at(u.loc)}, which ${deeper}`;
    }
  }
  return undefined;
}
