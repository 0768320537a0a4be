/** One module per subcommand; each registers itself on the program here. */
import type { Command } from 'commander';
import type { Io } from '../main.js';
import { notImplemented } from './notYet.js';
import { registerModel } from './model.js';
import { registerLattice } from './lattice.js';
import { registerPoly } from './poly.js';

export function registerCommands(program: Command, io: Io): void {
  registerModel(program, io);
  registerPoly(program, io);
  program
    .command('analyze')
    .description('report, per array, whether and how it can be contracted (no rewrite)')
    .argument('<file>', 'C source file')
    .action(() => notImplemented('analyze'));
  program
    .command('contract')
    .description('write the program with its temporary arrays contracted')
    .argument('<file>', 'C source file')
    .action(() => notImplemented('contract'));
  program
    .command('check')
    .description('contract, compile and run original and result, and compare')
    .argument('<file>', 'C source file')
    .action(() => notImplemented('check'));
  registerLattice(program, io);
}
