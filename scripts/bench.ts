/**
 * `npm run bench`: compression, analysis time (per stage, warm and end to end, and the
 * scaling check over sizes), run time and memory of the generated code, and the polyhedral
 * core's medians. Writes README.md's Results section (between the bench markers) and
 * bench/results.json. Not part of `npm test`; timings are measured here, never asserted.
 *
 *   node dist/scripts/bench.js [--runs 3] [--quick] [--skip compression,time,e2e,large,startup,scaling,codegen,poly,conflict]
 *                              [--no-readme] [--json bench/results.json]
 *
 * Every sample runs in a try/catch: a failure is reported in its row, never a crash.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { contractSource, type ContractOptions } from '../src/pipeline/contraction.js';
import type { ArrayReport, FileReport } from '../src/pipeline/report.js';
import type { HeuristicChoice, ModuloForm } from '../src/pipeline/options.js';
import { dynamicMaxLive } from '../src/dynamic/maxLive.js';
import { DEFAULT_ORACLE_OPERATIONS } from '../src/pipeline/analysis.js';
import { benchPoly } from './bench-poly.js';
import { benchConflicts, islCompare, islMissing, type ConflictRow } from './bench-conflict.js';
import { benchTrace, type TraceBenchRow } from './bench-trace.js';
import { benchManyFiles, type ManyFilesRow } from './bench/many.js';
import { benchStartup, type StartupRow } from './bench/startup.js';
import { DEFAULT_SEARCH_BUDGET_MS } from '../src/lattice/index.js';
import { markdownTable, median, ms, ratio, spliceReadme, type Cell } from './bench/util.js';
import {
  benchLargeLattice,
  largeLatticeTable,
  type LargeLatticeRow,
} from './bench/largeLattice.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SAMPLES = join(ROOT, 'samples');
const BIN = join(ROOT, 'bin', 'beeclak.js');
const CC = process.env.CC ?? 'cc';

// ---------------------------------------------------------------- options

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const value = (name: string, dflt: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : dflt;
};
const QUICK = flag('--quick');
const RUNS = Math.max(1, Number(value('--runs', QUICK ? '1' : '3')));
const BIN_RUNS = QUICK ? 3 : 7;
const SKIP = new Set(value('--skip', '').split(',').filter(Boolean));
const JSON_OUT = resolve(ROOT, value('--json', 'bench/results.json'));
/** Operations of the dynamic oracle per array in the compression pass: its default. */
const ORACLE_OPS = DEFAULT_ORACLE_OPERATIONS;
/** Exhaustive lattice search budget (ms) of the `--heuristic opt` pass. */
const OPT_BUDGET_MS = 5_000;

const t00 = performance.now();
const elapsed = () => `${((performance.now() - t00) / 1000).toFixed(0).padStart(4)}s`;
const log = (s: string) => console.log(`[${elapsed()}] ${s}`);

// ---------------------------------------------------------------- expected.json

interface ExpectedArray {
  name: string;
  function?: string;
  candidate: boolean;
  originalCells: number | string;
  expectedCells?: number | string | null;
  optimalCells?: number | string | null;
  paper?: { heuristic: number; optimal: number } | null;
  maxLive?: number | null;
}
interface ExpectedSample {
  file: string;
  arrays: ExpectedArray[];
}
const expected: ExpectedSample[] = JSON.parse(
  readFileSync(join(SAMPLES, 'expected.json'), 'utf8'),
).samples;
const sampleFiles = readdirSync(SAMPLES)
  .filter((f) => f.endsWith('.c'))
  .sort();
/** The expected entry of an array (two functions of one sample may have arrays of one name). */
const expectedOf = (file: string, array: string, fn: string) =>
  expected
    .find((s) => s.file === file)
    ?.arrays.find(
      (a) => a.name === array && a.candidate && (a.function == null || a.function === fn),
    );

function options(over: Partial<ContractOptions> = {}): ContractOptions {
  return {
    defines: {},
    temporaries: [],
    only: [],
    heuristic: 'auto' as HeuristicChoice,
    modulo: 'exact' as ModuloForm,
    minGain: 0.05, // a fraction, as the CLI passes it (--min-gain 5 is 5%)
    budgetMs: DEFAULT_SEARCH_BUDGET_MS,
    oracleOperations: 0,
    annotate: false,
    ...over,
  };
}

const errText = (e: unknown) => ((e as Error)?.message ?? String(e)).split('\n')[0].slice(0, 160);
const isCandidate = (a: ArrayReport) => !(a.reason ?? '').startsWith('not a candidate');
const num = (x: unknown): number | null => (typeof x === 'number' ? x : null);

// ---------------------------------------------------------------- 1. compression

interface CompressionRow {
  sample: string;
  array: string;
  function: string;
  status: string;
  reason?: string;
  originalCells: number | string;
  compressedCells: number | string;
  /** Size with Bee's cell-based lifetimes (`--lifetimes cell`), for comparison. */
  cellBasedCells?: number | string;
  maxLive: number | null;
  heuristic: string | null;
  expectedOptimal: number | string | null;
  paperHeuristic: number | null;
  paperOptimal: number | null;
  opt?: { cells: number | string; heuristic: string | null; latticeMs: number; status: string };
}
interface SampleError {
  sample: string;
  stage: string;
  error: string;
}

const errors: SampleError[] = [];
const compression: CompressionRow[] = [];
const sources = new Map<string, string>();

async function runCompression(): Promise<void> {
  for (const file of sampleFiles) {
    const source = readFileSync(join(SAMPLES, file), 'utf8');
    sources.set(file, source);
    const t = performance.now();
    let report: FileReport;
    try {
      report = (
        await contractSource(source, `samples/${file}`, options({ oracleOperations: ORACLE_OPS }))
      ).analysis.report;
    } catch (e) {
      errors.push({ sample: file, stage: 'compression', error: errText(e) });
      log(`compression ${file}: FAILED ${errText(e)}`);
      continue;
    }
    const rows = report.arrays.filter(isCandidate).map((a): CompressionRow => {
      const ex = expectedOf(file, a.name, a.function);
      return {
        sample: file,
        array: a.name,
        function: a.function,
        status: a.status,
        reason: a.status === 'rejected' ? a.reason : undefined,
        originalCells: a.originalCells,
        compressedCells: a.compressedCells,
        maxLive: a.maxLive ?? null,
        heuristic: a.heuristic ?? null,
        expectedOptimal: ex?.optimalCells ?? null,
        paperHeuristic: ex?.paper?.heuristic ?? null,
        paperOptimal: ex?.paper?.optimal ?? null,
      };
    });
    try {
      const cellReport = (
        await contractSource(source, `samples/${file}`, options({ lifetimes: 'cell' }))
      ).analysis.report;
      for (const r of rows)
        r.cellBasedCells = cellReport.arrays.find(
          (a) => a.name === r.array && a.function === r.function,
        )?.compressedCells;
    } catch (e) {
      errors.push({ sample: file, stage: 'compression (cell-based)', error: errText(e) });
    }
    compression.push(...rows);
    log(`compression ${file}: ${rows.length} candidate(s), ${ms(performance.now() - t)} ms`);
    // The optimal search on the paper's arrays (those with more than one cell in the paper).
    const paperArrays = rows.filter(
      (r) => r.paperOptimal !== null && r.paperHeuristic !== null && r.paperHeuristic > 1,
    );
    for (const r of paperArrays) {
      try {
        const rep = (
          await contractSource(
            source,
            `samples/${file}`,
            options({ heuristic: 'opt', budgetMs: OPT_BUDGET_MS, only: [r.array] }),
          )
        ).analysis.report;
        const a = rep.arrays.find(
          (x) => x.name === r.array && isCandidate(x) && x.function === r.function,
        );
        r.opt = {
          cells: a?.compressedCells ?? '?',
          heuristic: a?.heuristic ?? null,
          latticeMs: rep.timings.latticeMs,
          status: a?.status ?? 'missing',
        };
        log(
          `  --heuristic opt ${file} ${r.array}: ${r.opt.cells} cells, lattice ${rep.timings.latticeMs} ms`,
        );
      } catch (e) {
        errors.push({ sample: file, stage: `opt ${r.array}`, error: errText(e) });
        log(`  --heuristic opt ${file} ${r.array}: FAILED ${errText(e)}`);
      }
    }
  }
}

function compressionTable(): string {
  const rows: Cell[][] = compression.map((r) => {
    const c = num(r.compressedCells);
    return [
      r.sample.replace(/\.c$/, ''),
      r.array,
      r.status === 'rejected' ? `rejected` : r.status,
      r.originalCells,
      r.compressedCells,
      r.cellBasedCells ?? null,
      r.maxLive,
      ratio(c, r.maxLive),
      r.heuristic,
      r.opt
        ? r.opt.status === 'rejected' || r.opt.status === 'unchanged'
          ? r.opt.status
          : `${r.opt.cells} (${r.opt.latticeMs} ms)`
        : null,
      r.expectedOptimal,
      r.paperHeuristic === null ? null : `${r.paperHeuristic} / ${r.paperOptimal}`,
    ];
  });
  return markdownTable(
    [
      'sample',
      'array',
      'status',
      'original:',
      'compressed:',
      'cell-based size:',
      'maxLive:',
      'compr./maxLive:',
      'heuristic',
      '`--heuristic opt` (lattice time):',
      'best known:',
      'paper heur. / opt:',
    ],
    rows,
  );
}

// ---------------------------------------------------------------- 2. analysis time

interface TimeRow {
  sample: string;
  runs: number;
  parseMs: number;
  lifetimeMs: number;
  latticeMs: number;
  rewriteMs: number;
  totalMs: number;
  /** In-process total with cell-based lifetimes (`--lifetimes cell`), median. */
  cellTotalMs?: number;
  e2eMs?: number | null;
  e2eRssMb?: number | null;
  e2eStatus?: number | null;
}
const times: TimeRow[] = [];

async function runTimes(): Promise<void> {
  for (const file of sampleFiles) {
    const source = sources.get(file) ?? readFileSync(join(SAMPLES, file), 'utf8');
    const stages = {
      parseMs: [] as number[],
      lifetimeMs: [] as number[],
      latticeMs: [] as number[],
      rewriteMs: [] as number[],
      totalMs: [] as number[],
      cellTotalMs: [] as number[],
    };
    try {
      // Warm: the compression pass already ran every sample once in this process.
      for (let k = 0; k < RUNS; k++) {
        const t = performance.now();
        const r = await contractSource(source, `samples/${file}`, options());
        stages.totalMs.push(performance.now() - t);
        for (const s of ['parseMs', 'lifetimeMs', 'latticeMs', 'rewriteMs'] as const)
          stages[s].push(r.analysis.report.timings[s]);
        const tc = performance.now();
        await contractSource(source, `samples/${file}`, options({ lifetimes: 'cell' }));
        stages.cellTotalMs.push(performance.now() - tc);
      }
    } catch (e) {
      errors.push({ sample: file, stage: 'time', error: errText(e) });
      log(`time ${file}: FAILED ${errText(e)}`);
      continue;
    }
    const row: TimeRow = {
      sample: file,
      runs: RUNS,
      parseMs: median(stages.parseMs),
      lifetimeMs: median(stages.lifetimeMs),
      latticeMs: median(stages.latticeMs),
      rewriteMs: median(stages.rewriteMs),
      totalMs: median(stages.totalMs),
      cellTotalMs: median(stages.cellTotalMs),
    };
    times.push(row);
    log(
      `time ${file}: median ${ms(row.totalMs)} ms (lifetime ${ms(row.lifetimeMs)}, lattice ${ms(row.latticeMs)})`,
    );
  }
}

/** Wall time and peak RSS of a child process (RSS through /usr/bin/time when present). */
function timed(cmd: string[], opts: { shellPrefix?: string; cwd?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'beeclak-bench-'));
  const tfile = join(dir, 'time');
  const haveTime = existsSync('/usr/bin/time');
  const quoted = cmd.map((c) => `'${c.replace(/'/g, `'\\''`)}'`).join(' ');
  const script =
    (opts.shellPrefix ?? '') +
    (haveTime ? `exec /usr/bin/time -f %M -o '${tfile}' ${quoted}` : `exec ${quoted}`);
  const t = performance.now();
  const r = spawnSync('/bin/sh', ['-c', script], {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const wall = performance.now() - t;
  let rssKb: number | null = null;
  if (haveTime && existsSync(tfile)) {
    const m = /(\d+)\s*$/.exec(readFileSync(tfile, 'utf8').trim());
    if (m) rssKb = Number(m[1]);
  }
  rmSync(dir, { recursive: true, force: true });
  return { wall, rssKb, status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

let startupMs: number | null = null;
/** A bare `node -e 0` in a new process: the floor of any cold start (issue 17's goal: 3x). */
let nodeMs: number | null = null;

function runEndToEnd(): void {
  const out = mkdtempSync(join(tmpdir(), 'beeclak-e2e-'));
  const st: number[] = [];
  for (let k = 0; k < RUNS; k++) st.push(timed(['node', BIN, '--version']).wall);
  startupMs = median(st);
  const bare: number[] = [];
  for (let k = 0; k < RUNS; k++) bare.push(timed(['node', '-e', '0']).wall);
  nodeMs = median(bare);
  log(
    `end to end: node + CLI start-up (--version) ${ms(startupMs)} ms, node -e 0 ${ms(nodeMs)} ms`,
  );
  for (const file of sampleFiles) {
    const walls: number[] = [];
    const rss: number[] = [];
    let status: number | null = 0;
    for (let k = 0; k < RUNS; k++) {
      const r = timed(['node', BIN, 'contract', `samples/${file}`, '-o', join(out, file)]);
      walls.push(r.wall);
      if (r.rssKb !== null) rss.push(r.rssKb);
      status = r.status;
    }
    let row = times.find((t) => t.sample === file);
    if (!row) {
      row = {
        sample: file,
        runs: 0,
        parseMs: NaN,
        lifetimeMs: NaN,
        latticeMs: NaN,
        rewriteMs: NaN,
        totalMs: NaN,
      };
      times.push(row);
    }
    row.e2eMs = median(walls);
    row.e2eRssMb = rss.length ? Math.max(...rss) / 1024 : null;
    row.e2eStatus = status;
    log(`end to end ${file}: ${ms(row.e2eMs)} ms, ${row.e2eRssMb?.toFixed(0)} MB, exit ${status}`);
  }
  rmSync(out, { recursive: true, force: true });
}

function timeTable(): string {
  const order = sampleFiles.filter((f) => times.some((t) => t.sample === f));
  const rows = order.map((f) => {
    const t = times.find((x) => x.sample === f)!;
    return [
      f.replace(/\.c$/, ''),
      ms(t.parseMs),
      ms(t.lifetimeMs),
      ms(t.latticeMs),
      ms(t.rewriteMs),
      ms(t.totalMs),
      t.cellTotalMs === undefined ? null : ms(t.cellTotalMs),
      t.cellTotalMs ? (t.totalMs / t.cellTotalMs).toFixed(2) : null,
      t.e2eMs === undefined ? null : ms(t.e2eMs),
      t.e2eMs === undefined || startupMs === null ? null : ms((t.e2eMs ?? 0) - startupMs),
      t.e2eMs == null || !nodeMs ? null : (t.e2eMs / nodeMs).toFixed(1),
      t.e2eRssMb === undefined || t.e2eRssMb === null ? null : t.e2eRssMb.toFixed(0),
      t.e2eStatus === undefined || t.e2eStatus === 0 ? null : `exit ${t.e2eStatus}`,
    ];
  });
  return markdownTable(
    [
      'sample',
      'parse:',
      'lifetime:',
      'lattice:',
      'rewrite:',
      'in-process total:',
      'cell-based total:',
      'value / cell:',
      'end to end:',
      'minus start-up:',
      'x `node -e 0`:',
      'peak RSS (MB):',
      'note',
    ],
    rows,
  );
}

// ---------------------------------------------------------------- 2b. scaling

const SCALING: { file: string; params: string[] }[] = [
  { file: 'durbin.c', params: ['N'] },
  { file: 'dynprog.c', params: ['N'] },
  { file: 'linebuf.c', params: ['H', 'W'] },
  { file: 'stencil_time.c', params: ['T', 'N'] },
  { file: 'reverse_stride.c', params: ['N'] },
  { file: 'datadep.c', params: ['N'] },
];
const SIZES = [10n, 100n, 1000n, 1000000n];
/** The compiled oracle runs at every size, under its default budget (it stops at the limit). */
const ORACLE_SCALING_OPS = DEFAULT_ORACLE_OPERATIONS;

interface ScalingRow {
  sample: string;
  size: string;
  staticMs: number | null;
  lifetimeMs: number | null;
  latticeMs: number | null;
  cells: string;
  oracleMs: number | null;
  oracleNote: string;
  /** Access instances the oracle walked (arrays it finished), and their rate. */
  oracleAccesses?: number;
  error?: string;
}
const scaling: ScalingRow[] = [];

async function runScaling(): Promise<void> {
  for (const { file, params } of SCALING) {
    const source = sources.get(file) ?? readFileSync(join(SAMPLES, file), 'utf8');
    for (const n of SIZES) {
      const defines = Object.fromEntries(params.map((p) => [p, n]));
      const size = `${params.join(' = ')} = ${n === 1000000n ? '10^6' : n}`;
      try {
        const t = performance.now();
        const c = await contractSource(source, `samples/${file}`, options({ defines }));
        const staticMs = performance.now() - t;
        const rep = c.analysis.report;
        const cells = rep.arrays
          .filter((a) => a.status === 'contracted' || a.status === 'scalarized')
          .map((a) => `${a.name} ${a.compressedCells}`)
          .join(', ');
        const to = performance.now();
        const notes: string[] = [];
        let oracleAccesses = 0;
        for (const fn of c.analysis.model.functions) {
          const values: Record<string, bigint> = {};
          for (const p of fn.parameters) if (p.value !== undefined) values[p.name] = p.value;
          for (const array of fn.arrays.filter((a) => a.candidate)) {
            const d = dynamicMaxLive(fn, array, values, { maxOperations: ORACLE_SCALING_OPS });
            if (d.kind === 'done') oracleAccesses += d.accesses;
            notes.push(
              d.kind === 'done' ? `${array.name} ${d.values}` : `${array.name} over budget`,
            );
          }
        }
        const oracleMs = performance.now() - to;
        const oracleNote = `maxLive: ${notes.join(', ')}`;
        scaling.push({
          sample: file,
          size,
          staticMs,
          lifetimeMs: rep.timings.lifetimeMs,
          latticeMs: rep.timings.latticeMs,
          cells,
          oracleMs,
          oracleNote,
          oracleAccesses,
        });
        log(`scaling ${file} ${size}: static ${ms(staticMs)} ms, oracle ${ms(oracleMs) ?? '—'} ms`);
      } catch (e) {
        scaling.push({
          sample: file,
          size,
          staticMs: null,
          lifetimeMs: null,
          latticeMs: null,
          cells: '',
          oracleMs: null,
          oracleNote: '',
          error: errText(e),
        });
        log(`scaling ${file} ${size}: FAILED ${errText(e)}`);
      }
    }
  }
}

function scalingTable(): string {
  return markdownTable(
    [
      'sample',
      'sizes',
      'static total (ms):',
      'lifetime:',
      'lattice:',
      'contracted to',
      'oracle (ms):',
      'oracle accesses:',
      'M accesses/s:',
      'oracle result',
    ],
    scaling.map((r) => [
      r.sample.replace(/\.c$/, ''),
      r.size,
      ms(r.staticMs),
      ms(r.lifetimeMs),
      ms(r.latticeMs),
      r.error ? `failed: ${r.error}` : r.cells,
      ms(r.oracleMs),
      r.oracleAccesses ? String(r.oracleAccesses) : null,
      r.oracleAccesses && r.oracleMs ? (r.oracleAccesses / r.oracleMs / 1000).toFixed(1) : null,
      r.oracleNote,
    ]),
  );
}

// ---------------------------------------------------------------- 3. generated code

/** Sizes large enough for the run time and the memory to show (the samples wrap them in #ifndef). */
const CODEGEN: { file: string; defines: Record<string, number> }[] = [
  { file: 'durbin.c', defines: { N: 2000 } },
  { file: 'dynprog.c', defines: { N: 200 } },
  { file: 'reg_detect.c', defines: { N: 6, P: 200000 } },
  { file: 'gauss.c', defines: { N: 1500, M: 1500 } },
  { file: 'linebuf.c', defines: { H: 2000, W: 2000 } },
  { file: 'stencil_time.c', defines: { T: 1000, N: 4000 } },
  { file: 'datadep.c', defines: { N: 1000000 } },
  { file: 'reverse_stride.c', defines: { N: 1000000 } },
  { file: 'triangle.c', defines: { N: 500 } },
];

interface BinRun {
  ms: number | null;
  rssMb: number | null;
  output: string | null;
  error?: string;
}
interface CodegenRow {
  sample: string;
  defines: Record<string, number>;
  original: BinRun;
  exact: BinRun;
  pow2: BinRun;
  sameOutput: boolean | null;
}
const codegen: CodegenRow[] = [];

/** Compiles `src` with cc -O2 and runs it BIN_RUNS times (stack unlimited: the originals keep big arrays on it). */
function compileAndRun(src: string, exe: string, defines: Record<string, number>): BinRun {
  const d = Object.entries(defines).map(([k, v]) => `-D${k}=${v}`);
  const c = spawnSync(CC, ['-O2', '-w', ...d, '-o', exe, src], { encoding: 'utf8' });
  if (c.status !== 0)
    return { ms: null, rssMb: null, output: null, error: `cc: ${(c.stderr ?? '').split('\n')[0]}` };
  const walls: number[] = [];
  let rss = 0;
  let output: string | null = null;
  for (let k = 0; k < BIN_RUNS; k++) {
    const r = timed([exe], {
      shellPrefix: 'ulimit -s unlimited 2>/dev/null || ulimit -s hard 2>/dev/null; ',
    });
    if (r.status !== 0) return { ms: null, rssMb: null, output: null, error: `exit ${r.status}` };
    walls.push(r.wall);
    rss = Math.max(rss, r.rssKb ?? 0);
    output = r.stdout.trim();
  }
  return { ms: median(walls), rssMb: rss / 1024, output };
}

async function runCodegen(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'beeclak-cg-'));
  for (const { file, defines } of CODEGEN) {
    const source = sources.get(file) ?? readFileSync(join(SAMPLES, file), 'utf8');
    const big = Object.fromEntries(Object.entries(defines).map(([k, v]) => [k, BigInt(v)]));
    const base = join(dir, file.replace(/\.c$/, ''));
    const original = compileAndRun(join(SAMPLES, file), `${base}.orig`, defines);
    const variants: Record<'exact' | 'pow2', BinRun> = {
      exact: { ms: null, rssMb: null, output: null },
      pow2: { ms: null, rssMb: null, output: null },
    };
    for (const modulo of ['exact', 'pow2'] as const) {
      try {
        const c = await contractSource(
          source,
          `samples/${file}`,
          options({ defines: big, modulo }),
        );
        writeFileSync(`${base}.${modulo}.c`, c.text);
        variants[modulo] = compileAndRun(`${base}.${modulo}.c`, `${base}.${modulo}`, defines);
      } catch (e) {
        variants[modulo] = {
          ms: null,
          rssMb: null,
          output: null,
          error: `contract: ${errText(e)}`,
        };
      }
    }
    const outs = [original, variants.exact, variants.pow2]
      .map((v) => v.output)
      .filter((o) => o !== null);
    const row: CodegenRow = {
      sample: file,
      defines,
      original,
      exact: variants.exact,
      pow2: variants.pow2,
      sameOutput: outs.length === 3 ? outs.every((o) => o === outs[0]) : null,
    };
    codegen.push(row);
    log(
      `codegen ${file}: original ${ms(original.ms) ?? original.error} ms, exact ${ms(row.exact.ms) ?? row.exact.error} ms, pow2 ${ms(row.pow2.ms) ?? row.pow2.error} ms`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

function codegenTable(): string {
  const show = (b: BinRun) => (b.ms === null ? `failed (${b.error})` : ms(b.ms));
  const mb = (b: BinRun) => (b.rssMb === null ? null : b.rssMb.toFixed(1));
  return markdownTable(
    [
      'sample',
      'sizes',
      'original (ms):',
      'exact (ms):',
      'pow2 (ms):',
      'exact / orig.:',
      'pow2 / orig.:',
      'RSS orig. (MB):',
      'RSS exact:',
      'RSS pow2:',
      'same output',
    ],
    codegen.map((r) => [
      r.sample.replace(/\.c$/, ''),
      Object.entries(r.defines)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
      show(r.original),
      show(r.exact),
      show(r.pow2),
      ratio(r.exact.ms, r.original.ms),
      ratio(r.pow2.ms, r.original.ms),
      mb(r.original),
      mb(r.exact),
      mb(r.pow2),
      r.sameOutput === null ? '—' : r.sameOutput ? 'yes' : '**no**',
    ]),
  );
}

// ---------------------------------------------------------------- poly

let poly: { name: string; medianMs: number; runs: number }[] = [];

function startupTable(): string {
  const node = startup.find((r) => r.way === '');
  return markdownTable(
    ['command', 'loaded as', 'wall (ms):', 'CPU (ms):', 'x wall:', 'x CPU:'],
    startup.map((r) => [
      r.command,
      r.way,
      ms(r.wallMs),
      ms(r.cpuMs),
      ratio(r.wallMs, node?.wallMs),
      ratio(r.cpuMs, node?.cpuMs),
    ]),
  );
}

function polyTable(): string {
  return markdownTable(
    ['operation', 'median (ms):', 'runs:'],
    poly.map((r) => [r.name, r.medianMs.toFixed(2), r.runs]),
  );
}

// ---------------------------------------------------------------- conflict sets and isl

let conflict: ConflictRow[] = [];

function conflictTable(): string {
  return markdownTable(
    [
      'sample',
      'array',
      'lifetimes',
      'DS (ms):',
      'cell-based DS (ms):',
      'isl (ms):',
      'isl ratio:',
      'same set as isl',
    ],
    conflict.map((r) => [
      r.sample,
      r.array,
      r.kind,
      ms(r.medianMs),
      ms(r.cellMs),
      r.islMs === null ? (islMissing ?? '—') : ms(r.islMs),
      r.islMs === null ? (islMissing ?? '—') : ratio(r.cellMs, r.islMs),
      r.islSame === null ? '—' : r.islSame ? 'yes' : '**no**',
    ]),
  );
}

/** Issue 17: the static path (lifetime + lattice stages) at N = 10^2 and 10^6, from the scaling runs. */
function staticSizesTable(): string {
  const at = (file: string, n: string) =>
    scaling.find((r) => r.sample === file && r.size.endsWith(`= ${n}`));
  const cost = (r: ScalingRow | undefined) =>
    r && r.lifetimeMs !== null && r.latticeMs !== null ? r.lifetimeMs + r.latticeMs : null;
  return markdownTable(
    [
      'sample',
      'static path at N=10^2 (ms):',
      'N=10^6 (ms):',
      'lifetime 10^2 / 10^6 (ms):',
      'lattice 10^2 / 10^6 (ms):',
    ],
    SCALING.map(({ file }) => {
      const a = at(file, '100');
      const b = at(file, '10^6');
      return [
        file.replace(/\.c$/, ''),
        ms(cost(a)),
        ms(cost(b)),
        `${ms(a?.lifetimeMs) ?? '—'} / ${ms(b?.lifetimeMs) ?? '—'}`,
        `${ms(a?.latticeMs) ?? '—'} / ${ms(b?.latticeMs) ?? '—'}`,
      ];
    }),
  );
}

// ---------------------------------------------------------------- trace

let trace: TraceBenchRow[] = [];

function traceTable(): string {
  return markdownTable(
    ['case', 'accesses:', 'records:', 'pieces:', 'wall (ms):', 'CPU (s):', 'peak RSS (MB):'],
    trace.map((r) => [
      r.name,
      r.accesses,
      r.records,
      r.pieces,
      Math.round(r.wallMs),
      r.cpuS?.toFixed(1) ?? '—',
      r.peakRssMb ?? '—',
    ]),
  );
}

// ---------------------------------------------------------------- main

function gitCommit(): string {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return (r.stdout ?? '').trim() || 'unknown';
}
function ccVersion(): string {
  const r = spawnSync(CC, ['--version'], { encoding: 'utf8' });
  return (r.stdout ?? '').split('\n')[0] || CC;
}

let many: ManyFilesRow | undefined;
let large: LargeLatticeRow[] = [];
let startup: StartupRow[] = [];

async function main(): Promise<void> {
  log(
    `beeclak bench: ${sampleFiles.length} samples, ${RUNS} run(s) per timing, ${cpus().length} CPU(s), ${cpus()[0]?.model ?? ''}`,
  );
  const step = async (name: string, f: () => unknown) => {
    if (SKIP.has(name)) return log(`${name}: skipped (--skip)`);
    try {
      await f();
    } catch (e) {
      errors.push({ sample: '*', stage: name, error: errText(e) });
      log(`${name}: FAILED ${errText(e)}`);
    }
  };
  await step('compression', runCompression);
  await step('time', runTimes);
  await step('e2e', runEndToEnd);
  await step('large', async () => {
    large = await benchLargeLattice(ROOT, options, RUNS);
    for (const r of large)
      log(`large: ${r.input}: ${r.cells} cells, lattice ${ms(r.latticeMs)} ms`);
  });
  await step('startup', () => {
    startup = benchStartup(ROOT, BIN_RUNS);
    log(`startup: ${startup.map((r) => `${r.command} ${r.way} ${ms(r.wallMs)} ms`).join('; ')}`);
  });
  await step('scaling', runScaling);
  await step('codegen', runCodegen);
  await step('many', () => {
    many = benchManyFiles(ROOT);
    log(
      `many: ${many.files} files, cold ${many.coldS.toFixed(1)} s, warm ${many.warmS.toFixed(2)} s`,
    );
  });
  await step('poly', () => {
    poly = benchPoly(QUICK ? 5 : 20);
    log(`poly: ${poly.length} operations`);
  });
  await step('conflict', async () => {
    conflict = await benchConflicts(QUICK ? 1 : 5);
    islCompare(conflict, QUICK ? 1 : 5);
    log(`conflict: ${conflict.length} arrays, isl ${islMissing ?? 'compared'}`);
  });
  await step('trace', () => {
    trace = benchTrace();
    log(`trace: ${trace.length} folding cases`);
  });
  const totalS = (performance.now() - t00) / 1000;

  const env = {
    date: new Date().toISOString().slice(0, 10),
    commit: gitCommit(),
    node: process.version,
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    cc: ccVersion(),
    runs: RUNS,
    binaryRuns: BIN_RUNS,
    totalSeconds: Math.round(totalS),
  };
  mkdirSync(dirname(JSON_OUT), { recursive: true });
  writeFileSync(
    JSON_OUT,
    JSON.stringify(
      {
        env,
        compression,
        times,
        startupMs,
        nodeMs,
        startup,
        large,
        scaling,
        codegen,
        poly,
        conflict: conflict.map((r) => ({
          sample: r.sample,
          function: r.function,
          array: r.array,
          lifetimes: r.kind,
          dsMs: r.medianMs,
          cellMs: r.cellMs,
          islMs: r.islMs,
          islSame: r.islSame,
        })),
        many,
        trace,
        errors,
      },
      null,
      2,
    ) + '\n',
  );
  log(`wrote ${JSON_OUT}`);

  const parts = [
    `Measured by \`npm run bench\` (${env.date}, commit ${env.commit}, Node ${env.node}, ${env.cpu}, ${env.cc}; ` +
      `median of ${RUNS} run(s) per analysis timing, ${BIN_RUNS} per binary; the whole bench took ${env.totalSeconds} s). ` +
      `Machine-readable: \`bench/results.json\`.`,
    '### Compression',
    "Candidate arrays at the default sizes. `maxLive` is the dynamic oracle's lower bound for any allocation " +
      `(— when it was not run or exceeded its budget of ${ORACLE_OPS.toExponential(0)} operations); ` +
      "`--heuristic opt` is the exhaustive search, run for the arrays of the paper's table; " +
      '"best known" is `optimalCells` from `samples/expected.json`; "paper" the Bee+Cl@k reference numbers.',
    compressionTable(),
    '### Analysis time (ms)',
    'In-process (warm, after one run of every sample), per stage, default options (oracle off), median; ' +
      `end to end = wall time of \`./bin/beeclak contract\` (new process), start-up of Node and the CLI alone (\`--version\`, which loads no command): ${ms(startupMs) ?? '—'} ms, a bare \`node -e 0\`: ${ms(nodeMs) ?? '—'} ms ("x \`node -e 0\`" is end to end over it).`,
    timeTable(),
    '### Large conflict sets',
    'The lattice search on conflict sets it never lists (integer programs over the pieces of DS; ' +
      'the exhaustive search is seeded by the heuristics and stopped by a clique bound), median of the runs: ' +
      "samples/nw.c enlarged with `-D N` (the lattice stage of the pipeline), and nw's DS alone through `chooseMapping`.",
    large.length ? largeLatticeTable(large) : 'not run',
    '### Start-up',
    'New processes (`scripts/bench/startup.ts`): the CLI as the ES modules of `dist/src`, as the bundle ' +
      "`dist/bundle/beeclak.cjs` without V8's code cache (cold: the first run after a build) and with it (warm). " +
      'Medians; CPU = user + system time, the steadier number on a loaded machine; "x" is over `node -e 0`.',
    startupTable(),
    '### Scaling',
    'The same kernels with their size macros set by `-D`: the static path does not depend on the sizes ' +
      '(small sizes can make the conflict set small enough for the exhaustive search, which costs more lattice time); ' +
      `the dynamic oracle (in-process, compiled, \`dynamicMaxLive\` on every candidate, budget ${ORACLE_SCALING_OPS.toExponential(0)} operations per array) grows with them and stops at its budget.`,
    scalingTable(),
    '### Static path at N = 10^2 and 10^6',
    'Lifetime + lattice stages of the scaling runs above. The lifetime stage spends the same polyhedral work at both sizes ' +
      '(DS is symbolic in the sizes: the same systems with other constants); the lattice stage costs more at small sizes, ' +
      "where DS's box is small enough (<= 50,000 points) for `auto` to run the exhaustive search (src/lattice/choose.ts).",
    staticSizesTable(),
    '### Generated code',
    `\`${CC} -O2\`, sizes enlarged with \`-D\` (given to beeclak and to the compiler), the stack unlimited (the originals keep their temporaries on it); ` +
      `wall time median of ${BIN_RUNS} runs including process start, peak RSS from \`/usr/bin/time\`.`,
    codegenTable(),
    '### Many files',
    '`beeclak contract --check` over 100 files in one process (worker threads on every core), as the ' +
      'pre-commit hook runs it: cold (empty cache) and warm (unchanged files, results from the cache); wall time.',
    many
      ? markdownTable(
          ['files', 'cold (s)', 'warm (s)', 'summary'],
          [[many.source, many.coldS.toFixed(1), many.warmS.toFixed(2), many.summary]],
        )
      : 'not run',
    '### Polyhedral core',
    'Medians of `scripts/bench-poly.ts` (systems shaped like the lifetime analysis output).',
    polyTable(),
    '### Conflict sets and isl',
    'CPU time (user + system, median of 5, cold memo) of the conflict set of every candidate array (`scripts/bench-conflict.ts`): ' +
      "the pipeline's DS (value-based, cell-based as fall-back) and the cell-based DS (Bee's definition); " +
      'isl = the same cell-based DS computed by libisl (`scripts/isl/ds.c`: P(I, J) exported in isl syntax, intersected with its inverse, ' +
      'differences, coalesced; parsing of P included), isl ratio = cell-based / isl, and whether both sets are equal (checked by isl).',
    conflictTable(),
    '### Trace folding',
    'Trace builds of synthetic nests run and folded through the pipe (`scripts/bench-trace.ts`, one child process per case): ' +
      'accesses of the run, records the C runtime sent (one per rectangle of runs of the two innermost loops), pieces after folding, wall time including the build, CPU time (user + system, Node and the traced program), peak RSS of the child.',
    traceTable(),
  ];
  if (errors.length > 0) {
    parts.push(
      '### Failures',
      markdownTable(
        ['sample', 'stage', 'error'],
        errors.map((e) => [e.sample, e.stage, e.error]),
      ),
    );
  }
  if (!flag('--no-readme')) {
    const readmePath = join(ROOT, 'README.md');
    const readme = readFileSync(readmePath, 'utf8');
    writeFileSync(readmePath, spliceReadme(readme, parts.join('\n\n'), '## Limits'));
    log('README.md Results section updated');
  }
  log(`done in ${totalS.toFixed(0)} s`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
