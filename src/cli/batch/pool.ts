/**
 * Spreads file jobs over worker threads (node:worker_threads), one job per worker at a
 * time. One job, or one core, runs in this thread: starting a worker costs a module load.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { runJob, type FileJob, type FileOutcome } from './job.js';

/**
 * Without --jobs, one worker per this many bytes of source at most. A worker costs about
 * 0.2 s of CPU to start (it loads the bundle and compiles it afresh) and its code runs cold,
 * about what 3 KB of C takes to analyse; a set of a few small files then took twice the CPU
 * on two threads, and longer (4 files of test/adversarial/multifile, 0.38 -> 0.83 s; issue
 * 29, item 6), while the 19 samples (44 KB) still gain a core.
 */
const BYTES_PER_THREAD = 16 * 1024;

/** The workers to start for `jobs`: as asked, else the cores the set's size is worth. */
export function threadCount(jobs: readonly FileJob[], asked: number | undefined): number {
  if (asked !== undefined) return Math.max(1, Math.min(asked, jobs.length));
  const bytes = jobs.reduce((n, j) => n + j.source.length, 0);
  const worth = Math.floor(bytes / BYTES_PER_THREAD);
  return Math.max(1, Math.min(os.availableParallelism(), worth, jobs.length));
}

export interface PoolOptions {
  /** Most workers to start (default: the cores available, as the set's size is worth). */
  readonly threads?: number;
  /** Called as each job finishes, in completion order. */
  readonly onDone?: (index: number, outcome: FileOutcome) => void;
}

export async function runJobs(
  jobs: readonly FileJob[],
  opts: PoolOptions = {},
): Promise<FileOutcome[]> {
  const results: FileOutcome[] = new Array(jobs.length);
  const threads = threadCount(jobs, opts.threads);
  if (threads <= 1) {
    for (const [k, job] of jobs.entries()) {
      results[k] = await runJob(job);
      opts.onDone?.(k, results[k]!);
    }
    return results;
  }
  const workerUrl = new URL('./worker.js', import.meta.url);
  let next = 0;
  const workers: Worker[] = [];
  await Promise.all(
    Array.from({ length: threads }, () => {
      const worker = new Worker(workerUrl);
      workers.push(worker);
      return new Promise<void>((resolve) => {
        let current = -1;
        const feed = () => {
          if (next >= jobs.length) return resolve();
          current = next++;
          worker.postMessage({ id: current, job: jobs[current] });
        };
        worker.on('message', (msg: { id: number; outcome: FileOutcome }) => {
          results[msg.id] = msg.outcome;
          opts.onDone?.(msg.id, msg.outcome);
          feed();
        });
        // A worker that dies takes its current file with it (reported), not the run: the
        // others go on with the remaining files.
        worker.on('error', (e) => {
          if (current >= 0 && results[current] === undefined) {
            results[current] = { kind: 'internal', message: `internal error: ${e.message}` };
            opts.onDone?.(current, results[current]!);
          }
          resolve();
        });
        feed();
      });
    }),
  );
  await Promise.all(workers.map((w) => w.terminate()));
  // Files left over by workers that all died run here.
  for (const [k, job] of jobs.entries()) {
    if (results[k] !== undefined) continue;
    results[k] = await runJob(job);
    opts.onDone?.(k, results[k]!);
  }
  return results;
}
