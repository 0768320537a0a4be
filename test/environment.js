/**
 * Jest's Node environment, and a quick end for Jest's worker processes (issue 29, item 6).
 *
 * "A worker process has failed to exit gracefully and has been force exited" ended every full
 * run. No suite leaves a handle behind: at the end of each suite the worker holds only its IPC
 * channel and stdio (checked with process._getActiveHandles() after every suite of a full
 * run). The worker ends on its own (status 0), but late: Jest asks it to end by removing its
 * 'message' listener and gives it 500 ms; a worker that has run ~90 suites (a heap of 0.7 GB,
 * and the CLI thread of test/helpers/cli.ts) took 0.5 to 0.7 s from its 'exit' event to its
 * end on a loaded machine, and Jest killed it. Once Jest's listener is gone the worker has
 * nothing left to do: the CLI thread is ended (40-80 ms, less than at the process's exit), and
 * the process exits at once (process.exit skips the main heap's teardown).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import threads from 'node:worker_threads';
import { TestEnvironment } from 'jest-environment-node';

/** Where test/helpers/cli.ts keeps the CLI thread of this process. */
const CLI_THREAD = Symbol.for('beeclak.test.cliThread');

function end() {
  const t = threads[CLI_THREAD];
  if (!t) return process.exit();
  delete threads[CLI_THREAD];
  // (the thread is unref'd: the promise alone would not keep the process alive)
  t.worker.ref();
  void t.worker.terminate().then(() => process.exit());
}

// Loaded once per process (Node's module cache). Only a worker Jest started has a channel;
// a run in band (one suite) never loses a 'message' listener.
if (typeof process.send === 'function')
  process.on('removeListener', (event) => {
    if (event === 'message' && process.listenerCount('message') === 0) end();
  });

/**
 * With BEECLAK_SUITE_CPU=FILE, one JSON line per suite appended to FILE: the CPU seconds of this
 * process (the suite, its CLI thread) and of the children it waited for (compilers, programs,
 * the binary) from the suite's environment to its end. The order of test/heavyFirst.js is
 * read from these: under load a suite's wall time says more of the machine than of the suite.
 */
function cpuNow() {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const tick = 100; // USER_HZ, as Linux reports it in /proc
  return { self: (+f[11] + +f[12]) / tick, children: (+f[13] + +f[14]) / tick };
}

class Environment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.suite = context.testPath;
    this.cpuLog = process.env.BEECLAK_SUITE_CPU;
    if (this.cpuLog) this.cpuStart = cpuNow();
  }

  async teardown() {
    if (this.cpuLog) {
      const end = cpuNow();
      const line = {
        suite: relative(process.cwd(), this.suite),
        self: +(end.self - this.cpuStart.self).toFixed(2),
        children: +(end.children - this.cpuStart.children).toFixed(2),
      };
      appendFileSync(this.cpuLog, `${JSON.stringify(line)}\n`);
    }
    await super.teardown();
  }
}

export default Environment;
