/**
 * The expected verdicts of an adversarial program (issue 25), read from its leading comment,
 * so that a regression in either direction fails: a miscompile, but also "refuse everything".
 *
 *     /* trap: what the program does to the analysis (one line)
 *        expect: kernel:t contracted 3      -- 3 compressed cells
 *        expect: kernel:s scalarized
 *        expect: main:buf unchanged         -- anything after `--` is for the reader
 *        expect: kernel:u rejected [value-flows-in]   -- its reason code (docs/reasons.md)
 *     *\/
 *
 * One `expect:` line per array of the report (`function:array status`, cells after
 * `contracted`, as the report gives them: `3`, `2*(order + 1)`), and one array per line: the two are compared as multisets. A program whose
 * report lists no array says `expect: none`. The `[code]` slot after `unchanged`/`rejected`
 * names the reason's code (`[value-flows-in]` or `[BC1203]`); where it is given, the array of
 * the report must have that code (issue 28).
 */
import type { FileReport, Status } from '../../src/index.js';
import { codeOf, reasonNameOf, reasonNamed } from '../../src/model/reasons.js';

const STATUSES: readonly Status[] = ['contracted', 'scalarized', 'unchanged', 'rejected'];

export interface Expected {
  /** `function:array status [cells]`, as reportVerdicts prints it; sorted. */
  readonly verdicts: string[];
  /** `[verdict, code name]` for each line that gives a reason code. */
  readonly codes: readonly (readonly [string, string])[];
}

/** The leading comment `/* trap: ... *\/`, or undefined when the file does not start so. */
export function leadingComment(source: string): string | undefined {
  if (!source.startsWith('/* trap: ')) return undefined;
  const end = source.indexOf('*/');
  return end < 0 ? undefined : source.slice(0, end);
}

// A C++ template's instantiation is named with its arguments: `win<32>:t`; a member with its
// class: `S::g:t`.
const LINE =
  /^([A-Za-z_$?][\w$?]*(?:::[A-Za-z_]\w*)*(?:<[\w, ]*>)?):([A-Za-z_]\w*)\s+([a-z]+)(?:\s+(\S.*))?$/;

/** The verdicts the program's comment expects; throws on a line it cannot read. */
export function expectedVerdicts(source: string): Expected {
  const comment = leadingComment(source);
  if (comment === undefined) throw new Error('no leading /* trap: ... */ comment');
  const verdicts: string[] = [];
  const codes: [string, string][] = [];
  let none = false;
  for (const raw of comment.split('\n')) {
    const m = /^\s*expect:\s*(.*?)\s*(?:--.*)?$/.exec(raw);
    if (!m) continue;
    const body = m[1]!;
    if (body === 'none') {
      none = true;
      continue;
    }
    const v = LINE.exec(body);
    if (!v || !STATUSES.includes(v[3] as Status))
      throw new Error(`cannot read "expect: ${body}" (function:array status [cells|[CODE]])`);
    const [, fn, array, status, extra] = v;
    if (status === 'contracted') {
      if (extra === undefined) throw new Error(`"expect: ${body}": contracted needs its cells`);
      verdicts.push(`${fn}:${array} contracted ${extra}`);
    } else if (status === 'scalarized') {
      if (extra !== undefined) throw new Error(`"expect: ${body}": scalarized takes nothing`);
      verdicts.push(`${fn}:${array} scalarized`);
    } else {
      const named =
        extra && /^\[[A-Za-z0-9-]+\]$/.test(extra) ? reasonNamed(extra.slice(1, -1)) : undefined;
      if (extra !== undefined && !named)
        throw new Error(`"expect: ${body}": a reason code is written [name] or [BC1234]`);
      verdicts.push(`${fn}:${array} ${status}`);
      if (named) codes.push([verdicts.at(-1)!, named]);
    }
  }
  if (none && verdicts.length > 0) throw new Error('"expect: none" beside other expect lines');
  if (!none && verdicts.length === 0)
    throw new Error('no expect: line (write "expect: none" when the report lists no array)');
  return { verdicts: [...verdicts].sort(), codes };
}

/**
 * The expected codes the report does not give: `verdict [name]` for each expected one with
 * no array of that verdict and code left to match it.
 */
export function missingCodes(expected: Expected, report: FileReport): string[] {
  const given = report.arrays.map(
    (a) =>
      `${a.function}:${a.name} ${a.status} [${a.code ? (reasonNameOf(a.code) ?? a.code) : '-'}]`,
  );
  const missing: string[] = [];
  for (const [verdict, name] of expected.codes) {
    const k = given.indexOf(`${verdict} [${name}]`);
    if (k >= 0) given.splice(k, 1);
    else missing.push(`${verdict} [${name}] (${codeOf(name as never)})`);
  }
  return missing;
}

/** The verdicts of a report in the notation of the expect lines; sorted. */
export function reportVerdicts(report: FileReport): string[] {
  return report.arrays
    .map(
      (a) =>
        `${a.function}:${a.name} ${a.status}${a.status === 'contracted' ? ` ${a.compressedCells}` : ''}`,
    )
    .sort();
}
