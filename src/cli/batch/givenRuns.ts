/**
 * The preprocessor's runs a file's job is given (src/frontend/preprocessorRuns.ts): those the
 * summary of its unit made, and those of the units it is read inside (its host in each
 * configuration: src/frontend/hostUnit.ts reads the host's output). A job given none, or
 * not the one it needs (other flags), runs the compiler as before.
 */
import path from 'node:path';
import type { PreprocessorRun } from '../../frontend/preprocessorRuns.js';
import type { ContractOptions } from '../../pipeline/contraction.js';
import type { FileJob } from './job.js';

/** By absolute file name: the runs its unit's summary made. */
export type UnitRuns = ReadonlyMap<string, readonly PreprocessorRun[]>;

/** The files whose units' runs a file's analysis in `options` may take. */
function unitsRead(file: string, options: ContractOptions): string[] {
  const hosts = [
    options.compiler ? options.compiler.host?.file : undefined,
    ...(options.configurations ?? []).map((c) => c.compiler.host?.file),
  ];
  return [file, ...hosts.filter((h): h is string => h !== undefined)];
}

/** `job` with the runs it may take. */
export function withRuns(job: FileJob, runs: UnitRuns | undefined): FileJob {
  if (!runs || runs.size === 0) return job;
  const given = [...new Set(unitsRead(job.file, job.options).map((f) => path.resolve(f)))].flatMap(
    (f) => runs.get(f) ?? [],
  );
  return given.length > 0 ? { ...job, runs: given } : job;
}
