/**
 * A worker thread of a multi-file `contract`: runs the jobs it is sent, one at a time, as
 * one call (src/context/callContext.ts): its files share the memo tables, as the files of a
 * run in one thread do.
 */
import { type MessagePort, parentPort } from 'node:worker_threads';
import { CallContext, withCallContext } from '../../context/callContext.js';
import { runJob, type FileJob } from './job.js';

function serve(port: MessagePort): void {
  const context = new CallContext();
  port.on('message', async (msg: { id: number; job: FileJob }) => {
    const outcome = await withCallContext(() => runJob(msg.job), context);
    port.postMessage({ id: msg.id, outcome });
  });
}

serve(parentPort!);
