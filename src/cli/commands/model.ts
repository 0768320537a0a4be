/** `beeclak model FILE.c [--json] [-D N=100] [--temporary A,B]`: print the polyhedral model. */
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { buildModel, formatModel, modelToJson } from '../../frontend/index.js';
import { InputError } from '../errors.js';
import type { Io } from '../main.js';
import { collectDefine, collectNames } from '../options.js';

/** Reads a source file, turning I/O failures into a clear InputError (exit 1). */
export function readSource(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (e as Error).message;
    throw new InputError(`cannot read '${file}': ${why}`);
  }
}

export function registerModel(program: Command, io: Io): void {
  program
    .command('model')
    .description('print the polyhedral model extracted from a C file')
    .argument('<file>', 'C source file')
    .option('--json', 'print the model as JSON (bigints as decimal strings)')
    .option(
      '-D, --define <NAME=VALUE>',
      'give a macro/parameter an integer value (repeatable)',
      collectDefine,
      {},
    )
    .option(
      '--temporary <A,B>',
      'treat these arrays as pure temporaries (repeatable)',
      collectNames,
      [],
    )
    .action(
      (
        file: string,
        opts: { json?: boolean; define: Record<string, bigint>; temporary: string[] },
      ) => {
        const model = buildModel(readSource(file), file, {
          defines: opts.define,
          temporaries: opts.temporary,
        });
        io.stdout(opts.json ? modelToJson(model) + '\n' : formatModel(model));
      },
    );
}
