/**
 * Adversarial C++ programs (issue 30): each program of cpp/ sets one trap that C++ adds for
 * the analysis (a reference, a template, a lambda, a class), says in its leading comment
 * which verdict each array must get (verdicts.ts), and is contracted; the report must give
 * exactly those verdicts, and the original and the result, built with the C++ compiler at
 * -O0 with ASan + UBSan and at -O2, must print the same.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '../../src/index.js';
import { compileCached } from '../../scripts/ccCache.js';
import { expectedVerdicts, leadingComment, missingCodes, reportVerdicts } from './verdicts.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cpp');
const PROGRAMS = readdirSync(DIR)
  .filter((f) => f.endsWith('.cpp'))
  .sort();
const work = mkdtempSync(path.join(tmpdir(), 'beeclak-adversarial-cpp-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function exec(
  file: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { encoding: 'utf8', timeout: 60000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const FLAG_SETS = [['-O0', '-fsanitize=address,undefined', '-fno-sanitize-recover=all'], ['-O2']];

async function buildAndRun(text: string, base: string, flags: string[]) {
  mkdirSync(base, { recursive: true });
  const src = path.join(base, 'main.cpp');
  writeFileSync(src, text);
  const exe = path.join(base, 'a.out');
  // Through the shared cache of builds (scripts/ccCache.ts): the originals are the same text
  // every run, and their two builds each were most of this suite's time.
  const built = await compileCached(exec, process.env.CXX ?? 'c++', ['-w', ...flags], src, exe);
  if (built.code !== 0) throw new Error(`${base} does not compile:\n${built.stderr}`);
  return exec(exe, []);
}

const contracted = new Map<string, ReturnType<typeof contract>>();
const contractOf = (program: string) => {
  let c = contracted.get(program);
  if (!c) {
    const source = readFileSync(path.join(DIR, program), 'utf8');
    contracted.set(program, (c = contract(source, { file: path.join(DIR, program) })));
  }
  return c;
};

describe('adversarial C++ programs', () => {
  it('has the four of the issue and more, each naming its trap and verdicts', () => {
    expect(PROGRAMS).toEqual(
      expect.arrayContaining([
        'lambda-capture.cpp',
        'operator-subscript.cpp',
        'std-array-member.cpp',
        'template-ref-array.cpp',
        'template-two-sizes.cpp',
      ]),
    );
    for (const p of PROGRAMS) {
      const source = readFileSync(path.join(DIR, p), 'utf8');
      expect([p, leadingComment(source) !== undefined]).toEqual([p, true]);
      expect(() => expectedVerdicts(source)).not.toThrow();
    }
  });

  it.each(PROGRAMS)('%s: the verdicts of its leading comment', async (program) => {
    const source = readFileSync(path.join(DIR, program), 'utf8');
    const { report } = await contractOf(program);
    expect(reportVerdicts(report)).toEqual(expectedVerdicts(source).verdicts);
    expect(missingCodes(expectedVerdicts(source), report)).toEqual([]);
  });

  it.each(PROGRAMS)('%s: the same output', async (program) => {
    const source = readFileSync(path.join(DIR, program), 'utf8');
    const { code } = await contractOf(program);
    // The same text behaves the same (as adversarialRuns.ts): a program whose arrays all stay
    // is not built twice.
    if (code === source) return;
    const name = program.replace(/\.cpp$/, '');
    for (const [k, flags] of FLAG_SETS.entries()) {
      const [a, b] = await Promise.all([
        buildAndRun(source, path.join(work, `${name}-${k}-orig`), flags),
        buildAndRun(code, path.join(work, `${name}-${k}-out`), flags),
      ]);
      expect([flags.join(' '), b.code, b.stdout]).toEqual([flags.join(' '), a.code, a.stdout]);
    }
  });

  // Guards the templates of a file another file includes (adversary, 2026-11-28,
  // decision/templates.ts includedTemplates): b.cpp includes a.cpp and calls win<4>, which
  // a.cpp's own uses never make; a.cpp's text was rewritten for win<32> alone, and the unity
  // build printed 51540084205 instead of 476657.
  it('unity-build: a template of an included file keeps its arrays', async () => {
    const dir = path.join(DIR, 'unity-build');
    const a = readFileSync(path.join(dir, 'a.cpp'), 'utf8');
    const b = readFileSync(path.join(dir, 'b.cpp'), 'utf8');
    const { code, report } = await contract(a, {
      file: path.join(dir, 'a.cpp'),
      includedBy: [path.join(dir, 'b.cpp')],
    });
    expect(reportVerdicts(report)).toEqual(expectedVerdicts(a).verdicts);
    expect(missingCodes(expectedVerdicts(a), report)).toEqual([]);
    const run = async (text: string, base: string) => {
      mkdirSync(base, { recursive: true });
      writeFileSync(path.join(base, 'a.cpp'), text);
      writeFileSync(path.join(base, 'b.cpp'), b);
      const exe = path.join(base, 'a.out');
      const built = await exec(process.env.CXX ?? 'c++', [
        '-w',
        path.join(base, 'b.cpp'),
        '-o',
        exe,
      ]);
      if (built.code !== 0) throw new Error(`${base} does not compile:\n${built.stderr}`);
      return exec(exe, []);
    };
    const [x, y] = await Promise.all([
      run(a, path.join(work, 'unity-orig')),
      run(code, path.join(work, 'unity-out')),
    ]);
    expect([y.code, y.stdout]).toEqual([x.code, x.stdout]);
  });
});
