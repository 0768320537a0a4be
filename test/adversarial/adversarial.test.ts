/**
 * Adversarial whole programs (issue 13): each program of programs/ sets one trap for the
 * analysis (its leading comment says which, and which verdict each array must get: see
 * verdicts.ts). Each is contracted, and its report must give exactly the expected verdicts
 * (so that a regression to "refuse everything" fails too, issue 25); then the original and
 * the result are compiled and run at -O0 with ASan + UBSan and at -O2 (with -fopenmp when the
 * program has OpenMP pragmas); exit status and output must be the same. Every program here
 * was miscompiled (different output, or a result that does not compile) before the fix that
 * guards it, or records a verdict that must not change (a sound contraction, `call-*`).
 *
 * A program of several files is a folder: every .c file in it is contracted on its own (as
 * `contract -i` does with each file it is given) with its own leading comment, and main.c
 * is the file built (it may #include the others).
 */
import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract, type FileReport } from '../../src/index.js';
import {
  ADVERSARIAL,
  callOf,
  readReference,
  recordOf,
  type RunResult,
} from '../decision/referenceReports.js';
import { compileCached } from '../../scripts/ccCache.js';
import { expectedVerdicts, leadingComment, missingCodes, reportVerdicts } from './verdicts.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'programs');
/** A program: one .c file, or a folder of them built through its main.c. */
const PROGRAMS = readdirSync(DIR)
  .filter((f) => f.endsWith('.c') || statSync(path.join(DIR, f)).isDirectory())
  .sort();
const work = mkdtempSync(path.join(tmpdir(), 'beeclak-adversarial-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The .c files of a program, relative to DIR. */
function sourcesOf(program: string): string[] {
  if (program.endsWith('.c')) return [program];
  return readdirSync(path.join(DIR, program))
    .filter((f) => f.endsWith('.c'))
    .sort()
    .map((f) => path.join(program, f));
}

interface Contracted {
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
function contractProgram(program: string): Promise<Contracted[]> {
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

const FLAG_SETS = [['-O0', '-fsanitize=address,undefined', '-fno-sanitize-recover=all'], ['-O2']];

/**
 * Builds `files` (name -> text) in the folder `base`, through its main.c for a folder
 * program. Only one-file programs go through the shared cache: its key is the text of the
 * file built, which does not cover the files it includes.
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
  const r =
    files.size === 1
      ? await compileCached((c, a) => exec(c, a), cc, args, main, exe, ['-lm'])
      : await exec(cc, [...args, main, '-o', exe, '-lm']);
  if (r.code !== 0) throw new Error(`${path.basename(base)} does not compile:\n${r.stderr}`);
  return exe;
}

async function runBoth(name: string, units: readonly Contracted[]): Promise<string[]> {
  // The same text behaves the same: most programs keep every array, and their four builds
  // were most of the suite's time.
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
  const diffs: string[] = [];
  // The four builds at once: built one after the other they left a core idle.
  const built = await Promise.all(
    FLAG_SETS.map((flags, k) =>
      Promise.all([
        build(original, path.join(work, `${name}-${k}-orig`), [...flags, ...omp]),
        build(result, path.join(work, `${name}-${k}-out`), [...flags, ...omp]),
      ]),
    ),
  );
  for (const [k, [a, b]] of built.entries()) {
    const env = { ...process.env, OMP_NUM_THREADS: '2' };
    const [ra, rb] = await Promise.all([exec(a, [], env), exec(b, [], env)]);
    if (ra.code !== rb.code || ra.stdout !== rb.stdout)
      diffs.push(
        `${FLAG_SETS[k]!.join(' ')}: original ${ra.code} ${JSON.stringify(ra.stdout)}, contracted ${rb.code} ${JSON.stringify(rb.stdout)}`,
      );
  }
  return diffs;
}

describe('adversarial programs: original and contracted compute the same', () => {
  it('has at least three programs per class, each naming its trap and its verdicts', () => {
    const classes = new Map<string, number>();
    for (const p of PROGRAMS) {
      const cls = p.split('-')[0]!;
      classes.set(cls, (classes.get(cls) ?? 0) + 1);
      if (!p.endsWith('.c')) expect(sourcesOf(p)).toContain(path.join(p, 'main.c'));
      for (const f of sourcesOf(p)) {
        const source = readFileSync(path.join(DIR, f), 'utf8');
        expect([f, leadingComment(source) !== undefined]).toEqual([f, true]);
        expect(() => expectedVerdicts(source)).not.toThrow();
      }
    }
    for (const [cls, n] of classes) expect(`${cls}: ${n}`).toMatch(/: ([3-9]|\d\d+)$/);
  });

  // Before the run: a verdict that changed says more than the run it may have caused.
  it.each(PROGRAMS)('%s: the verdicts of its leading comment', async (program) => {
    for (const u of await contractProgram(program)) {
      const expected = expectedVerdicts(u.source);
      expect([u.file, ...u.verdicts]).toEqual([u.file, ...expected.verdicts]);
      expect([u.file, ...missingCodes(expected, u.report)]).toEqual([u.file]);
    }
  });

  // The report of each file as test/decision/reference.json records it (issue 28; the
  // reference's other runs are compared by test/decision/sameReports.test.ts).
  const reference = readReference();
  it.each(PROGRAMS)('%s: the report of the reference', async (program) => {
    for (const u of await contractProgram(program))
      expect([u.key, u.recorded]).toEqual([u.key, reference[u.key]]);
  });

  it.each(PROGRAMS)('%s: the same output', async (program) => {
    const diffs = await runBoth(program.replace(/\.c$/, ''), await contractProgram(program));
    expect(diffs).toEqual([]);
  });
});
