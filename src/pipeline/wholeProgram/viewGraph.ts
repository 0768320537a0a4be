/**
 * A file's call graph joined with the other units' functions its view of the set holds
 * (fileSet.ts), and the functions whose definition there may not be the one a call reaches:
 * made once per call for a graph and a view.
 */
import type { CallGraph } from '../../model/calls.js';
import type { ProgramView } from '../../model/program.js';
import { CallSlot } from '../../context/callContext.js';

/** The call graph of a file with the other units' functions its view holds. */
export function withForeign(graph: CallGraph, view: ProgramView | undefined): CallGraph {
  if (!view) return graph;
  // One graph per call for a graph and a view: what is indexed by graph is made once
  // (lifetime/callIndex.ts), not once per array parameter.
  return perGraphAndView(joined, graph, view, () => ({
    functions: [...graph.functions, ...view.foreign],
  }));
}

/**
 * Results made once per call for a call graph and a view (neither is changed once made): the
 * decisions ask for them for each array, and each costs a pass over the whole graph.
 */
const joined = new CallSlot(
  () => new WeakMap<CallGraph, Map<ProgramView | undefined, CallGraph>>(),
);
const overriddenOf = new CallSlot(
  () =>
    new WeakMap<CallGraph, Map<ProgramView | undefined, ReadonlyMap<string, readonly string[]>>>(),
);

function perGraphAndView<T>(
  slot: CallSlot<WeakMap<CallGraph, Map<ProgramView | undefined, T>>>,
  graph: CallGraph,
  view: ProgramView | undefined,
  make: () => T,
): T {
  const kept = slot.current();
  if (!kept) return make();
  let byView = kept.get(graph);
  if (!byView) kept.set(graph, (byView = new Map()));
  let made = byView.get(view);
  if (made === undefined) byView.set(view, (made = make()));
  return made;
}

/**
 * The functions whose definition the graph holds may not be the one a call reaches: those
 * other units define too (the view's), and the file's own weak definitions, which a
 * definition elsewhere replaces at link time (also for a file analysed alone).
 */
export function overriddenFunctions(
  graph: CallGraph,
  view: ProgramView | undefined,
): ReadonlyMap<string, readonly string[]> {
  return perGraphAndView(overriddenOf, graph, view, () => overriddenIn(graph, view));
}

function overriddenIn(
  graph: CallGraph,
  view: ProgramView | undefined,
): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>(Object.entries(view?.overridden ?? {}));
  for (const f of graph.functions)
    if (!out.has(f.name) && f.reachedElsewhere.some((r) => /'(__)?(weak|inline)(__)?'/.test(r.why)))
      out.set(f.name, []);
  return out;
}
