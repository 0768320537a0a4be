/**
 * Spreads file jobs over worker threads (node:worker_threads), one job per worker at a
 * time. One job, or one core, runs in this thread: starting a worker costs a module load.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { runJob, type FileJob, type FileOutcome } from './job.js';

export interface PoolOptions {
  /** Most workers to start (default: the cores available). */
  readonly threads?: number;
  /** Called as each job finishes, in completion order. */
  readonly onDone?: (index: number, outcome: FileOutcome) => void;
}

export async function runJobs(
  jobs: readonly FileJob[],
  opts: PoolOptions = {},
): Promise<FileOutcome[]> {
  const results: FileOutcome[] = new Array(jobs.length);
  const threads = Math.max(1, Math.min(opts.threads ?? os.availableParallelism(), jobs.length));
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
