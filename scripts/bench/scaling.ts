/**
 * Step `scaling` of `npm run bench`: kernels with their size macros set by `-D` from 10 to
 * 10^6: the static path (whole pipeline, lifetime and lattice stages), which should not grow
 * with the sizes, and the compiled dynamic oracle (`dynamicMaxLive` on every candidate),
 * which does, up to its budget. An array the oracle cannot walk (a data-dependent
 * subscript) gets the count of a real traced run instead, labelled "(traced run)"
 * (tracedMaxLive.ts), outside the oracle's columns.
 */
import { performance } from 'node:perf_hooks';
import { contractSource } from '../../src/pipeline/contraction.js';
import { DATA_DEPENDENT, dynamicMaxLive } from '../../src/dynamic/maxLive.js';
import { DEFAULT_ORACLE_OPERATIONS } from '../../src/pipeline/analysis.js';
import { contractOptions as options, type BenchContext } from './context.js';
import { errText, markdownTable, ms } from './util.js';
import { hasMain, tracedMaxLive } from './tracedMaxLive.js';

/**
 * How dynamicMaxLive says that its walk is no real run (maxLive.ts): a subscript may touch
 * any cell, or a loop bound or condition depends on data.
 */
const ANY_CELL = new RegExp(`any cell|${DATA_DEPENDENT}`);

/** The kernels and the size macros set to each of SIZES together. */
export const SCALING: { file: string; params: string[] }[] = [
  { file: 'durbin.c', params: ['N'] },
  { file: 'dynprog.c', params: ['N'] },
  { file: 'linebuf.c', params: ['H', 'W'] },
  { file: 'stencil_time.c', params: ['T', 'N'] },
  { file: 'reverse_stride.c', params: ['N'] },
  { file: 'datadep.c', params: ['N'] },
];
const SIZES = [10n, 100n, 1000n, 1000000n];
/** The compiled oracle runs at every size, under its default budget (it stops at the limit). */
export const ORACLE_SCALING_OPS = DEFAULT_ORACLE_OPERATIONS;

export interface ScalingRow {
  sample: string;
  /** `N = 100`, `H = W = 10^6`: a row of staticPath.ts finds its size by the end of it. */
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

/** One row per kernel and size pushed to `scaling` (a failure is its row's error). */
export async function runScaling(ctx: BenchContext, scaling: ScalingRow[]): Promise<void> {
  const { log } = ctx;
  for (const { file, params } of SCALING) {
    const source = ctx.source(file);
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
        const notes: { key: string; name: string; note: string }[] = [];
        const anyCell: { function: string; array: string }[] = [];
        let oracleAccesses = 0;
        for (const fn of c.analysis.model.functions) {
          const values: Record<string, bigint> = {};
          for (const p of fn.parameters) if (p.value !== undefined) values[p.name] = p.value;
          for (const array of fn.arrays.filter((a) => a.candidate)) {
            const d = dynamicMaxLive(fn, array, values, { maxOperations: ORACLE_SCALING_OPS });
            if (d.kind === 'done') oracleAccesses += d.accesses;
            const key = `${fn.name}\n${array.name}`;
            notes.push({
              key,
              name: array.name,
              note: d.kind === 'done' ? `${d.values}` : oracleGap(d.reason),
            });
            if (d.kind === 'skipped' && ANY_CELL.test(d.reason))
              anyCell.push({ function: fn.name, array: array.name });
          }
        }
        const oracleMs = performance.now() - to;
        // Arrays the oracle cannot walk (a data-dependent subscript): a real run's count,
        // when the sample has a main to run (and cc builds it). Not in the oracle's time.
        if (anyCell.length > 0 && hasMain(source)) {
          const traced = await tracedMaxLive(source, file, anyCell, defines);
          if (traced.error) log(`scaling ${file} ${size}: traced run: ${traced.error}`);
          for (const n of notes) n.note = traced.notes.get(n.key) ?? n.note;
        }
        const oracleNote = `maxLive: ${notes.map((n) => `${n.name} ${n.note}`).join(', ')}`;
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

export function scalingTable(scaling: readonly ScalingRow[]): string {
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

/**
 * Why the oracle gave no maxLive, in a table cell: its budget (operations, memory, loop
 * bounds) or a model it cannot count (an access that may touch any cell: datadep's hist).
 */
function oracleGap(reason: string): string {
  if (/operations|MB|too large/.test(reason)) return 'over budget';
  if (/any cell/.test(reason)) return 'not counted (may touch any cell)';
  if (ANY_CELL.test(reason)) return 'not counted (depends on data)';
  return 'not run';
}
