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

export function registerCommands(program: Command, io: Io): void {
  registerModel(program, io);
  registerPoly(program, io);
  registerAnalyze(program, io);
  registerContract(program, io);
  registerCheck(program, io);
  registerLattice(program, io);
  registerProfile(program, io);
}
