/**
 * Adversarial whole programs (issue 13): each file of programs/ sets one trap for the
 * analysis (its first line says which). Each is contracted, then the original and the
 * result are compiled and run at -O0 with ASan + UBSan and at -O2 (with -fopenmp when the
 * program has OpenMP pragmas); exit status and output must be the same. Every program
 * here was miscompiled (different output, or a result that does not compile) before the
 * fix that guards it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '../../src/index.js';
import { compileCached } from '../../scripts/ccCache.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'programs');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.c'))
  .sort();
const work = mkdtempSync(path.join(tmpdir(), 'beeclak-adversarial-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

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

async function build(source: string, base: string, flags: string[]): Promise<string> {
  writeFileSync(`${base}.c`, source);
  const cc = process.env.CC ?? 'cc';
  // Through the shared cache: a program left unchanged is its own original, built once.
  const r = await compileCached(
    (c, args) => exec(c, args),
    cc,
    ['-std=gnu11', '-w', ...flags],
    `${base}.c`,
    base,
    ['-lm'],
  );
  if (r.code !== 0) throw new Error(`${path.basename(base)} does not compile:\n${r.stderr}`);
  return base;
}

async function runBoth(name: string, original: string, contracted: string): Promise<string[]> {
  const omp = /#\s*pragma\s+omp\b/.test(original) ? ['-fopenmp'] : [];
  const diffs: string[] = [];
  for (const [k, flags] of FLAG_SETS.entries()) {
    const all = [...flags, ...omp];
    const a = await build(original, path.join(work, `${name}-${k}-orig`), all);
    const b = await build(contracted, path.join(work, `${name}-${k}-out`), all);
    const env = { ...process.env, OMP_NUM_THREADS: '2' };
    const [ra, rb] = await Promise.all([exec(a, [], env), exec(b, [], env)]);
    if (ra.code !== rb.code || ra.stdout !== rb.stdout)
      diffs.push(
        `${flags.join(' ')}: original ${ra.code} ${JSON.stringify(ra.stdout)}, contracted ${rb.code} ${JSON.stringify(rb.stdout)}`,
      );
  }
  return diffs;
}

describe('adversarial programs: original and contracted compute the same', () => {
  it('has at least three programs per class, each naming its trap', () => {
    const classes = new Map<string, number>();
    for (const f of FILES) {
      const cls = f.split('-')[0];
      classes.set(cls, (classes.get(cls) ?? 0) + 1);
      expect(readFileSync(path.join(DIR, f), 'utf8')).toMatch(/^\/\* trap: .+\*\/\n/);
    }
    for (const [cls, n] of classes) expect(`${cls}: ${n}`).toMatch(/: ([3-9]|\d\d+)$/);
  });

  it.each(FILES)('%s', async (file) => {
    const source = readFileSync(path.join(DIR, file), 'utf8');
    const { code } = await contract(source, { file });
    const diffs = await runBoth(file.replace(/\.c$/, ''), source, code);
    expect(diffs).toEqual([]);
  });
});
