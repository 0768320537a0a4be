/**
 * The `beeclak` command line: a subcommand per pipeline entry point.
 * Exit codes (docs/design.md, "Exit codes"): 0 success, 1 input refused, 2 usage error.
 */
import { Command, CommanderError } from 'commander';
import { InputError, USAGE_HINT, UsageError } from './errors.js';
import { processIo, type Io } from './io.js';
import { version } from './version.js';
import { withCallContext } from '../context/callContext.js';

export { type Io } from './io.js';

function buildProgram(io: Io, registerCommands: (program: Command, io: Io) => void): Command {
  const output = {
    writeOut: io.stdout,
    writeErr: io.stderr,
    // commander's `error: unknown option '--x'` in the style of every other error.
    outputError: (s: string, write: (s: string) => void) =>
      write(s.replace(/^error: /, 'beeclak: error: ')),
  };
  const program = new Command('beeclak')
    .description('Contract temporary arrays of C programs with modular mappings (Bee + Cl@k).')
    .version(version(), '-V, --version')
    .configureOutput(output)
    .exitOverride()
    .showHelpAfterError(USAGE_HINT);
  registerCommands(program, io);
  for (const c of program.commands) c.exitOverride().configureOutput(output);
  return program;
}

/** Runs the CLI and returns the exit code (never throws, never exits the process itself). */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  // `--version` alone needs no command: answered before the pipeline's modules (the C
  // parser, GLPK, the polyhedral core) are loaded by registerCommands (issue 17).
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    io.stdout(version() + '\n');
    return 0;
  }
  const { registerCommands } = await import('./commands/index.js');
  const program = buildProgram(io, (p, pio) => registerCommands(p, pio, argv[0]));
  if (argv.length === 0) {
    program.outputHelp();
    return 2;
  }
  try {
    // The command is one call (src/context/callContext.ts): the files of a multi-file run
    // in this thread, one after the other, share its memo tables.
    await withCallContext(() => program.parseAsync(compilerSpelling(argv), { from: 'user' }));
    return (program as unknown as { _beeclakExit?: number })._beeclakExit ?? 0;
  } catch (e) {
    return reportError(e, io);
  }
}

/**
 * The compiler's single-dash spellings (`-include FILE`, `-isystem DIR`, `-std=c99`, `-ansi`) as the
 * long options commander knows; everything after `--` is left alone.
 */
function compilerSpelling(argv: string[]): string[] {
  const end = argv.indexOf('--');
  return argv.map((a, k) =>
    end >= 0 && k > end
      ? a
      : a === '-include' || a === '-isystem'
        ? `-${a}`
        : /^-std=/.test(a)
          ? `-${a}`
          : a === '-ansi' // the compiler's own spelling of -std=c90
            ? '--std=c90'
            : a,
  );
}

function reportError(e: unknown, io: Io): number {
  if (e instanceof CommanderError) {
    // Help and version are successes; commander has already printed its message otherwise.
    if (
      e.code === 'commander.helpDisplayed' ||
      e.code === 'commander.version' ||
      e.code === 'commander.help'
    )
      return 0;
    return 2;
  }
  if (e instanceof InputError || e instanceof UsageError) {
    io.stderr(e.format() + '\n');
    return e.exitCode;
  }
  const err = e as Error;
  io.stderr(`beeclak: internal error: ${err?.message ?? String(e)}\n`);
  if (process.env.BEECLAK_DEBUG) io.stderr(`${err?.stack ?? ''}\n`);
  io.stderr('This is a bug in beeclak; please report it with the input file.\n');
  return 70;
}
