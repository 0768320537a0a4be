/** Compile and run one C program with the system compiler (sanitizers on). */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileCached } from '../ccCache.js';

export const CC = process.env.CC ?? 'cc';
// (-Wno-unused-label: labels no goto targets are the HLS style, forms.ts writes them.)
export const PLAIN_FLAGS = ['-std=c99', '-Wall', '-Werror', '-Wno-unused-label', '-O0'];
export const SANITIZE_FLAGS = [
  ...PLAIN_FLAGS,
  '-fsanitize=address,undefined',
  '-fno-sanitize-recover=all',
];

export interface RunResult {
  ok: boolean;
  stage: 'compile' | 'run' | 'done';
  stdout: string;
  stderr: string;
  code: number | null;
}

interface ExecResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function exec(cmd: string, args: string[], timeoutMs: number): Promise<ExecResult> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      {
        timeout: timeoutMs,
        maxBuffer: 1 << 24,
        // Leak detection needs ptrace, unavailable in some sandboxes; it is irrelevant here.
        env: {
          ...process.env,
          ASAN_OPTIONS: 'detect_leaks=0',
          UBSAN_OPTIONS: 'halt_on_error=1:print_stacktrace=1',
        },
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** A scratch directory removed after `body` settles. */
export async function withTempDir<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'beeclak-fuzz-'));
  try {
    return await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Write `source` to dir/name.c, compile with `flags`, run; any failure is reported, not
 * thrown. With `files` (the other files of a program, by name: a unity build's included
 * file), all of them and `source` are written to dir/name.d/ and only `source` is compiled
 * (not through the cache, whose key is the compiled file's text alone).
 */
export async function compileAndRun(
  source: string,
  dir: string,
  name: string,
  flags: string[] = SANITIZE_FLAGS,
  timeoutMs = 20000,
  files?: Record<string, string>,
): Promise<RunResult> {
  const exe = join(dir, name);
  let c = join(dir, `${name}.c`);
  if (files) {
    const own = join(dir, `${name}.d`);
    await mkdir(own, { recursive: true });
    for (const [f, text] of Object.entries(files)) await writeFile(join(own, f), text);
    c = join(own, `${name}.c`);
  }
  await writeFile(c, source);
  const comp = files
    ? await exec(CC, [...flags, c, '-o', exe], timeoutMs)
    : await compileCached((cc, args) => exec(cc, args, timeoutMs), CC, flags, c, exe);
  if (comp.code !== 0)
    return {
      ok: false,
      stage: 'compile',
      stdout: comp.stdout,
      stderr: comp.stderr,
      code: comp.code,
    };
  const run = await exec(exe, [], timeoutMs);
  return {
    ok: run.code === 0,
    stage: run.code === 0 ? 'done' : 'run',
    stdout: run.stdout,
    stderr: run.stderr,
    code: run.code,
  };
}

export const CHECKSUM_LINE = /^checksum \d+\n$/;
