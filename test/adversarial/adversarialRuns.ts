/**
 * The adversarial programs of programs/ (adversarial.test.ts), contracted and run: shared by
 * adversarial.test.ts (verdicts, reference reports, runs at -O0 with ASan + UBSan) and
 * adversarialO2.long.test.ts (runs at -O2, `npm run test:long`).
 *
 * A program of several files is a folder: every .c file in it is contracted on its own (as
 * `contract -i` does with each file it is given) with its own leading comment, and main.c
 * is the file built (it may #include the others).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract, type FileReport } from '../../src/index.js';
import { ADVERSARIAL, callOf, recordOf, type RunResult } from '../decision/referenceReports.js';
import { compileCached } from '../../scripts/ccCache.js';
import { reportVerdicts } from './verdicts.js';

export const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'programs');
/** A program: one .c file, or a folder of them built through its main.c. */
export const PROGRAMS = readdirSync(DIR)
  .filter((f) => f.endsWith('.c') || statSync(path.join(DIR, f)).isDirectory())
  .sort();

/** The .c files of a program, relative to DIR. */
export function sourcesOf(program: string): string[] {
  if (program.endsWith('.c')) return [program];
  return readdirSync(path.join(DIR, program))
    .filter((f) => f.endsWith('.c'))
    .sort()
    .map((f) => path.join(program, f));
}

export interface Contracted {
  file: string;
  source: string;
  code: string;
  verdicts: string[];
  report: FileReport;
  /** What test/decision/reference.json records for it. */
  recorded: RunResult;
  key: string;
}

// One contraction per program, shared by its verdict test, its reference test and its run
// test. The options are the reference's (test/decision/referenceReports.ts): the file named
// from the root, a file another file of its folder includes told so (cli/includers.ts), as
// for `contract -i` over the folder.
const contracted = new Map<string, Promise<Contracted[]>>();
export function contractProgram(program: string): Promise<Contracted[]> {
  let p = contracted.get(program);
  if (!p) {
    p = Promise.all(
      sourcesOf(program).map(async (file) => {
        const run = {
          file: `${ADVERSARIAL}/${file.split(path.sep).join('/')}`,
          variant: 'default',
        };
        const { source, options } = callOf(run);
        const result = await contract(source, options);
        return {
          file,
          source,
          code: result.code,
          verdicts: reportVerdicts(result.report),
          report: result.report,
          recorded: recordOf(result),
          key: `${run.variant} ${run.file}`,
        };
      }),
    );
    contracted.set(program, p);
  }
  return p;
}

interface Run {
  code: number;
  stdout: string;
}

function exec(
  file: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<Run & { stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { encoding: 'utf8', env, timeout: 20000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The builds compared: at -O0 with the sanitizers (npm test), at -O2 (npm run test:long). */
export const SANITIZED = ['-O0', '-fsanitize=address,undefined', '-fno-sanitize-recover=all'];
export const OPTIMIZED = ['-O2'];

/**
 * Builds `files` (name -> text) in the folder `base`, through its main.c for a folder
 * program, by the shared cache of builds: its key covers the other files (those main.c
 * includes).
 */
async function build(
  files: ReadonlyMap<string, string>,
  base: string,
  flags: string[],
): Promise<string> {
  mkdirSync(base, { recursive: true });
  for (const [name, text] of files) writeFileSync(path.join(base, name), text);
  const cc = process.env.CC ?? 'cc';
  const main = path.join(base, files.has('main.c') ? 'main.c' : [...files.keys()][0]!);
  const exe = path.join(base, 'a.out');
  const args = ['-std=gnu11', '-w', ...flags];
  const reads = [...files]
    .filter(([name]) => path.join(base, name) !== main)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const r = await compileCached((c, a) => exec(c, a), cc, args, main, exe, ['-lm'], reads);
  if (r.code !== 0) throw new Error(`${path.basename(base)} does not compile:\n${r.stderr}`);
  return exe;
}

/**
 * How the original and the contracted program differ when both are built with `flags` (in
 * a folder of `work`) and run: exit status and output; none when they agree.
 */
export async function runBoth(
  name: string,
  units: readonly Contracted[],
  flags: readonly string[],
  work: string,
): Promise<string[]> {
  // The same text behaves the same: most programs keep every array, and their builds were
  // most of the suite's time.
  if (units.every((u) => u.code === u.source)) return [];
  // A folder's other files (its headers) are built with it, unchanged.
  const folder = path.dirname(units[0]!.file);
  const others: [string, string][] =
    folder === '.'
      ? []
      : readdirSync(path.join(DIR, folder))
          .filter((f) => !f.endsWith('.c'))
          .map((f) => [f, readFileSync(path.join(DIR, folder, f), 'utf8')]);
  const original = new Map([
    ...others,
    ...units.map((u): [string, string] => [path.basename(u.file), u.source]),
  ]);
  const result = new Map([
    ...others,
    ...units.map((u): [string, string] => [path.basename(u.file), u.code]),
  ]);
  const omp = units.some((u) => /#\s*pragma\s+omp\b/.test(u.source)) ? ['-fopenmp'] : [];
  // Both builds at once: built one after the other they left a core idle.
  const [a, b] = await Promise.all([
    build(original, path.join(work, `${name}-orig`), [...flags, ...omp]),
    build(result, path.join(work, `${name}-out`), [...flags, ...omp]),
  ]);
  // No leak check (as `check` runs its builds): leaks say nothing of contraction, and
  // LeakSanitizer's exit-time pass dies before stdio is flushed when it fails.
  const env = { ...process.env, OMP_NUM_THREADS: '2', ASAN_OPTIONS: 'detect_leaks=0' };
  const [ra, rb] = await Promise.all([exec(a, [], env), exec(b, [], env)]);
  if (ra.code === rb.code && ra.stdout === rb.stdout) return [];
  // What a sanitizer said: typedef-array-of-pointers.c's original exited 1 with no output in
  // full runs and nothing said why (UBSan's report of an overflow of uninitialized values).
  const said = (r: Run & { stderr: string }) =>
    r.stderr ? ` (stderr ${JSON.stringify(r.stderr.slice(0, 2000))})` : '';
  return [
    `${flags.join(' ')}: original ${ra.code} ${JSON.stringify(ra.stdout)}${said(ra)}, contracted ${rb.code} ${JSON.stringify(rb.stdout)}${said(rb)}`,
  ];
}
