/** One module per subcommand; each registers itself on the program here. */
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { registerModel } from './model.js';
import { registerPoly } from './poly.js';
import { registerAnalyze } from './analyze.js';
import { registerContract } from './contract.js';
import { registerCheck } from './check.js';
import { registerLattice } from './lattice.js';
import { registerProfile } from './profile.js';

/** The subcommands by name, in the order of the help text. */
const COMMANDS: Readonly<Record<string, (program: Command, io: Io) => void>> = {
  model: registerModel,
  poly: registerPoly,
  analyze: registerAnalyze,
  contract: registerContract,
  check: registerCheck,
  lattice: registerLattice,
  profile: registerProfile,
};

/**
 * Registers the subcommands; only `only` when it names one (a run of one subcommand parses
 * and prints nothing of the others, and commander building their options cost start-up
 * time, issue 17). Anything else (help, a version flag, a misspelt name) gets them all.
 */
export function registerCommands(program: Command, io: Io, only?: string): void {
  const one = only !== undefined && Object.hasOwn(COMMANDS, only);
  for (const [name, register] of Object.entries(COMMANDS))
    if (!one || name === only) register(program, io);
}
