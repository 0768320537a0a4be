/**
 * The forwarding chains towards a file's functions (fileSet.ts foreignFor): the functions of
 * the set that pass a parameter of theirs on, as is, to one of the file's functions or to a
 * function of the chain. A file's view holds them, since a buffer reaches the file through them.
 */
import type { FunctionCalls } from '../../model/calls.js';
import type { SeenFrom, SetFunction } from './setGraph.js';

/**
 * passingOnTo over the set as `seen` shows it: the chain found through callers, then put in
 * the order passingOnTo's passes over every function give it (the passes over the chain's
 * functions alone add them in that order: the others never join).
 */
export function passingOnSeen(seen: SeenFrom, targets: ReadonlySet<string>): Set<string> {
  const passes = (f: SetFunction, to: (n: string) => boolean) => {
    const g = seen.get(seen.nameOf(f))!;
    return g.calls.some(
      (c) => to(c.callee) && c.buffers.some((b) => !!b && g.parameterNames.includes(b)),
    );
  };
  const found = new Map<string, SetFunction>();
  const queue = [...targets];
  while (queue.length > 0)
    for (const f of seen.callers(queue.pop()!)) {
      const n = seen.nameOf(f);
      if (!found.has(n) && passes(f, (c) => targets.has(c) || found.has(c))) {
        found.set(n, f);
        queue.push(n);
      }
    }
  const members = [...found.values()].sort((a, b) => a.position - b.position);
  const chain = new Set<string>();
  const reaches = (n: string) => targets.has(n) || chain.has(n);
  for (let grew = true; grew;) {
    grew = false;
    for (const f of members) {
      const n = seen.nameOf(f);
      if (!chain.has(n) && passes(f, reaches)) {
        chain.add(n);
        grew = true;
      }
    }
  }
  return chain;
}

/**
 * The functions of `all` that pass a parameter of theirs on, as is, to one of `targets` or
 * to one of the functions found so far (a forwarding chain towards this file's functions).
 */
export function passingOnTo(
  all: ReadonlyMap<string, FunctionCalls>,
  targets: ReadonlySet<string>,
): Set<string> {
  const chain = new Set<string>();
  const reaches = (n: string) => targets.has(n) || chain.has(n);
  for (let grew = true; grew;) {
    grew = false;
    for (const [n, g] of all)
      if (
        !chain.has(n) &&
        g.calls.some(
          (c) => reaches(c.callee) && c.buffers.some((b) => !!b && g.parameterNames.includes(b)),
        )
      ) {
        chain.add(n);
        grew = true;
      }
  }
  return chain;
}
