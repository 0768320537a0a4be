/**
 * Temporaries across calls: is a parameter array `p` of function `F` a temporary of `F`?
 *
 * It is when no value flows through it in either direction, for every call the program can
 * make (Bee's lifetimes extended over the call boundary: a cell's lifetime must start and
 * end inside `F`):
 *   - in: `F` never reads a cell before writing it (no upward-exposed read; decided by the
 *     caller of this module with upwardExposed.ts, before asking);
 *   - out: at every call site, nobody reads what `F` left: after the call the caller's
 *     buffer is only freed, re-allocated, or passed to functions that themselves never read
 *     a cell before writing it; it never escapes (then we could not see its readers);
 *   - every call is visible: `F` is `static` (no other file calls it) and its address is
 *     never taken (no call through a pointer).
 * A promise (`--temporary F:p`) skips the visibility rules but not the evidence: a call
 * site that reads the buffer after the call disproves it.
 */
import type { BufferUse, CallGraph, CallSite, FunctionCalls } from '../model/calls.js';

export interface CallerEvidence {
  readonly caller: string;
  readonly buffer: string;
  readonly loc: CallSite['loc'];
  readonly origin: 'array' | 'heap';
}

export type CrossCallVerdict =
  | { readonly temporary: true; readonly callSites: readonly CallerEvidence[] }
  | { readonly temporary: false; readonly reason: string };

/** Whether `callee`'s parameter number `argIndex` never reads a cell before writing it. */
export type ReadsBeforeWriting = (callee: string, argIndex: number) => boolean;

const at = (l: { line: number; column: number }) => `${l.line}:${l.column}`;

export function crossCallVerdict(
  graph: CallGraph,
  fnName: string,
  param: string,
  readsIncoming: ReadsBeforeWriting,
  promised = false,
): CrossCallVerdict {
  const no = (reason: string): CrossCallVerdict => ({ temporary: false, reason });
  const fn = graph.functions.find((f) => f.name === fnName);
  if (!fn) return no(`${fnName}() is not defined in this file`);
  const index = fn.parameterNames.indexOf(param);
  if (index < 0) return no(`'${param}' is not a parameter of ${fnName}()`);
  if (!promised) {
    if (!fn.internal)
      return no(
        `${fnName}() is not static: callers in other files are not visible (make it static, or promise with --temporary ${fnName}:${param})`,
      );
    if (fn.addressTaken.length > 0)
      return no(
        `the address of ${fnName}() is taken at ${at(fn.addressTaken[0]!)}: calls through a function pointer are not visible`,
      );
  }
  const sites: CallerEvidence[] = [];
  for (const caller of graph.functions) {
    for (const call of caller.calls) {
      if (call.callee !== fnName) continue;
      const where = `${caller.name}() at ${at(call.loc)}`;
      const name = call.buffers[index];
      if (name === undefined) {
        if (promised) continue;
        return no(`the call in ${where} passes an expression, not a buffer of the caller`);
      }
      const problem = callSiteProblem(caller, call, index, name, fnName, readsIncoming, promised);
      if (problem) return no(`${problem} (call in ${where})`);
      const buffer = caller.buffers.find((b) => b.name === name)!;
      sites.push({
        caller: caller.name,
        buffer: name,
        loc: call.loc,
        origin: buffer.origin === 'heap' ? 'heap' : 'array',
      });
    }
  }
  if (sites.length === 0 && !promised) return no(`${fnName}() is not called in this file`);
  return { temporary: true, callSites: sites };
}

function callSiteProblem(
  caller: FunctionCalls,
  call: CallSite,
  index: number,
  name: string,
  fnName: string,
  readsIncoming: ReadsBeforeWriting,
  promised: boolean,
): string | undefined {
  const buffer = caller.buffers.find((b) => b.name === name);
  if (!buffer) return `'${name}' is not a buffer of ${caller.name}()`;
  if (!promised) {
    if (caller.unstructured)
      return `${caller.name}() uses goto or setjmp: the order of its statements is not known`;
    if (buffer.origin === 'other') return buffer.why ?? `'${name}' is not a buffer of the caller`;
    if (buffer.origin === 'heap' && !buffer.uses.some((u) => u.kind === 'alloc'))
      return `'${name}' is not set from an allocator in ${caller.name}()`;
    if (call.buffers.filter((b) => b === name).length > 1)
      return `'${name}' is passed twice to the same call (aliasing)`;
    const escape = buffer.uses.find((u) => u.kind === 'escape');
    if (escape) return `the address of '${name}' escapes at ${at(escape.loc)}`;
  }
  const loop = buffer.uses.find((u) => u.offset >= call.start && u.offset < call.end)?.loop;
  const after = (u: BufferUse) =>
    (u.offset >= call.end || (loop && u.offset >= loop.start && u.offset < loop.end)) &&
    !(u.offset >= call.start && u.offset < call.end);
  for (const u of buffer.uses.filter(after)) {
    if (u.kind === 'free' || u.kind === 'alloc' || u.kind === 'inert') continue;
    if (u.kind === 'access')
      return `${caller.name}() accesses '${name}' at ${at(u.loc)}, after ${fnName}() may have left values there`;
    if (u.kind === 'call-arg' && u.callee !== undefined && u.argIndex !== undefined) {
      if (u.callee === fnName && u.argIndex === index) continue;
      if (!readsIncoming(u.callee, u.argIndex)) continue;
      return `'${name}' is passed to ${u.callee}() at ${at(u.loc)} after the call, which may read the values ${fnName}() left`;
    }
    if (u.kind === 'escape' && promised)
      return `the address of '${name}' escapes at ${at(u.loc)} after the call`;
    if (u.kind === 'call-arg')
      return `'${name}' is passed to a call at ${at(u.loc)} after the call`;
  }
  return undefined;
}
