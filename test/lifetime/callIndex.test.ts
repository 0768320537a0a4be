/**
 * The call graph's index (src/lifetime/callIndex.ts; issue 29, item 3): the cross-call
 * decision read the whole graph for each array parameter, quadratic in a file of many
 * kernels. The index must give what the searches it replaced gave: the first function of
 * a name (`functions.find`), the later for the recursion check, and every call of a callee
 * in the graph's order (callers in order, then their calls), in a call or outside one.
 */
import type { CallGraph, CallSite, FunctionCalls } from '../../src/model/calls.js';
import { callsOf, firstFunction, functionsByName } from '../../src/lifetime/callIndex.js';
import { withCallContext } from '../../src/context/callContext.js';

const call = (callee: string, start: number): CallSite => ({
  callee,
  loc: { line: start, column: 1 },
  start,
  end: start + 1,
  buffers: [],
  derefs: [],
});

const fn = (name: string, calls: CallSite[], file?: string): FunctionCalls =>
  ({
    name,
    loc: { line: 1, column: 1 },
    ...(file ? { file } : {}),
    internal: true,
    reachedElsewhere: [],
    prototypes: [],
    unstructured: false,
    parameterNames: [],
    calls,
  }) as unknown as FunctionCalls;

const graph: CallGraph = {
  functions: [
    fn('a', [call('k', 1), call('b', 2), call('k', 3)]),
    fn('k', [call('b', 4)]),
    fn('b', [call('k', 5)]),
    fn('k', [call('a', 6)], 'other.c'),
  ],
} as unknown as CallGraph;

/** What the searches gave: the first of a name, and the calls found caller by caller. */
const searched = (callee: string) =>
  graph.functions.flatMap((caller) =>
    caller.calls.filter((c) => c.callee === callee).map((c) => ({ caller, call: c })),
  );

for (const [where, run] of [
  ['in a call', <T>(f: () => T) => withCallContext(f)],
  ['outside a call', <T>(f: () => T) => f()],
] as const)
  test(`the index gives what a search of the graph gives (${where})`, () =>
    run(() => {
      for (const name of ['a', 'b', 'k', 'none']) {
        expect(firstFunction(graph, name)).toBe(graph.functions.find((f) => f.name === name));
        expect(callsOf(graph, name)).toEqual(searched(name));
      }
      expect(functionsByName(graph).get('k')).toBe(graph.functions[3]);
    }));
