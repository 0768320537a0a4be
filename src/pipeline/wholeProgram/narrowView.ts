/**
 * The other units' functions a file's view holds (fileSet.ts foreignFor), narrowed to what
 * its decisions ask about (issue 27, "linear in its size"). The view held every function its
 * callers call, transitively: a `main()` calling every file's function put the whole set,
 * and `main()` with it, in every file's view (quadratic in the files).
 *
 * What the cross-call decision (src/lifetime/crossCall.ts) reads of a caller of this file's
 * function is the buffer it passes: where its address goes (every callee that receives it,
 * and what those do with it) and what may run after the call. So a caller is kept with its
 * calls and the uses of its buffers, and only the callees receiving a buffer it passes to
 * this file's functions (or to a function passing it on to them) join the view, with
 * everything they call. Except where the caller certainly uses the buffer after every such
 * call (it accesses it, or passes it to another function of the set, which may read it):
 * the decision is no whatever the others do, and only that use's callee joins. The uses
 * of the callees left out are dropped from the caller's buffers, and its calls of them.
 *
 * Callers that are also reached from this file's functions, and the functions passing a
 * parameter on towards them, keep all their callees as before. A function of the set that
 * a function of the view still names but the view leaves out is listed (`leftOut`): the
 * decision reads it as a function that may read and keep every buffer it gets, never as
 * the C library function of that name.
 */
import type { BufferUse, CallSite, FunctionCalls } from '../../model/calls.js';
import { mayRunAfter } from '../../lifetime/crossCall.js';
import type { SeenFrom } from './setGraph.js';

export interface NarrowedView {
  /** The names of the view's functions, in the order the old view had them. */
  readonly names: string[];
  /** Those functions, a caller narrowed without its calls and uses of the others. */
  readonly functions: FunctionCalls[];
}

/**
 * The view of the file whose functions are `ownNames`, from the set as `seen` from it:
 * `callers` are the other units' functions calling one of its functions (in the set's
 * order), `chain` those passing a parameter on towards them, `chainCallers` the callers of
 * those (the view holds them, not what they call).
 */
export function narrowedView(
  seen: SeenFrom,
  ownFunctions: readonly FunctionCalls[],
  callers: readonly string[],
  chain: ReadonlySet<string>,
  chainCallers: readonly string[],
): NarrowedView {
  const ownNames = new Set(ownFunctions.map((f) => f.name));
  const inSet = (n: string | undefined): n is string => n !== undefined && !!seen.get(n);
  const relevant = new Map<string, Set<string>>();
  const targets = (n: string) => ownNames.has(n) || chain.has(n);
  for (const c of callers) relevant.set(c, relevantCallees(seen.get(c)!, targets, ownNames, inSet));
  // Everything reached from this file's functions, from the callees that matter and from the
  // chain: the search for a recursion walks their calls, so none of them is narrowed.
  const full = new Set<string>();
  const stack: string[] = [];
  const reach = (n: string) => {
    if (!full.has(n) && inSet(n)) {
      full.add(n);
      stack.push(n);
    }
  };
  for (const f of ownFunctions)
    for (const c of f.calls) if (!ownNames.has(c.callee)) reach(c.callee);
  for (const r of relevant.values()) for (const n of r) reach(n);
  for (const n of [...chain, ...chainCallers])
    for (const c of seen.get(n)?.calls ?? []) reach(c.callee);
  while (stack.length > 0) for (const c of seen.get(stack.pop()!)!.calls) reach(c.callee);
  const unnarrowed = new Set([...chain, ...chainCallers]);
  const narrowed = new Set(callers.filter((c) => !full.has(c) && !unnarrowed.has(c)));
  // The old view's order: this file's callees, its callers, then what they call, breadth first.
  const wanted = new Set<string>();
  const queue: string[] = [];
  const want = (n: string) => {
    if (!wanted.has(n) && inSet(n)) {
      wanted.add(n);
      queue.push(n);
    }
  };
  for (const f of ownFunctions)
    for (const c of f.calls) if (!ownNames.has(c.callee)) want(c.callee);
  for (const c of callers) want(c);
  while (queue.length > 0) {
    const n = queue.shift()!;
    const only = narrowed.has(n) ? relevant.get(n)! : undefined;
    for (const c of seen.get(n)!.calls) if (!only || only.has(c.callee)) want(c.callee);
  }
  return { names: [...wanted], functions: trimmed(seen, wanted, narrowed, ownNames, inSet) };
}

/** The functions of the view, those of `narrowed` without their calls and uses of the others. */
function trimmed(
  seen: SeenFrom,
  wanted: ReadonlySet<string>,
  narrowed: ReadonlySet<string>,
  ownNames: ReadonlySet<string>,
  inSet: (n: string | undefined) => n is string,
): FunctionCalls[] {
  const kept = (n: string | undefined) => !inSet(n) || ownNames.has(n) || wanted.has(n);
  const keptUses = (uses: readonly BufferUse[]) =>
    uses.every((u) => u.kind !== 'call-arg' || kept(u.callee))
      ? uses
      : uses.filter((u) => u.kind !== 'call-arg' || kept(u.callee));
  return [...wanted].map((n) => {
    const f = seen.get(n)!;
    if (!narrowed.has(n)) return f;
    return {
      ...f,
      calls: f.calls.filter((c) => kept(c.callee)),
      // (its parameters' uses stay whole: what they name and the view leaves out is
      // leftOut's, an unknown function)
      buffers: f.buffers.map((b) => ({ ...b, uses: keptUses(b.uses) })),
    };
  });
}

/**
 * The callees of a caller of this file's functions that the decisions about them read: those
 * receiving a buffer (or a parameter) it passes to one of `targets`, with what they do with
 * it; only the first certain use after the call when there is one after every such call.
 */
function relevantCallees(
  caller: FunctionCalls,
  targets: (n: string) => boolean,
  ownNames: ReadonlySet<string>,
  inSet: (n: string | undefined) => n is string,
): Set<string> {
  const out = new Set<string>();
  const carriers = new Map<string, { call: CallSite; index: number }[]>();
  for (const call of caller.calls)
    if (targets(call.callee))
      call.buffers.forEach((b, index) => {
        if (b !== undefined) (carriers.get(b) ?? carriers.set(b, []).get(b)!).push({ call, index });
      });
  for (const [name, at] of carriers) {
    const uses =
      caller.buffers.find((b) => b.name === name)?.uses ??
      caller.parameterUses.find((p) => p.name === name)?.uses ??
      [];
    const certain = at.map(({ call, index }) =>
      certainUseAfter(uses, call, index, ownNames, inSet),
    );
    if (certain.every((u) => u !== undefined)) {
      for (const u of certain) if (inSet(u.callee)) out.add(u.callee);
      continue;
    }
    for (const u of uses) if (u.kind === 'call-arg' && inSet(u.callee)) out.add(u.callee);
    for (const c of caller.calls)
      if (c.buffers.includes(name) && inSet(c.callee)) out.add(c.callee);
  }
  return out;
}

/**
 * The first use of a buffer that may run after `call` (passing it as argument `index`) and
 * makes the cross-call decision's answer no whatever the view holds (crossCall.ts
 * callSiteProblem): an access, an escape, or a call of another function of the set, which
 * may read it (a function of another file is never known not to). Undefined when none.
 */
function certainUseAfter(
  uses: readonly BufferUse[],
  call: CallSite,
  index: number,
  ownNames: ReadonlySet<string>,
  inSet: (n: string | undefined) => n is string,
): BufferUse | undefined {
  const callUse = uses.find(
    (u) => u.kind === 'call-arg' && u.call?.start === call.start && u.argIndex === index,
  );
  return uses.find((u) => {
    if (!mayRunAfter(u, call, callUse)) return false;
    if (u.kind === 'access' || u.kind === 'escape') return true;
    if (u.kind !== 'call-arg') return false;
    if (u.callee === undefined || u.argIndex === undefined) return true;
    if (u.callee === call.callee && u.argIndex === index) return false;
    return !ownNames.has(u.callee) && inSet(u.callee);
  });
}

/**
 * The functions of the set (`inSet`) that the view's functions name and the view leaves
 * out, in the order first named: the decision must not take one for a C library function.
 */
export function leftOutOf(
  functions: readonly FunctionCalls[],
  ownNames: ReadonlySet<string>,
  inSet: (n: string | undefined) => boolean,
): string[] {
  const inView = new Set(functions.map((f) => f.name));
  const out = new Set<string>();
  const note = (n: string | undefined) => {
    if (n !== undefined && !inView.has(n) && !ownNames.has(n) && inSet(n)) out.add(n);
  };
  for (const f of functions) {
    for (const c of f.calls) note(c.callee);
    for (const b of f.buffers) for (const u of b.uses) note(u.callee);
    for (const p of f.parameterUses) for (const u of p.uses) note(u.callee);
  }
  return [...out];
}
