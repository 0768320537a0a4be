/**
 * Whether a function's reading depends on the configuration it was preprocessed in, as far
 * as a file set's summary can tell (program.ts): another file's decision across calls reads
 * this function (a caller that may read the buffer after the call), and no guard of that
 * file checks this one's configuration (src/pipeline/wholeProgram/foreignConfiguration.ts).
 *
 * It does when a conditional directive is inside the function or around it, or when its
 * text spells a macro a build may define otherwise: one set on the command line (`-D`), one
 * `#undef`ined or defined twice, `assert` (NDEBUG), or one whose definition (in the file, in
 * any branch, or in a header) stands under a conditional directive other than an include
 * guard. An unconditional `#define N 16` of the file or of a user header holds in every
 * build; so do the system headers' macros (but `assert`).
 */
import { dependentGroupMeeting, type UnitTexts } from './constantConditionals.js';
import { cTokens } from './ctokens.js';
import { codeOnly } from '../model/identifiers.js';
import type { MacroEvent } from './preprocess.js';

/** The function's lines in its file's text, and the macros its unit saw. */
export interface FunctionText {
  /** The file's text as written. */
  readonly raw: string;
  /** First and last line (1-based) of the definition in `raw`. */
  readonly from: number;
  readonly to: number;
  /** The header the function is defined in, as the compiler names it (absent: the unit's). */
  readonly header?: string;
  /** The unit's `#define`/`#undef` events (`cc -E -dD`), when a preprocessor read it. */
  readonly macros?: readonly MacroEvent[];
  /** The text of a header named as the preprocessor names it, or undefined. */
  readonly read: (file: string) => string | undefined;
  /** What the unit's user headers may do to the file's macros (absent: no macro is fixed). */
  readonly unit?: UnitTexts;
}

/** Why the function's reading may differ in another configuration, or undefined. */
export function configurationDependence(t: FunctionText): string | undefined {
  // (a group every build decides alike is no dependence: constantConditionals.ts)
  const meets = dependentGroupMeeting(t.raw, t.from, t.to, t.unit);
  if (meets !== undefined) return `a conditional directive (line ${meets}) is inside or around it`;
  const code = codeOnly(t.raw);
  const names = new Set(
    cTokens(
      code
        .split('\n')
        .slice(t.from - 1, t.to)
        .join('\n'),
    ).map((k) => k.text),
  );
  // The file's own definitions, in every branch (one the build skipped is in no event).
  for (const m of code.matchAll(/^[ \t]*#[ \t]*(define|undef)[ \t]+([A-Za-z_]\w*)/gm)) {
    if (!names.has(m[2]!)) continue;
    const line = code.slice(0, m.index).split('\n').length;
    // (one after the function's last line does not reach it: support.h's `#undef LAG1`)
    if (line > t.to) continue;
    if (m[1] === 'undef' || dependentGroupMeeting(t.raw, line, line, t.unit) !== undefined)
      return `it spells macro ${m[2]}, which the file ${m[1] === 'undef' ? 'undefines' : 'defines under a conditional directive'} (line ${line})`;
  }
  // (assert last: a reason that is only assert's is ASSERT_DEPENDENCE)
  for (const name of [...names].sort((a, b) => +(a === 'assert') - +(b === 'assert'))) {
    const why = macroDependence(name, t);
    if (why) return `it spells macro ${name}: ${why}`;
  }
  return undefined;
}

const ASSERT_ONLY = 'assert() depends on NDEBUG';
/**
 * The reason of a function whose only dependence is `assert`: a build without NDEBUG reads
 * every assertion, one with it none (a reading without NDEBUG sees all the code any build has).
 */
export const ASSERT_DEPENDENCE = `it spells macro assert: ${ASSERT_ONLY}`;

/** Why a build may define `name` otherwise, from the unit's macro events. */
function macroDependence(name: string, t: FunctionText): string | undefined {
  const events = (t.macros ?? []).filter((e) => e.name === name);
  if (name === 'assert' && events.length > 0) return ASSERT_ONLY;
  // (a directive after the function's last line, in its file, does not reach it)
  const after = (e: MacroEvent) => (t.header ? e.file === t.header : e.inMainFile) && e.line > t.to;
  const user = events.filter((e) => !e.system && !after(e));
  if (user.some((e) => e.file === '<command-line>')) return 'the command line defines it';
  if (user.length > 1 || user.some((e) => e.kind === 'undef'))
    return 'it is defined more than once or undefined';
  const d = user[0];
  if (!d || d.inMainFile) return undefined;
  const text = t.read(d.file);
  if (text === undefined) return `${d.file} defines it, and that file is not read`;
  return dependentGroupMeeting(text, d.line, d.line, t.unit) !== undefined
    ? `${d.file} defines it under a conditional directive (line ${d.line})`
    : undefined;
}
