/**
 * What the steps of one `npm run bench` run share (scripts/bench.ts creates it): the paths,
 * the run counts of the command line, the samples and their sources, the progress log, the
 * default contraction options and the list of failures that docs/benchmarks.md reports.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { ContractOptions } from '../../src/pipeline/contraction.js';
import type { HeuristicChoice, ModuloForm } from '../../src/pipeline/options.js';
import { DEFAULT_SEARCH_BUDGET_MS } from '../../src/lattice/index.js';

/** The repository (this file runs as dist/scripts/bench/context.js). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const SAMPLES = join(ROOT, 'samples');
export const BIN = join(ROOT, 'bin', 'beeclak.js');
export const CC = process.env.CC ?? 'cc';

/** A failure of one sample in one step: reported in docs/benchmarks.md, never a crash. */
export interface SampleError {
  sample: string;
  stage: string;
  error: string;
}

export interface BenchContext {
  /** `--quick`: fewer runs everywhere. */
  readonly quick: boolean;
  /** Runs per analysis timing (median). */
  readonly runs: number;
  /** Runs per compiled binary (median). */
  readonly binRuns: number;
  /** The `.c` files of samples/, sorted. */
  readonly sampleFiles: readonly string[];
  readonly errors: SampleError[];
  /** The text of samples/`file`, read once. */
  source(file: string): string;
  /** A progress line, prefixed by the seconds since the start. */
  log(s: string): void;
  /** Seconds since the start. */
  elapsedS(): number;
}

export function createContext(quick: boolean, runs: number): BenchContext {
  const t00 = performance.now();
  const elapsedS = () => (performance.now() - t00) / 1000;
  const sources = new Map<string, string>();
  return {
    quick,
    runs,
    binRuns: quick ? 3 : 7,
    sampleFiles: readdirSync(SAMPLES)
      .filter((f) => f.endsWith('.c'))
      .sort(),
    errors: [],
    source(file) {
      let s = sources.get(file);
      if (s === undefined) sources.set(file, (s = readFileSync(join(SAMPLES, file), 'utf8')));
      return s;
    },
    log: (s) => console.log(`[${elapsedS().toFixed(0).padStart(4)}s] ${s}`),
    elapsedS,
  };
}

/** The CLI's defaults (oracle off), with `over` on top. */
export function contractOptions(over: Partial<ContractOptions> = {}): ContractOptions {
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
