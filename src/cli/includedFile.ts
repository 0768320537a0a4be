/**
 * One `.c` file given alone (`contract FILE`, `analyze`, `check`) that another `.c` file
 * `#include`s (a unity build: CHStone's `aes.c` includes `aes_enc.c`; issue 27). Read alone,
 * its macros, types and callers would be missing: it is read exactly as the multi-file modes
 * read it (src/cli/batch/unity.ts), in a set of the file and the `.c` files that may include
 * it (found by name in its folder and the command line's, includers.ts), or with `-p` every
 * entry of the compilation database. Inside its includer's unit when the rules allow
 * (src/pipeline/wholeProgram/unityBuild.ts), else left as written with the rule's reason.
 *
 * Only a file that some directive names pays for this: the others are read as before.
 */
import path from 'node:path';
import { InputError } from '../model/errors.js';
import type { AnalysisFlags } from './analysisFlags.js';
import type { CompilerChoice } from './compilerChoice.js';
import type { IncludeIndex } from './includers.js';
import type { ContractOptions } from '../pipeline/contraction.js';
import { contractInConfigurations } from '../pipeline/configurations/index.js';
import { emptyReport, type ReportDiagnostic } from '../pipeline/report.js';
import { codeOf } from '../model/reasons.js';
import { doneOutcome, runJob, type FileOutcome } from './batch/job.js';
import { withProgramViews, type ProgramSetting } from './batch/program.js';
import { noteHostReadings, settleUnity } from './batch/unity.js';
import type { UnityVerdict } from '../pipeline/wholeProgram/unityBuild.js';

/**
 * The files given, every entry of the compilation database, and the `.c` files that include
 * a file given (by name, in the folders read; with a database, its entries only) are one
 * program (batch/program.ts).
 */
export function programSetting(
  flags: AnalysisFlags,
  files: readonly string[],
  choice: CompilerChoice,
  includes: IncludeIndex,
  closedWorld: boolean,
): ProgramSetting {
  const database = flags.compileCommands ?? flags.p;
  const entries = database ? choice.database(database).files() : [];
  const built = new Set(entries.map((f) => path.resolve(f)));
  return {
    closedWorld,
    extraFiles: entries,
    ...(database ? { buildUnits: entries } : {}),
    roots: files,
    includers: (f) =>
      includes.unitsIncluding(f).filter((h) => !database || built.has(path.resolve(h))),
  };
}

type Done = Extract<FileOutcome, { kind: 'done' }>;

/** How a file that another `.c` file includes is read, and what `contract -i` makes of it. */
export interface IncludedReading {
  readonly verdict: UnityVerdict;
  /** The options of its reading: inside the host's unit, or its own (refused). */
  readonly options: ContractOptions;
  /** Its text and report after the unity rules (settleUnity: a file kept says why). */
  readonly outcome: Done;
  /** Why the unity rules keep it as written (the note of its report), if they do. */
  readonly kept?: ReportDiagnostic;
}

/**
 * The reading of `file` inside the unit that includes it, or undefined when no `.c` file
 * includes it (read alone, as before). The includers are those `setting.includers` names
 * (the text index) and, with a compilation database, any of its units whose line markers
 * show it included (batch/program.ts): the text reader missed a host that reached kern.c
 * through a header outside the folders it scans, and `contract -p` folded kern()'s buffer
 * its host read after the call (review 2026-11-29).
 */
export async function readIncluded(
  file: string,
  source: string,
  options: ContractOptions,
  setting: ProgramSetting,
  optionsFor: (file: string) => ContractOptions,
): Promise<IncludedReading | undefined> {
  if (!/\.c$/i.test(file)) return undefined;
  const self = path.resolve(file);
  const units = setting.extraFiles.some((f) => path.resolve(f) !== self);
  if (!units && (setting.includers?.(file) ?? []).length === 0) return undefined;
  const views = await withProgramViews([file], [options], setting, optionsFor);
  const verdict = views.unity?.verdicts.get(0);
  if (!verdict || !views.unity) return undefined;
  const first = views.options[0]!;
  const outcomes: (FileOutcome | undefined)[] = [await firstReading(file, source, first, verdict)];
  await settleUnity({
    files: [file],
    outcomes,
    ownOptions: views.ownOptions ?? new Map(),
    ...(views.otherReadings ? { otherReadings: views.otherReadings } : {}),
    hostOptions: [first],
    plan: views.unity,
    sourceOf: [source],
    run: (jobs) => Promise.all(jobs.map(runJob)),
  });
  noteHostReadings(outcomes, views.unity);
  const outcome = outcomes[0] as Done;
  // (read in its host, the file is kept when its own reading or another includer's differs)
  const keptBy = (
    verdict.kind === 'refused'
      ? [verdict.code]
      : (['own-unit-disagrees', 'included-by-several-units'] as const)
  ).map((c) => codeOf(c));
  const kept = outcome.report.diagnostics.find(
    (d) => keptBy.includes(d.code) && d.severity === 'note',
  );
  return { verdict, options: first, outcome, ...(kept ? { kept } : {}) };
}

/**
 * The file's reading before the unity rules. Inside its host, an error is the command's; a
 * file refused its host's reading and refused by the compiler alone too (CHStone's included
 * files use their includer's types) is kept as written with the rule's reason.
 */
async function firstReading(
  file: string,
  source: string,
  options: ContractOptions,
  verdict: UnityVerdict,
): Promise<Done> {
  try {
    return doneOutcome(await contractInConfigurations(source, file, options), options);
  } catch (e) {
    if (verdict.kind === 'through' || !(e instanceof InputError)) throw e;
    // settleUnity says why it is kept.
    const report = emptyReport(file);
    return { kind: 'done', text: source, changed: false, report };
  }
}
