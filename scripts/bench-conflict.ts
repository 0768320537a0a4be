/**
 * Conflict-set section of `npm run bench` (issue 17): the time of the lifetime stage's
 * conflict set DS for every candidate array of every sample, computed as the pipeline does
 * (value-based with its work budget, cell-based as the fall-back), warm code, cold memo, median
 * of `runs`, in CPU time of the process (user + system: less sensitive to a loaded machine).
 *
 *   node dist/scripts/bench-conflict.js [--runs 5] [--only durbin.c]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { analyzeSource, DEFAULT_WORK_UNITS } from '../src/pipeline/analysis.js';
import { valueOrCellConflicts } from '../src/pipeline/decision/conflictChoice.js';
import { conflictSet, precedesRelation, type ConflictSet } from '../src/lifetime/conflictSet.js';
import { toIsl } from '../src/poly/index.js';
import { withWorkBudget } from '../src/poly/budget.js';
import * as omega from '../src/poly/omega.js';
import type { ArrayInfo, FunctionModel } from '../src/model/types.js';
import { median } from './bench/util.js';
import { withCallContext } from '../src/context/callContext.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SAMPLES = join(ROOT, 'samples');

export interface ConflictRow {
  sample: string;
  function: string;
  array: string;
  kind: 'value' | 'cell';
  /** The pipeline's DS (value-based when it applies). */
  medianMs: number;
  /** The cell-based DS (Bee's definition), the one isl computes too. */
  cellMs: number;
  /** isl's time for the cell-based DS (null: isl not run), and whether its set equals ours. */
  islMs: number | null;
  islSame: boolean | null;
  runs: number;
  pieces: number;
  /** Parameter values the DS was specialised to (as the pipeline does). */
  values: Record<string, bigint>;
  fn: FunctionModel;
  info: ArrayInfo;
  cs: ConflictSet;
}

function knownValues(fn: FunctionModel): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const p of fn.parameters) if (p.value !== undefined) out[p.name] = p.value;
  return out;
}

/** The pipeline's DS of one array (value-based when it applies, else cell-based). */
export function pipelineConflictSet(
  fn: FunctionModel,
  array: ArrayInfo,
): { cs: ConflictSet; kind: 'value' | 'cell' } {
  const values = knownValues(fn);
  const v = valueOrCellConflicts(fn, array, values, DEFAULT_WORK_UNITS);
  if (v.cs) return { cs: v.cs, kind: 'value' };
  return {
    cs: withWorkBudget(DEFAULT_WORK_UNITS, () => conflictSet(fn, array, { values })),
    kind: 'cell',
  };
}

/** Candidate arrays of a sample, with the model the pipeline analyses (delinearized). */
export async function sampleArrays(
  file: string,
  defines: Record<string, bigint> = {},
): Promise<{ fn: FunctionModel; array: ArrayInfo }[]> {
  const source = readFileSync(join(SAMPLES, file), 'utf8');
  const a = await analyzeSource(source, `samples/${file}`, {
    defines,
    temporaries: [],
    only: ['\0none'], // the model only: no array is analysed here
    heuristic: 'auto',
    modulo: 'exact',
  });
  const out: { fn: FunctionModel; array: ArrayInfo }[] = [];
  for (const fn of a.model.functions)
    for (const array of fn.arrays)
      if (
        array.candidate &&
        fn.statements.some((s) => s.accesses.some((x) => x.array === array.name))
      )
        out.push({ fn, array });
  return out;
}

/** Untimed runs of every array before the first timed one (see benchConflicts). */
const WARM_PASSES = 10;

/** Every timed run starts without the memo of earlier runs (src/poly/omega.ts), when there is one. */
function coldStart(): void {
  const clear = (omega as { clearOmegaMemo?: () => number }).clearOmegaMemo;
  if (clear) clear();
}

/** Median CPU time (user + system) of `f` over `runs` runs, each with a cold memo. */
function cpuMedian(runs: number, f: () => unknown): number {
  const ts: number[] = [];
  for (let k = 0; k < runs; k++) {
    coldStart();
    const t = process.cpuUsage();
    f();
    const d = process.cpuUsage(t);
    ts.push((d.user + d.system) / 1000);
  }
  return median(ts);
}

export async function benchConflicts(runs = 5, only?: string): Promise<ConflictRow[]> {
  const files = readdirSync(SAMPLES)
    .filter((f) => f.endsWith('.c') && (!only || f === only))
    .sort();
  const rows: ConflictRow[] = [];
  const all: { file: string; fn: FunctionModel; array: ArrayInfo }[] = [];
  for (const file of files) {
    try {
      for (const a of await sampleArrays(file)) all.push({ file, ...a });
    } catch {
      continue;
    }
  }
  // Warm code: every array's DS is computed `WARM_PASSES` times (both definitions) before any
  // is timed, so that no array pays for compiling the core (isl's time is native code's). One
  // run per array just before its timing was not enough: V8 needs tens of runs of the core to
  // reach its optimised code (nw M: 50-110 ms on the first runs, 10-20 ms from the 40th on),
  // and the background compiler's CPU time counts in the process's.
  const cells = all.map(
    ({ fn, array }) =>
      () =>
        withWorkBudget(DEFAULT_WORK_UNITS, () =>
          conflictSet(fn, array, { values: knownValues(fn) }),
        ),
  );
  const warm = all.map(({ fn, array }, k) => {
    let r: { cs: ConflictSet; kind: 'value' | 'cell' } | null = null;
    let cellOk = false;
    try {
      r = pipelineConflictSet(fn, array);
      cells[k]();
      cellOk = true;
    } catch {
      // over budget: no cell-based time (the pipeline row still stands)
    }
    return { r, cellOk };
  });
  for (let pass = 1; pass < WARM_PASSES; pass++) {
    all.forEach(({ fn, array }, k) => {
      if (warm[k].r) pipelineConflictSet(fn, array);
      if (warm[k].cellOk) cells[k]();
    });
  }
  for (let k = 0; k < all.length; k++) {
    const { file, fn, array } = all[k];
    const r = warm[k].r;
    if (!r) continue;
    const values = knownValues(fn);
    const medianMs = cpuMedian(runs, () => pipelineConflictSet(fn, array));
    const cellMs = warm[k].cellOk ? cpuMedian(runs, cells[k]) : NaN;
    rows.push({
      sample: file.replace(/\.c$/, ''),
      function: fn.name,
      array: array.name,
      kind: r.kind,
      medianMs,
      cellMs,
      islMs: null,
      islSame: null,
      runs,
      pieces: r.cs.ds.pieces.length,
      values,
      fn,
      info: array,
      cs: r.cs,
    });
  }
  return rows;
}

const ISL_HEADER = '/usr/include/isl/set.h';

/** Why the isl column is empty, or null when isl ran. */
export let islMissing: string | null = null;

/**
 * isl's time for the same cell-based DS (scripts/isl/ds.c, built here with `cc -lisl`): the
 * relation P(I, J) is exported in isl syntax, isl intersects it with its inverse, takes the
 * differences and coalesces, as src/lifetime/conflictSet.ts does. Fills `islMs`/`islSame`.
 */
export function islCompare(rows: ConflictRow[], runs = 5): void {
  if (!existsSync(ISL_HEADER)) {
    islMissing = 'n/a (libisl-dev not installed)';
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'beeclak-isl-'));
  try {
    const exe = join(dir, 'ds');
    const cc = process.env.CC ?? 'cc';
    const c = spawnSync(cc, ['-O2', '-o', exe, join(ROOT, 'scripts', 'isl', 'ds.c'), '-lisl'], {
      encoding: 'utf8',
    });
    if (c.status !== 0) {
      islMissing = `n/a (cc -lisl failed: ${(c.stderr ?? '').split('\n')[0]})`;
      return;
    }
    const lines = rows.flatMap((r, k) => {
      if (Number.isNaN(r.cellMs)) return []; // the cell-based DS is over budget
      const p = precedesRelation(r.fn, r.info, { values: r.values });
      const nb = r.info.blockIterators.length;
      const ours = withWorkBudget(DEFAULT_WORK_UNITS, () =>
        conflictSet(r.fn, r.info, { values: r.values }),
      );
      return [[k, nb, runs, toIsl(p.relation, p.half), toIsl(ours.ds)].join('\t')];
    });
    const out = spawnSync(exe, [], {
      input: lines.join('\n') + '\n',
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    for (const l of (out.stdout ?? '').split('\n')) {
      const [k, ms, same] = l.split('\t');
      const r = rows[Number(k)];
      if (!r || ms === undefined) continue;
      r.islMs = Number(ms);
      r.islSame = same === '1' ? true : same === '0' ? false : null;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (n: string) => {
    const i = process.argv.indexOf(n);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const runs = Number(arg('--runs') ?? 5);
  // One call (src/context/callContext.ts): its memo is the one each timed run clears.
  const rows = await withCallContext(() => benchConflicts(runs, arg('--only')));
  if (!process.argv.includes('--no-isl')) islCompare(rows, runs);
  const f = (x: number | null) => (x === null || Number.isNaN(x) ? '—' : x.toFixed(2)).padStart(9);
  let total = 0;
  let cellTotal = 0;
  let islTotal = 0;
  console.log(
    `  ${'array'.padEnd(40)} ${'kind'.padEnd(6)} ${'DS ms'.padStart(9)} ${'cell ms'.padStart(9)} ${'isl ms'.padStart(9)} ratio  same`,
  );
  for (const r of rows) {
    total += r.medianMs;
    cellTotal += Number.isNaN(r.cellMs) ? 0 : r.cellMs;
    islTotal += r.islMs ?? 0;
    const ratio = r.islMs ? (r.cellMs / r.islMs).toFixed(2) : (islMissing ?? '—');
    console.log(
      `  ${`${r.sample} ${r.function}.${r.array}`.padEnd(40)} ${r.kind.padEnd(6)} ${f(r.medianMs)} ${f(r.cellMs)} ${f(r.islMs)} ${ratio.padStart(5)}  ${r.islSame ?? '—'}`,
    );
  }
  console.log(`  ${'total'.padEnd(47)} ${f(total)} ${f(cellTotal)} ${f(islTotal)}`);
}
