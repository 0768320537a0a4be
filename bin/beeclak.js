#!/usr/bin/env node
// Entry point: runs the built CLI (npm ci builds it through the `prepare` script).
//
// Fast start (issue 17): the CLI bundled into one script (dist/bundle/beeclak.cjs, see
// scripts/bundle.ts), compiled with V8's code cache: the first run stores the compiled code
// (functions compiled during the run included) in dist/.beeclak-code-cache, later runs
// skip parsing and compiling it. Node 20 has no compile cache for ES modules, hence a
// script. Without the bundle, or when tsc has rebuilt dist/src since it was made, the
// modules of dist/src run instead. BEECLAK_CODE_CACHE=0 turns the cache off (to measure).
import fs from 'node:fs';
import module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

// Tier-up (issue 17): V8 hands a function to its optimising compiler once it has run about
// 66 KB of bytecode (--interrupt-budget). Contracting one file is over in ~0.2 s, before most
// of those compiles pay back: on samples/durbin.c they were ~40 % of the process's CPU, on a
// second thread that a loaded 2-core machine does not have. Fifteen times the budget still
// optimises the hot loops of long runs (lattice searches, many files), a little later.
// BEECLAK_INTERRUPT_BUDGET=67584 restores V8's default (to measure).
const budget = process.env.BEECLAK_INTERRUPT_BUDGET ?? '1000000';
if (/^[1-9][0-9]{0,9}$/.test(budget)) v8.setFlagsFromString(`--interrupt-budget=${budget}`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'dist/bundle/beeclak.cjs');
const cacheFile = path.join(root, 'dist/.beeclak-code-cache');

function mtime(file) {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/** The bundle's `main`, and a function that stores the code cache when it was missing. */
function loadBundle(stat, argv) {
  const source = fs.readFileSync(bundle, 'utf8');
  // The cache is for this very file: V8 itself only checks the source length.
  const stamp = `${stat.size} ${stat.mtimeMs}`;
  // A run that prints its version or help compiles little: a later real command stores
  // the cache again, with the functions it compiled.
  const light = argv.length === 0 || argv.some((a) => /^(-V|--version|-h|--help|help)$/.test(a));
  const useCache = process.env.BEECLAK_CODE_CACHE !== '0';
  let cachedData;
  let cachedLight = false;
  if (useCache) {
    try {
      const data = fs.readFileSync(cacheFile);
      const end = data.indexOf(10);
      const [size, time, kind] = data.subarray(0, end).toString().split(' ');
      if (end > 0 && `${size} ${time}` === stamp) {
        cachedData = data.subarray(end + 1);
        cachedLight = kind === 'light';
      }
    } catch {
      /* no cache yet */
    }
  }
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __beeclakImport) {${source}\n})`,
    { filename: bundle, cachedData },
  );
  const mod = { exports: {} };
  script.runInThisContext()(
    mod.exports,
    createRequire(bundle),
    mod,
    bundle,
    path.dirname(bundle),
    (specifier) => import(specifier),
  );
  const store = () => {
    const fresh = cachedData && !script.cachedDataRejected && (light || !cachedLight);
    if (!useCache || fresh) return;
    try {
      const tmp = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(
        tmp,
        Buffer.concat([
          Buffer.from(`${stamp} ${light ? 'light' : 'full'}\n`),
          script.createCachedData(),
        ]),
      );
      fs.renameSync(tmp, cacheFile);
    } catch {
      /* a read-only installation only costs speed */
    }
  };
  return { main: mod.exports.main, store };
}

async function load() {
  const b = mtime(bundle);
  const m = mtime(path.join(root, 'dist/src/cli/main.js'));
  if (b && (!m || b.mtimeMs >= m.mtimeMs)) return loadBundle(b, process.argv.slice(2));
  try {
    module.enableCompileCache?.();
  } catch {
    /* an unwritable cache directory only costs speed */
  }
  const { main } = await import('../dist/src/cli/main.js');
  return { main, store: () => {} };
}

const { main, store } = await load();
process.exitCode = await main(process.argv.slice(2));
store();
