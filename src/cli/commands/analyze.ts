/** `beeclak analyze FILE.c [--json] [--timings]`: per array, status, reason, DS, mapping, sizes; no rewrite. */
import { CompilerChoice } from '../compilerChoice.js';
import { RunNotices } from '../notices.js';
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { functionProgress } from '../progress.js';
import { analyzeSource } from '../../pipeline/analysis.js';
import {
  addAnalysisOptions,
  addConfigurationOptions,
  analysisOptions,
  programIncludes,
  type AnalysisFlags,
} from '../analysisFlags.js';
import { programSetting, readIncluded } from '../includedFile.js';
import { contractInConfigurations } from '../../pipeline/configurations/index.js';
import { readCSource } from '../sourceFile.js';
import { formatJson, formatText } from '../../pipeline/report.js';
import { writePictures } from '../svg/index.js';
import { makeOutputFolder } from '../outputFile.js';
import { ConfigFinder } from '../config.js';
import { flagsForFile } from '../fileOptions.js';

export function registerAnalyze(program: Command, io: Io): void {
  const cmd = program
    .command('analyze')
    .description('report, per array, whether and how it can be contracted (no rewrite)')
    .argument('<file>', 'C source file')
    .option('--json', 'print the report as JSON')
    .option('--timings', 'also print the time of each stage (it differs from run to run)')
    .option('--svg <dir>', "also draw each array's conflict set, lattice and mapping into DIR");
  addAnalysisOptions(addConfigurationOptions(cmd), '300000').action(
    async (
      file: string,
      typed: AnalysisFlags & {
        json?: boolean;
        svg?: string;
        timings?: boolean;
        closedWorld?: boolean;
      },
    ) => {
      // The configuration that applies to the file (beeclak.json), as for contract.
      const flags = flagsForFile(cmd, typed, new ConfigFinder(), file);
      const source = await readCSource(file);
      // A folder that cannot be made fails now, not after the analysis.
      if (flags.svg) makeOutputFolder(flags.svg);
      const choice = new CompilerChoice(new RunNotices(io));
      const includes = programIncludes(flags, [file], choice);
      // Pictures of every conflict set, also where "no saving" is found without one.
      const own = {
        ...analysisOptions(flags, file, includes, choice),
        everyConflictSet: !!flags.svg,
        annotate: false,
      };
      // A file another .c file includes is read as that file builds it (includedFile.ts).
      const included = await readIncluded(
        file,
        source,
        own,
        programSetting(flags, [file], choice, includes, !!flags.closedWorld),
        (f) => ({ ...analysisOptions(flags, f, includes, choice), annotate: false }),
      );
      const options = included?.options ?? own;
      // (the report goes to stdout: a progress line on a terminal's stderr is never in it)
      const progress = included && !flags.svg ? undefined : functionProgress(file);
      const withProgress = progress ? { ...options, progress: progress.step } : options;
      // Several configurations: the report of the one output (pipeline/configurations/).
      const analysis =
        included && !flags.svg
          ? { report: included.outcome.report }
          : await (
              options.configurations
                ? contractInConfigurations(source, file, { ...withProgress, annotate: false }).then(
                    (c) => c.analysis,
                  )
                : analyzeSource(source, file, withProgress)
            ).finally(() => progress?.end());
      // The report is what `contract` makes of the file (a kept included file says why).
      const report = included?.outcome.report ?? analysis.report;
      if (flags.svg && 'model' in analysis) await writePictures(flags.svg, analysis, io);
      // Without --timings the same input prints the same bytes (reports are diffed).
      const print = { timings: !!flags.timings };
      io.stdout(flags.json ? formatJson([report], print) : formatText(report, print));
    },
  );
}
