/**
 * Jest's Node environment, one global object for all the suites of a worker (below, and
 * test/runtime.cjs), and a quick end for Jest's worker processes (issue 29, item 6).
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
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import threads from 'node:worker_threads';
import { TestEnvironment } from 'jest-environment-node';

// What jest-environment-node builds a suite's environment with, as it finds them.
const node = createRequire(createRequire(import.meta.url).resolve('jest-environment-node'));
const { LegacyFakeTimers, ModernFakeTimers } = node('@jest/fake-timers');
const { ModuleMocker } = node('jest-mock');
const { deepCyclicCopy } = node('jest-util');
// Not among jest-util's exports: the copy of `process` Jest gives each suite.
const createProcessObject = node(
  join(dirname(node.resolve('jest-util')), 'createProcessObject.js'),
).default;

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

/**
 * One global object, one vm context, for all the suites of a worker process, so that they can
 * share the modules of src/ (test/runtime.cjs: a module is linked to modules of its own context
 * only). The first suite's is made as jest-environment-node makes it; each suite then gets what
 * Node's environment gives each suite (its own copy of `process`, mocks, fake timers), and what
 * a suite adds to the global (Jest's `describe`, `expect`..., the suite's own) is removed at its
 * end, as a new context would not have it.
 */
let base;

class Environment {
  constructor(config, context) {
    const { projectConfig } = config;
    if (!base) {
      const first = new TestEnvironment(config, context);
      base = { first, context: first.context, global: first.global };
      base.keys = new Set(Reflect.ownKeys(first.global));
      base.values = new Map([...base.keys].map((k) => [k, valueOf(first.global, k)]));
    } else {
      base.global.process = createProcessObject();
      Object.assign(base.global, deepCyclicCopy(projectConfig.globals));
      base.global.Error.stackTraceLimit = 100;
    }
    const global = (this.global = base.global);
    this.context = base.context;
    this.customExportConditions = base.first.customExportConditions;
    this._configuredExportConditions = base.first._configuredExportConditions;
    this.moduleMocker = new ModuleMocker(global);
    const timerIdToRef = (id) => ({
      id,
      ref() {
        return this;
      },
      unref() {
        return this;
      },
    });
    this.fakeTimers = new LegacyFakeTimers({
      config: projectConfig,
      global,
      moduleMocker: this.moduleMocker,
      timerConfig: { idToRef: timerIdToRef, refToId: (timer) => timer?.id },
    });
    this.fakeTimersModern = new ModernFakeTimers({ config: projectConfig, global });
    this.suite = context.testPath;
    this.cpuLog = process.env.BEECLAK_SUITE_CPU;
    if (this.cpuLog) this.cpuStart = cpuNow();
  }

  async setup() {}

  exportConditions() {
    return this._configuredExportConditions ?? this.customExportConditions;
  }

  getVmContext() {
    return this.context;
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
    this.fakeTimers.dispose();
    this.fakeTimersModern.dispose();
    const global = this.global;
    for (const k of Reflect.ownKeys(global)) {
      if (!base.keys.has(k)) {
        if (Reflect.getOwnPropertyDescriptor(global, k)?.configurable) delete global[k];
      } else {
        const d = Reflect.getOwnPropertyDescriptor(global, k);
        const was = base.values.get(k);
        if (d.writable && was !== undefined && !Object.is(d.value, was)) global[k] = was;
      }
    }
    this.context = null;
    this.global = null;
    this.fakeTimers = null;
    this.fakeTimersModern = null;
  }
}

/** A property's value, without running a getter (Node's globals are lazy getters). */
function valueOf(object, key) {
  const d = Reflect.getOwnPropertyDescriptor(object, key);
  return d && 'value' in d ? d.value : undefined;
}

export default Environment;
