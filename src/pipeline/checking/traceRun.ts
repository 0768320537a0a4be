/**
 * Build and run the trace build of a program (rewrite/traceInstrument.ts) and fold what it
 * reports (dynamic/fold): the shared first half of `check --trace` and `profile`.
 *
 * The trace comes through a pipe (file descriptor 3 of the child) and is decoded and folded
 * as it arrives, so memory does not grow with the length of the run. Several runs (one per
 * argument list) are folded separately: each is one execution with its own parameters.
 */
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { traceSites } from '../../frontend/traceSites.js';
import type { TraceSites } from '../../model/trace.js';
import { InputError } from '../../model/errors.js';
import { traceInstrument, type TraceStream } from '../../rewrite/traceInstrument.js';
import { TraceDecoder } from '../../dynamic/fold/decode.js';
import type { FoldOptions, FoldResult } from '../../dynamic/fold/index.js';
import { TracedLiveCounter, type TracedLive } from '../../dynamic/tracedLive.js';
import { compile, describeExit, type RunResult } from './compileRun.js';

export interface TraceRunOptions {
  /** One run per argument list (at least one). */
  readonly runs: readonly (readonly string[])[];
  readonly stdin?: string;
  readonly timeoutMs?: number;
  /** Arrays to trace (all local arrays when absent). */
  readonly only?: ReadonlySet<string>;
  /** The program's own compiler flags. */
  readonly flags?: readonly string[];
  readonly fold?: FoldOptions;
  /**
   * Records a stream may send before the runtime keeps only its bounding box (default 2^16):
   * bounds the folding time of irregular streams, which then fold to a box (a give-up).
   */
  readonly maxRecords?: number;
  /**
   * Also count, per traced array, the most values live at once in each run, from its
   * accesses in execution order (dynamic/tracedLive.ts): a measurement, never a decision.
   */
  readonly countLive?: boolean;
  /**
   * Run under this stack limit (`ulimit -s`, through /bin/sh), when the shell may raise it:
   * for large sizes of programs that keep their arrays on the stack (the bench).
   */
  readonly stackLimitKb?: number | 'unlimited';
}

interface TracedRun {
  readonly args: readonly string[];
  readonly exit: RunResult;
  /** One fold per stream (index = stream id = access id). */
  readonly folds: readonly FoldResult[];
  readonly points: number;
  readonly records: number;
  readonly malformed?: string;
  /** With `countLive`: per traced array, the values live at once in this run. */
  readonly live?: readonly TracedLive[];
}

export interface TraceOutcome {
  readonly sites: TraceSites;
  readonly streams: readonly TraceStream[];
  readonly compileCommand: string;
  readonly runs: readonly TracedRun[];
}

/** The program's own fault (its trace build does not compile, or it crashes): exit 1. */
class TraceBuildError extends InputError {}

/**
 * Runs `exe` with the trace pipe on fd 3 feeding `decoder` and, with `order`, the order
 * channel (every access in execution order) on fd 4 feeding it, in the empty folder `cwd`
 * (as check's own runs: a file the program writes lands there, never in the user's folder).
 */
function runTraced(
  exe: string,
  cwd: string,
  args: readonly string[],
  stdin: string,
  timeoutMs: number,
  decoder: TraceDecoder,
  maxRecords?: number,
  order?: TracedLiveCounter,
  stackLimitKb?: number | 'unlimited',
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, BEECLAK_TRACE_FD: '3' };
    if (maxRecords !== undefined) env.BEECLAK_TRACE_MAX_RECORDS = String(maxRecords);
    if (order) env.BEECLAK_TRACE_ORDER_FD = '4';
    const pipes = order ? 5 : 4;
    const stdio = Array(pipes).fill('pipe');
    const child =
      stackLimitKb === undefined
        ? spawn(exe, [...args], { stdio, env, cwd })
        : spawn(
            '/bin/sh',
            [
              '-c',
              `ulimit -s ${stackText(stackLimitKb)} 2>/dev/null; exec "$0" "$@"`,
              exe,
              ...args,
            ],
            { stdio, env, cwd },
          );
    if (order) (child.stdio[4] as NodeJS.ReadableStream).on('data', (b: Buffer) => order.push(b));
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (b: Buffer) => decoder.push(b));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(stdin);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr, timedOut });
    });
  });
}

/** A limit as `ulimit -s` reads it (nothing else reaches the shell). */
function stackText(kb: number | 'unlimited'): string {
  return kb === 'unlimited' ? kb : String(Math.max(1, Math.floor(kb)));
}

export async function traceProgram(
  source: string,
  file: string,
  options: TraceRunOptions,
): Promise<TraceOutcome> {
  const sites = traceSites(source, file, options.only);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'beeclak-trace-'));
  try {
    let build = traceInstrument(source, file, sites);
    // The runtime apart: the program's unit includes no system header of beeclak's.
    const runtime = path.join(dir, 'beeclak_trace_runtime.c');
    await fs.writeFile(runtime, build.runtime);
    const flags = {
      sanitize: false,
      extraFlags: [...(options.flags ?? [])],
      // (apart from the program's macros and forced includes: compileRun.ts, `ownSources`)
      ownSources: [runtime],
    };
    let exe = await compile(build.text, 'traced', dir, flags);
    if (!exe.ok) {
      // A `for` counter C cannot cast to long (a struct, say): trace without counters.
      build = traceInstrument(source, file, sites, { withCounters: false });
      await fs.writeFile(runtime, build.runtime);
      exe = await compile(build.text, 'traced', dir, flags);
    }
    if (!exe.ok)
      throw new TraceBuildError(
        `the trace build does not compile:\n${exe.diagnostics.trim()}`,
        file,
      );
    const runs: TracedRun[] = [];
    for (const args of options.runs) {
      const decoder = new TraceDecoder(build.streams, options.fold);
      const order = options.countLive
        ? new TracedLiveCounter(sites.accesses, sites.arrays)
        : undefined;
      const runDir = path.join(dir, 'run');
      await fs.rm(runDir, { recursive: true, force: true });
      await fs.mkdir(runDir);
      const exit = await runTraced(
        path.resolve(exe.exe),
        runDir,
        args,
        options.stdin ?? '',
        options.timeoutMs ?? 20_000,
        decoder,
        options.maxRecords,
        order,
        options.stackLimitKb,
      );
      if (exit.timedOut || exit.signal)
        throw new TraceBuildError(
          `the trace build ${describeExit(exit)} with arguments [${args.join(' ')}]`,
          file,
        );
      const folds = decoder.finish();
      runs.push({
        args,
        exit,
        folds,
        points: decoder.points,
        records: decoder.records,
        malformed: decoder.malformed,
        ...(order ? { live: order.finish() } : {}),
      });
    }
    return { sites, streams: build.streams, compileCommand: exe.command, runs };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
