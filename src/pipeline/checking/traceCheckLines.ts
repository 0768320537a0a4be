/**
 * `check --trace` as lines to print, problems to fail on, and what goes into the JSON
 * report: per array its verdict (traceCheck.ts) and the most values live at once in the
 * run (dynamic/tracedLive.ts, issue 17).
 */
import type { ProgramModel } from '../../model/types.js';
import type { TracedLive } from '../../dynamic/tracedLive.js';
import type { ArrayReport, FileReport } from '../report.js';
import { traceCheck, type TraceArrayResult } from './traceCheck.js';
import type { TraceRunOptions } from './traceRun.js';

/** One run's count of one array, for the report. */
function tracedEntry(
  args: readonly string[],
  live: TracedLive,
): NonNullable<ArrayReport['traced']>[number] {
  return live.kind === 'done'
    ? { args: [...args], values: live.values, cells: live.cells, accesses: live.accesses }
    : { args: [...args], notCounted: live.reason };
}

/** `report` with `traced` on each traced array: its count in each of `runs` (in order). */
export function reportWithTraced(
  report: FileReport,
  arrays: readonly TraceArrayResult[],
  runs: readonly (readonly string[])[],
): FileReport {
  return {
    ...report,
    arrays: report.arrays.map((x) => {
      const a = arrays.find((y) => y.function === x.function && y.name === x.name);
      return a ? { ...x, traced: a.live.map((l, k) => tracedEntry(runs[k] ?? [], l)) } : x;
    }),
  };
}

function liveLine(a: TraceArrayResult, live: TracedLive, args: readonly string[], runs: number) {
  const run = runs > 1 ? `the run with arguments [${args.join(' ')}]` : 'this run';
  return live.kind === 'done'
    ? `  trace: ${a.function}: ${a.name}: at most ${live.values} value${live.values === 1 ? '' : 's'} live at once in ${run}`
    : `  trace: ${a.function}: ${a.name}: values live at once in ${run} not counted (${live.reason})`;
}

/**
 * One line per array (its verdict, accesses, points and pieces of the run; then its values
 * live at once per run), one problem per finding; `arrays` for the report.
 */
export async function traceCheckLines(
  source: string,
  file: string,
  model: ProgramModel,
  options: Omit<TraceRunOptions, 'only' | 'countLive'>,
  say: (line: string) => void,
): Promise<{ problems: string[]; arrays: readonly TraceArrayResult[] }> {
  const r = await traceCheck(source, file, model, options);
  const problems: string[] = [];
  const points = r.outcome.runs.reduce((s, x) => s + x.points, 0);
  say(`  trace: ${points} accesses of ${r.arrays.length} modelled array(s) folded`);
  for (const a of r.arrays) {
    say(
      `  trace: ${a.function}: ${a.name}: ${a.status === 'agrees' ? 'the run agrees with the model' : 'UNSAFE'}` +
        ` (${a.accesses} accesses, ${a.points} points in ${a.pieces} pieces)`,
    );
    a.live.forEach((live, k) =>
      say(liveLine(a, live, r.outcome.runs[k]!.args, r.outcome.runs.length)),
    );
    for (const f of a.findings)
      problems.push(
        `trace: ${file}:${f.message}${f.args.length ? ` (arguments: ${f.args.join(' ')})` : ''}`,
      );
  }
  for (const run of r.outcome.runs)
    if (run.malformed) problems.push(`trace: the trace of a run was malformed: ${run.malformed}`);
  return { problems, arrays: r.arrays };
}
