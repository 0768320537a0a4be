/**
 * Conflict-set section of `npm run bench` (issue 17): the time of the lifetime stage's
 * conflict set DS for every candidate array of every sample, computed as the pipeline does
 * (value-based with its work budget, cell-based as the fall-back), warm code, cold memo, median
 * of `runs`, in CPU time of the process (user + system: less sensitive to a loaded machine).
 *
 *   node dist/scripts/bench-conflict.js [--runs 5] [--only durbin.c]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import {
  analyzeSource,
  valueOrCellConflicts,
  DEFAULT_WORK_UNITS,
} from '../src/pipeline/analysis.js';
import { conflictSet, type ConflictSet } from '../src/lifetime/conflictSet.js';
import { withWorkBudget } from '../src/poly/budget.js';
import * as omega from '../src/poly/omega.js';
import type { ArrayInfo, FunctionModel } from '../src/model/types.js';
import { median } from './bench/util.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SAMPLES = join(ROOT, 'samples');

export interface ConflictRow {
  sample: string;
  function: string;
  array: string;
  kind: 'value' | 'cell';
  medianMs: number;
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
): Promise<{ fn: FunctionModel; array: ArrayInfo }[]> {
  const source = readFileSync(join(SAMPLES, file), 'utf8');
  const a = await analyzeSource(source, `samples/${file}`, {
    defines: {},
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

/** Every timed run starts without the memo of earlier runs (src/poly/omega.ts), when there is one. */
function coldStart(): void {
  const clear = (omega as { clearOmegaMemo?: () => number }).clearOmegaMemo;
  if (clear) clear();
}

export async function benchConflicts(runs = 5, only?: string): Promise<ConflictRow[]> {
  const files = readdirSync(SAMPLES)
    .filter((f) => f.endsWith('.c') && (!only || f === only))
    .sort();
  const rows: ConflictRow[] = [];
  for (const file of files) {
    let arrays: { fn: FunctionModel; array: ArrayInfo }[];
    try {
      arrays = await sampleArrays(file);
    } catch {
      continue;
    }
    for (const { fn, array } of arrays) {
      let r: { cs: ConflictSet; kind: 'value' | 'cell' };
      try {
        r = pipelineConflictSet(fn, array); // warm-up
      } catch {
        continue;
      }
      const ts: number[] = [];
      for (let k = 0; k < runs; k++) {
        coldStart();
        const t = process.cpuUsage();
        pipelineConflictSet(fn, array);
        const d = process.cpuUsage(t);
        ts.push((d.user + d.system) / 1000);
      }
      rows.push({
        sample: file.replace(/\.c$/, ''),
        function: fn.name,
        array: array.name,
        kind: r.kind,
        medianMs: median(ts),
        runs,
        pieces: r.cs.ds.pieces.length,
        values: knownValues(fn),
        fn,
        info: array,
        cs: r.cs,
      });
    }
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (n: string) => {
    const i = process.argv.indexOf(n);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const runs = Number(arg('--runs') ?? 5);
  const rows = await benchConflicts(runs, arg('--only'));
  let total = 0;
  for (const r of rows) {
    total += r.medianMs;
    console.log(
      `  ${`${r.sample} ${r.function}.${r.array}`.padEnd(40)} ${r.kind.padEnd(6)} ${r.medianMs.toFixed(2).padStart(9)} ms  ${r.pieces} piece(s)`,
    );
  }
  console.log(`  ${'total'.padEnd(47)} ${total.toFixed(2).padStart(9)} ms`);
}
