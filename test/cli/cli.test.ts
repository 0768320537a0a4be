import { Command } from 'commander';
import { runBin, runCli } from '../helpers/cli.js';
import { registerCommands } from '../../src/cli/commands/index.js';
import type { Io } from '../../src/cli/io.js';

describe('beeclak command line', () => {
  it('prints its version and help with exit 0', () => {
    expect(runCli(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+/);
    const help = runCli(['--help']);
    expect(help.code).toBe(0);
    for (const cmd of ['model', 'poly', 'analyze', 'contract', 'check', 'lattice']) {
      expect(help.stdout).toContain(cmd);
    }
  });

  it('exits 2 on an unknown option or subcommand', () => {
    const r = runCli(['--no-such-option']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option');
    expect(runCli(['frobnicate']).code).toBe(2);
  });

  it('exits 2 with usage when called without arguments', () => {
    expect(runCli([]).code).toBe(2);
  });
});

// The suites call the CLI's main in a thread of their own process (helpers/cli.ts); the binary
// (bin/beeclak.js running the bundle) must end with the status main returns and print what it
// prints: success, usage errors (2), a refused input (1), a report and a contracted program.
describe('the binary and runCli agree', () => {
  it.each([
    [['--version']],
    [['--no-such-option']],
    [[]],
    [['contract', 'samples/no-such-file.c']],
    [['contract', 'samples/durbin.c', '--report', 'text']],
    [['analyze', 'samples/nw.c', '--json']],
  ])('beeclak %j', (args) => {
    const bin = runBin(args);
    expect(bin.code).not.toBe(-1);
    expect(runCli(args)).toEqual(bin);
  });
});

describe('registerCommands', () => {
  const io: Io = { stdout: () => {}, stderr: () => {} };
  const names = (only?: string) => {
    const program = new Command('beeclak');
    registerCommands(program, io, only);
    return program.commands.map((c) => c.name());
  };
  const ALL = ['model', 'poly', 'analyze', 'contract', 'check', 'lattice', 'profile'];

  // Guards the start-up saving (issue 17): a run of one subcommand builds only its options.
  it('registers only the subcommand named', () => {
    expect(names('contract')).toEqual(['contract']);
  });

  // Guards help and errors: anything that is not a subcommand's name sees them all, in order
  // (the program's help lists them; a misspelt name gets commander's suggestion).
  it.each([undefined, 'help', '--help', '-V', 'contrct', 'constructor', 'toString'])(
    '%s: all subcommands',
    (only) => {
      expect(names(only)).toEqual(ALL);
    },
  );

  it('suggests the subcommand a misspelt name stands for', () => {
    const r = runCli(['contrct', 'x.c']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Did you mean contract?');
  });
});
