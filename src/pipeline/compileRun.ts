/**
 * Compiling and running C programs for `check`: the system compiler (`$CC` or `cc`),
 * sanitizers when the compiler supports them, runs with a time limit and a fixed stdin.
 */
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface CompileResult {
  readonly ok: boolean;
  readonly exe: string;
  readonly command: string;
  readonly diagnostics: string;
}

export interface RunResult {
  readonly status: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export function compilerCommand(): string {
  return process.env.CC?.trim() || 'cc';
}

const SANITIZERS = [
  '-fsanitize=address,undefined',
  '-fno-omit-frame-pointer',
  '-fno-sanitize-recover=undefined',
];
const sanitizerSupport = new Map<string, boolean>();

/** Whether `cc` can build and run a sanitized program here (probed once per compiler). */
async function sanitizersWork(cc: string, dir: string): Promise<boolean> {
  const known = sanitizerSupport.get(cc);
  if (known !== undefined) return known;
  const src = path.join(dir, 'probe.c');
  await fs.writeFile(src, 'int main(void) { return 0; }\n');
  const exe = path.join(dir, 'probe');
  const c = spawnSync(cc, [...SANITIZERS, '-o', exe, src], { encoding: 'utf8' });
  const works = c.status === 0 && spawnSync(exe, [], { encoding: 'utf8' }).status === 0;
  sanitizerSupport.set(cc, works);
  return works;
}

export async function compile(
  sourceText: string,
  name: string,
  dir: string,
  options: { sanitize: boolean; extraFlags?: string[] },
): Promise<CompileResult> {
  const cc = compilerCommand();
  const src = path.join(dir, `${name}.c`);
  const exe = path.join(dir, name);
  // One character per byte (cli/sourceFile.ts reads files so): the bytes as they were.
  await fs.writeFile(src, sourceText, 'latin1');
  const flags = ['-std=gnu99', '-O1', '-w', ...(options.extraFlags ?? [])];
  if (options.sanitize && (await sanitizersWork(cc, dir))) flags.push(...SANITIZERS);
  const args = [...flags, '-o', exe, src, '-lm'];
  const r = spawnSync(cc, args, { encoding: 'utf8' });
  if (r.error) {
    return {
      ok: false,
      exe,
      command: `${cc} ${args.join(' ')}`,
      diagnostics: `cannot run '${cc}': ${r.error.message}`,
    };
  }
  return {
    ok: r.status === 0,
    exe,
    command: `${cc} ${flags.join(' ')}`,
    diagnostics: (r.stderr ?? '') + (r.stdout ?? ''),
  };
}

export function run(
  exe: string,
  args: readonly string[],
  stdin: string,
  timeoutMs: number,
): RunResult {
  const r = spawnSync(exe, args, {
    input: stdin,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=0', UBSAN_OPTIONS: 'print_stacktrace=1' },
  });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return {
    status: r.status,
    signal: r.signal,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    timedOut,
  };
}

/** Exit status / signal / time-out as words. */
export function describeExit(r: RunResult): string {
  if (r.timedOut) return 'timed out';
  if (r.signal) return `killed by ${r.signal}`;
  return `exit ${r.status}`;
}
