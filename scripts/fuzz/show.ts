/**
 * Print one generated kernel: `node dist/scripts/fuzz/show.js SEED [--instrumented | --json]`.
 * For reproducing a campaign failure by hand (`cc -std=c99 ...` on the output).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateKernel } from './generate.js';

export function show(argv: string[]): { code: number; text: string } {
  const seed = Number(argv[0]);
  if (!Number.isInteger(seed))
    return { code: 2, text: 'usage: show SEED [--instrumented | --json]\n' };
  const k = generateKernel(seed);
  if (argv.includes('--json')) {
    const { seed: s, temporaries, defines, args, features, instances } = k;
    return {
      code: 0,
      text:
        JSON.stringify({ seed: s, temporaries, defines, args, features, instances }, null, 2) +
        '\n',
    };
  }
  return { code: 0, text: argv.includes('--instrumented') ? k.instrumented : k.source };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const r = show(process.argv.slice(2));
  (r.code === 0 ? process.stdout : process.stderr).write(r.text);
  process.exitCode = r.code;
}
