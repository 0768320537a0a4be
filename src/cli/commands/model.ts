/**
 * `beeclak model FILE.c [--json] [--builtin] [compiler flags]`: print the polyhedral model,
 * as the analysis sees it (the compiler's view: preprocessed with the file's flags, known
 * sizes folded in), or with `--builtin` the reading without preprocessor (#define'd sizes
 * stay symbolic parameters).
 */
import { CompilerChoice } from '../compilerChoice.js';
import { RunNotices } from '../notices.js';
import type { Command } from 'commander';
import { buildCompilerModel, buildModel, formatModel, modelToJson } from '../../frontend/index.js';
import { readCSource } from '../sourceFile.js';
import type { Io } from '../io.js';
import { addCompilerOptions, compilerOptions, type CompilerFlags } from '../analysisFlags.js';

export function registerModel(program: Command, io: Io): void {
  const cmd = program
    .command('model')
    .description('print the polyhedral model extracted from a C file')
    .argument('<file>', 'C source file')
    .option('--json', 'print the model as JSON (bigints as decimal strings)')
    .option(
      '--builtin',
      "the built-in reading, without the preprocessor: #define'd sizes stay symbolic",
    );
  addCompilerOptions(cmd).action(
    async (file: string, flags: CompilerFlags & { json?: boolean; builtin?: boolean }) => {
      const source = await readCSource(file);
      const view = compilerOptions(flags, file, new CompilerChoice(new RunNotices(io)));
      const options = { defines: view.defines, temporaries: flags.temporary };
      const model = flags.builtin
        ? buildModel(source, file, options)
        : buildCompilerModel(source, file, { ...options, compiler: view.compiler }).model;
      io.stdout(flags.json ? modelToJson(model) + '\n' : formatModel(model));
    },
  );
}
