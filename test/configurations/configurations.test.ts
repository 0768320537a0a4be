/**
 * Every configuration (issue 27, item 3): a result holds in every configuration named
 * (`--configurations`, the configuration file's key, the library's option, or every entry
 * of compile_commands.json for the file). Each program of programs/ is contracted for its
 * configurations, then the original and the result are built and run in each of them: same
 * output. Before, the result held for one configuration and its guard (`#error`) broke the
 * build of every other one (a pre-commit hook that contracted the file broke them all).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { contract, OptionError, type FileReport } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';

const PROGRAMS = path.join(ROOT, 'test/configurations/programs');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-configurations-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const cc = process.env.CC?.trim() || 'cc';

/** Builds `file` with `flags` and runs it: its output, or the compiler's error. */
function buildAndRun(file: string, flags: string[]): { built: boolean; out: string } {
  const exe = path.join(tmp, `x${Math.random().toString(36).slice(2)}`);
  const b = spawnSync(cc, ['-std=gnu11', '-w', ...flags, file, '-o', exe], { encoding: 'utf8' });
  if (b.status !== 0) return { built: false, out: b.stderr };
  const r = spawnSync(exe, [], { encoding: 'utf8' });
  return { built: true, out: `${r.status}:${r.stdout}` };
}

/** The program contracted by the CLI with `args`: its text and JSON report. */
function contracted(name: string, args: string[], cwd = ROOT) {
  const file = path.isAbsolute(name) ? name : path.join(PROGRAMS, name);
  const out = path.join(tmp, `out-${path.basename(name)}`);
  const report = path.join(tmp, `report-${path.basename(name)}.json`);
  const r = runCli(['contract', file, '-o', out, '--report-file', report, ...args], { cwd });
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  const doc = JSON.parse(fs.readFileSync(report, 'utf8')) as { files: FileReport[] };
  return { file, out, text: fs.readFileSync(out, 'utf8'), report: doc.files[0]! };
}

const statusOf = (report: FileReport, name: string) =>
  report.arrays.find((a) => a.name === name && a.function !== 'main');

/** Original and result built and run in each configuration: the same output. */
function expectSameRuns(original: string, result: string, configurations: string[][]) {
  for (const flags of configurations) {
    const before = buildAndRun(original, flags);
    expect(before.built).toBe(true);
    expect({ flags, ...buildAndRun(result, flags) }).toEqual({ flags, ...before });
  }
}

describe('boards.c: one kernel, a branch per board, the same mapping', () => {
  it('is contracted for both boards and builds and runs alike in both', () => {
    const c = contracted('boards.c', ['--configurations', '-DBOARD=1;-DBOARD=2']);
    expect(statusOf(c.report, 't')?.status).toBe('contracted');
    expect(c.report.configurations).toEqual({ named: ['-DBOARD=1', '-DBOARD=2'], analysed: 2 });
    // Both branches' accesses are rewritten: each board compiles its own.
    expect(c.text).not.toContain('t[i - 1][j]');
    expectSameRuns(c.file, c.out, [['-DBOARD=1'], ['-DBOARD=2']]);
  });

  // Guards the entries of a compilation database: only the first was read, and the result
  // for BOARD=1 stopped the BOARD=2 build at its guard.
  const db = path.join(tmp, 'db');
  fs.mkdirSync(db, { recursive: true });
  const copy = path.join(db, 'boards.c');
  fs.copyFileSync(path.join(PROGRAMS, 'boards.c'), copy);
  fs.writeFileSync(
    path.join(db, 'compile_commands.json'),
    JSON.stringify(
      [1, 2].map((b) => ({
        directory: db,
        file: 'boards.c',
        arguments: ['cc', '-c', `-DBOARD=${b}`, '-O2', 'boards.c', '-o', `boards${b}.o`],
      })),
    ),
  );

  it('takes every entry of compile_commands.json for the file', () => {
    const c = contracted(copy, ['-p', db]);
    expect(statusOf(c.report, 't')?.status).toBe('contracted');
    expect(c.report.configurations?.named).toEqual(['-DBOARD=1', '-DBOARD=2']);
    expectSameRuns(copy, c.out, [['-DBOARD=1'], ['-DBOARD=2']]);
  });

  it('--single-configuration keeps the guarded result of the first entry', () => {
    const c = contracted(copy, ['-p', db, '--single-configuration']);
    expect(c.report.configurations).toBeUndefined();
    expect(buildAndRun(c.out, ['-DBOARD=1'])).toEqual(buildAndRun(copy, ['-DBOARD=1']));
    const other = buildAndRun(c.out, ['-DBOARD=2']);
    expect(other.built).toBe(false);
    expect(other.out).toContain('were contracted for the branches taken in this configuration');
  });

  it('reads the configurations from beeclak.json', () => {
    const dir = path.join(tmp, 'config');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'boards.c');
    fs.copyFileSync(path.join(PROGRAMS, 'boards.c'), file);
    fs.writeFileSync(
      path.join(dir, 'beeclak.json'),
      JSON.stringify({ configurations: ['-DBOARD=1', '-DBOARD=2'] }),
    );
    const c = contracted(file, []);
    expect(c.report.configurations?.named).toEqual(['-DBOARD=1', '-DBOARD=2']);
    expectSameRuns(file, c.out, [['-DBOARD=1'], ['-DBOARD=2']]);
  });
});

// A build that mixes the branches of two configurations was never analysed: the combined
// guard stops it (a guard that let through every branch some configuration takes would not).
it('two-switches.c: builds in each configuration named, and in no mix of them', () => {
  const c = contracted('two-switches.c', ['--configurations', '-DFAST;-DWIDE']);
  expect(statusOf(c.report, 't')?.status).toBe('contracted');
  expectSameRuns(c.file, c.out, [['-DFAST'], ['-DWIDE']]);
  for (const mix of [['-DFAST', '-DWIDE'], []]) {
    const r = buildAndRun(c.out, mix);
    expect({ mix, built: r.built }).toEqual({ mix, built: false });
    expect(r.out).toContain('this build is none of them');
  }
});

// The bounds each configuration proves of a slot index differ (a loop bound): the output
// keeps what holds in both (`t[i % 2]`, which STEPS=2 alone writes `t[i]`), and a build
// with another bound stops at the macro guards.
it('steps.c: an access rewritten with the bounds true in every configuration', () => {
  const c = contracted('steps.c', ['--configurations', '-DSTEPS=2;-DSTEPS=6']);
  expect(statusOf(c.report, 't')?.status).toBe('contracted');
  expect(c.text).toContain('t[i % 2] = in[i] + 1.0;');
  expectSameRuns(c.file, c.out, [['-DSTEPS=2'], ['-DSTEPS=6']]);
  expect(buildAndRun(c.out, ['-DSTEPS=3']).built).toBe(false);
});

// Adversarial (issue 27): an #ifdef adds a read. Contracted for the default configuration t
// was a scalar, and the -DTRACE build (which reads t[i - 1]) stopped at the guard.
it('debug-read.c: an #ifdef that adds a read leaves the array unchanged, with the reason', () => {
  const c = contracted('debug-read.c', ['--configurations', ';-DTRACE']);
  const t = statusOf(c.report, 't')!;
  expect({ status: t.status, code: t.code }).toEqual({
    status: 'unchanged',
    code: codeOf('configurations-disagree'),
  });
  expect(t.reason).toContain("'(no flags)' makes it a scalar");
  expect(t.reason).toContain("'-DTRACE' contracts it to 2 cells");
  expect(c.text).toBe(fs.readFileSync(c.file, 'utf8'));
  expectSameRuns(c.file, c.out, [[], ['-DTRACE']]);
});

describe('ifdef-write.c: an #ifdef adds a write', () => {
  // Guards the guard of one configuration: contracted with -DX (t a scalar), the build
  // without X (which reads the first loop's values) went through the guard and printed
  // 2040.0 instead of 1360.0; the missing #else now stops it.
  it('contracted with -DX alone, the build without X stops at the guard', () => {
    const c = contracted('ifdef-write.c', ['-DX']);
    expect(statusOf(c.report, 't')?.status).toBe('scalarized');
    expect(buildAndRun(c.out, ['-DX'])).toEqual(buildAndRun(c.file, ['-DX']));
    const other = buildAndRun(c.out, []);
    expect(other.built).toBe(false);
    expect(other.out).toContain('were contracted for the branches taken in this configuration');
  });

  it('with both configurations named, t stays and both builds run as before', () => {
    const c = contracted('ifdef-write.c', ['--configurations', '-DX;']);
    expect(statusOf(c.report, 't')?.code).toBe(codeOf('configurations-disagree'));
    expectSameRuns(c.file, c.out, [[], ['-DX']]);
    // The other order: the first configuration saves nothing, so neither is contracted.
    const d = contracted('ifdef-write.c', ['--configurations', ';-DX']);
    expect({ status: statusOf(d.report, 't')?.status, same: d.text === c.text }).toEqual({
      status: 'unchanged',
      same: true,
    });
  });
});

describe('caller-ifdef.c: an #ifdef in the caller reads its buffer after the call', () => {
  // Guards the caller's guard: contracted without X, buf shrank to [1][N], and the build
  // with -DX (no guard after main) read buf[7][3] outside it (1680.0 instead of 1732.0).
  it('contracted without X, the build with -DX stops at the guard after the caller', () => {
    const c = contracted('caller-ifdef.c', []);
    expect(statusOf(c.report, 't')?.status).toBe('contracted');
    expect(buildAndRun(c.out, [])).toEqual(buildAndRun(c.file, []));
    const other = buildAndRun(c.out, ['-DX']);
    expect(other.built).toBe(false);
    expect(other.out).toContain('arrays of main() were contracted for the branches taken');
  });

  it('with both configurations named, nothing shrinks and both builds run as before', () => {
    const c = contracted('caller-ifdef.c', ['--configurations', ';-DX']);
    expect(c.text).toBe(fs.readFileSync(c.file, 'utf8'));
    expectSameRuns(c.file, c.out, [[], ['-DX']]);
  });
});

/** boards.c in a folder of its own, with `lines` before main's `return 0;`. */
function boardsWith(folder: string, lines: string): string {
  const dir = path.join(tmp, folder);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'boards.c');
  const text = fs.readFileSync(path.join(PROGRAMS, 'boards.c'), 'utf8');
  fs.writeFileSync(file, text.replace('  return 0;\n}', `${lines}  return 0;\n}`));
  return file;
}

describe("a name of the combined guards' macros", () => {
  // Guards the check before the first guard: a build that defined BEECLAK_NOT_boards_c_2
  // itself (7) had it redefined to 1 by the guard after smooth(): "own 7" was not printed.
  it('defined by the build: the build stops or runs as before', () => {
    const file = boardsWith('taken', '#if BEECLAK_NOT_boards_c_2 == 7\n  puts("own 7");\n#endif\n');
    const c = contracted(file, ['--configurations', '-DBOARD=1;-DBOARD=2']);
    expect(statusOf(c.report, 't')?.status).toBe('contracted');
    expectSameRuns(c.file, c.out, [['-DBOARD=1'], ['-DBOARD=2']]);
    const flags = ['-DBOARD=1', '-DBEECLAK_NOT_boards_c_2=7'];
    const before = buildAndRun(file, flags);
    expect(before.out).toContain('own 7');
    const after = buildAndRun(c.out, flags);
    expect([before.out, 'stopped']).toContain(after.built ? after.out : 'stopped');
  });

  // Guards the compiled code of the guarded text: the guard after smooth() defines
  // BEECLAK_NOT_boards_c_2 in the BOARD=1 build, and main, which reads it, printed "own".
  it("read by the file's code: the array stays", () => {
    const file = boardsWith('read', '#ifdef BEECLAK_NOT_boards_c_2\n  puts("own");\n#endif\n');
    const c = contracted(file, ['--configurations', '-DBOARD=1;-DBOARD=2']);
    expect(statusOf(c.report, 't')?.code).toBe(codeOf('configurations-disagree'));
    expectSameRuns(c.file, c.out, [['-DBOARD=1'], ['-DBOARD=2']]);
  });
});

// The cost grows with the configurations only where the file reads differently in them.
it('a file that reads the same in every configuration is analysed once', () => {
  const durbin = path.join(ROOT, 'samples/durbin.c');
  const c = contracted(durbin, ['--configurations', '-DBOARD=1;-DBOARD=2;-DNDEBUG']);
  expect(c.report.configurations).toEqual({
    named: ['-DBOARD=1', '-DBOARD=2', '-DNDEBUG'],
    analysed: 1,
  });
  expect(c.text).toBe(contracted(durbin, []).text);
});

// An array changes only where every configuration changes it: when the first changes
// nothing, the others are not analysed (most files of a code base cost one analysis).
describe('a configuration in which the array escapes', () => {
  const source = `static void sink(double *p) { (void)p; }
double run(const double *in) {
  double t[16];
  double s = 0;
  int i;
  for (i = 0; i < 16; i++) { t[i] = in[i]; s += t[i]; }
#ifdef DUMP
  sink(t);
#endif
  return s;
}
`;
  const file = path.join(tmp, 'escape.c');
  const t = (r: FileReport) => r.arrays.find((a) => a.name === 't')!;

  it('first: the others are not analysed', async () => {
    const { report, changed } = await contract(source, { file, configurations: ['-DDUMP', ''] });
    expect({ changed, analysed: report.configurations?.analysed, code: t(report).code }).toEqual({
      changed: false,
      analysed: 1,
      code: codeOf('passed-to-call'),
    });
  });

  it('second: the array stays, with the configurations named', async () => {
    const { report, changed } = await contract(source, { file, configurations: ['', '-DDUMP'] });
    expect({ changed, code: t(report).code }).toEqual({
      changed: false,
      code: codeOf('configurations-disagree'),
    });
  });
});

describe('naming configurations', () => {
  it('refuses a set that is not -D/-U flags (exit 2)', () => {
    const r = runCli(['contract', path.join(PROGRAMS, 'boards.c'), '--configurations', '-O2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("'-O2' is not a -DNAME[=VALUE] or -UNAME flag");
  });

  it('says which configuration does not compile the file (exit 1)', () => {
    const file = path.join(PROGRAMS, 'boards.c');
    const r = runCli(['contract', file, '--configurations', '-DBOARD=1;-DBOARD=(']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("error: in the configuration '-DBOARD=('");
  });

  it('is a library option too', async () => {
    const file = path.join(PROGRAMS, 'boards.c');
    const source = fs.readFileSync(file, 'utf8');
    const { report, changed } = await contract(source, {
      file,
      configurations: ['-DBOARD=1', '-DBOARD=2'],
    });
    expect(changed).toBe(true);
    expect(report.configurations?.analysed).toBe(2);
    await expect(contract(source, { file, configurations: ['-O2'] })).rejects.toThrow(OptionError);
  });
});
