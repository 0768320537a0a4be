/**
 * The thread runCli (cli.ts) runs the built CLI in: its `main`, one call at a time, its output
 * captured. A call arrives on `workerData.port` as { argv, env }; the answer goes back on the
 * same port, then `workerData.flag` is set and notified (the test's thread waits for it with
 * Atomics.wait: runCli stays synchronous, as the spawn it replaces). The working folder is the
 * process's, set by the caller around the call (a thread cannot change it); the environment is
 * this thread's own copy, replaced for each call.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';

const { port, flag, root } = workerData;

const mtime = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/**
 * The code bin/beeclak.js runs: the bundle (its batch workers load dist/bundle/worker.js, one
 * file) unless tsc has rebuilt dist/src since it was made, wrapped as the entry point wraps it
 * (without its code cache: the thread loads it once).
 */
async function loadMain() {
  const bundle = path.join(root, 'dist/bundle/beeclak.cjs');
  const modules = path.join(root, 'dist/src/cli/main.js');
  const b = mtime(bundle);
  const m = mtime(modules);
  if (b === undefined || (m !== undefined && b < m))
    return (await import(pathToFileURL(modules).href)).main;
  const wrapped = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __beeclakImport) {${fs.readFileSync(bundle, 'latin1')}\n})`,
    { filename: bundle },
  ).runInThisContext();
  const mod = { exports: {} };
  wrapped(
    mod.exports,
    createRequire(bundle),
    mod,
    bundle,
    path.dirname(bundle),
    (specifier) => import(specifier),
  );
  return mod.exports.main;
}

// A CLI that does not load (dist/ not built) answers every call with the reason.
const main = await loadMain().catch((e) => async (_argv, io) => {
  io.stderr(`cannot load the CLI from ${root}/dist: ${e?.stack ?? e}\n`);
  return 70;
});

/** What the call in progress writes: bytes, decoded as UTF-8 at the end, as a pipe's are. */
let current;

function answer(reply) {
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

function setEnv(env) {
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
}

const text = (chunks) => Buffer.concat(chunks).toString('utf8');

// A throw no promise of the call awaits would end the `beeclak` process with status 1 and a
// stack trace: the call in progress ends so, and the thread is not used again (broken).
for (const event of ['uncaughtException', 'unhandledRejection'])
  process.on(event, (e) => {
    const call = current;
    current = undefined;
    const stack = `${e?.stack ?? e}\n`;
    if (call)
      answer({ code: 1, stdout: text(call.out), stderr: text(call.err) + stack, broken: true });
    else parentPort.postMessage({ broken: stack });
  });

// What the CLI writes to process.stdout or process.stderr itself (-o /dev/stdout) is the call's
// output too. A thread's own streams go through the test's thread, which waits for the call:
// the write's callback never came.
for (const [stream, into] of [
  [process.stdout, 'out'],
  [process.stderr, 'err'],
])
  stream.write = (chunk, encoding, done) => {
    const callback = typeof encoding === 'function' ? encoding : done;
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
        : Buffer.from(chunk);
    current?.[into].push(bytes);
    if (callback) queueMicrotask(() => callback());
    return true;
  };

port.on('message', async ({ argv, env }) => {
  const call = { out: [], err: [] };
  current = call;
  setEnv(env);
  const io = {
    stdout: (s) => call.out.push(Buffer.from(s, 'utf8')),
    stdoutBytes: (s) => call.out.push(Buffer.from(s, 'latin1')),
    stderr: (s) => call.err.push(Buffer.from(s, 'utf8')),
  };
  const code = await main(argv, io);
  if (current !== call) return;
  current = undefined;
  answer({ code, stdout: text(call.out), stderr: text(call.err) });
});
