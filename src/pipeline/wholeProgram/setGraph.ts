/**
 * The set's functions with their names resolved once for all its files' views (issue 27,
 * "linear in its size"): each file's view (fileSet.ts foreignFor) renamed every function of
 * every other unit and searched them all for its callers, O(set) per file.
 *
 * A name resolves the same way from every file that does not define it: `name@file` for a
 * static function or one defined more than once, the name itself otherwise. So the set is
 * renamed once as seen from a file defining nothing, and a file's view renames again only
 * the functions that spell one of its own names (its callers, and those defining a function
 * of the same name). That holds when each resolved name is one function (no unit defines
 * two functions of a name, no file is read twice): otherwise `SetGraph.of` gives undefined
 * and the view is made the old way.
 */
import path from 'node:path';
import type { FunctionCalls } from '../../model/calls.js';
import type { FileSummary } from '../../frontend/program.js';

/** A function of the set: its unit, its summary, its place in the set's order. */
export interface SetFunction {
  readonly unit: FileSummary;
  readonly fn: FunctionCalls;
  readonly position: number;
  /** Renamed as seen from a file that defines none of the names it spells. */
  readonly base: FunctionCalls;
}

/** Every name `f` spells: its own and its callees'. */
function spelled(f: FunctionCalls): Set<string> {
  const out = new Set<string>([f.name]);
  for (const c of f.calls) out.add(c.callee);
  for (const b of f.buffers) for (const u of b.uses) if (u.callee !== undefined) out.add(u.callee);
  for (const p of f.parameterUses)
    for (const u of p.uses) if (u.callee !== undefined) out.add(u.callee);
  return out;
}

export class SetGraph {
  /** Resolved name (as seen from no file) -> the one function it names. */
  private readonly byName = new Map<string, SetFunction>();
  /** A name -> the functions that spell it. */
  private readonly spelledBy = new Map<string, SetFunction[]>();
  /** A resolved callee -> the functions calling it (resolved as seen from no file). */
  private readonly callersOf = new Map<string, SetFunction[]>();
  /** A file (resolved) -> how many units of the set read it as their own. */
  private readonly unitsOfPath = new Map<string, number>();

  private constructor(
    readonly resolve: (unit: FileSummary, callee: string, own?: FileSummary) => string,
  ) {}

  /**
   * The set renamed once, or undefined when a resolved name would stand for two functions
   * (then the old per-file renaming keeps its exact answer).
   */
  static of(
    summaries: readonly FileSummary[],
    functionsOf: (s: FileSummary) => ReadonlyMap<string, FunctionCalls>,
    renamed: (f: FunctionCalls, resolve: (name: string) => string) => FunctionCalls,
  ): SetGraph | undefined {
    if (summaries.some((s) => s.file === 'extern')) return undefined;
    const definers = new Map<string, number>();
    for (const s of summaries)
      for (const g of s.functions)
        if (!g.internal) definers.set(g.name, (definers.get(g.name) ?? 0) + 1);
    // fileSet.ts foreignFor's resolution, with `own`'s names (none when own is undefined).
    const resolve = (s: FileSummary, callee: string, own?: FileSummary): string => {
      const mine = own && functionsOf(own).get(callee);
      const local = functionsOf(s).get(callee);
      if (local)
        return local.internal || mine || definers.get(callee) !== 1
          ? `${callee}@${s.file}`
          : callee;
      return mine?.internal ? `${callee}@extern` : callee;
    };
    const graph = new SetGraph(resolve);
    let position = 0;
    for (const s of summaries) {
      const file = path.resolve(s.file);
      graph.unitsOfPath.set(file, (graph.unitsOfPath.get(file) ?? 0) + 1);
      for (const fn of s.functions) {
        const base = renamed(fn, (c) => resolve(s, c));
        if (graph.byName.has(base.name)) return undefined;
        const f: SetFunction = { unit: s, fn, position: position++, base };
        graph.byName.set(base.name, f);
        for (const n of spelled(fn)) push(graph.spelledBy, n, f);
        for (const c of new Set(base.calls.map((x) => x.callee))) push(graph.callersOf, c, f);
      }
    }
    return graph;
  }

  /** Whether `own` is the only unit of its file (a file's view leaves out all of them). */
  alone(own: FileSummary): boolean {
    return this.unitsOfPath.get(path.resolve(own.file)) === 1;
  }

  /** The set as seen from `own` (a unit `alone` in its file). */
  from(
    own: FileSummary,
    renamed: (f: FunctionCalls, resolve: (name: string) => string) => FunctionCalls,
  ): SeenFrom {
    const ownNames = new Set(own.functions.map((f) => f.name));
    // A name resolves otherwise as seen from own only where own defines it `static` (`resolve`:
    // a name own defines with external linkage is defined twice, or only by own, either way):
    // a function spelling none of those is its base renaming, not renamed again (a main()
    // calling every file was copied call by call for each file's view).
    const renames = new Set<SetFunction>();
    for (const f of own.functions)
      if (f.internal) for (const g of this.spelledBy.get(f.name) ?? []) renames.add(g);
    // The other units' functions spelling one of own's names: as seen from own.
    const again = new Map<SetFunction, FunctionCalls>();
    for (const n of ownNames)
      for (const f of this.spelledBy.get(n) ?? [])
        if (f.unit !== own && !again.has(f))
          again.set(
            f,
            renames.has(f) ? renamed(f.fn, (c) => this.resolve(f.unit, c, own)) : f.base,
          );
    const byName = new Map<string, SetFunction>();
    for (const [f, r] of again) byName.set(r.name, f);
    return new SeenFrom(own, this.byName, this.callersOf, again, byName);
  }
}

/** The other units' functions as one file sees them (foreignFor's `all`, looked up). */
export class SeenFrom {
  constructor(
    private readonly own: FileSummary,
    private readonly base: ReadonlyMap<string, SetFunction>,
    private readonly baseCallers: ReadonlyMap<string, readonly SetFunction[]>,
    /** The functions renamed again, and by their new names. */
    readonly again: ReadonlyMap<SetFunction, FunctionCalls>,
    private readonly againByName: ReadonlyMap<string, SetFunction>,
  ) {}

  /** The function a resolved name stands for, with its renaming as seen from own. */
  entry(name: string): { f: SetFunction; renamed: FunctionCalls } | undefined {
    const a = this.againByName.get(name);
    if (a) return { f: a, renamed: this.again.get(a)! };
    const b = this.base.get(name);
    if (!b || b.unit === this.own || this.again.has(b)) return undefined;
    return { f: b, renamed: b.base };
  }

  get(name: string): FunctionCalls | undefined {
    return this.entry(name)?.renamed;
  }

  /** The functions calling `name` (resolved as seen from own), in the set's order. */
  callers(name: string): SetFunction[] {
    const out = (this.baseCallers.get(name) ?? []).filter(
      (f) => f.unit !== this.own && !this.again.has(f),
    );
    for (const [f, r] of this.again) if (r.calls.some((c) => c.callee === name)) out.push(f);
    return out.sort((a, b) => a.position - b.position);
  }

  /** The resolved name of `f` as seen from own. */
  nameOf(f: SetFunction): string {
    return (this.again.get(f) ?? f.base).name;
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
