/**
 * The functions whose text names a function already taken, to a fixpoint (calls.ts,
 * extractCalls with `relevant`): the callers of the relevant functions, their callers, and so
 * every cycle through one of them.
 *
 * The rule is the passes it was first written as: pass after pass, each function not yet
 * taken, in the unit's order, is taken when its text contains (`includes`) the name of one
 * taken before it, until a pass takes none. Those passes tested every name against every
 * text, pass after pass: minutes for a file of 43,000 functions (issue 29, item 3). Here
 * each text is read once, and the same functions come out in the same order.
 */

/** What an identifier may hold (any non-ASCII character: C's ranges are wide). */
const IDENTIFIER_RUN = /(?:[\w$\\]|[\u0080-\uffff])+/g;
const IDENTIFIER = /^(?:[\w$\\]|[\u0080-\uffff])+$/;

/** The names looked for, and the answers for the runs already read (a file repeats its names). */
interface Lookup {
  readonly names: ReadonlySet<string>;
  readonly lengths: readonly number[];
  /** Names that are not one run (`(f)` of `int (f)(void)`): looked for as they are. */
  readonly odd: readonly string[];
  readonly runs: Map<string, readonly string[]>;
}

function lookup(names: readonly string[]): Lookup {
  return {
    names: new Set(names.filter((n) => IDENTIFIER.test(n))),
    lengths: [...new Set(names.map((n) => n.length))],
    odd: names.filter((n) => !IDENTIFIER.test(n)),
    runs: new Map(),
  };
}

/**
 * The names that `text` contains, as `text.includes(name)` finds them: a name made of
 * identifier characters lies, wherever it occurs, inside one maximal run of them, as a
 * substring of a length some name has.
 */
function namesWithin(text: string, { names, lengths, odd, runs }: Lookup): Set<string> {
  const out = new Set(odd.filter((n) => text.includes(n)));
  for (const [run] of text.matchAll(IDENTIFIER_RUN)) {
    let found = runs.get(run);
    if (!found) {
      const inRun = new Set<string>();
      for (const length of lengths)
        for (let at = 0; at + length <= run.length; at++) {
          const s = run.slice(at, at + length);
          if (names.has(s)) inRun.add(s);
        }
      runs.set(run, (found = [...inRun]));
    }
    for (const name of found) out.add(name);
  }
  return out;
}

/** The unit's functions in order, and per name the functions whose text contains it. */
export interface CallerIndex {
  readonly order: ReadonlyMap<string, number>;
  readonly containedBy: ReadonlyMap<string, readonly string[]>;
}

/**
 * The edges of the search below, read once from every text: the functions whose text names
 * each function (the walk of a unity build's host asks again for each file it includes,
 * with other functions taken: hostShare.ts). Those of taken functions are never followed:
 * a taken function is at pass 0 already.
 */
export function callerIndex(texts: ReadonlyMap<string, string>): CallerIndex {
  const order = new Map([...texts.keys()].map((n, k) => [n, k]));
  const names = lookup([...texts.keys()]);
  const containedBy = new Map<string, string[]>();
  for (const [n, text] of texts)
    for (const m of namesWithin(text, names)) {
      if (m === n) continue;
      const list = containedBy.get(m);
      if (list) list.push(n);
      else containedBy.set(m, [n]);
    }
  return { order, containedBy };
}

/**
 * `taken`, then the functions of `texts` (by name, in the unit's order) that the passes
 * take, in the order they take them.
 *
 * A function is taken in pass p (from 1) when a name it contains was taken in an earlier
 * pass, or in pass p by a function before it: the first pass at which a name m it contains
 * reaches it is max(1, pass(m)) when m comes before it, pass(m) + 1 otherwise. Passes are
 * then shortest distances over edges weighing 0 or 1, found by a breadth-first search with
 * a double-ended queue.
 */
export function callersToFixpoint(
  texts: ReadonlyMap<string, string>,
  taken: readonly string[],
  index: CallerIndex = callerIndex(texts),
): string[] {
  const { order, containedBy } = index;
  const first = new Set(taken);
  const pass = new Map<string, number>(taken.map((n) => [n, 0]));
  const queue: string[] = [...taken];
  for (let head = 0; head < queue.length;) {
    const m = queue[head++]!;
    const p = pass.get(m)!;
    for (const n of containedBy.get(m) ?? []) {
      const reach = order.get(m)! < order.get(n)! ? Math.max(1, p) : p + 1;
      if (reach >= (pass.get(n) ?? Infinity)) continue;
      pass.set(n, reach);
      // Same pass: before the names of later passes (a double-ended queue, at its head).
      if (reach === p && head > 0) queue[--head] = n;
      else queue.push(n);
    }
  }
  const added = [...pass.keys()].filter((n) => !first.has(n));
  added.sort((a, b) => pass.get(a)! - pass.get(b)! || order.get(a)! - order.get(b)!);
  return [...taken, ...added];
}
