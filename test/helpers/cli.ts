/**
 * Runs the built CLI (`npm test` builds first): runCli calls its `main` in a thread of the test's
 * own process, runBin starts `node bin/beeclak.js` as users do.
 *
 * A new process costs about 0.12 s of CPU before the CLI does anything, and Node then compiles
 * and optimizes the same functions again in every one: the suites started the binary about 430
 * times, the largest share of `npm test`'s CPU (issue 29, item 6). runCli gives `main` the
 * same arguments, working folder and environment, and returns what the process would have:
 * exit status, stdout and stderr as UTF-8. What only a process has (the entry point's code
 * cache and V8 flags, signals, a closed pipe, writes to the descriptors of /dev/stdout,
 * `ulimit`) is tested through runBin.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import threads from 'node:worker_threads';
import { flagSet } from './flagWait.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin', 'beeclak.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

interface CliOptions {
  cwd?: string;
  input?: string;
  env?: Record<string, string>;
}

// A hang fails its test (code -1) instead of holding the whole run until CI's limit: a
// synchronous call is out of reach of Jest's own timeout (a mutation of the name records made
// `check` loop for 15 minutes).
const LIMIT_MS = 180_000;

const envOf = (opts: CliOptions) => ({ ...process.env, BEECLAK_DEBUG: '', ...opts.env });

/** `node bin/beeclak.js args...`: the binary itself, in a process of its own. */
export function runBin(args: string[], opts: CliOptions = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input,
    encoding: 'utf8',
    env: envOf(opts),
    timeout: LIMIT_MS,
    killSignal: 'SIGKILL',
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

interface CliThread {
  readonly worker: threads.Worker;
  readonly port: threads.MessagePort;
  readonly flag: Int32Array;
}

// The thread outlives the suite that started it: kept on the `worker_threads` module, the one
// object the suites of a Jest worker process share (each suite has its own module registry and
// globals); test/environment.js ends it when Jest ends the process. The next suites of the process then find the CLI loaded and its code optimized:
// loading it costs about 0.5 s of CPU, a call of `contract` on a sample a third of a process's.
const KEY = Symbol.for('beeclak.test.cliThread');
type Holder = { [KEY]?: CliThread };

function cliThread(): CliThread {
  const holder = threads as unknown as Holder;
  const live = holder[KEY];
  if (live) return live;
  const { port1, port2 } = new threads.MessageChannel();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new threads.Worker(new URL('./cliThread.js', import.meta.url), {
    workerData: { port: port2, flag, root: ROOT },
    transferList: [port2],
    stdout: false,
    stderr: false,
  });
  // Neither keeps the process alive: Jest's worker ends when its suites are done.
  worker.unref();
  port1.unref();
  return (holder[KEY] = { worker, port: port1, flag });
}

function dropThread(t: CliThread): void {
  void t.worker.terminate();
  delete (threads as unknown as Holder)[KEY];
}

/** The CLI's `main(args)` as `beeclak args...` would run it, in this process. */
export function runCli(args: string[], opts: CliOptions = {}): CliResult {
  if (opts.input !== undefined) return runBin(args, opts);
  const t = cliThread();
  const home = process.cwd();
  Atomics.store(t.flag, 0, 0);
  process.chdir(opts.cwd ?? ROOT);
  try {
    t.port.postMessage({ argv: args, env: envOf(opts) });
    if (!flagSet(t.flag, LIMIT_MS)) {
      dropThread(t);
      return { code: -1, stdout: '', stderr: `beeclak: no answer in ${LIMIT_MS / 1000} s` };
    }
  } finally {
    process.chdir(home);
  }
  const reply = threads.receiveMessageOnPort(t.port)?.message as
    (CliResult & { broken?: boolean }) | undefined;
  if (!reply) throw new Error('the CLI thread answered nothing');
  if (reply.broken) dropThread(t);
  return { code: reply.code, stdout: reply.stdout, stderr: reply.stderr };
}
