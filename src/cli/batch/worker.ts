/** A worker thread of a multi-file `contract`: runs the jobs it is sent, one at a time. */
import { parentPort } from 'node:worker_threads';
import { runJob, type FileJob } from './job.js';

parentPort!.on('message', async (msg: { id: number; job: FileJob }) => {
  const outcome = await runJob(msg.job);
  parentPort!.postMessage({ id: msg.id, outcome });
});
