/**
 * What `npm run bench` writes: the results of all steps, as bench/results.json and as the
 * body of the Results section of docs/benchmarks.md (between the bench markers): the measuring conditions,
 * then a heading, the text saying what was measured and how, and the table of every step.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import type { BenchRow as PolyRow } from '../bench-poly.js';
import type { ConflictRow } from '../bench-conflict.js';
import type { TraceBenchRow } from '../bench-trace.js';
import type { ManyFilesRow } from './many.js';
import { manyCpuTable, type ManyCpuRow } from './manyCpu.js';
import { unityHostTable, type UnityHostRow } from './unityHost.js';
import { setScalingTable, type SetScalingRow } from './setScaling.js';
import type { StartupRow } from './startup.js';
import { CC, ROOT, type BenchContext, type SampleError } from './context.js';
import { compressionTable, ORACLE_OPS, type CompressionRow } from './compression.js';
import { timeTable, type StartupFloor, type TimeRow } from './analysisTime.js';
import { largeLatticeTable, type LargeLatticeRow } from './largeLattice.js';
import { largeFilesTable, type LargeFileRow } from './largeFiles.js';
import { ORACLE_SCALING_OPS, scalingTable, type ScalingRow } from './scaling.js';
import { staticSizesTable } from './staticPath.js';
import { codegenTable, type CodegenRow } from './codegen.js';
import { conflictTable, manyTable, polyTable, startupTable, traceTable } from './tables.js';
import { markdownTable, ms } from './util.js';
import { footprintTables, type FootprintResults } from './footprint.js';

/** The rows of every step (empty, or null, for a step that did not run). */
export interface BenchResults extends StartupFloor {
  compression: CompressionRow[];
  times: TimeRow[];
  startup: StartupRow[];
  large: LargeLatticeRow[];
  scaling: ScalingRow[];
  codegen: CodegenRow[];
  many?: ManyFilesRow;
  /** CPU per file over real code bases (BEECLAK_BENCH_CORPUS), empty without them. */
  manyCpu: ManyCpuRow[];
  /** A unity build's host of n kernels (scripts/bench/unityHost.ts), empty when not run. */
  unityHost: UnityHostRow[];
  /** Generated file sets with main(), by size (scripts/bench/setScaling.ts), empty when not run. */
  setScaling: SetScalingRow[];
  /** Large generated files (scripts/bench/largeFiles.ts). */
  largeFiles: LargeFileRow[];
  poly: PolyRow[];
  conflict: ConflictRow[];
  trace: TraceBenchRow[];
  /** Memory of whole programs before and after (footprint step), absent when not run. */
  footprint?: FootprintResults;
  errors: SampleError[];
}

export function emptyResults(errors: SampleError[]): BenchResults {
  return {
    compression: [],
    times: [],
    startupMs: null,
    nodeMs: null,
    startup: [],
    large: [],
    scaling: [],
    codegen: [],
    manyCpu: [],
    unityHost: [],
    setScaling: [],
    largeFiles: [],
    poly: [],
    conflict: [],
    trace: [],
    errors,
  };
}

export interface BenchEnv {
  date: string;
  commit: string;
  node: string;
  cpu: string;
  cc: string;
  runs: number;
  binaryRuns: number;
  totalSeconds: number;
}

/** The measuring conditions, at the end of a run that took `totalS` seconds. */
export function benchEnv(ctx: BenchContext, totalS: number): BenchEnv {
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  const cc = spawnSync(CC, ['--version'], { encoding: 'utf8' });
  return {
    date: new Date().toISOString().slice(0, 10),
    commit: (git.stdout ?? '').trim() || 'unknown',
    node: process.version,
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    cc: (cc.stdout ?? '').split('\n')[0] || CC,
    runs: ctx.runs,
    binaryRuns: ctx.binRuns,
    totalSeconds: Math.round(totalS),
  };
}

/** bench/results.json's text. */
export function resultsJson(env: BenchEnv, r: BenchResults): string {
  const json = {
    env,
    compression: r.compression,
    times: r.times,
    startupMs: r.startupMs,
    nodeMs: r.nodeMs,
    startup: r.startup,
    large: r.large,
    scaling: r.scaling,
    codegen: r.codegen,
    poly: r.poly,
    conflict: r.conflict.map((c) => ({
      sample: c.sample,
      function: c.function,
      array: c.array,
      lifetimes: c.kind,
      dsMs: c.medianMs,
      cellMs: c.cellMs,
      islMs: c.islMs,
      islSame: c.islSame,
    })),
    many: r.many,
    manyCpu: r.manyCpu,
    unityHost: r.unityHost,
    setScaling: r.setScaling,
    largeFiles: r.largeFiles,
    trace: r.trace,
    footprint: r.footprint,
    errors: r.errors,
  };
  return JSON.stringify(json, null, 2) + '\n';
}

/** The body of the Results section of docs/benchmarks.md. */
export function resultsBody(ctx: BenchContext, env: BenchEnv, r: BenchResults): string {
  const { runs: RUNS, binRuns: BIN_RUNS } = ctx;
  const parts = [
    `Measured by \`npm run bench\` (${env.date}, commit ${env.commit}, Node ${env.node}, ${env.cpu}, ${env.cc}; ` +
      `median of ${RUNS} run(s) per analysis timing, ${BIN_RUNS} per binary; the whole bench took ${env.totalSeconds} s). ` +
      `Machine-readable: \`bench/results.json\`.`,
    '### Compression',
    "Candidate arrays at the default sizes. `maxLive` is the dynamic oracle's lower bound for any allocation " +
      `(— when it was not run or exceeded its budget of ${ORACLE_OPS.toExponential(0)} operations); ` +
      "`--heuristic opt` is the exhaustive search, run for the arrays of the paper's table; " +
      '"best known" is `optimalCells` from `samples/expected.json`; "paper" the Bee+Cl@k reference numbers.',
    compressionTable(r.compression),
    '### Analysis time (ms)',
    'In-process (warm, after one run of every sample), per stage, default options (oracle off), median; ' +
      `end to end = wall time of \`./bin/beeclak contract\` (new process), start-up of Node and the CLI alone (\`--version\`, which loads no command): ${ms(r.startupMs) ?? '—'} ms, a bare \`node -e 0\`: ${ms(r.nodeMs) ?? '—'} ms ("x \`node -e 0\`" is end to end over it).`,
    timeTable(ctx.sampleFiles, r.times, r),
    '### Large conflict sets',
    'The lattice search on conflict sets it never lists (integer programs over the pieces of DS; ' +
      'the exhaustive search is seeded by the heuristics and stopped by a clique bound), median of the runs: ' +
      "samples/nw.c enlarged with `-D N` (the lattice stage of the pipeline), and nw's DS alone through `chooseMapping`.",
    r.large.length ? largeLatticeTable(r.large) : 'not run',
    '### Start-up',
    'New processes (`scripts/bench/startup.ts`): the CLI as the ES modules of `dist/src`, as the bundle ' +
      "`dist/bundle/beeclak.cjs` without V8's code cache (cold: the first run after a build) and with it (warm). " +
      'Medians; CPU = user + system time, the steadier number on a loaded machine; "x" is over `node -e 0`.',
    startupTable(r.startup),
    '### Scaling',
    'The same kernels with their size macros set by `-D`: the static path does not depend on the sizes ' +
      '(small sizes can make the conflict set small enough for the exhaustive search, which costs more lattice time); ' +
      `the dynamic oracle (in-process, compiled, \`dynamicMaxLive\` on every candidate, budget ${ORACLE_SCALING_OPS.toExponential(0)} operations per array) grows with them and stops at its budget.`,
    scalingTable(r.scaling),
    '### Static path at N = 10^2 and 10^6',
    'Lifetime + lattice stages of the scaling runs above. The lifetime stage spends the same polyhedral work at both sizes ' +
      '(DS is symbolic in the sizes: the same systems with other constants); the lattice stage costs more at small sizes, ' +
      "where DS's box is small enough (<= 50,000 points) for `auto` to run the exhaustive search (src/lattice/choose.ts).",
    staticSizesTable(r.scaling),
    '### Generated code',
    `\`${CC} -O2\`, sizes enlarged with \`-D\` (given to beeclak and to the compiler), the stack unlimited (the originals keep their temporaries on it); ` +
      `wall time median of ${BIN_RUNS} runs including process start, peak RSS from \`/usr/bin/time\`.`,
    codegenTable(r.codegen),
    '### Many files',
    '`beeclak contract --check` over 100 files in one process (worker threads on every core), as the ' +
      'pre-commit hook runs it: cold (empty cache) and warm (unchanged files, results from the cache); wall time.',
    manyTable(r.many),
    'CPU per file over real code bases, one process, `--jobs 1 --no-cache` (`scripts/bench/manyCpu.ts`, ' +
      'run when `BEECLAK_BENCH_CORPUS` names a folder holding MachSuite and CMSIS-DSP): the CLI ' +
      '(its process and the `cc -E` it runs, start-up included) and the analysis alone in a new ' +
      'process, with files that cannot hold a candidate not modelled (as the multi-file mode does) ' +
      'and with every file modelled (as one-file runs do).',
    r.manyCpu.length > 0 ? manyCpuTable(r.manyCpu) : '(not run: BEECLAK_BENCH_CORPUS unset)',
    'A unity build (`scripts/bench/unityHost.ts`): `main.c` `#include`s n kernel files that use its ' +
      'type and size (compiled only inside it, as CHStone does), each with one temporary; ' +
      '`contract --list` and `contract -i` (a fresh copy) over the host and its kernels, `--no-cache`, ' +
      'worker threads on every core. Every kernel is read inside the host, whose unit is preprocessed, ' +
      'parsed and its calls walked once for all of them (src/frontend/hostShare.ts): the cost grows with n, ' +
      'not n squared. Wall and CPU (user + system, the compiler included) from `/usr/bin/time`.',
    r.unityHost.length > 0 ? unityHostTable(r.unityHost) : 'not run',
    'File sets with `main()` (`scripts/bench/setScaling.ts`): kernel/caller pairs, and a ring of ' +
      "kernels each called by the next file's stage with a `main()` calling every stage; " +
      '`contract --check --no-cache` over the set, CPU = user + system with the compiler runs. ' +
      'Each file sees of the others what its decisions read (src/pipeline/wholeProgram/narrowView.ts): ' +
      'the per-file column stays flat as the set grows. `cc -E per file`: the preprocessor runs ' +
      "(one per file: its summary for the others' views, its analysis and its part of the edits " +
      'across files share one reading, src/frontend/preprocessorRuns.ts).',
    r.setScaling.length > 0 ? setScalingTable(r.setScaling) : 'not run',
    '### Large files',
    '`beeclak contract FILE -o OUT` in a new process on generated inputs (`scripts/bench/largeInputs.ts`; ' +
      '`--quick` runs the small ones only): data tables, a file of small functions (a third with a ' +
      'contractible temporary), ordinary kernels with scratch arrays, one function of straight-line code, each ' +
      'shape also at a tenth of its size to show how cost grows. Wall time on the shared machine, CPU = user + ' +
      'system (the steadier number under load), peak RSS from `/usr/bin/time`; arrays left alone by code ' +
      '(BC1110: parameters of functions callers elsewhere may call, BC1201: the lifetime analysis over its budget).',
    r.largeFiles.length > 0 ? largeFilesTable(r.largeFiles) : 'not run',
    '### Polyhedral core',
    'Medians of `scripts/bench-poly.ts` (systems shaped like the lifetime analysis output).',
    polyTable(r.poly),
    '### Conflict sets and isl',
    'CPU time (user + system, median of 5, cold memo, after 10 untimed runs of every array: V8 needs tens of runs of the core to optimise it, and the first arrays timed used to pay for that; a new process pays it once, see Start-up) of the conflict set of every candidate array (`scripts/bench-conflict.ts`): ' +
      "the pipeline's DS (value-based, cell-based as fall-back) and the cell-based DS (Bee's definition); " +
      'isl = the same cell-based DS computed by libisl (`scripts/isl/ds.c`: P(I, J) exported in isl syntax, intersected with its inverse, ' +
      'differences, coalesced; parsing of P included), isl ratio = cell-based / isl, and whether both sets are equal (checked by isl).',
    conflictTable(r.conflict),
    '### Trace folding',
    'Trace builds of synthetic nests run and folded through the pipe (`scripts/bench-trace.ts`, one child process per case): ' +
      'accesses of the run, records the C runtime sent (one per rectangle of runs of the two innermost loops), pieces after folding, wall time including the build, CPU time (user + system, Node and the traced program), peak RSS of the child.',
    traceTable(r.trace),
    '### Footprint',
    'Memory of whole programs before and after contraction (`scripts/bench/footprint.ts`). ' +
      'PolyBench/C 4.2.1 at MEDIUM_DATASET, the kernels whose report has a temporary (changed, or all its values live at once): ' +
      'preprocessed as `npm run polybench` does, contracted with no flag, built at -O2 with `utilities/polybench.c`; ' +
      'peak RSS = GNU time `%M`, the smallest of the runs per binary; heap peak = valgrind massif (bytes, exact); ' +
      '"bytes saved" = the report\'s `savedBytes`; "maxLive allows" = Σ (bytes − maxLive × element size) over the temporaries, ' +
      'maxLive from the dynamic oracle (`--oracle`, the size arguments fixed by `-D`, a separate analysis); ' +
      'the bounds are the original peak minus either. The check, for kernels where something changed (else the program is the same): ' +
      'no more memory after contraction and within 10% of (original − bytes saved), on the heap exactly and on RSS with 128 KB of slack for its run-to-run noise. The static samples: `.bss` of the object (`cc -O2 -c`, `size`).',
    footprintTables(r.footprint),
  ];
  if (r.errors.length > 0) {
    parts.push(
      '### Failures',
      markdownTable(
        ['sample', 'stage', 'error'],
        r.errors.map((e) => [e.sample, e.stage, e.error]),
      ),
    );
  }
  return parts.join('\n\n');
}
