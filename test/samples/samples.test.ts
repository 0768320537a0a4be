/**
 * The sample kernels (samples/*.c) are complete C programs: each must compile
 * cleanly with sanitizers, run deterministically and print a checksum; the
 * hand-folded versions in samples/folded must print exactly the original's
 * checksum, the deliberately wrong folds in test/fixtures/wrong-folds must run
 * but print a different one; samples/expected.json must describe every sample
 * and every array declared in it.
 */
import { parseTree } from '../../src/frontend/parse.js';
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { declaredArrays } from './scan.js';
import { compileCached } from '../../scripts/ccCache.js';

const execFileP = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = path.join(ROOT, 'samples');
const FOLDED = path.join(SAMPLES, 'folded');
const WRONG = path.join(ROOT, 'test', 'fixtures', 'wrong-folds');
const CC = process.env.CC ?? 'cc';
const CFLAGS = ['-std=c99', '-Wall', '-Wextra', '-Werror', '-O1', '-fsanitize=address,undefined'];

const cFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.c'))
    .sort()
    .map((f) => path.join(dir, f));

interface RunResult {
  file: string;
  ok: boolean;
  problem?: string;
  output?: string;
}

/** Compiles `file` and runs it twice; ok when both runs exit 0 with the same stdout and no stderr. */
async function buildAndRun(file: string, dir: string): Promise<RunResult> {
  const exe = path.join(dir, path.relative(ROOT, file).replace(/[/.]/g, '_'));
  const built = await compileCached(
    (cc, args) =>
      execFileP(cc, args).then(
        (r) => ({ code: 0, ...r }),
        (e: { stdout?: string; stderr?: string }) => ({
          code: 1,
          stdout: e.stdout ?? '',
          stderr: e.stderr ?? String(e),
        }),
      ),
    CC,
    CFLAGS,
    file,
    exe,
  );
  if (built.code !== 0) return { file, ok: false, problem: `does not compile:\n${built.stderr}` };
  const outs: string[] = [];
  for (let i = 0; i < 2; i++) {
    try {
      const { stdout, stderr } = await execFileP(exe, [], { timeout: 30000 });
      if (stderr !== '') return { file, ok: false, problem: `wrote to stderr:\n${stderr}` };
      outs.push(stdout);
    } catch (e) {
      return { file, ok: false, problem: `run failed:\n${(e as { stderr?: string }).stderr ?? e}` };
    }
  }
  if (outs[0] !== outs[1])
    return { file, ok: false, problem: `two runs differ: ${outs[0]} / ${outs[1]}` };
  if (!/^checksum -?\d/m.test(outs[0]))
    return { file, ok: false, problem: `no checksum line: ${outs[0]}` };
  return { file, ok: true, output: outs[0] };
}

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** The original a wrong fold was derived from, read from its header ("fold of samples/X.c"). */
function originalOf(fixture: string): string {
  const m = /fold of samples\/(\w+\.c)/.exec(fs.readFileSync(fixture, 'utf8'));
  if (!m)
    throw new Error(`${fixture}: header does not name the sample it folds ("fold of samples/X.c")`);
  return path.join(SAMPLES, m[1]);
}

interface ExpectedArray {
  name: string;
  function: string | null;
  candidate: boolean;
  reasons: string[];
  reason: string | null;
  originalCells: number | string;
  expectedCells: number | string;
  optimalCells: number | string | null;
}
interface ExpectedSample {
  file: string;
  defines: Record<string, number>;
  arrays: ExpectedArray[];
}
const expected: { samples: ExpectedSample[] } = JSON.parse(
  fs.readFileSync(path.join(SAMPLES, 'expected.json'), 'utf8'),
);

function haveCompiler(): boolean {
  const r = spawnSync(CC, ['--version'], { encoding: 'utf8' });
  return r.status === 0;
}

describe('sample kernels', () => {
  const samples = cFiles(SAMPLES);
  const folded = cFiles(FOLDED);
  const wrong = cFiles(WRONG);
  const results = new Map<string, RunResult>();
  let tmp = '';

  beforeAll(async () => {
    if (!haveCompiler()) {
      throw new Error(
        `no C compiler: '${CC} --version' failed; install cc (gcc or clang) or set CC`,
      );
    }
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-samples-'));
    const all = [...samples, ...folded, ...wrong];
    const rs = await pool(
      all.map((f) => () => buildAndRun(f, tmp)),
      Math.max(2, os.cpus().length),
    );
    for (const r of rs) results.set(r.file, r);
  }, 120000);

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('has at least 12 samples', () => {
    expect(samples.length).toBeGreaterThanOrEqual(12);
  });

  it('compiles every sample, folded version and wrong fold cleanly; each runs twice alike and prints a checksum', () => {
    const failures = [...results.values()]
      .filter((r) => !r.ok)
      .map((r) => `${path.relative(ROOT, r.file)}: ${r.problem}`);
    expect(failures).toEqual([]);
    expect(results.size).toBe(samples.length + folded.length + wrong.length);
  });

  it('hand-folded versions print exactly the original checksum', () => {
    expect(folded.length).toBeGreaterThanOrEqual(2);
    for (const f of folded) {
      const orig = path.join(SAMPLES, path.basename(f));
      expect(fs.existsSync(orig)).toBe(true);
      expect({ file: path.basename(f), out: results.get(f)?.output }).toEqual({
        file: path.basename(f),
        out: results.get(orig)?.output,
      });
    }
  });

  it('deliberately wrong folds run but print a different checksum', () => {
    expect(wrong.length).toBeGreaterThanOrEqual(2);
    for (const f of wrong) {
      const orig = originalOf(f);
      const mine = results.get(f)?.output;
      expect(mine).toBeDefined();
      expect({ file: path.basename(f), differs: mine !== results.get(orig)?.output }).toEqual({
        file: path.basename(f),
        differs: true,
      });
    }
  });

  it('every sample, folded version and wrong fold parses with tree-sitter-c without ERROR or MISSING nodes', () => {
    // Through the frontend's parser: a second load of tree-sitter in one process breaks both.
    const bad: string[] = [];
    interface TsNode {
      type: string;
      isMissing: boolean;
      startPosition: { row: number; column: number };
      children: TsNode[];
    }
    const walk = (file: string, n: TsNode) => {
      if (n.type === 'ERROR' || n.isMissing)
        bad.push(`${file}:${n.startPosition.row + 1}:${n.startPosition.column + 1}`);
      for (const c of n.children) walk(file, c);
    };
    for (const f of [...samples, ...folded, ...wrong]) {
      walk(
        path.relative(ROOT, f),
        parseTree(fs.readFileSync(f, 'utf8')).rootNode as unknown as TsNode,
      );
    }
    expect(bad).toEqual([]);
  });

  it('expected.json lists every sample exactly once, and no missing file', () => {
    const listed = expected.samples.map((s) => s.file).sort();
    expect(listed).toEqual(samples.map((f) => path.basename(f)));
  });

  it('expected.json lists every array declared in each sample, and only those', () => {
    for (const s of expected.samples) {
      const src = fs.readFileSync(path.join(SAMPLES, s.file), 'utf8');
      const declared = declaredArrays(src)
        .map((a) => `${a.function ?? '(file scope)'}:${a.name}`)
        .sort();
      const listed = s.arrays.map((a) => `${a.function ?? '(file scope)'}:${a.name}`).sort();
      expect({ file: s.file, arrays: listed }).toEqual({ file: s.file, arrays: declared });
    }
  });

  it('expected.json entries are consistent', () => {
    const problems: string[] = [];
    for (const s of expected.samples) {
      for (const a of s.arrays) {
        const id = `${s.file}:${a.function}:${a.name}`;
        if (!a.candidate && (a.reasons.length === 0 || !a.reason))
          problems.push(`${id}: not a candidate but no reason`);
        if (!a.candidate && a.expectedCells !== a.originalCells)
          problems.push(`${id}: not a candidate but shrinks`);
        if (typeof a.originalCells === 'number' && typeof a.expectedCells === 'number') {
          if (a.expectedCells < 1 || a.expectedCells > a.originalCells)
            problems.push(`${id}: expectedCells out of range`);
          if (
            typeof a.optimalCells === 'number' &&
            (a.optimalCells < 1 || a.optimalCells > a.expectedCells)
          ) {
            problems.push(`${id}: optimalCells above expectedCells`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
