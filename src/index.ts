/**
 * The library face of beeclak: analyse or contract one C translation unit held in memory.
 *
 *     import { contract } from 'beeclak';
 *     const { code, report } = await contract(source, { file: 'kernel.c' });
 *
 * Both functions take the same options as the command line (`-D`, `--temporary`, ...) with
 * the command line's defaults, and throw `InputError` for input they refuse (with `file` and
 * `loc`). The text is read as the compiler reads it: `$CC -E` runs on it (with
 * `compiler.flags`; `#include "x.h"` is looked up next to `file`); `compiler: false` reads the
 * text itself instead and never touches the file system.
 */
import { analyzeSource, DEFAULT_WORK_UNITS, type AnalysisOptions } from './pipeline/analysis.js';
import { contractSource } from './pipeline/contraction.js';
import type { FileReport } from './pipeline/report.js';
import { DEFAULT_SEARCH_BUDGET_MS } from './lattice/index.js';
import { nameRecord } from './poly/nameRecord.js';
import { withCallContext } from './context/callContext.js';

export { InputError } from './model/errors.js';
export type { ArrayReport, FileReport, PrintOptions, Status } from './pipeline/report.js';
export { formatJson, formatText } from './pipeline/report.js';
export type { HeuristicChoice, ModuloForm } from './pipeline/options.js';

export interface Options extends Partial<AnalysisOptions> {
  /** The name used in the report and in error locations (default `input.c`). */
  file?: string;
  /** Put the mapping in a comment above each changed declaration. */
  annotate?: boolean;
}

export interface ContractResult {
  /** The transformed program (the input itself when nothing changed). */
  code: string;
  changed: boolean;
  report: FileReport;
}

function withDefaults(options: Options): AnalysisOptions {
  return {
    defines: nameRecord(options.defines),
    temporaries: options.temporaries ?? [],
    only: options.only ?? [],
    heuristic: options.heuristic ?? 'auto',
    modulo: options.modulo ?? 'exact',
    minGain: options.minGain ?? 0.05,
    budgetMs: options.budgetMs ?? DEFAULT_SEARCH_BUDGET_MS,
    oracleOperations: options.oracleOperations ?? 0,
    workUnits: options.workUnits ?? DEFAULT_WORK_UNITS,
    ...(options.compiler !== undefined ? { compiler: options.compiler } : {}),
    ...(options.hls ? { hls: true } : {}),
    ...(options.includedBy ? { includedBy: options.includedBy } : {}),
    ...(options.privateStackBytes !== undefined
      ? { privateStackBytes: options.privateStackBytes }
      : {}),
  };
}

// Each call has a context of its own (work budgets, memo tables, counters; see
// src/context/callContext.ts): calls that overlap in one process share none of them.

/** Per array: status, reason, conflict set, mapping and sizes (no rewrite). */
export async function analyze(source: string, options: Options = {}): Promise<FileReport> {
  const analysis = await withCallContext(() =>
    analyzeSource(source, options.file ?? 'input.c', withDefaults(options)),
  );
  return analysis.report;
}

/** The contracted program and its report. */
export async function contract(source: string, options: Options = {}): Promise<ContractResult> {
  const c = await withCallContext(() =>
    contractSource(source, options.file ?? 'input.c', {
      ...withDefaults(options),
      annotate: options.annotate ?? false,
    }),
  );
  return { code: c.text, changed: c.changed, report: c.analysis.report };
}

// Traces (issue 18): folding of (iteration vector, label) streams, `check --trace`, `profile`.
export { Folder, type FoldOptions, type FoldResult, type Piece } from './dynamic/fold/index.js';
export { traceCheck, type TraceCheckResult, type TraceFinding } from './pipeline/traceCheck.js';
export { profileSource, type ProfileResult, type ProfiledArray } from './pipeline/profile.js';
