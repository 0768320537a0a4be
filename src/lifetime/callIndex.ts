/**
 * A call graph's functions by name and its call sites by callee, made once per call for one
 * graph (issue 29, item 3): the cross-call decision asks for each array parameter whether
 * its function may call itself, which function it is and who calls it, and searched the
 * whole graph each time: quadratic in a file of many kernels (500 KB of them spent ~5 % of
 * its CPU there, 5 MB ~13 %).
 */
import type { CallGraph, CallSite, FunctionCalls } from '../model/calls.js';
import { CallSlot } from '../context/callContext.js';

/** What is read of one graph: its functions by name, and the calls of each callee. */
interface GraphIndex {
  /** Of two functions with one name, the later. */
  readonly last: ReadonlyMap<string, FunctionCalls>;
  /** Of two functions with one name, the first (as `functions.find` gives it). */
  readonly first: ReadonlyMap<string, FunctionCalls>;
  /** Per callee, its call sites with their callers, in the graph's order (callers, then calls). */
  readonly callsTo: ReadonlyMap<string, readonly CallerCall[]>;
}

export interface CallerCall {
  readonly caller: FunctionCalls;
  readonly call: CallSite;
}

/** Per call, by the graph's list of functions (a graph is never changed once made). */
const indexes = new CallSlot(() => new WeakMap<readonly FunctionCalls[], GraphIndex>());

function indexOf(graph: CallGraph): GraphIndex {
  const kept = indexes.current();
  let index = kept?.get(graph.functions);
  if (!index) {
    index = made(graph);
    kept?.set(graph.functions, index);
  }
  return index;
}

function made(graph: CallGraph): GraphIndex {
  const last = new Map<string, FunctionCalls>();
  const first = new Map<string, FunctionCalls>();
  const callsTo = new Map<string, CallerCall[]>();
  for (const f of graph.functions) {
    last.set(f.name, f);
    if (!first.has(f.name)) first.set(f.name, f);
    for (const call of f.calls) {
      let list = callsTo.get(call.callee);
      if (!list) callsTo.set(call.callee, (list = []));
      list.push({ caller: f, call });
    }
  }
  return { last, first, callsTo };
}

/** The graph's functions by name (of two with one name, the later). */
export function functionsByName(graph: CallGraph): ReadonlyMap<string, FunctionCalls> {
  return indexOf(graph).last;
}

/** The graph's first function named `name`, as `graph.functions.find` would give it. */
export function firstFunction(graph: CallGraph, name: string): FunctionCalls | undefined {
  return indexOf(graph).first.get(name);
}

/** Every call of `callee` in the graph, with its caller, callers in order, then their calls. */
export function callsOf(graph: CallGraph, callee: string): readonly CallerCall[] {
  return indexOf(graph).callsTo.get(callee) ?? [];
}
