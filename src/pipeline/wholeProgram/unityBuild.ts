/**
 * Unity builds in a file set (issue 27): a `.c` file that another unit of the set
 * `#include`s (CHStone's `aes.c` includes `aes_enc.c`, ...) is compiled inside that unit, so
 * its functions are analysed there (src/frontend/hostUnit.ts: the includer's flags, its
 * macros at the point of inclusion, the calls of its other functions) and the edits placed
 * in the included file. That text is then compiled once, in one context, when:
 *   - exactly one unit of the set includes it (two units compile it under their own macros
 *     and calls: `included-by-several-units`), and no file outside that unit's chain of
 *     inclusions names it in a directive (another program may include it: same code);
 *   - that unit enters it once (twice, it stands for two macro contexts: `included-twice`).
 * A unit built in several configurations reads it in each: its text must be each one's own
 * result (`included-in-configurations`, src/pipeline/configurations/index.ts).
 * A file compiled as a unit of its own too is one of the units here; its text must then be
 * right for both readings, which the run checks by comparing the two outputs
 * (`own-unit-disagrees`, src/cli/batch/unity.ts).
 *
 * Which files are units: those of the compilation database when there is one (a file it does
 * not compile is not compiled alone), else every file of the set, except a file another unit
 * includes that the compiler refuses on its own (it cannot be a unit of any build that works:
 * CHStone's included files use their includer's types and macros).
 */
import path from 'node:path';
import type { ReasonName } from '../../model/reasons.js';
import type { UnitSummary } from './fileSet.js';

const abs = (f: string) => path.resolve(f);

/** How an included file of the set is analysed: inside its host's unit, or not at all. */
export type UnityVerdict =
  | {
      readonly kind: 'through';
      readonly host: string;
      /** The other units that include it: its text must be their result too. */
      readonly others?: readonly string[];
    }
  | { readonly kind: 'refused'; readonly code: ReasonName; readonly reason: string };

/**
 * What the units of a set include, read once for all its files (issue 27: asked for each
 * file, each unit's list of included files was resolved again, n^2 for a host of n kernels).
 */
export class UnitIncludes {
  private readonly includers = new Map<string, string[]>();
  private readonly summaries = new Map<string, Extract<UnitSummary, { summary: unknown }>>();
  private readonly times = new Map<string, Map<string, number>>();
  private readonly chains = new Map<string, Set<string>>();

  /** The units that include files but could not be read, with why. */
  private readonly unread = new Map<string, string>();

  constructor(readonly units: readonly UnitSummary[]) {
    for (const u of units) {
      const self = abs(u.file);
      if (!('summary' in u)) {
        if (!u.includedSources) continue;
        if (!this.unread.has(self)) this.unread.set(self, u.failed);
      } else if (!this.summaries.has(self)) this.summaries.set(self, u);
      const sources = 'summary' in u ? u.summary.includedSources : (u.includedSources ?? []);
      for (const i of new Set(sources.map(abs)))
        if (i !== self) {
          const list = this.includers.get(i);
          if (list) list.push(u.file);
          else this.includers.set(i, [u.file]);
        }
    }
  }

  /** The units of the set whose unit includes `file` (its own excepted), in the set's order. */
  including(file: string): string[] {
    return [...(this.includers.get(abs(file)) ?? [])];
  }

  /** Why `host`'s unit could not be read, when it could not (it includes files). */
  unreadHost(host: string): string | undefined {
    return this.unread.get(abs(host));
  }

  /** How many times `host`'s unit enters `file` (the first of its spellings). */
  timesIncluded(host: string, file: string): number | undefined {
    const h = abs(host);
    let t = this.times.get(h);
    if (!t) {
      t = new Map();
      for (const [k, n] of Object.entries(this.summaryOf(h).timesIncluded))
        if (!t.has(abs(k))) t.set(abs(k), n);
      this.times.set(h, t);
    }
    return t.get(abs(file));
  }

  /** `host` and the files its unit read, as absolute paths. */
  chain(host: string): ReadonlySet<string> {
    const h = abs(host);
    let c = this.chains.get(h);
    if (!c) this.chains.set(h, (c = new Set([host, ...this.summaryOf(h).read].map(abs))));
    return c;
  }

  private summaryOf(host: string) {
    return this.summaries.get(host)!.summary;
  }
}

export interface IncludedFile {
  readonly file: string;
  /** Files whose `#include` directives name it (read as text over the program's folders). */
  readonly namedBy: readonly string[];
}

/** How `f` is analysed, given the units of the set (the files compiled as units). */
export function unityVerdict(units: UnitIncludes, f: IncludedFile): UnityVerdict {
  const no = (code: ReasonName, reason: string): UnityVerdict => ({
    kind: 'refused',
    code,
    reason: `${reason}: its arrays are left unchanged`,
  });
  const hosts = units.including(f.file);
  if (hosts.length === 0)
    return no('included-by-other-file', 'no unit of the set that includes this file could be read');
  const unread = hosts.find((h) => units.unreadHost(h) !== undefined);
  if (unread)
    return no(
      'included-by-other-file',
      `${unread} includes this file, and its unit cannot be read (${units.unreadHost(unread)})`,
    );
  const chain = new Set<string>();
  for (const host of hosts) {
    const times = units.timesIncluded(host, f.file);
    if ((times ?? 0) > 1)
      return no(
        'included-twice',
        `${host} includes this file ${times} times (its text would stand for several macro contexts)`,
      );
    for (const g of units.chain(host)) chain.add(g);
  }
  // The files of the hosts' units (those on the way to this one) may name it; any other file
  // includes it in another unit (a test of its static functions, another program).
  const other = f.namedBy.find((n) => !chain.has(abs(n)));
  if (other)
    return no(
      'included-by-several-units',
      `${other} includes this file too, outside ${hosts.join(' and ')}${hosts.length > 1 ? "'s units" : "'s unit"} (another unit compiles it under its own macros, with its own calls)`,
    );
  return {
    kind: 'through',
    host: hosts[0]!,
    ...(hosts.length > 1 ? { others: hosts.slice(1) } : {}),
  };
}
