#!/usr/bin/env node
// Entry point: runs the built CLI (npm ci builds it through the `prepare` script).
//
// Fast start (issue 17): the CLI bundled into one script (dist/bundle/beeclak.cjs, see
// scripts/bundle.ts), compiled with V8's code cache: the first run stores the compiled code
// (functions compiled during the run included) in dist/.beeclak-code-cache, later runs
// skip parsing and compiling it. Node 20 has no compile cache for ES modules, hence a
// script. Without the bundle, or when tsc has rebuilt dist/src since it was made, the
// modules of dist/src run instead. BEECLAK_CODE_CACHE=0 turns the cache off (to measure).
//
// CommonJS (bin/package.json): an ES module entry point costs Node's ES module loader, ~6 ms
// of a new process (issue 17); it now starts only if something is imported (glpk.js).
'use strict';
const fs = require('node:fs');
const module_ = require('node:module');
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');

// V8 (Node 20) considers a function for optimization each time it has run 66 KB of bytecode
// (--interrupt-budget). A run of one file lasts a few hundred milliseconds: most functions
// optimized are optimized on background threads for a run about to end (~250 ms of CPU for
// samples/durbin.c, as much as the main thread), and the process waits for those
// compilations at exit. Fifteen times the budget leaves the hot loops of long runs (lattice
// searches, many files) optimized, a little later, the rest interpreted or baseline-compiled:
// on a loaded 2-core machine, contract samples/durbin.c went from 0.43 to 0.23 s of CPU; the
// 27 MachSuite files (--jobs 1) and dynprog at N = 1000 got faster too, `lattice --heuristic
// opt` stayed the same. A budget given to node itself is left alone;
// BEECLAK_INTERRUPT_BUDGET=67584 gives V8's default back (to measure).
const nodeFlags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
const budget = process.env.BEECLAK_INTERRUPT_BUDGET ?? '1000000';
if (!/--interrupt[-_]budget/.test(nodeFlags) && /^[1-9][0-9]{0,9}$/.test(budget))
  v8.setFlagsFromString(`--interrupt-budget=${budget}`);

// V8 lets the old generation grow to up to 4 times what survived its last full collection
// before it collects again. On a large file the heap holds the models of every function for
// the file passes (~150 MB for 43,000 small functions) and the run allocates fast, so the
// heap reached ~730 MB, most of it garbage, on top of tree-sitter's tree of the unit
// (issue 29, item 3: 1.32 GB peak RSS). Growing by half at most collects a little more often
// for a much lower peak. A growing factor given to node itself is left alone;
// BEECLAK_HEAP_GROWING=0 gives V8's default back (to measure).
const growing = process.env.BEECLAK_HEAP_GROWING ?? '50';
if (!/--heap[-_]growing[-_]percent/.test(nodeFlags) && /^[1-9][0-9]{0,3}$/.test(growing))
  v8.setFlagsFromString(`--heap-growing-percent=${growing}`);

const { createRequire } = module_;
const root = path.resolve(__dirname, '..');
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
  // Read as latin1: no UTF-8 decoding of 0.9 MB (~1 ms). esbuild escapes every non-ASCII
  // character of literals and names (its default ASCII charset), so only the few it leaves
  // in kept comments read differently, and the cache stamp is the file's, not the string's.
  const source = fs.readFileSync(bundle, 'latin1');
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
    module_.enableCompileCache?.();
  } catch {
    /* an unwritable cache directory only costs speed */
  }
  const { main } = await import('../dist/src/cli/main.js');
  return { main, store: () => {} };
}

// A reader that stops early (`beeclak check x.c | head`) closes the pipe. The rest of the output
// has nowhere to go, which is no failure of the run: it goes on (an output file it writes is
// still written whole) and exits with its own status, instead of dying on an unhandled
// EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e) => {
    if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
  });

/**
 * Ends the process once stdout and stderr have taken everything written to them. Left to
 * itself, Node first tears the whole heap down and waits for its worker threads: ~4 ms of a
 * run's wall time over `node -e 0`'s, more while a child's pipes close (issue 17,
 * start-up). Nothing else is pending by then: `main` awaits its writes, workers and
 * children; the code cache is stored synchronously. The exit waits one more turn of the
 * event loop: a failed write (a full disk) reports its error on the next tick, and the
 * handler above makes it end the run with status 1, as it did before this early exit.
 */
function exitWhenFlushed() {
  let pending = 2;
  const flushed = () => {
    if (--pending === 0) setImmediate(() => process.exit());
  };
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.destroyed || !stream.writable) flushed();
    else stream.write('', flushed);
  }
}

(async () => {
  const { main, store } = await load();
  process.exitCode = await main(process.argv.slice(2));
  store();
  exitWhenFlushed();
})();
