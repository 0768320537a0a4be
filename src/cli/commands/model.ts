/** `beeclak model FILE.c [--json] [-D N=100] [--temporary A,B]`: print the polyhedral model. */
import type { Command } from 'commander';
import { buildModel, formatModel, modelToJson } from '../../frontend/index.js';
import { readSource } from '../sourceFile.js';
import type { Io } from '../io.js';
import { collectDefine, collectPromises } from '../options.js';

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
      '--temporary <F:A,B>',
      'treat these arrays as pure temporaries (repeatable; FUNCTION:ARRAY names one)',
      collectPromises,
      [],
    )
    .action(
      async (
        file: string,
        opts: { json?: boolean; define: Record<string, bigint>; temporary: string[] },
      ) => {
        const model = buildModel(await readSource(file), file, {
          defines: opts.define,
          temporaries: opts.temporary,
        });
        io.stdout(opts.json ? modelToJson(model) + '\n' : formatModel(model));
      },
    );
}
