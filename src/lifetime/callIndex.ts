/**
 * A call graph's functions by name, made once per call for one graph (issue 29, item 3): the
 * cross-call decision asks for each array parameter whether its function may call itself,
 * and indexed the whole graph each time: quadratic in a file of many kernels (500 KB of them
 * spent ~5 % of its CPU there).
 */
import type { CallGraph, FunctionCalls } from '../model/calls.js';
import { CallSlot } from '../context/callContext.js';

/** Per call, by the graph's list of functions (a graph is never changed once made). */
const indexes = new CallSlot(
  () => new WeakMap<readonly FunctionCalls[], ReadonlyMap<string, FunctionCalls>>(),
);

/** The graph's functions by name (of two with one name, the later). */
export function functionsByName(graph: CallGraph): ReadonlyMap<string, FunctionCalls> {
  const made = () => new Map(graph.functions.map((f) => [f.name, f]));
  const kept = indexes.current();
  if (!kept) return made();
  let index = kept.get(graph.functions);
  if (!index) kept.set(graph.functions, (index = made()));
  return index;
}
