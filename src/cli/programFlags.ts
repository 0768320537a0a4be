/**
 * The flags a program is built with by `check`, `check --trace`, `profile` and
 * `contract --profiled`: the program's own flags, so that the built program is the one the
 * analysis read. The command line's preprocessor flags (-I, -D, -U, --include, --std, and
 * each integer -D that is a macro rather than a fixed argument, see splitDefines), the
 * file's compile_commands.json entry (-p, --compile-commands: its -O, -f, -m too), --cflags,
 * and the file's folder for `#include "x.h"` (programs are compiled elsewhere).
 */
import path from 'node:path';
import { compilerOptions, type AnalysisFlags } from './analysisFlags.js';
import { splitFlags } from '../pipeline/checking/compileFlags.js';
import { CompilerChoice } from './compilerChoice.js';
import { splitDefines } from '../frontend/compilerSetup.js';

export function programFlags(
  flags: AnalysisFlags & { cflags?: string },
  file: string,
  source: string,
  choice: CompilerChoice = new CompilerChoice(),
): string[] {
  const view = compilerOptions(flags, file, choice);
  const database = flags.compileCommands ?? flags.p;
  return [
    ...(view.compiler.flags ?? []),
    ...splitDefines(source, view.defines).preprocessor,
    ...(database ? choice.buildFlagsFor(database, file) : []),
    ...splitFlags(flags.cflags ?? ''),
    '-iquote',
    path.dirname(path.resolve(file)),
  ];
}
