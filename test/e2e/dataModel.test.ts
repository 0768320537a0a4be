/**
 * The data model of the target (src/frontend/dataModel.ts). Each program of dataModel/ holds
 * an expression whose value differs between LP64 and ILP32 (`sizeof(long)`, `sizeof(void *)`,
 * `-1L < 1u`, an unsigned long that wraps at 2^32). Read with a compilation database whose
 * command has `-m32` (the host's gcc preprocesses for i386 without a 32-bit libc), the window
 * of the array must be the one ILP32 needs. Guards: the frontend assumed LP64 everywhere, so
 * `window(12 - sizeof(long), in)` was contracted to 5 cells where `gcc -m32` reads 8 values
 * back (9 cells): the contracted program read overwritten cells. The first suites compare
 * the tool's decision with what ILP32 requires; where `cc -m32` links (gcc-multilib), the
 * last ones build a result for one model in the others.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';
import { summarizeSet } from '../../src/pipeline/wholeProgram/setSummaries.js';
import { M32 } from '../helpers/m32.js';
import { describeWithTool } from '../helpers/optionalTool.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dataModel');
const work = mkdtempSync(path.join(tmpdir(), 'beeclak-datamodel-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
for (const f of readdirSync(DIR))
  if (f.endsWith('.c')) copyFileSync(path.join(DIR, f), path.join(work, f));

/** A compilation database in a folder of its own: every program compiled by `command`. */
function database(name: string, command: readonly string[]): string {
  const dir = path.join(work, name);
  const entries = readdirSync(DIR)
    .filter((f) => f.endsWith('.c'))
    .map((f) => ({ directory: work, file: f, arguments: [...command, '-c', f] }));
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(path.join(work, `${name}.json`), JSON.stringify(entries));
  return path.join(work, `${name}.json`);
}

/** The cells of the array `t` (undefined: unchanged), and its report line. */
function cellsOfT(args: readonly string[]): { cells?: number; line: string } {
  const r = runCli(['analyze', ...args], { cwd: work });
  const line = r.stdout.split('\n').find((l) => / t \(double\)/.test(l)) ?? r.stdout + r.stderr;
  const m = /contracted, 64 -> (\d+) cells/.exec(line);
  return { ...(m ? { cells: Number(m[1]) } : {}), line };
}

// program                     LP64 cells  ILP32 cells (what the compiler's semantics need)
const CASES: [string, number, number][] = [
  ['sizeof-long-arg.c', 5, 9],
  ['sizeof-pointer-arg.c', 5, 9],
  ['long-below-unsigned.c', 2, 9],
  ['unsigned-long-wraps.c', 2, 9],
];

describe('the data model of the compiler that reads the unit', () => {
  const m32 = database('m32', ['gcc', '-m32']);
  const host = database('host', ['gcc']);
  it.each(CASES)('%s: the window LP64 and ILP32 each need', (file, lp64, ilp32) => {
    expect(cellsOfT(['--compile-commands', host, file]).cells).toBe(lp64);
    expect(cellsOfT(['--compile-commands', m32, file]).cells).toBe(ilp32);
    // The built-in reading and no database: LP64, unless the user names the model.
    expect(cellsOfT([file]).cells).toBe(lp64);
    expect(cellsOfT(['--data-model', 'ilp32', file]).cells).toBe(ilp32);
  });
});

describe('the configuration key dataModel', () => {
  it('names the data model as --data-model does', () => {
    const dir = path.join(work, 'configured');
    mkdirSync(dir, { recursive: true });
    copyFileSync(path.join(DIR, 'sizeof-long-arg.c'), path.join(dir, 'k.c'));
    writeFileSync(path.join(dir, 'beeclak.json'), JSON.stringify({ dataModel: 'ilp32' }));
    const r = runCli(['contract', '--no-cache', 'k.c'], { cwd: dir });
    expect(r.stdout).toContain('double t[9];');
    // Guards: analyze read no configuration (contract did): 5 cells, LP64's window.
    const analyzed = runCli(['analyze', 'k.c'], { cwd: dir });
    expect(analyzed.stdout).toContain('contracted, 64 -> 9 cells');
  });
});

describe('a cross compiler that is not installed (compiler-fallback)', () => {
  // Guards: the host's macros (LP64) were read for an arm-none-eabi-gcc build.
  it('takes the data model of the target its name or flags name', () => {
    const arm = database('arm', ['arm-none-eabi-gcc', '-mcpu=cortex-m4', '-mthumb']);
    const riscv = database('riscv', ['riscv32-unknown-elf-gcc', '-march=rv32imac']);
    for (const db of [arm, riscv])
      expect(cellsOfT(['--compile-commands', db, 'sizeof-long-arg.c']).cells).toBe(9);
  });

  it('leaves every array unchanged when the target is unknown, unless --data-model names it', () => {
    const unknown = database('unknown', ['xcc-that-is-not-installed', '-O2']);
    const r = cellsOfT(['--compile-commands', unknown, 'sizeof-long-arg.c']);
    expect(r.cells).toBeUndefined();
    expect(r.line).toContain(codeOf('data-model-unknown'));
    const named = ['--compile-commands', unknown, '--data-model', 'ilp32', 'sizeof-long-arg.c'];
    expect(cellsOfT(named).cells).toBe(9);
  });

  it('leaves the arrays of a target whose int is 16 bits unchanged', () => {
    const avr = database('avr', ['avr-gcc', '-mmcu=atmega328p']);
    const r = cellsOfT(['--compile-commands', avr, 'sizeof-long-arg.c']);
    expect(r.cells).toBeUndefined();
    expect(r.line).toContain(codeOf('data-model-unknown'));
  });
});

describe("plain char's signedness", () => {
  // Guards: plain char was always of unknown signedness ((char)200 had no value, the window
  // of char-200-positive.c stayed unchanged), and -funsigned-char was not read.
  const run = (file: string, flags: readonly string[]) => {
    const exe = path.join(work, `${path.basename(file)}-${flags.join('')}.out`);
    const cc = spawnSync('cc', [...flags, '-w', file, '-o', exe]);
    expect(cc.status).toBe(0);
    return spawnSync(exe).stdout.toString();
  };
  it('takes the window the target needs and computes what the original does', () => {
    for (const [flags, cells] of [
      [[], 17],
      [['-funsigned-char'], 5],
    ] as const) {
      const db = database(`char${flags.join('')}`, ['gcc', ...flags]);
      const file = 'char-200-positive.c';
      expect(cellsOfT(['--compile-commands', db, file]).cells).toBe(cells);
      const r = runCli(['contract', '--no-cache', '--compile-commands', db, file], { cwd: work });
      const out = path.join(work, `contracted${flags.join('')}.c`);
      writeFileSync(out, r.stdout);
      expect(r.stdout).toContain(`double t[${cells}];`);
      expect(run(out, flags)).toBe(run(path.join(work, file), flags));
    }
    // arm-none-eabi-gcc not installed: its target's plain char is unsigned (the table).
    const arm = database('armchar', ['arm-none-eabi-gcc', '-mcpu=cortex-m4']);
    expect(cellsOfT(['--compile-commands', arm, 'char-200-positive.c']).cells).toBe(5);
    // Without a compiler, plain char's signedness is not known: (char)200 has no value.
    expect(cellsOfT(['--data-model', 'lp64', 'char-200-positive.c']).cells).toBeUndefined();
  });
});

describe('a file set with a unit whose data model is not known', () => {
  // Guards: such a unit was summarized for the set in LP64 (its sizes, constants and
  // buffers read in a model it may not have), and kernel.c's parameter was folded in place on
  // the strength of main.c's reading. It is now a unit that cannot be read: the set is no
  // closed world, kernel() keeps its parameter.
  const SET = path.join(DIR, 'set');
  const run = (mainCompiler: string) => {
    const dir = path.join(work, `set-${mainCompiler}`);
    mkdirSync(dir, { recursive: true });
    for (const f of ['kernel.c', 'main.c']) copyFileSync(path.join(SET, f), path.join(dir, f));
    const entry = (file: string, cc: string) => ({
      directory: dir,
      file,
      arguments: [cc, '-c', file],
    });
    writeFileSync(
      path.join(dir, 'compile_commands.json'),
      JSON.stringify([entry('kernel.c', 'gcc'), entry('main.c', mainCompiler)]),
    );
    return runCli(['contract', '--no-cache', '--diff', '-p', '.', 'kernel.c', 'main.c'], {
      cwd: dir,
    }).stdout;
  };
  it('is a unit that cannot be read: the others rely on nothing it shows', () => {
    expect(run('gcc')).toContain('+    for (int j = 0; j < 16; j++) t[0][j]');
    expect(run('xcc-not-installed')).not.toContain('kernel.c');
  });
  it('says why', async () => {
    const source = readFileSync(path.join(SET, 'main.c'), 'utf8');
    const options = { compiler: { dataModel: 'unknown' as const } };
    const [unit] = await summarizeSet([{ file: 'main.c', source, options }]);
    expect(unit).toEqual({
      file: 'main.c',
      failed: expect.stringContaining(codeOf('data-model-unknown')) as string,
    });
  });
});

describeWithTool(M32, 'a result for one data model, built for another', () => {
  // Guards: a value folded in the unit's data model was written with no guard, so the same
  // contracted source built for another model computed something else (`window(12 -
  // sizeof(long))` contracted to 5 cells for LP64 read overwritten cells under -m32, which
  // needs 9). The function now keeps its original body for the other models: `if
  // (sizeof(long) != 8) { original } else { contracted }`.
  const output = (file: string, flags: readonly string[]) => {
    const exe = path.join(work, `${path.basename(file)}${flags.join('')}.run`);
    const cc = spawnSync('cc', [...flags, '-w', file, '-o', exe]);
    expect(cc.stderr.toString()).toBe('');
    return spawnSync(exe).stdout.toString();
  };
  const contracted = (file: string, db: string, tag: string) => {
    const r = runCli(['contract', '--no-cache', '--compile-commands', db, file], { cwd: work });
    const out = path.join(work, `${tag}-${file}`);
    writeFileSync(out, r.stdout);
    return { out, text: r.stdout };
  };
  // program                   analysed with   guard of the contracted body
  const BUILDS: [string, readonly string[], string][] = [
    ['sizeof-long-arg.c', [], 'sizeof(long) != 8'],
    ['sizeof-pointer-arg.c', [], 'sizeof(void *) != 8'],
    ['long-below-unsigned.c', [], 'sizeof(long) != 8'],
    ['unsigned-long-wraps.c', [], 'sizeof(long) != 8'],
    ['size-t-wraps-arg.c', [], 'sizeof(void *) != 8'],
    ['const-unsigned-long.c', [], 'sizeof(long) != 8'],
    ['sizeof-long-arg.c', ['-m32'], 'sizeof(long) != 4'],
    ['sizeof-pointer-arg.c', ['-m32'], 'sizeof(void *) != 4'],
    ['char-200-folded.c', ['-funsigned-char'], '(char)-1 < 0'],
  ];
  it.each(BUILDS)('%s analysed with %j: the same output in every build', (file, flags, guard) => {
    const db = database(`guard${flags.join('')}`, ['gcc', ...flags]);
    const { out, text } = contracted(file, db, `guarded${flags.join('')}`);
    expect(text).toContain(`if (${guard}) {`);
    for (const build of [['-m32'], ['-m64'], ['-funsigned-char']])
      expect([build, output(out, build)]).toEqual([build, output(path.join(work, file), build)]);
  });

  // Guards a guard the report did not mention: only the output showed that other builds
  // keep the original body (and its memory).
  it('says so in the report', () => {
    const r = runCli(['contract', '--no-cache', '--report', 'json', 'sizeof-long-arg.c'], {
      cwd: work,
    });
    const report = JSON.parse(r.stderr) as {
      files: { arrays: { name: string; warnings: { code: string; message: string }[] }[] }[];
    };
    const t = report.files[0]!.arrays.find((a) => a.name === 't')!;
    expect(t.warnings.find((w) => w.code === codeOf('data-model-guarded'))?.message).toContain(
      'sizeof(long) != 8',
    );
    // (and the note on the call-site value no longer says that no guard is needed)
    const callSites = t.warnings.find((w) => w.code === codeOf('call-site-values'));
    expect(callSites?.message).toContain('in this data model');
  });
});

describe('a result that rests on the data model, without a guard in its function', () => {
  it('leaves storage outside the function unchanged, with its code', () => {
    // Guards: the file-scope t of g() was contracted to 2 cells for LP64 (-1L < 1u), which
    // a guard inside g() cannot undo for the -m32 build (9 cells).
    expect(cellsOfT(['static-array-long-below.c'])).toEqual({
      line: expect.stringContaining(codeOf('data-model-dependent')) as string,
    });
  });
});

describe('a result every data model shares', () => {
  it('guards no function', () => {
    // `sizeof(double)`, `sizeof(int)`: the same in every model.
    const dir = path.join(work, 'shared');
    mkdirSync(dir, { recursive: true });
    const source = readFileSync(path.join(DIR, 'sizeof-long-arg.c'), 'utf8').replace(
      'window(12 - sizeof(long), in, out)',
      'window(12 - sizeof(double) + sizeof(int), in, out)',
    );
    writeFileSync(path.join(dir, 'k.c'), source);
    const r = runCli(['contract', '--no-cache', 'k.c'], { cwd: dir });
    expect(r.stdout).toContain('double t[9];');
    expect(r.stdout).not.toContain('sizeof(long) !=');
    expect(r.stdout).not.toContain('sizeof(void *) !=');
  });
});
