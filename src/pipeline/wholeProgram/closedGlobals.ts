/**
 * File-scope arrays with external linkage in a closed world (issue 27: "a global used by two
 * files is out of reach"). `float work[256];` without `static` is BC1126 in a file alone:
 * other files may name it. When the set is the whole program (it holds main(), or
 * --closed-world) and every unit of it was read, the set shows every use, so such an array
 * is scratch of its file as a static one is (src/lifetime/staticScratch.ts) when:
 *   - no other unit spells its name (a tentative definition `int buf[64];` in two files that
 *     -fcommon merges, an `extern` declaration in a header another unit includes, even one
 *     it never uses: conservative), and no file outside the set does (assembly, linker
 *     scripts: cli/outsideNames.ts);
 *   - its unit spells it in no string (dlsym, an alias target, assembly) and no unit of the
 *     set includes this file (a unity build);
 *   - its one declaration in its unit is its definition in the unit's own file, with no
 *     initializer, attribute, `volatile` or thread storage (frontend/externalArrays.ts): then
 *     shrinking that declaration is the whole edit;
 *   - its name is not reserved (`_`-prefixed: the implementation may name it).
 * Its address leaving the function (stored in a pointer another unit may read) is the
 * frontend's escape reason, as for statics. How the set is known complete is fileSet.ts's
 * openWorld: a unit that could not be read leaves the world open. Not seen: a build that
 * links objects or libraries outside the set, or a shared library (`-shared`) that the user
 * calls a closed world with --closed-world (docs/whole-programs.md).
 */
import type { ExternalVerdict } from '../../model/program.js';
import type { ReasonName } from '../../model/reasons.js';
import type { GlobalArrays } from '../../model/program.js';
import { ELSE } from './configuredElsewhere.js';

interface Mention {
  readonly in: string;
  readonly loc: { readonly line: number; readonly column: number };
  readonly why: string;
}

interface GlobalContext {
  /** Why the set may not be the whole program (openWorld), if so. */
  readonly open: string | undefined;
  /** A unit of the set that includes this file, if any. */
  readonly includer: string | undefined;
  /** The first spelling of a name in the array's own unit other than as a callee. */
  readonly ownMention: (name: string) => Mention | undefined;
  /** Another unit of the set that spells the name, if any. */
  readonly elsewhere: (name: string) => { file: string; mention?: Mention } | undefined;
  /** A file outside the set that spells the name, if any. */
  readonly outside: (name: string) => string | undefined;
  /**
   * Where another unit spells the name in a build deciding one of its conditionals otherwise,
   * in words, if it does (dependentSpellings.ts; inactive27: helper.c's `#ifdef DEBUG` /
   * `extern double scratch[64];` and a read of it was in no build analysed).
   */
  readonly otherBuild?: (name: string) => string | undefined;
}

const IN_STRING = /in a string/;

function verdict(name: string, own: { stays?: string }, c: GlobalContext): ExternalVerdict {
  const no = (code: ReasonName, reason: string): ExternalVerdict => ({
    analysable: false,
    code,
    reason,
  });
  if (c.open) return no('not-closed-world', `'${name}' has external linkage and ${c.open}`);
  if (c.includer)
    return no(
      'included-by-other-file',
      `${c.includer} includes this file: its code may name '${name}'`,
    );
  if (/^_/.test(name))
    return no('entry-point', `'${name}' is a reserved name (the implementation may use it)`);
  if (own.stays) return no('external-linkage', `'${name}' has external linkage and ${own.stays}`);
  const m = c.ownMention(name);
  if (m && IN_STRING.test(m.why))
    return no(
      'entry-point',
      `'${name}' is spelled in a string at ${m.in}:${m.loc.line}:${m.loc.column} (dlsym, an alias or assembly may reach it)`,
    );
  const e = c.elsewhere(name);
  if (e)
    return no(
      'external-linkage',
      `'${name}' is also spelled by ${e.mention ? `${e.mention.in}:${e.mention.loc.line}:${e.mention.loc.column}` : e.file} (another unit of the set may use it)`,
    );
  const other = c.otherBuild?.(name);
  if (other) return no('configured-elsewhere', `${other} ${ELSE}`);
  const out = c.outside(name);
  if (out) return no('named-outside-set', `${out}, a file outside the set, spells ${name}`);
  return { analysable: true };
}

export function globalVerdicts(
  defined: GlobalArrays,
  context: GlobalContext,
): Record<string, ExternalVerdict> {
  const out: Record<string, ExternalVerdict> = Object.create(null);
  for (const [name, own] of Object.entries(defined)) out[name] = verdict(name, own, context);
  return out;
}
