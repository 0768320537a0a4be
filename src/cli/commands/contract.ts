/**
 * `beeclak contract FILE.c [-o OUT.c] [--report text|json|sarif] [--report-file F] [--timings] [--annotate]`,
 * and over many files: `beeclak contract FILES/DIRS... (-i | --check | --diff | --list)`.
 * One file without a mode: the program goes to stdout (or -o), the report to stderr (or
 * --report-file). Output files are written atomically: a failure never leaves a partial file.
 */
import type { Command } from 'commander';
import { processIo, setExitCode, type Io } from '../io.js';
import type { ContractOptions } from '../../pipeline/contraction.js';
import { contractInConfigurations } from '../../pipeline/configurations/index.js';
import { functionProgress } from '../progress.js';
import { formatProfile, profileRuns, withProfiled } from '../../pipeline/checking/profile.js';
import { programFlags } from '../programFlags.js';
import { contractProfiled } from '../../pipeline/checking/profileContract.js';
import { ConfigFinder, excludedBy, valuesFor } from '../config.js';
import { flagsForFile } from '../fileOptions.js';
import {
  addAnalysisOptions,
  addConfigurationOptions,
  analysisOptions,
  programIncludes,
  type AnalysisFlags,
} from '../analysisFlags.js';
import type { IncludeIndex } from '../includers.js';
import type { ProgramSetting } from '../batch/program.js';
import { programSetting, readIncluded, type IncludedReading } from '../includedFile.js';
import { CompilerChoice } from '../compilerChoice.js';
import { RunNotices } from '../notices.js';
import { readCSource } from '../sourceFile.js';
import { type OutputText, writeOutput } from '../outputFile.js';
import {
  formatReport,
  formatText,
  reportPieces,
  type FileReport,
  type SkippedFile,
} from '../../pipeline/report.js';
import { parseChoice } from '../options.js';
import { spelledOnce } from '../files.js';
import { UsageError } from '../errors.js';
import { formatSarif } from '../sarif.js';
import { version } from '../version.js';
import { refusedPromiseMessages } from '../../pipeline/wholeProgram/promiseCheck.js';

const REPORT_FORMATS = ['text', 'json', 'sarif'] as const;
const LIST_ORDERS = ['file', 'bytes'] as const;

interface ContractFlags extends AnalysisFlags {
  output?: string;
  report?: (typeof REPORT_FORMATS)[number];
  reportFile?: string;
  timings?: boolean;
  annotate?: boolean;
  inPlace?: boolean;
  check?: boolean;
  diff?: boolean;
  list?: boolean;
  minBytes?: string;
  sort: (typeof LIST_ORDERS)[number];
  allowRefused?: boolean;
  exclude: string[];
  cache: boolean;
  cacheDir?: string;
  jobs?: string;
  hls?: boolean;
  profiled?: boolean;
  run: string[];
  cflags?: string;
  closedWorld?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function registerContract(program: Command, io: Io): void {
  const cmd = program
    .command('contract')
    .description('write the program with its temporary arrays contracted')
    .argument('<files...>', 'C source files, or directories (their .c files, recursively)')
    .option('-o, --output <file>', 'write the program here (default, or -: stdout; one file only)')
    .option('-i, --in-place', 'rewrite the files themselves')
    .option('--check', 'change nothing; exit 1 when some file would change')
    .option('--diff', 'print a unified diff of each file that would change')
    .option('--list', 'change nothing; list the arrays that could shrink (see --min-bytes)')
    .option(
      '--min-bytes <n>',
      'leave unchanged (and do not list) the arrays that would save no more bytes than this',
      '0',
    )
    .option(
      '--allow-refused',
      'with several files: a file the compiler refuses is reported and skipped, without exit code 4 (hooks)',
    )
    .option(
      '--sort <order>',
      `with --list: ${LIST_ORDERS.join('|')} (the largest saving first)`,
      parseChoice('--sort', LIST_ORDERS),
      'file',
    )
    .option(
      '--exclude <glob>',
      'skip files and directories matching this glob (repeatable)',
      collect,
      [],
    )
    .option('--cache-dir <dir>', 'where results are cached (default node_modules/.cache/beeclak)')
    .option('--no-cache', 'do not read or write the result cache')
    .option('--jobs <n>', 'worker threads (default: the cores available)')
    .option(
      '--report <format>',
      `also print a report: ${REPORT_FORMATS.join('|')}`,
      parseChoice('--report', REPORT_FORMATS),
    )
    .option('--report-file <file>', 'write the report to this file instead of stderr')
    .option(
      '--timings',
      'with --report text|json: also the time of each stage (differs between runs)',
    )
    .option('--annotate', 'add a comment above each changed declaration stating its mapping')
    .option(
      '--profiled',
      'also apply mappings profiled on runs (see `beeclak profile`): not proved',
    )
    .option(
      '--run <args>',
      'with --profiled: a profiled run with these arguments (repeatable)',
      collect,
      [],
    )
    .option('--cflags <flags>', 'with --profiled: compiler flags of the traced build')
    .option(
      '--closed-world',
      "the files given (and the compilation database's) are the whole program: functions with external linkage are analysed with every call",
    )
    .option(
      '--hls',
      'for HLS tools: constant sizes, power-of-two masks on folded dimensions only, no helper or abort, #pragma HLS updated',
    );
  addAnalysisOptions(addConfigurationOptions(cmd)).action(
    async (files: string[], flags: ContractFlags) => {
      refuseIneffective(cmd, flags);
      const mode = flags.inPlace || flags.check || flags.diff || flags.list;
      if (!mode && files.length > 1)
        throw new UsageError(
          flags.output
            ? '-o names one output file; with several files use -i, --check or --diff'
            : 'several files need a mode: -i (rewrite them), --check, --diff or --list',
        );
      if (flags.profiled && (mode || files.length > 1))
        throw new UsageError('--profiled works on one file, without -i, --check, --diff or --list');
      if (!mode) return contractOne(cmd, files[0]!, flags, io);
      if (flags.inPlace && (flags.check || flags.list))
        throw new UsageError(
          `-i rewrites files; ${flags.check ? '--check' : '--list'} changes nothing: choose one`,
        );
      if (flags.output)
        throw new UsageError(
          flags.inPlace
            ? '-i rewrites each file in place and -o writes the program elsewhere: choose one'
            : `${flags.check ? '--check' : flags.list ? '--list' : '--diff'} writes no program: drop -o` +
                (flags.diff ? ' (to keep the diff, redirect it: > changes.diff)' : ''),
        );
      await contractMany(cmd, files, flags, io);
    },
  );
}

/**
 * Options given on the command line that would have no effect in this run: refused rather
 * than silently ignored (the user meant something by them).
 */
function refuseIneffective(cmd: Command, flags: ContractFlags): void {
  const typed = (name: string) => cmd.getOptionValueSource(name) === 'cli';
  if (typed('sort') && !flags.list)
    throw new UsageError('--sort applies to --list only (the order of the arrays it lists)');
  if (flags.hls && typed('modulo') && flags.modulo === 'exact')
    throw new UsageError(
      '--hls takes power-of-two moduli (masks, no division): --modulo exact cannot apply; drop one',
    );
}

function reportText(
  format: ContractFlags['report'],
  reports: FileReport[],
  flags: Pick<ContractFlags, 'timings'>,
  skipped: readonly SkippedFile[] = [],
): string {
  // Without --timings the same input gives the same report, byte for byte (CI diffs it).
  const print = { timings: !!flags.timings };
  if (format === 'json') return formatReport(reports, version(), skipped, print);
  if (format === 'text') return reports.map((r) => formatText(r, print)).join('');
  if (format === 'sarif') return formatSarif(reports, version(), skipped);
  return '';
}

/**
 * The report as a report file gets it: JSON in pieces, written as they are made (the
 * report of 5 MB of kernels is 41 MB: as one string it was the run's peak of memory).
 */
function reportFileText(
  format: ContractFlags['report'],
  reports: FileReport[],
  flags: Pick<ContractFlags, 'timings'>,
  skipped: readonly SkippedFile[] = [],
): OutputText {
  if (format !== 'json') return reportText(format, reports, flags, skipped);
  return reportPieces(reports, version(), skipped, { timings: !!flags.timings });
}

async function contractOne(
  cmd: Command,
  file: string,
  flags: ContractFlags,
  io: Io,
): Promise<void> {
  const source = await readCSource(file);
  const choice = new CompilerChoice(new RunNotices(io));
  const finder = new ConfigFinder();
  const includes = programIncludes(flags, [file], choice);
  const options = fileOptions(cmd, flags, finder, file, io, choice, includes);
  const format = flags.report ?? (flags.reportFile ? 'json' : undefined);
  // A file another .c file includes is read as that file builds it (includedFile.ts).
  const included = await readIncluded(
    file,
    source,
    options,
    contractSetting(flags, [file], finder, choice, includes),
    (f) => fileOptions(cmd, flags, finder, f, io, choice, includes),
  );
  if (included && flags.profiled)
    throw new UsageError(
      `--profiled builds ${file} alone, and ${hostName(included)} includes it: profile the program's main file`,
    );
  // A report on stderr is read by tools: no progress line in it.
  const progress = included || (format && !flags.reportFile) ? undefined : functionProgress(file);
  let result = included
    ? {
        text: included.outcome.text,
        changed: included.outcome.changed,
        analysis: { report: included.outcome.report },
      }
    : await contractedFile(
        source,
        file,
        progress ? { ...options, progress: progress.step } : options,
      ).finally(() => progress?.end());
  let fileReport = result.analysis.report;
  if (flags.profiled && !included) {
    const leftAlone = result.analysis.report.arrays.filter(
      (a) => a.status !== 'contracted' && a.status !== 'scalarized',
    );
    const runs = profileRuns([], flags.run);
    const p = await contractProfiled(
      result.text,
      file,
      leftAlone.map((a) => a.name),
      { runs, analysis: options, flags: programFlags(flags, file, source, choice) },
    );
    if (p.text) result = { ...result, text: p.text, changed: true };
    // The report marks profiled arrays as such (text, JSON, SARIF).
    fileReport = withProfiled(fileReport, p.result);
    if (!format) io.stderr(formatProfile(p.result, false));
  }
  // (a report file's text is made as it is written: reportFileText)
  const report = flags.reportFile ? '' : reportText(format, [fileReport], flags);
  // `-o -` is standard output, as for cc and most tools (it wrote a file named "-").
  const output = flags.output === '-' ? undefined : flags.output;
  // Everything is computed before anything is written.
  if (output) await writeOutput(output, result.text, 'latin1');
  if (flags.reportFile)
    await writeOutput(flags.reportFile, reportFileText(format, [fileReport], flags));
  if (!output) (io.stdoutBytes ?? io.stdout)(result.text);
  if (report && !flags.reportFile) io.stderr(report);
  else for (const m of refusedPromiseMessages(result.analysis.report)) io.stderr(m + '\n');
  if (!result.changed && !format) {
    io.stderr(`beeclak: ${file}: nothing to contract (run 'beeclak analyze ${file}' to see why)\n`);
  }
}

/**
 * The contraction's text and report only. What the analysis held (every function's model,
 * the decisions, the rewrite plan) is garbage once the text is made, and the report's JSON
 * (41 MB for 5 MB of kernels) is made after: kept in the caller's frame, the ~250 MB of
 * models stayed until the end, when the run's memory peaks (issue 29, item 3).
 */
async function contractedFile(
  source: string,
  file: string,
  options: ContractOptions,
): Promise<{ text: string; changed: boolean; analysis: { report: FileReport } }> {
  const { text, changed, analysis } = await contractInConfigurations(source, file, options);
  return { text, changed, analysis: { report: analysis.report } };
}

function positiveInteger(option: string, text: string): number {
  if (!/^\d+$/.test(text.trim()))
    throw new UsageError(`${option} expects a whole number, got '${text}'`);
  return Number(text);
}

async function contractMany(
  cmd: Command,
  files: string[],
  flags: ContractFlags,
  io: Io,
): Promise<void> {
  const threads =
    flags.jobs !== undefined ? Math.max(1, positiveInteger('--jobs', flags.jobs)) : undefined;
  const finder = new ConfigFinder();
  const choice = new CompilerChoice(new RunNotices(io));
  // The roots spelled as the file list spells the files (cli/files.ts).
  const includes = programIncludes(flags, spelledOnce(files), choice);
  // Loaded here: one file needs neither worker threads nor the result cache's hashing
  // (node:worker_threads and node:crypto cost start-up time, issue 17).
  const [{ runBatch }, { defaultCacheDir }] = await Promise.all([
    import('../batch/run.js'),
    import('../batch/cache.js'),
  ]);
  const result = await runBatch({
    paths: files,
    excludes: flags.exclude,
    mode: {
      inPlace: !!flags.inPlace,
      check: !!flags.check,
      diff: !!flags.diff,
      list: !!flags.list,
      sort: flags.sort,
    },
    // Most files of a code base have no candidate: they are not modelled (noCandidate.ts).
    optionsFor: (file) => ({
      ...fileOptions(cmd, flags, finder, file, io, choice, includes),
      skipWithoutCandidates: true,
    }),
    excludedByConfig: (file) => excludedBy(finder.forFile(file), file),
    // The files given, and every entry of the compilation database, are one program.
    program: contractSetting(flags, files, finder, choice, includes),
    allowRefused: !!flags.allowRefused,
    cacheDir: flags.cache ? (flags.cacheDir ?? defaultCacheDir()) : undefined,
    threads,
    progress: io === processIo && !!process.stderr.isTTY,
    io,
  });
  const format = flags.report ?? (flags.reportFile ? 'json' : undefined);
  if (flags.reportFile)
    await writeOutput(
      flags.reportFile,
      reportFileText(format, result.reports, flags, result.skipped),
    );
  else if (format) io.stderr(reportText(format, result.reports, flags, result.skipped));
  if (result.exitCode !== 0) setExitCode(cmd, result.exitCode);
}

/** The files given are one program (includedFile.ts, `programSetting`). */
function contractSetting(
  flags: ContractFlags,
  files: readonly string[],
  finder: ConfigFinder,
  choice: CompilerChoice,
  includes: IncludeIndex,
): ProgramSetting {
  const closedWorld =
    !!flags.closedWorld ||
    (files.length > 0 && files.every((f) => valuesFor(finder.forFile(f), f).closedWorld === true));
  return programSetting(flags, files, choice, includes, closedWorld);
}

/** The file whose unit reads an included file, or the rule that keeps it as written. */
function hostName(r: IncludedReading): string {
  return r.verdict.kind === 'through' ? r.verdict.host : 'another file';
}

/** The command line over the configuration that applies to `file`. */
function fileOptions(
  cmd: Command,
  flags: ContractFlags,
  finder: ConfigFinder,
  file: string,
  io: Io,
  choice: CompilerChoice,
  includes?: IncludeIndex,
): ContractOptions {
  const f = flagsForFile(cmd, flags, finder, file);
  const minBytes = positiveInteger('--min-bytes', f.minBytes ?? '0');
  return {
    ...analysisOptions(f, file, includes ?? programIncludes(f, [file], choice), choice),
    ...(minBytes > 0 ? { minBytes } : {}),
    annotate: !!flags.annotate,
    ...(f.hls ? { hls: true } : {}),
  };
}
