/**
 * `beeclak profile FILE.c [-- ARGS] [--run "ARGS"]... [--explain]`: trace the program over
 * the runs and contract, for those runs, the temporaries the static analysis leaves alone
 * (pipeline/checking/profile.ts). Nothing is written: `contract --profiled` applies the mappings.
 * The traced build uses the program's own flags (programFlags.ts).
 */
import { CompilerChoice } from '../compilerChoice.js';
import { RunNotices } from '../notices.js';
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { addAnalysisOptions, analysisOptions, type AnalysisFlags } from '../analysisFlags.js';
import { readCSource, readSource } from '../sourceFile.js';
import { UsageError } from '../errors.js';
import { emptyReport } from '../../pipeline/report.js';
import {
  formatProfile,
  profileRuns,
  profileSource,
  withProfiled,
} from '../../pipeline/checking/profile.js';
import { programFlags } from '../programFlags.js';
import { formatSarif } from '../sarif.js';
import { version } from '../version.js';

interface ProfileFlags extends AnalysisFlags {
  run?: string[];
  stdin?: string;
  timeout: string;
  explain?: boolean;
  cflags?: string;
  json?: boolean;
  sarif?: boolean;
}

export function registerProfile(program: Command, io: Io): void {
  const cmd = program
    .command('profile')
    .description(
      'trace runs of the program and contract, for those runs, the arrays the static analysis cannot',
    )
    .argument('<file>', 'C source file')
    .argument('[args...]', 'arguments of the profiled run (after --)')
    .option('--run <args>', 'one more profiled run with these arguments (repeatable)', collect)
    .option('--stdin <file>', 'feed this file to every run on standard input')
    .option('--timeout <seconds>', 'time limit for each run', '60')
    .option('--explain', 'print the folded accesses and the lifetimes of each array')
    .option('--cflags <flags>', "compiler flags of the traced build (e.g. '-O2 -DN=100')")
    .option('--json', 'print the result as JSON')
    .option('--sarif', 'print the profiled arrays as SARIF 2.1.0 (marked profiled, not proved)');
  addAnalysisOptions(cmd).action(async (file: string, args: string[], flags: ProfileFlags) => {
    const timeout = Number(flags.timeout);
    if (!Number.isFinite(timeout) || timeout <= 0)
      throw new UsageError(`--timeout expects seconds > 0, got '${flags.timeout}'`);
    const source = await readCSource(file);
    const choice = new CompilerChoice(new RunNotices(io));
    const result = await profileSource(source, file, {
      runs: profileRuns(args, flags.run),
      stdin: flags.stdin ? await readSource(flags.stdin) : '',
      timeoutMs: timeout * 1000,
      analysis: analysisOptions(flags, file, undefined, choice),
      flags: programFlags(flags, file, source, choice),
    });
    if (flags.json && flags.sarif) throw new UsageError('--json and --sarif: choose one');
    if (flags.sarif) io.stdout(formatSarif([withProfiled(emptyReport(file), result)], version()));
    else if (flags.json) {
      const arrays = result.arrays.map(({ decision: _d, ...a }) => ({
        ...a,
        status: a.status === 'profiled' ? 'profiled, not proved' : a.status,
      }));
      io.stdout(
        JSON.stringify({ file, arrays }, (_, v) => (typeof v === 'bigint' ? Number(v) : v), 2) +
          '\n',
      );
    } else io.stdout(formatProfile(result, !!flags.explain));
  });
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
