/**
 * Print one generated kernel:
 * `node dist/scripts/fuzz/show.js SEED [--instrumented | --json] [--options JSON]`, JSON the
 * generator options (`{"calls":{"calls":1}}`, as `reproduce` in a failure's info.json).
 * For reproducing a campaign failure by hand (`cc -std=c99 ...` on the output). The other
 * files of a unity build follow, each after a line `/* ===== kern.c ===== *\/`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateKernel, type GenerateOptions } from './generate.js';

export function show(argv: string[]): { code: number; text: string } {
  const seed = Number(argv[0]);
  if (!Number.isInteger(seed))
    return { code: 2, text: 'usage: show SEED [--instrumented | --json]\n' };
  const at = argv.indexOf('--options');
  let options: GenerateOptions = {};
  try {
    if (at >= 0) options = JSON.parse(argv[at + 1] ?? '') as GenerateOptions;
  } catch {
    return { code: 2, text: 'show: --options expects the generator options as JSON\n' };
  }
  const k = generateKernel(seed, options);
  if (argv.includes('--json')) {
    const { seed: s, temporaries, defines, args, features, instances } = k;
    return {
      code: 0,
      text:
        JSON.stringify({ seed: s, temporaries, defines, args, features, instances }, null, 2) +
        '\n',
    };
  }
  if (argv.includes('--instrumented')) return { code: 0, text: k.instrumented };
  const others = Object.entries(k.files ?? {}).map(([f, t]) => `/* ===== ${f} ===== */\n${t}`);
  return { code: 0, text: [k.source, ...others].join('') };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const r = show(process.argv.slice(2));
  (r.code === 0 ? process.stdout : process.stderr).write(r.text);
  process.exitCode = r.code;
}
