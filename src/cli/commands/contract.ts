/**
 * `beeclak contract FILE.c [-o OUT.c] [--report text|json] [--report-file F] [--annotate]`.
 * The program goes to stdout without `-o`; the report to stderr (or --report-file).
 * Output files are written atomically: a failure never leaves a partial file.
 */
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { contractSource } from '../../pipeline/contraction.js';
import { formatProfile, profileRuns } from '../../pipeline/profile.js';
import { contractProfiled } from '../../pipeline/profileContract.js';
import { addAnalysisOptions, analysisOptions, type AnalysisFlags } from '../analysisFlags.js';
import { readSource, writeAtomically } from '../sourceFile.js';
import { formatJson, formatText } from '../../pipeline/report.js';
import { parseChoice } from '../options.js';

interface ContractFlags extends AnalysisFlags {
  output?: string;
  report?: 'text' | 'json';
  reportFile?: string;
  annotate?: boolean;
  profiled?: boolean;
  run?: string[];
}

export function registerContract(program: Command, io: Io): void {
  const cmd = program
    .command('contract')
    .description('write the program with its temporary arrays contracted')
    .argument('<file>', 'C source file')
    .option('-o, --output <file>', 'write the program here (default: stdout)')
    .option(
      '--report <format>',
      'also print a report: text|json',
      parseChoice('--report', ['text', 'json'] as const),
    )
    .option('--report-file <file>', 'write the report to this file instead of stderr')
    .option('--annotate', 'add a comment above each changed declaration stating its mapping')
    .option(
      '--profiled',
      'also apply mappings profiled on runs (see `beeclak profile`): not proved',
    )
    .option(
      '--run <args>',
      'with --profiled: a profiled run with these arguments (repeatable)',
      (v: string, p: string[] = []) => [...p, v],
    );
  addAnalysisOptions(cmd).action(async (file: string, flags: ContractFlags) => {
    const source = await readSource(file);
    let result = await contractSource(source, file, {
      ...analysisOptions(flags),
      annotate: !!flags.annotate,
    });
    const format = flags.report ?? (flags.reportFile ? 'json' : undefined);
    const report =
      format === 'json'
        ? formatJson([result.analysis.report])
        : format === 'text'
          ? formatText(result.analysis.report)
          : '';
    if (flags.profiled) {
      const leftAlone = result.analysis.report.arrays.filter(
        (a) => !a.status.endsWith('ized') && a.status !== 'contracted',
      );
      const p = await contractProfiled(
        result.text,
        file,
        leftAlone.map((a) => a.name),
        { runs: profileRuns([], flags.run), analysis: analysisOptions(flags) },
      );
      if (p.text) result = { ...result, text: p.text, changed: true };
      io.stderr(formatProfile(p.result, false));
    }
    // Everything is computed before anything is written.
    if (flags.output) await writeAtomically(flags.output, result.text);
    if (flags.reportFile) await writeAtomically(flags.reportFile, report);
    if (!flags.output) io.stdout(result.text);
    if (report && !flags.reportFile) io.stderr(report);
    if (!result.changed && !report) {
      io.stderr(
        `beeclak: ${file}: nothing to contract (run 'beeclak analyze ${file}' to see why)\n`,
      );
    }
  });
}
