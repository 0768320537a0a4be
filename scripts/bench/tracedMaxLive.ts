/**
 * For the scaling step: the values live at once of arrays the compiled oracle skips because
 * a subscript is data-dependent (it may touch any cell), from a real run of the sample's
 * trace build (pipeline/checking/traceRun.ts with `countLive`, as `check --trace` does). A
 * measurement of that run, labelled as such in the table; never used to decide anything.
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { traceProgram } from '../../src/pipeline/checking/traceRun.js';
import { SAMPLES } from './context.js';
import { errText } from './util.js';

export interface TracedCounts {
  /** Per `function\narray`: the count, or why not counted. */
  readonly notes: Map<string, string>;
  readonly ms: number;
  readonly error?: string;
}

/** A `main` to run: without one there is no run to trace. */
export function hasMain(source: string): boolean {
  return /^[\w\s]*\bmain\s*\(/m.test(source);
}

/**
 * Traces one run of samples/`file` (no arguments, empty stdin) with the size macros set by
 * `defines`, counting the arrays `arrays` ({function, array}) only.
 */
export async function tracedMaxLive(
  source: string,
  file: string,
  arrays: readonly { function: string; array: string }[],
  defines: Readonly<Record<string, bigint>>,
): Promise<TracedCounts> {
  const t = performance.now();
  const notes = new Map<string, string>();
  try {
    const outcome = await traceProgram(source, join(SAMPLES, file), {
      runs: [[]],
      only: new Set(arrays.map((a) => a.array)),
      flags: [...Object.entries(defines).map(([k, v]) => `-D${k}=${v}`), '-iquote', SAMPLES],
      countLive: true,
      timeoutMs: 120_000,
      // Large sizes put the samples' arrays on the stack (datadep at N = 10^6: 32 MB).
      stackLimitKb: 'unlimited',
    });
    for (const live of outcome.runs[0]?.live ?? [])
      notes.set(
        `${live.function}\n${live.array}`,
        live.kind === 'done' ? `${live.values} (traced run)` : `not counted (${live.reason})`,
      );
    return { notes, ms: performance.now() - t };
  } catch (e) {
    return { notes, ms: performance.now() - t, error: errText(e) };
  }
}
