/**
 * Step `compression` of `npm run bench`: the size every candidate array of every sample is
 * contracted to at the default sizes (with the dynamic oracle's maxLive), with Bee's
 * cell-based lifetimes for comparison, and the exhaustive search (`--heuristic opt`) on the
 * arrays of the paper's table; against samples/expected.json and the paper's numbers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { contractSource } from '../../src/pipeline/contraction.js';
import type { ArrayReport, FileReport } from '../../src/pipeline/report.js';
import { DEFAULT_ORACLE_OPERATIONS } from '../../src/pipeline/analysis.js';
import { contractOptions as options, SAMPLES, type BenchContext } from './context.js';
import { errText, markdownTable, ms, ratio, type Cell } from './util.js';

/** Operations of the dynamic oracle per array in the compression pass: its default. */
export const ORACLE_OPS = DEFAULT_ORACLE_OPERATIONS;
/** Exhaustive lattice search budget (ms) of the `--heuristic opt` pass. */
const OPT_BUDGET_MS = 5_000;

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

export interface CompressionRow {
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

const isCandidate = (a: ArrayReport) => !(a.reason ?? '').startsWith('not a candidate');
const num = (x: unknown): number | null => (typeof x === 'number' ? x : null);

/** Measures every sample; rows are pushed to `out` as they come (a failure keeps the rows before it). */
export async function runCompression(ctx: BenchContext, out: CompressionRow[]): Promise<void> {
  const expected: ExpectedSample[] = JSON.parse(
    readFileSync(join(SAMPLES, 'expected.json'), 'utf8'),
  ).samples;
  /** The expected entry of an array (two functions of one sample may have arrays of one name). */
  const expectedOf = (file: string, array: string, fn: string) =>
    expected
      .find((s) => s.file === file)
      ?.arrays.find(
        (a) => a.name === array && a.candidate && (a.function == null || a.function === fn),
      );
  const { errors, log } = ctx;
  for (const file of ctx.sampleFiles) {
    const source = ctx.source(file);
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
    out.push(...rows);
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

export function compressionTable(compression: readonly CompressionRow[]): string {
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
