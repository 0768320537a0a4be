/**
 * The CLI as one file, for a fast start (issue 17): `dist/bundle/beeclak.cjs`, built from
 * tsc's output by esbuild after every build (`npm run build`, and `prepare` on `npm ci`).
 *
 * Why a bundle: loading ~150 ES modules costs resolution, file reads and one compilation
 * each; one file costs one read. Why CommonJS: bin/beeclak.js compiles it with
 * `vm.Script` and V8's code cache (`cachedData`), which Node 20 has for scripts but not for
 * ES modules (`module.enableCompileCache` is Node 22+). A script compiled that way cannot
 * run `import()` without an experimental flag, so the dynamic imports of packages left
 * outside (glpk.js is an ES module that finds its .wasm next to itself) call a function
 * the loader passes in, `__beeclakImport`; the build fails if any other `import(` is left.
 *
 * The batch worker (src/cli/batch/worker.ts, started by URL next to the code that starts
 * it) is bundled too, as an ES module, to `dist/bundle/worker.js`. The library export
 * (`dist/src/index.js`) is not bundled.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'dist/bundle');
/** Native addons and packages that locate files next to themselves stay in node_modules. */
const EXTERNAL = ['tree-sitter', 'tree-sitter-c', 'glpk.js'];
const IMPORTER = '__beeclakImport';

async function main(): Promise<void> {
  fs.rmSync(OUT, { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    logLevel: 'warning',
    legalComments: 'none',
  } as const;
  await build({
    ...common,
    entryPoints: [path.join(ROOT, 'dist/src/cli/main.js')],
    outfile: path.join(OUT, 'beeclak.cjs'),
    format: 'cjs',
    define: { 'import.meta.url': '__beeclakUrl' },
    banner: { js: `var __beeclakUrl = require('node:url').pathToFileURL(__filename).href;` },
  });
  const file = path.join(OUT, 'beeclak.cjs');
  const text = fs.readFileSync(file, 'utf8');
  const replaced = text.replace(/(?<![\w$.])import\((?=["'])/g, `${IMPORTER}(`);
  const left = /(?<![\w$.])import\s*\(/.exec(replaced);
  if (left) {
    const line = replaced.slice(0, left.index).split('\n').length;
    throw new Error(`dist/bundle/beeclak.cjs:${line}: a dynamic import the loader cannot serve`);
  }
  fs.writeFileSync(file, replaced);
  await bundleLibrary(common);
  // The worker, started by `new URL('./worker.js', import.meta.url)` from the bundle.
  await build({
    ...common,
    entryPoints: [path.join(ROOT, 'dist/src/cli/batch/worker.js')],
    outfile: path.join(OUT, 'worker.js'),
    format: 'esm',
    banner: {
      js: `import { createRequire as __beeclakRequire } from 'node:module'; const require = __beeclakRequire(import.meta.url);`,
    },
  });
}

/**
 * The library for CommonJS callers (`require('beeclak')`, the exports map's `require`):
 * the ES module build cannot be required by Node 20. Its dynamic imports (glpk.js, an ES
 * module) stay `import()`, which CommonJS code may call. Its types: the ES build's
 * declarations, re-exported by a CommonJS declaration file (index.d.cts), which TypeScript
 * reads as the types of what `require` returns.
 */
async function bundleLibrary(common: Parameters<typeof build>[0]): Promise<void> {
  await build({
    ...common,
    entryPoints: [path.join(ROOT, 'dist/src/index.js')],
    outfile: path.join(OUT, 'index.cjs'),
    format: 'cjs',
    define: { 'import.meta.url': '__beeclakUrl' },
    banner: { js: `var __beeclakUrl = require('node:url').pathToFileURL(__filename).href;` },
  });
  fs.writeFileSync(
    path.join(OUT, 'index.d.cts'),
    `// The types of require('beeclak'): those of the ES module build.\nexport * from '../src/index.js';\n`,
  );
}

main().catch((e: Error) => {
  process.stderr.write(`bundle: ${e.message}\n`);
  process.exitCode = 1;
});
