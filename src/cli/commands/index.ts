/** One module per subcommand; each registers itself on the program here. */
import type { Command } from 'commander';
import type { Io } from '../main.js';
import { notImplemented } from './notYet.js';
import { registerModel } from './model.js';
import { registerLattice } from './lattice.js';
import { registerAnalyze } from './analyze.js';
import { registerContract } from './contract.js';
import { registerCheck } from './check.js';

export function registerCommands(program: Command, io: Io): void {
  registerModel(program, io);
  program
    .command('poly')
    .description('evaluate an expression over integer sets (the polyhedral calculator)')
    .argument('<expr>', "e.g. 'project({ [i, j] : 0 <= i < j < 10 }, [i])'")
    .action(() => notImplemented('poly'));
  registerAnalyze(program, io);
  registerContract(program, io);
  registerCheck(program, io);
  registerLattice(program, io);
}
