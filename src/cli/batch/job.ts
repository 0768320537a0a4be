/**
 * One file's job in a multi-file `contract`: what goes to a worker and what comes back.
 * Plain data only (structured-clonable), so it crosses worker threads and the cache.
 */
import type { ContractOptions } from '../../pipeline/contraction.js';
import { contractInConfigurations } from '../../pipeline/configurations/index.js';
import type { FileReport } from '../../pipeline/report.js';
import type { StorageOffer } from '../../model/program.js';
import { InputError } from '../../model/errors.js';
import { releaseParsedTrees } from '../../frontend/parse.js';
import { hostGuardLines } from '../../pipeline/configurations/guardLines.js';
import { hostCallFree } from '../../pipeline/configurations/unityGuards.js';
import { withGivenRuns, type PreprocessorRun } from '../../frontend/preprocessorRuns.js';

export interface FileJob {
  readonly file: string;
  readonly source: string;
  readonly options: ContractOptions;
  /**
   * The preprocessor's runs made already for the file's unit (and its host's): the job takes
   * them instead of running the compiler again (preprocessorRuns.ts). Not in the cache key:
   * each is the output of what its key names, which the options and the source give.
   */
  readonly runs?: readonly PreprocessorRun[];
}

export type FileOutcome =
  | {
      readonly kind: 'done';
      readonly text: string;
      readonly changed: boolean;
      readonly report: FileReport;
      /** The headers the compiler read (absolute paths): the cache checks them too. */
      readonly includes?: readonly string[];
      /** Its parameters whose callers are all in other files of the set (crossFilePlan.ts). */
      readonly offers?: readonly StorageOffer[];
      /** Read inside its includer: the lines of `text` that are guards (guardLines.ts). */
      readonly guardLines?: readonly number[];
      /** Read inside its includer: its functions that call nothing (unityGuards.ts). */
      readonly callFree?: readonly string[];
    }
  /** Input the tool refuses (a syntax error, ...): the message has file:line:col. */
  | { readonly kind: 'refused'; readonly message: string }
  /** A bug of beeclak on this file: reported, the file skipped, the run goes on. */
  | { readonly kind: 'internal'; readonly message: string };

export async function runJob(job: FileJob): Promise<FileOutcome> {
  try {
    return await withGivenRuns(job.runs ?? [], () => contractJob(job));
  } finally {
    await releaseParsedTrees();
  }
}

/** A file contracted: its text, whether it changed, its report and its guard lines. */
export function doneOutcome(
  c: Awaited<ReturnType<typeof contractInConfigurations>>,
  options: ContractOptions,
): Extract<FileOutcome, { kind: 'done' }> {
  return {
    kind: 'done',
    text: c.text,
    changed: c.changed,
    report: c.analysis.report,
    ...hostGuardLines(c, options),
    ...hostCallFree(c, options),
  };
}

async function contractJob(job: FileJob): Promise<FileOutcome> {
  try {
    const c = await contractInConfigurations(job.source, job.file, job.options);
    return {
      ...doneOutcome(c, job.options),
      ...(c.analysis.includes ? { includes: c.analysis.includes } : {}),
      ...(c.analysis.storage?.offers ? { offers: c.analysis.storage.offers } : {}),
    };
  } catch (e) {
    if (e instanceof InputError) return { kind: 'refused', message: e.format() };
    return {
      kind: 'internal',
      message: `beeclak: internal error: ${job.file}: ${(e as Error)?.message ?? String(e)}`,
    };
  }
}
