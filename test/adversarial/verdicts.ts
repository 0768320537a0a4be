/**
 * The expected verdicts of an adversarial program (issue 25), read from its leading comment,
 * so that a regression in either direction fails: a miscompile, but also "refuse everything".
 *
 *     /* trap: what the program does to the analysis (one line)
 *        expect: kernel:t contracted 3      -- 3 compressed cells
 *        expect: kernel:s scalarized
 *        expect: main:buf unchanged         -- anything after `--` is for the reader
 *        expect: kernel:u rejected [CODE]   -- a reason code, not matched yet (issue 28)
 *     *\/
 *
 * One `expect:` line per array of the report (`function:array status`, cells after
 * `contracted`), and one array per line: the two are compared as multisets. A program whose
 * report lists no array says `expect: none`. The `[CODE]` slot after `unchanged`/`rejected`
 * is parsed and kept but not compared until the report carries stable reason codes.
 */
import type { FileReport, Status } from '../../src/index.js';

const STATUSES: readonly Status[] = ['contracted', 'scalarized', 'unchanged', 'rejected'];

export interface Expected {
  /** `function:array status [cells]`, as reportVerdicts prints it; sorted. */
  readonly verdicts: string[];
  /** `[verdict, code]` for each line that gives a reason code, for issue 28 to compare. */
  readonly codes: readonly (readonly [string, string])[];
}

/** The leading comment `/* trap: ... *\/`, or undefined when the file does not start so. */
export function leadingComment(source: string): string | undefined {
  if (!source.startsWith('/* trap: ')) return undefined;
  const end = source.indexOf('*/');
  return end < 0 ? undefined : source.slice(0, end);
}

const LINE = /^([A-Za-z_$?][\w$?]*):([A-Za-z_]\w*)\s+([a-z]+)(?:\s+(\S+))?$/;

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
      if (extra !== undefined && !/^\[[a-z0-9-]+\]$/.test(extra))
        throw new Error(`"expect: ${body}": a reason code is written [code]`);
      verdicts.push(`${fn}:${array} ${status}`);
      if (extra !== undefined) codes.push([verdicts.at(-1)!, extra.slice(1, -1)]);
    }
  }
  if (none && verdicts.length > 0) throw new Error('"expect: none" beside other expect lines');
  if (!none && verdicts.length === 0)
    throw new Error('no expect: line (write "expect: none" when the report lists no array)');
  return { verdicts: [...verdicts].sort(), codes };
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
