/**
 * A decision across calls that reads functions of other files of the set (their callers'
 * uses of the buffer after the call, what a callee does with it) holds for the
 * configuration those files were read in only. This file's guards check this file's
 * configuration, not theirs (review 2026-11-28: main.c read `t` after `smooth(t, in)` under
 * `#ifdef DEBUG` only; dsp.c's `tmp` was folded in place and a -DDEBUG build printed another
 * result). So such a decision is refused when one of those functions depends on its
 * configuration (frontend/configurationDependence.ts, read into the set's summary); one
 * whose text has none needs nothing.
 */
import path from 'node:path';
import { type CallGraph, callEdges, reachedFrom } from '../../model/calls.js';
import type { ReasonName } from '../../model/reasons.js';
import type { CallerEvidence } from '../../lifetime/crossCall.js';

/**
 * The functions a decision about `fnName`'s array reads, as contraction.ts guards them in
 * one file: every function that reaches it through calls, every function a call site's
 * caller (or a function passing the buffer on) gives that buffer to (one may get it after
 * the call; a buffer whose address leaves its caller otherwise is no temporary's), and
 * every function it reaches.
 */
function readBy(graph: CallGraph, fnName: string, sites: readonly CallerEvidence[]): Set<string> {
  const { callees, callers } = callEdges(graph);
  const up = reachedFrom([fnName], callers);
  const names = new Set([...up, ...reachedFrom([fnName], callees)]);
  // The buffer each call site passes, in its caller and in each function passing it on.
  const carriers = sites.flatMap((x) => [
    [x.caller, x.buffer] as const,
    ...(x.via ?? []).map(
      (v) => [v.slice(0, v.lastIndexOf(':')), v.slice(v.lastIndexOf(':') + 1)] as const,
    ),
  ]);
  for (const [name, buffer] of carriers)
    for (const c of graph.functions.find((f) => f.name === name)?.calls ?? [])
      if (c.buffers.includes(buffer)) names.add(c.callee);
  return names;
}

/** Why a decision about `fnName`'s array may not rest on other files' reading, or undefined. */
export function configuredElsewhere(
  graph: CallGraph,
  fnName: string,
  sites: readonly CallerEvidence[],
): { code: ReasonName; reason: string } | undefined {
  const names = readBy(graph, fnName, sites);
  // (adversary 2026-11-28d: main() did not parse around `double t[N]
  // __attribute__((cleanup(show)));`, whose cleanup reads t after the call; its uses of t
  // seemed none, and kern's t was folded in place)
  const unparsed = graph.functions.find((g) => g.unparsed && names.has(g.name));
  if (unparsed)
    return {
      code: 'caller-not-parsed',
      reason: `the decision across calls reads ${unparsed.name.replace(/@.*$/, '')}()${unparsed.file ? ` of ${path.basename(unparsed.file)}` : ''}, whose text does not parse here: what it does with the buffer is not known`,
    };
  // (A function of the unit's own defined in another file than the unit's, a unity build's
  // host, has a `configured` too: frontend/configurationDependence.ts includedDependence.)
  const f = graph.functions.find((g) => g.configured !== undefined && names.has(g.name));
  if (!f) return undefined;
  return {
    code: 'configured-elsewhere',
    reason: `the decision across calls reads ${f.name.replace(/@.*$/, '')}()${f.file ? ` of ${path.basename(f.file)}` : ''}, and no guard here can keep it to the configuration that file was read in: ${f.configured}`,
  };
}
