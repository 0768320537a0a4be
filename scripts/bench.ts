/**
 * `npm run bench`: compression, analysis time (per stage, warm and end to end, and the
 * scaling check over sizes), run time and memory of the generated code, and the polyhedral
 * core's medians. Writes the Results section of docs/benchmarks.md (between the bench markers,
 * scripts/docTables.ts) and
 * bench/results.json. Not part of `npm test`; timings are measured here, never asserted.
 *
 *   node dist/scripts/bench.js [--runs 3] [--quick] [--skip STEPS | --only STEPS]
 *                              [--no-docs] [--json bench/results.json]
 *
 * STEPS is a comma-separated list of compression, time, e2e, large, startup, scaling, codegen,
 * many, unity, set, files, poly, conflict, trace, footprint (run in this order; STEPS below names the module of each).
 * `--only` runs the listed steps alone and writes bench/results-part.json, not docs/benchmarks.md
 * (`--docs` writes it, with the tables of the steps not run empty or "not run", as with
 * `--skip`):
 *
 *   node dist/scripts/bench.js --only scaling --json /tmp/scaling.json
 * `--quick`: one run per analysis timing, 3 per binary, fewer elsewhere.
 * `--polybench DIR` (or $BEECLAK_POLYBENCH): a PolyBench/C 4.2.1 tree for the footprint step
 * (fetched separately, never committed); without it that table says it was not run.
 *
 * Every sample runs in a try/catch: a failure is reported in its row, never a crash; a step
 * that fails as a whole is reported in the Failures table.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { benchPoly } from './bench-poly.js';
import { benchConflicts, islCompare, islMissing } from './bench-conflict.js';
import { benchTrace } from './bench-trace.js';
import { runFootprint } from './bench/footprint.js';
import { benchManyFiles } from './bench/many.js';
import { benchManyCpu } from './bench/manyCpu.js';
import { benchUnityHost, UNITY_SIZES } from './bench/unityHost.js';
import { benchSetScaling, SET_SIZES } from './bench/setScaling.js';
import { benchStartup } from './bench/startup.js';
import { benchLargeLattice } from './bench/largeLattice.js';
import { benchLargeFiles } from './bench/largeFiles.js';
import { contractOptions, createContext, ROOT, type BenchContext } from './bench/context.js';
import { runCompression } from './bench/compression.js';
import { runEndToEnd, runTimes } from './bench/analysisTime.js';
import { runScaling } from './bench/scaling.js';
import { runCodegen } from './bench/codegen.js';
import {
  benchEnv,
  emptyResults,
  resultsBody,
  resultsJson,
  type BenchResults,
} from './bench/report.js';
import { errText, ms, spliceResults, stepFilter } from './bench/util.js';
import { TABLE_DOCS } from './docTables.js';
import { withCallContext } from '../src/context/callContext.js';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const value = (name: string, dflt: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const QUICK = flag('--quick');
const ctx = createContext(QUICK, Math.max(1, Number(value('--runs', QUICK ? '1' : '3'))));
// A part of the bench (--only) must not replace the whole bench's tables with empty ones: it
// writes docs/benchmarks.md only when asked (--docs) and its JSON beside the full one.
const PART = value('--only', '') !== '';
const JSON_OUT = resolve(
  ROOT,
  value('--json', PART ? 'bench/results-part.json' : 'bench/results.json'),
);

/** The steps in the order they run: each fills its part of the results. */
const STEPS: [string, (ctx: BenchContext, r: BenchResults) => unknown][] = [
  ['compression', (c, r) => runCompression(c, r.compression)],
  ['time', (c, r) => runTimes(c, r.times)],
  ['e2e', (c, r) => runEndToEnd(c, r.times, r)],
  [
    'large',
    async (c, r) => {
      r.large = await benchLargeLattice(ROOT, contractOptions, c.runs);
      for (const l of r.large)
        c.log(`large: ${l.input}: ${l.cells} cells, lattice ${ms(l.latticeMs)} ms`);
    },
  ],
  [
    'startup',
    (c, r) => {
      r.startup = benchStartup(ROOT, c.binRuns);
      const s = r.startup.map((x) => `${x.command} ${x.way} ${ms(x.wallMs)} ms`);
      c.log(`startup: ${s.join('; ')}`);
    },
  ],
  ['scaling', (c, r) => runScaling(c, r.scaling)],
  ['codegen', (c, r) => runCodegen(c, r.codegen)],
  [
    'many',
    (c, r) => {
      const m = (r.many = benchManyFiles(ROOT));
      c.log(`many: ${m.files} files, cold ${m.coldS.toFixed(1)} s, warm ${m.warmS.toFixed(2)} s`);
      r.manyCpu = benchManyCpu(ROOT);
      c.log(`many: CPU per file over ${r.manyCpu.length} code bases`);
    },
  ],
  [
    'unity',
    (c, r) => {
      r.unityHost = benchUnityHost(ROOT, c.quick ? UNITY_SIZES.slice(0, 2) : UNITY_SIZES);
      const s = r.unityHost.map((u) => `${u.kernels}: ${u.list.s.toFixed(1)} s`);
      c.log(`unity: host of n kernels, --list ${s.join(', ')}`);
    },
  ],
  [
    'set',
    (c, r) => {
      r.setScaling = benchSetScaling(ROOT, c.quick ? SET_SIZES.slice(0, 1) : SET_SIZES);
      const s = r.setScaling.map(
        (x) =>
          `${x.shape} ${x.files}: ${x.msPerFile.toFixed(0)} ms, ${x.preprocessedPerFile.toFixed(2)} cc -E`,
      );
      c.log(`set: per file, ${s.join('; ')}`);
    },
  ],
  ['files', (c, r) => (r.largeFiles = benchLargeFiles(c.quick, c.log))],
  [
    'poly',
    (c, r) => {
      r.poly = benchPoly(c.quick ? 5 : 20);
      c.log(`poly: ${r.poly.length} operations`);
    },
  ],
  [
    'conflict',
    async (c, r) => {
      r.conflict = await benchConflicts(c.quick ? 1 : 5);
      islCompare(r.conflict, c.quick ? 1 : 5);
      c.log(`conflict: ${r.conflict.length} arrays, isl ${islMissing ?? 'compared'}`);
    },
  ],
  [
    'trace',
    (c, r) => {
      r.trace = benchTrace();
      c.log(`trace: ${r.trace.length} folding cases`);
    },
  ],
  ['footprint', (c, r) => (r.footprint = runFootprint(c, argv))],
];

async function main(): Promise<void> {
  const skipped = stepFilter(
    STEPS.map(([name]) => name),
    value('--skip', ''),
    value('--only', ''),
  );
  ctx.log(
    `beeclak bench: ${ctx.sampleFiles.length} samples, ${ctx.runs} run(s) per timing, ${cpus().length} CPU(s), ${cpus()[0]?.model ?? ''}`,
  );
  const results = emptyResults(ctx.errors);
  for (const [name, run] of STEPS) {
    const why = skipped(name);
    if (why) ctx.log(`${name}: skipped (${why})`);
    else
      try {
        await run(ctx, results);
      } catch (e) {
        ctx.errors.push({ sample: '*', stage: name, error: errText(e) });
        ctx.log(`${name}: FAILED ${errText(e)}`);
      }
  }
  const totalS = ctx.elapsedS();
  const env = benchEnv(ctx, totalS);
  mkdirSync(dirname(JSON_OUT), { recursive: true });
  writeFileSync(JSON_OUT, resultsJson(env, results));
  ctx.log(`wrote ${JSON_OUT}`);
  if (PART && !flag('--docs'))
    ctx.log(`${TABLE_DOCS.bench} left alone (--only: pass --docs to write it)`);
  else if (!flag('--no-docs')) {
    const docPath = join(ROOT, TABLE_DOCS.bench);
    const doc = readFileSync(docPath, 'utf8');
    writeFileSync(docPath, spliceResults(doc, resultsBody(ctx, env, results)));
    ctx.log(`${TABLE_DOCS.bench} Results section updated`);
  }
  ctx.log(`done in ${totalS.toFixed(0)} s`);
}

// The in-process steps run as one call (src/context/callContext.ts), one after the other, as
// a worker of a multi-file run does: the polyhedral core's memo lives across samples and runs,
// as it did when it was kept per process, so that the timings compare with earlier ones.
withCallContext(main).catch((e) => {
  console.error(e);
  process.exit(1);
});
