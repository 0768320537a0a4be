/**
 * runCli's wait for the CLI thread's answer (helpers/flagWait.ts, helpers/cli.ts). Guards the
 * spurious wake: a notify with the flag still clear (the previous answer's, late) ended the
 * wait, and runCli found no answer ("the CLI thread answered nothing" under load).
 */
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { flagSet } from '../helpers/flagWait.js';

// Wakes the waiter twice with the flag clear (each notify only once it has woken someone:
// the waiter is then certainly waiting), then answers as cliThread.js does: the message, the
// flag, the notify.
const ANSWERING_LATE = `
const { parentPort, workerData: { flag, port } } = require('node:worker_threads');
const pause = new Int32Array(new SharedArrayBuffer(4));
const wake = () => {
  for (let k = 0; k < 10000; k++) {
    if (Atomics.notify(flag, 0) > 0) return;
    Atomics.wait(pause, 0, 0, 1);
  }
};
wake();
wake();
port.postMessage('the answer');
Atomics.store(flag, 0, 1);
Atomics.notify(flag, 0);
`;

describe('the wait for the CLI thread', () => {
  it('a wake without the flag set goes on waiting for the answer', async () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const thread = new Worker(ANSWERING_LATE, {
      eval: true,
      workerData: { flag, port: port2 },
      transferList: [port2],
    });
    try {
      expect(flagSet(flag, 30_000)).toBe(true);
      expect(receiveMessageOnPort(port1)?.message).toBe('the answer');
    } finally {
      await thread.terminate();
      port1.close();
    }
  });

  it('no answer within the limit is a timeout', () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    expect(flagSet(flag, 20)).toBe(false);
  });
});
