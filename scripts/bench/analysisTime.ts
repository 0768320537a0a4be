/**
 * Steps `time` and `e2e` of `npm run bench`: the analysis time of every sample, in process
 * (warm, per pipeline stage, value-based and cell-based lifetimes, median of `runs`) and end
 * to end (`./bin/beeclak contract` in a new process: wall time and peak RSS), against the
 * start-up of Node and the CLI alone. Both fill one row per sample, hence one module.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { contractSource } from '../../src/pipeline/contraction.js';
import { BIN, contractOptions as options, ROOT, type BenchContext } from './context.js';
import { errText, markdownTable, median, ms, timed } from './util.js';

export interface TimeRow {
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

/** Step `time`: one row per sample pushed to `times`. */
export async function runTimes(ctx: BenchContext, times: TimeRow[]): Promise<void> {
  const { runs: RUNS, log } = ctx;
  for (const file of ctx.sampleFiles) {
    const source = ctx.source(file);
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
      ctx.errors.push({ sample: file, stage: 'time', error: errText(e) });
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

/** Start-up of a new process: the CLI's (`--version`) and a bare `node -e 0`'s, medians (ms). */
export interface StartupFloor {
  startupMs: number | null;
  /** A bare `node -e 0` in a new process: the floor of any cold start (issue 17's goal: 3x). */
  nodeMs: number | null;
}

/** Step `e2e`: sets the end-to-end columns of the rows of `times` (adding rows `time` did not). */
export function runEndToEnd(ctx: BenchContext, times: TimeRow[], floor: StartupFloor): void {
  const { runs: RUNS, log } = ctx;
  const out = mkdtempSync(join(tmpdir(), 'beeclak-e2e-'));
  const st: number[] = [];
  for (let k = 0; k < RUNS; k++) st.push(timed(['node', BIN, '--version'], ROOT).wall);
  const startupMs = (floor.startupMs = median(st));
  const bare: number[] = [];
  for (let k = 0; k < RUNS; k++) bare.push(timed(['node', '-e', '0'], ROOT).wall);
  const nodeMs = (floor.nodeMs = median(bare));
  log(
    `end to end: node + CLI start-up (--version) ${ms(startupMs)} ms, node -e 0 ${ms(nodeMs)} ms`,
  );
  for (const file of ctx.sampleFiles) {
    const walls: number[] = [];
    const rss: number[] = [];
    let status: number | null = 0;
    for (let k = 0; k < RUNS; k++) {
      const r = timed(['node', BIN, 'contract', `samples/${file}`, '-o', join(out, file)], ROOT);
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

export function timeTable(
  sampleFiles: readonly string[],
  times: readonly TimeRow[],
  { startupMs, nodeMs }: StartupFloor,
): string {
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
