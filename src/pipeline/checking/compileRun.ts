/**
 * Compiling and running C programs for `check`: the system compiler (`$CC` or `cc`),
 * sanitizers when the compiler supports them, runs with a time limit and a fixed stdin.
 */
import { spawnSync } from 'node:child_process';
import { promises as fs, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ownUnitFlags } from './compileFlags.js';

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
  /**
   * Files the program left in its working folder (relative path -> content), when run in one.
   * Typed as bytes, not Buffer, so the published declarations need no Node types.
   */
  readonly files?: ReadonlyMap<string, Uint8Array>;
}

function compilerCommand(language: 'c' | 'c++' = 'c'): string {
  // C++ programs (HLS kernels and their testbenches, issue 30) are built by $CXX.
  if (language === 'c++') return process.env.CXX?.trim() || 'c++';
  return process.env.CC?.trim() || 'cc';
}

const SANITIZERS = [
  '-fsanitize=address,undefined',
  '-fno-omit-frame-pointer',
  '-fno-sanitize-recover=undefined',
];
/**
 * Per process, not per call (src/context/callContext.ts): whether a compiler command builds
 * sanitized programs is a fact of the machine, the same for every call that asks.
 */
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

/**
 * The program's file is `#include`d by other sources of the build (a unity build, a test of
 * its static functions): the build compiles those, and they must include this text.
 */
export interface IncludedFrom {
  /** The program's own path (as the includers name it). */
  readonly file: string;
  /** The extra sources that include it. */
  readonly includers: readonly string[];
  /**
   * Files on the way from an includer to it (`gsm.c` includes `lpc.c`, which includes
   * `add.c`): copied beside it, not compiled, so that their `#include` finds the copy (a
   * quoted include looks in the including file's folder first: the original otherwise).
   */
  readonly via?: readonly string[];
}

export interface CompileOptions {
  readonly sanitize: boolean;
  readonly extraFlags?: readonly string[];
  readonly extraSources?: readonly string[];
  /**
   * beeclak's own C units (the trace runtime, the owner check's helpers): compiled apart with
   * the target's flags of `extraFlags` only (compileFlags.ts, `ownUnitFlags`), then linked.
   */
  readonly ownSources?: readonly string[];
  readonly includedFrom?: IncludedFrom;
  /** The program's language (default C): C++ is built by $CXX from a .cpp file. */
  readonly language?: 'c' | 'c++';
}

/**
 * Where the program's text and its sources go: `dir/name.c`, compiled with the extra
 * sources; or, when included by some of them, copies of the program and of its includers
 * under `dir/name.src/` at the same relative places as the originals (an `#include "../x.c"`
 * finds the copy), each original folder searched next for the other quoted includes, and
 * only the includers compiled.
 */
async function placeSources(
  sourceText: string,
  name: string,
  dir: string,
  options: CompileOptions,
): Promise<{ compiled: string[]; flags: string[] }> {
  const extra = options.extraSources ?? [];
  const inc = options.includedFrom;
  if (!inc || inc.includers.length === 0) {
    const src = path.join(dir, `${name}.${options.language === 'c++' ? 'cpp' : 'c'}`);
    // One character per byte (cli/sourceFile.ts reads files so): the bytes as they were.
    await fs.writeFile(src, sourceText, 'latin1');
    return { compiled: [src, ...extra], flags: [] };
  }
  const files = [inc.file, ...inc.includers].map((f) => path.resolve(f));
  const via = (inc.via ?? []).map((f) => path.resolve(f)).filter((f) => !files.includes(f));
  const root = [...files, ...via].map(path.dirname).reduce(commonFolder);
  const tree = path.join(dir, `${name}.src`);
  const copyOf = (f: string) => path.join(tree, path.relative(root, f));
  for (const f of [...files, ...via]) await fs.mkdir(path.dirname(copyOf(f)), { recursive: true });
  await fs.writeFile(copyOf(files[0]!), sourceText, 'latin1');
  for (const f of [...files.slice(1), ...via]) await fs.copyFile(f, copyOf(f));
  const flags = [...new Set(files.map(path.dirname))].flatMap((d) => ['-iquote', d]);
  const others = extra.filter((e) => !files.slice(1).includes(path.resolve(e)));
  return { compiled: [...files.slice(1).map(copyOf), ...others], flags };
}

function commonFolder(a: string, b: string): string {
  while (!(b + path.sep).startsWith(a.endsWith(path.sep) ? a : a + path.sep) && a !== b) {
    const up = path.dirname(a);
    if (up === a) return a;
    a = up;
  }
  return a;
}

export async function compile(
  sourceText: string,
  name: string,
  dir: string,
  options: CompileOptions,
): Promise<CompileResult> {
  const cc = compilerCommand(options.language);
  const exe = path.join(dir, name);
  const placed = await placeSources(sourceText, name, dir, options);
  // C++ keeps the compiler's own default standard.
  const std = options.language === 'c++' ? [] : ['-std=gnu99'];
  const flags = [...std, '-O1', '-w', ...placed.flags, ...(options.extraFlags ?? [])];
  if (options.sanitize && (await sanitizersWork(cc, dir))) flags.push(...SANITIZERS);
  // The public ap_int.h simulation headers (HLS kernels, issue 30) shift negative values:
  // undefined before C++20, two's complement in every compiler (and defined since C++20).
  // Sanitized, every testbench stopped at its first ap_int operation, and the two reports
  // differed by their addresses only.
  if (options.language === 'c++' && flags.includes(SANITIZERS[0]!))
    flags.push('-fno-sanitize=shift-base');
  const own = compileOwn(cc, std, flags, options);
  if ('failed' in own) return { ok: false, exe, command: own.command, diagnostics: own.failed };
  const args = [...flags, '-o', exe, ...placed.compiled, ...own.objects, '-lm'];
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

/**
 * beeclak's own units compiled to objects beside them, with the target's flags of the build
 * (`flags`: the sanitizers too, which the link needs alike) and none of the program's macros
 * or forced includes: or the first one's failure.
 */
function compileOwn(
  cc: string,
  std: readonly string[],
  flags: readonly string[],
  options: CompileOptions,
): { objects: string[] } | { failed: string; command: string } {
  const objects: string[] = [];
  const own = [...std, '-O1', '-w', ...ownUnitFlags(flags.slice(std.length + 2))];
  for (const src of options.ownSources ?? []) {
    const object = src.replace(/\.[^./]*$/, '') + '.o';
    const args = [...own, '-c', '-o', object, src];
    const r = spawnSync(cc, args, { encoding: 'utf8' });
    if (r.error || r.status !== 0)
      return {
        command: `${cc} ${args.join(' ')}`,
        failed: r.error
          ? `cannot run '${cc}': ${r.error.message}`
          : (r.stderr ?? '') + (r.stdout ?? ''),
      };
    objects.push(object);
  }
  return { objects };
}

/**
 * Runs `exe`; with `cwd`, in that folder (created empty), and the files the program leaves
 * there are part of the result (`check` compares them).
 */
export function run(
  exe: string,
  args: readonly string[],
  stdin: string,
  timeoutMs: number,
  cwd?: string,
): RunResult {
  if (cwd) {
    rmSync(cwd, { recursive: true, force: true });
    mkdirSync(cwd, { recursive: true });
  }
  const r = spawnSync(exe, args, {
    cwd,
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
    ...(cwd ? { files: filesUnder(cwd) } : {}),
  };
}

function filesUnder(dir: string, prefix = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, e.name);
    if (e.isDirectory()) for (const [k, v] of filesUnder(dir, rel)) out.set(k, v);
    else if (e.isFile()) out.set(rel, readFileSync(path.join(dir, rel)));
  }
  return out;
}

/**
 * What differs between two runs of the same program text (exit status, stdout, stderr, the
 * files written), as one message per difference; [] when they behaved the same.
 */
export function runDifferences(a: RunResult, b: RunResult): string[] {
  const out: string[] = [];
  if (a.status !== b.status || a.signal !== b.signal || a.timedOut !== b.timedOut)
    out.push(`exit status: original ${describeExit(a)}, candidate ${describeExit(b)}`);
  if (a.stdout !== b.stdout)
    out.push(
      `stdout differs (${a.stdout.length} / ${b.stdout.length} bytes)${firstDifference(a.stdout, b.stdout)}`,
    );
  if (a.stderr !== b.stderr)
    out.push(
      `stderr differs (${a.stderr.length} / ${b.stderr.length} bytes)${firstDifference(a.stderr, b.stderr)}`,
    );
  const fa = a.files ?? new Map<string, Uint8Array>();
  const fb = b.files ?? new Map<string, Uint8Array>();
  for (const name of [...new Set([...fa.keys(), ...fb.keys()])].sort()) {
    const x = fa.get(name);
    const y = fb.get(name);
    if (!x) out.push(`file ${name}: written by the candidate only`);
    else if (!y) out.push(`file ${name}: written by the original only`);
    else if (!Buffer.from(x).equals(y))
      out.push(
        `file ${name} differs (${x.length} / ${y.length} bytes)${firstDifference(utf8(x), utf8(y))}`,
      );
  }
  return out;
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

function firstDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let k = 0; k < Math.max(la.length, lb.length); k++) {
    if (la[k] !== lb[k])
      return `\n  first difference at line ${k + 1}:\n    original:  ${la[k] ?? '(none)'}\n    candidate: ${lb[k] ?? '(none)'}`;
  }
  return '';
}

/** Exit status / signal / time-out as words. */
export function describeExit(r: RunResult): string {
  if (r.timedOut) return 'timed out';
  if (r.signal) return `killed by ${r.signal}`;
  return `exit ${r.status}`;
}
