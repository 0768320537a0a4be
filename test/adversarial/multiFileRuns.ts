/**
 * The adversarial file sets of multifile/ (multiFile.test.ts), contracted and run: shared by
 * multiFile.test.ts (verdicts, runs at -O0 with ASan + UBSan) and multiFileO2.long.test.ts
 * (runs at -O2, `npm run test:long`).
 */
import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';
import { compileCached } from '../../scripts/ccCache.js';
import type { FileReport } from '../../src/index.js';

export const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'multifile');
export const SETS = readdirSync(DIR).sort();

/** The .c files of a set, as paths relative to its folder (a set may have folders of its own). */
const sourcesOf = (dir: string) =>
  filesUnder(dir)
    .filter((f) => f.endsWith('.c'))
    .sort();

/**
 * The files a set is contracted with: those its file ARGS names (a set whose command line
 * leaves a file out, as a user may), else every .c file.
 */
export function givenOf(dir: string): string[] {
  const listed = listedIn(dir, 'ARGS');
  return listed ?? sourcesOf(dir);
}

/** The words of a set's file `name` (ARGS, UNITS), if it has one. */
function listedIn(dir: string, name: string): string[] | undefined {
  try {
    return readFileSync(path.join(dir, name), 'utf8').split(/\s+/).filter(Boolean);
  } catch {
    return undefined;
  }
}

export interface Contracted {
  readonly dir: string;
  readonly reports: Map<string, FileReport>;
}

/** A copy of the set in `work`, contracted in place; the reports by file name. */
export function contractSet(set: string, work: string): Contracted {
  const dir = path.join(work, set);
  // (links kept as written: a set may include a file through a relative link)
  cpSync(path.join(DIR, set), dir, { recursive: true, verbatimSymlinks: true });
  // (one thread: a worker costs more to start than a small set costs to read; that the
  // workers give the same result is cli/multiFile.test.ts's --jobs 1/--jobs 2 case)
  const r = runCli(
    [
      'contract',
      '-i',
      '--no-cache',
      '--jobs',
      '1',
      '--report',
      'json',
      '--report-file',
      'report.json',
    ].concat(givenOf(dir)),
    { cwd: dir },
  );
  if (r.code !== 0) throw new Error(`contract exited ${r.code}: ${r.stderr}`);
  const doc = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as {
    files: FileReport[];
  };
  // By the name given: a report may name a file through its real folders (a set whose paths
  // reach one folder two ways, include-dotdot-linked-folder).
  const real = (f: string) => realpathSync(path.resolve(dir, f));
  const byReal = new Map(doc.files.map((f) => [real(f.file), f]));
  return {
    dir,
    reports: new Map(
      givenOf(dir).flatMap((g) => (byReal.has(real(g)) ? [[g, byReal.get(real(g))!]] : [])),
    ),
  };
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function exec(file: string, args: string[], cwd?: string): Promise<Run> {
  return new Promise((resolve) => {
    // No leak check (as `check` runs its builds): LeakSanitizer's exit-time pass dies before stdio
    // is flushed when it fails (seen once as an exit 1 with no output), and leaks say nothing of
    // contraction.
    const env = { ...process.env, ASAN_OPTIONS: 'detect_leaks=0' };
    execFile(
      file,
      args,
      { encoding: 'utf8', cwd, env, timeout: 60000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * The .c files of a folder that no other one (nor a header) includes: what the build compiles
 * (or the files its file UNITS names, for a set that includes a file through a macro; a word
 * of UNITS after the first that starts with `-` is a flag of both builds: `-trigraphs`).
 */
function units(dir: string): string[] {
  const listed = listedIn(dir, 'UNITS');
  if (listed) return listed;
  const files = sourcesOf(dir);
  const texts = readdirSync(dir).filter((f) => /\.[ch]$/.test(f));
  const included = new Set(
    texts.flatMap((f) =>
      [...readFileSync(path.join(dir, f), 'utf8').matchAll(/#\s*include\s*"([^"]+\.c)"/g)].map(
        (m) => path.basename(m[1]!),
      ),
    ),
  );
  return files.filter((f) => !included.has(f));
}

/** The builds compared: at -O0 with the sanitizers (npm test), at -O2 (npm run test:long). */
export const SANITIZED = ['-O0', '-fsanitize=address,undefined', '-fno-sanitize-recover=all'];
export const OPTIMIZED = ['-O2'];

/**
 * Builds the set in `dir` through the shared cache of builds (scripts/ccCache.ts), its key
 * covering every file of the folder: the original sets are the same texts every run, and so
 * are their contractions, and their builds were half of multiFile.test.ts's CPU.
 */
async function build(dir: string, flags: readonly string[], exe: string): Promise<Run> {
  const cc = process.env.CC ?? 'cc';
  const [first, ...others] = units(dir);
  const reads = filesUnder(dir)
    .filter((f) => /\.[ch]$/.test(f))
    .sort()
    .map((f): [string, string] => [f, readFileSync(path.join(dir, f), 'utf8')]);
  return compileCached(
    (c, a) => exec(c, a, dir),
    cc,
    ['-std=gnu11', '-w', ...flags, ...others],
    path.join(dir, first!),
    exe,
    ['-lm'],
    reads,
  );
}

async function runProgram(dir: string, flags: readonly string[], tag: string): Promise<Run> {
  const exe = path.join(dir, `a-${tag}.out`);
  const built = await build(dir, flags, exe);
  if (built.code !== 0) throw new Error(`${dir} does not compile:\n${built.stderr}`);
  return exec(exe, []);
}

const hasMain = (dir: string) =>
  sourcesOf(dir).some((f) => /\bint\s+main\s*\(/.test(readFileSync(path.join(dir, f), 'utf8')));

/**
 * The original set and its contracted copy `c`, built with `flags` and run: exit status and
 * output of each (labelled by the flags), to compare. None when the set has no main().
 */
export async function bothRuns(
  set: string,
  c: Contracted,
  flags: readonly string[],
  work: string,
): Promise<{ before: unknown[]; after: unknown[] } | undefined> {
  const original = path.join(DIR, set);
  if (!hasMain(original)) return undefined;
  if (leftAsWritten(original, c)) return SAME;
  const tag = flags.join('');
  const before = await runProgram(copyOf(original, `${set}-orig${tag}`, work), flags, tag);
  const after = await runProgram(c.dir, flags, tag);
  return {
    before: [flags.join(' '), before.code, before.stdout],
    after: [flags.join(' '), after.code, after.stdout],
  };
}

/** What two builds of one text compare as: the same (no build needed to know it). */
const SAME = { before: [], after: [] };

/**
 * Every file of the set reads as written after `contract -i`: its builds are the original's
 * builds, so they print the same without being run (most traps are refused whole).
 */
function leftAsWritten(original: string, c: Contracted): boolean {
  return filesUnder(original).every((rel) =>
    readFileSync(path.join(original, rel)).equals(readFileSync(path.join(c.dir, rel))),
  );
}

/** The files under a folder, as paths relative to it. */
function filesUnder(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(dir, path.join(rel, e.name))
      : e.isFile()
        ? [path.join(rel, e.name)]
        : [],
  );
}

/** A copy of the original set to build (the repository's folder stays clean). */
function copyOf(dir: string, name: string, work: string): string {
  const to = path.join(work, name);
  cpSync(dir, to, { recursive: true, verbatimSymlinks: true });
  return to;
}

/**
 * Extra builds a set's leading comments ask for (`build also: -DDEBUG`): each contracted
 * build must print the same as the original's, or not compile (a guard stops it). The pairs
 * to compare, one per build that compiled.
 */
export async function extraRuns(
  set: string,
  c: Contracted,
  work: string,
): Promise<{ before: unknown[]; after: unknown[] }[]> {
  const original = path.join(DIR, set);
  if (leftAsWritten(original, c)) return [];
  const builds = sourcesOf(original).flatMap((f) =>
    [...readFileSync(path.join(original, f), 'utf8').matchAll(/^\s*build also:\s*(.+?)\s*$/gm)].map(
      (m) => m[1]!.split(/\s+/),
    ),
  );
  const pairs: { before: unknown[]; after: unknown[] }[] = [];
  for (const [k, flags] of builds.entries()) {
    const before = await runProgram(copyOf(original, `${set}-orig-x${k}`, work), flags, `x${k}`);
    const after = await runProgram(c.dir, flags, `x${k}`).catch(() => undefined);
    if (after)
      pairs.push({
        before: [flags.join(' '), before.code, before.stdout],
        after: [flags.join(' '), after.code, after.stdout],
      });
  }
  return pairs;
}
