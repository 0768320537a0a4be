/**
 * Jest's Node environment, and a quick end for Jest's worker processes (issue 29, item 6).
 *
 * "A worker process has failed to exit gracefully and has been force exited" ended every full
 * run. No suite leaves a handle behind: at the end of each suite the worker holds only its IPC
 * channel and stdio (checked with process._getActiveHandles() after every suite of a full
 * run). The worker ends on its own, but late: Jest asks it to end by removing its 'message'
 * listener and gives it 500 ms; a worker that has run ~90 suites (hundreds of ES module
 * graphs in their own contexts, the CLI thread of test/helpers/cli.ts) then spent 0.2 to 0.7 s
 * after its 'exit' event tearing down its heaps, and Jest killed it. Once Jest's listener is
 * gone, the worker has nothing left to do: it exits at once (process.exit skips the heaps'
 * teardown), with the status it would have had.
 */
import { TestEnvironment } from 'jest-environment-node';

// Loaded once per process (Node's module cache). Only a worker Jest started has a channel;
// a run in band (one suite) never loses a 'message' listener.
if (typeof process.send === 'function')
  process.on('removeListener', (event) => {
    if (event === 'message' && process.listenerCount('message') === 0) process.exit();
  });

export default TestEnvironment;
