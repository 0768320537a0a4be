import path from 'node:path';
import type { FileSummary } from '../../frontend/program.js';
import type { FunctionCalls } from '../../model/calls.js';
import { UNREAD_SPELLINGS } from '../../frontend/dependentSpellings.js';

/**
 * The set's summaries indexed once for all its files' views (issue 27 item 3: each file's
 * view searched every unit for its includers, for the other definitions of each of its
 * functions and for each name, with a path resolved per comparison: quadratic in the set).
 */
export class SetIndex {
  /** Each summary's file, resolved. */
  readonly path = new Map<FileSummary, string>();
  readonly byPath = new Map<string, FileSummary>();
  /** A `.c` file (resolved) -> the units that include it, in the set's order. */
  readonly includers = new Map<string, FileSummary[]>();
  /** A name -> the units that define a function of that name with external linkage. */
  readonly externalDefiners = new Map<string, FileSummary[]>();
  /** Per unit, its first function of each name. */
  readonly functions = new Map<FileSummary, Map<string, FunctionCalls>>();
  /**
   * A name -> the units (in the set's order) that define a function of that name or mention
   * it: those the verdict on a function of that name reads (external). Each file's verdicts
   * went through every unit: quadratic in the set.
   */
  readonly spelling = new Map<string, FileSummary[]>();
  /** A name -> the units spelling it under a conditional group another build may decide. */
  readonly conditional = new Map<string, FileSummary[]>();
  /** Each summary's place in the set (the first unit found keeps the set's order). */
  readonly order = new Map<FileSummary, number>();

  constructor(summaries: readonly FileSummary[]) {
    const push = <K, V>(m: Map<K, V[]>, k: K, v: V) => {
      const list = m.get(k);
      if (!list) m.set(k, [v]);
      else if (list[list.length - 1] !== v) list.push(v);
    };
    for (const s of summaries) {
      const file = path.resolve(s.file);
      this.path.set(s, file);
      if (!this.byPath.has(file)) this.byPath.set(file, s);
      for (const i of s.includedSources) push(this.includers, path.resolve(i), s);
      const byName = new Map<string, FunctionCalls>();
      for (const g of s.functions) {
        if (!byName.has(g.name)) byName.set(g.name, g);
        if (!g.internal) push(this.externalDefiners, g.name, s);
      }
      this.functions.set(s, byName);
      // (its prototypes too: a unit whose build may differ may call the name in another one)
      for (const n of new Set([
        ...byName.keys(),
        ...Object.keys(s.mentions),
        ...Object.keys(s.declarations),
      ]))
        push(this.spelling, n, s);
      for (const n of Object.keys(s.conditionalNames ?? {})) push(this.conditional, n, s);
      this.order.set(s, this.order.size);
    }
  }

  /** The units that may spell `name` in another build, in the set's order. */
  spelledElsewhere(name: string): FileSummary[] {
    const at = [
      ...(this.conditional.get(name) ?? []),
      ...(this.conditional.get(UNREAD_SPELLINGS) ?? []),
    ];
    return [...new Set(at)].sort((a, b) => this.order.get(a)! - this.order.get(b)!);
  }

  /** The first unit other than `s` that includes `s`'s file. */
  includerOf(s: FileSummary): FileSummary | undefined {
    const own = this.path.get(s)!;
    return this.includers.get(own)?.find((x) => this.path.get(x) !== own);
  }
}
