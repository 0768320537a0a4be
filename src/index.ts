/**
 * The library face of beeclak: analyse or contract one C translation unit held in memory.
 *
 *     import { contract } from 'beeclak';
 *     const { code, report } = await contract(source, { file: 'kernel.c' });
 *
 * Both functions take the same options as the command line (`-D`, `--temporary`, ...) with
 * the command line's defaults and units (`minGain` in percent, sizes as numbers or bigints),
 * throw `OptionError` (naming the option) for a wrong option and `InputError` for input they
 * refuse (with `file` and `loc`). CommonJS callers `require('beeclak')`: the same functions,
 * bundled (dist/bundle/index.cjs). The text is read as the compiler reads it: `$CC -E` runs on it (with
 * `compiler.flags`; `#include "x.h"` is looked up next to `file`); `compiler: false` reads the
 * text itself instead and never touches the file system.
 */
import { analyzeSource } from './pipeline/analysis.js';
import { contractInConfigurations } from './pipeline/configurations/index.js';
import type { FileReport } from './pipeline/report.js';
import { withCallContext } from './context/callContext.js';
import { withProgram } from './libraryProgram.js';
import { noteHostReadings, settleUnity } from './cli/batch/unity.js';
import { doneOutcome, type FileOutcome } from './cli/batch/job.js';
import type { ContractOptions } from './pipeline/contraction.js';
import type { UnityVerdict } from './pipeline/wholeProgram/unityBuild.js';
import { InputError } from './model/errors.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { emptyReport } from './pipeline/report.js';
import { checkOptions, pipelineOptions, type Options } from './libraryOptions.js';
import { profileSource as profileRuns, type ProfileResult } from './pipeline/checking/profile.js';
import type { TraceRunOptions } from './pipeline/checking/traceRun.js';

export { InputError } from './model/errors.js';
export type {
  ArrayReport,
  FileReport,
  PrintOptions,
  ReportDocument,
  SkippedFile,
  Status,
} from './pipeline/report.js';
export { formatJson, formatReport, formatText } from './pipeline/report.js';
export type { HeuristicChoice, ModuloForm } from './pipeline/options.js';
export type { Target } from './pipeline/options.js';
export { HEURISTICS, MODULO_FORMS } from './pipeline/options.js';
export {
  OptionError,
  type CompilerOptions,
  type DataModelName,
  type LifetimeKind,
  type Options,
} from './libraryOptions.js';

export interface ContractResult {
  /** The transformed program (the input itself when nothing changed). */
  code: string;
  changed: boolean;
  report: FileReport;
}

function checkSource(source: unknown): void {
  if (typeof source !== 'string')
    throw new TypeError(`beeclak: the source must be a string (the C text), got ${typeof source}`);
}

// Each call has a context of its own (work budgets, memo tables, counters; see
// src/context/callContext.ts): calls that overlap in one process share none of them.

/** Per array: status, reason, conflict set, mapping and sizes (no rewrite). */
export async function analyze(source: string, options: Options = {}): Promise<FileReport> {
  checkSource(source);
  checkOptions(options);
  const file = options.file ?? 'input.c';
  // A file that an includer named includes is read inside it, as contract reads it.
  if (options.compiler !== false && includersOf([{ file }], options.includedBy ?? []).length > 0)
    return (await contractFiles([{ file, source }], { ...options, annotate: false }))[0]!.report;
  const [pipeline] = (await withProgram([{ file, source }], pipelineOptions(options), options))
    .options;
  // Several configurations: the report of the one output (configurations/index.ts).
  const analysis = await withCallContext(() =>
    pipeline!.configurations
      ? contractInConfigurations(source, file, { ...pipeline!, annotate: false }).then(
          (c) => c.analysis,
        )
      : analyzeSource(source, file, pipeline!),
  );
  return analysis.report;
}

/** The contracted program and its report. */
export async function contract(source: string, options: Options = {}): Promise<ContractResult> {
  const [result] = await contractFiles([{ file: options.file ?? 'input.c', source }], options);
  return result!;
}

/**
 * Several files of one program, contracted together (docs/whole-programs.md, "A file set as
 * one program"): a function with external linkage is analysed with the calls of every file
 * when the files hold main() or `closedWorld` is set. `options.file` is not used.
 */
export async function contractFiles(
  files: readonly { readonly file: string; readonly source: string }[],
  options: Options = {},
): Promise<ContractResult[]> {
  for (const f of files) checkSource(f.source);
  checkOptions(options);
  const program = await withProgram(
    files,
    pipelineOptions(options),
    options,
    options.compiler === false ? [] : includersOf(files, options.includedBy ?? []),
  );
  const annotate = options.annotate ?? false;
  const outcomes: (FileOutcome | undefined)[] = [];
  for (const [k, { file, source }] of files.entries()) {
    const o = program.options[k]!;
    outcomes.push(
      await withCallContext(() => contracted(source, file, { ...o, annotate })).catch(
        (e: unknown) => keptAsWritten(e, file, source, program.unity?.verdicts.get(k)),
      ),
    );
  }
  // Files another file of the set includes: kept as written where the rules say.
  if (program.unity) {
    await settleUnity({
      files: files.map((f) => f.file),
      outcomes,
      ownOptions: program.ownOptions ?? new Map(),
      ...(program.otherReadings ? { otherReadings: program.otherReadings } : {}),
      hostOptions: program.options.map((o) => ({ ...o, annotate })),
      plan: program.unity,
      sourceOf: files.map((f) => f.source),
      // The own reading of a file read in its includer too: refused, it keeps its text.
      run: (jobs) =>
        Promise.all(
          jobs.map((j) =>
            withCallContext(() => contracted(j.source, j.file, { ...j.options, annotate })).catch(
              (e: unknown): FileOutcome => {
                if (!(e instanceof InputError)) throw e;
                return { kind: 'refused', message: e.format() };
              },
            ),
          ),
        ),
    });
    noteHostReadings(outcomes, program.unity);
  }
  return outcomes.map((o) => {
    const d = o as Extract<FileOutcome, { kind: 'done' }>;
    return { code: d.text, changed: d.changed, report: d.report };
  });
}

/**
 * The `.c` files of `includedBy` not among `files`, read from disk: a file they include is
 * read inside them (a unity build); one that cannot be read is left out.
 */
function includersOf(
  files: readonly { readonly file: string }[],
  includedBy: readonly string[],
): { file: string; source: string }[] {
  const given = new Set(files.map((f) => path.resolve(f.file)));
  return includedBy.flatMap((file) => {
    if (!/\.c$/i.test(file) || given.has(path.resolve(file))) return [];
    try {
      return [{ file, source: readFileSync(file, 'latin1') }];
    } catch {
      return [];
    }
  });
}

async function contracted(
  source: string,
  file: string,
  options: ContractOptions,
): Promise<FileOutcome> {
  return doneOutcome(await contractInConfigurations(source, file, options), options);
}

/**
 * A file the unity rules keep as written, which the compiler refuses alone (it uses its
 * includer's types): its report says why (settleUnity); any other error is the caller's.
 */
function keptAsWritten(
  e: unknown,
  file: string,
  source: string,
  verdict: UnityVerdict | undefined,
): FileOutcome {
  if (verdict?.kind !== 'refused' || !(e instanceof InputError)) throw e;
  return { kind: 'done', text: source, changed: false, report: emptyReport(file) };
}

// Traces (issue 18): folding of (iteration vector, label) streams, `check --trace`, `profile`.
export { Folder, type FoldOptions, type FoldResult, type Piece } from './dynamic/fold/index.js';
export {
  traceCheck,
  type TraceCheckResult,
  type TraceFinding,
} from './pipeline/checking/traceCheck.js';
export type { ProfileResult, ProfiledArray } from './pipeline/checking/profile.js';
export type { TraceRunOptions } from './pipeline/checking/traceRun.js';

/** Options of `profileSource`: the runs, and the analysis's options as `contract` takes them. */
export interface ProfileOptions extends Omit<TraceRunOptions, 'only'> {
  readonly analysis?: Options;
}

/** Mappings that hold on the given runs (`beeclak profile`): measured, not proved. */
export async function profileSource(
  source: string,
  file: string,
  options: ProfileOptions,
): Promise<ProfileResult> {
  checkSource(source);
  checkOptions(options.analysis);
  return profileRuns(source, file, {
    ...options,
    analysis: pipelineOptions(options.analysis ?? {}),
  });
}
