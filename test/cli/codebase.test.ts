/**
 * A code base read with its own compilation database (issue 27, item 4), on the fixture
 * test/fixtures/codebase (its README says what each file is for): a cross compiler that is
 * not installed, a response file, a file without an entry, a header's typedef as a loop
 * counter, relative paths from the current folder. Each case names the failure it guards.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { codeOf } from '../../src/model/reasons.js';

const BASE = path.join(ROOT, 'test', 'fixtures', 'codebase');
const FALLBACK = codeOf('compiler-fallback');
const NEIGHBOUR = codeOf('database-neighbour');
const run = (args: string[], cwd = BASE) =>
  runCli(args[0] === 'contract' ? [...args, '--no-cache'] : args, { cwd });
const count = (text: string, what: string) => text.split(what).length - 1;

describe('a compilation database naming a cross compiler that is not installed', () => {
  // Guards: the host's cc got -mcpu=cortex-m4 -mthumb and refused every file, showing only
  // the first line of its stderr (a warning that -mcpu= is deprecated).
  it('falls back to $CC without the target flags, and says so once per run', () => {
    const r = run(['contract', '--check', '-p', 'build', 'src/dsp.c', 'src/main.c']);
    expect(r.stderr).toContain('2 files, 1 would change, 0 skipped');
    expect(r.code).toBe(1);
    expect(count(r.stderr, FALLBACK)).toBe(1);
    expect(r.stderr).toMatch(/'arm-none-eabi-gcc'.*-mcpu=cortex-m4 -mthumb/);
  });

  // Guards: `@dsp.rsp` was a word of the command, not its flags (TAPS undefined: #error).
  it('reads the flags of a response file', () => {
    const r = run(['contract', '-p', 'build', 'src/dsp.c']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('int t[2];');
  });
});

describe('a file the database does not compile', () => {
  // Guards: "'src/extra.c' has no entry" stopped the whole run with exit 2.
  it("is read with its nearest neighbour's flags, with a warning", () => {
    const one = run(['contract', '-p', 'build', 'src/extra.c']);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('static int w[5];');
    expect(one.stderr).toContain(`src/extra.c has no entry`);
    expect(one.stderr).toContain(NEIGHBOUR);
    const all = run([
      'contract',
      '--check',
      '-p',
      'build',
      'src/dsp.c',
      'src/main.c',
      'src/extra.c',
    ]);
    // (main.c and dsp.h change too: a temporary of main.c shrinks with dsp.c's kernel)
    expect(all.stderr).toContain('4 files, 4 would change, 0 skipped');
    expect(count(all.stderr, NEIGHBOUR)).toBe(1);
  });
});

describe('the multi-file modes read a file as `contract FILE` does', () => {
  // Guards: in --check/--diff/-i/--list a loop counter of a header's typedef (idx_t) was
  // "not of a known integer type", so dsp.c would not change there.
  it('a loop counter of a header typedef: the same contraction both ways', () => {
    const one = run(['contract', '-p', 'build', 'src/dsp.c', '--report', 'json']);
    const many = run([
      'contract',
      '--list',
      '-p',
      'build',
      'src/dsp.c',
      'src/main.c',
      '--report',
      'json',
    ]);
    // (dsp_window's: dsp_energy has external linkage, seen with its callers only in the set)
    const arrays = (stderr: string) =>
      JSON.parse(stderr.slice(stderr.search(/^\{/m)))
        .files.find((f: { file: string }) => f.file === 'src/dsp.c')
        .arrays.filter((a: { function: string }) => a.function === 'dsp_window');
    expect(arrays(many.stderr)).toEqual(arrays(one.stderr));
    expect(many.stdout).toMatch(/^src\/dsp\.c:11:\d+: t in dsp_window\(\) could shrink/m);
  });
});

describe('relative paths with -p', () => {
  // Guards: the file's folder was resolved against the build folder (build/src/), so its
  // `#include "dsp.h"` was not found and the file was skipped.
  it('are relative to the current folder, from any folder', () => {
    for (const [cwd, prefix] of [
      [BASE, ''],
      [path.join(ROOT, 'test'), 'fixtures/codebase/'],
    ] as const) {
      const r = run(
        [
          'contract',
          '--check',
          '-p',
          `${prefix}build`,
          `${prefix}src/dsp.c`,
          `${prefix}src/main.c`,
        ],
        cwd,
      );
      expect(r.stderr).toContain('2 files, 1 would change, 0 skipped');
    }
  });
  // Guards: the main file was looked up from the compiler's folder (src/k.c under a database
  // whose directory is build/sub became build/sub/src/k.c): the header "beside" it was read
  // from build/sub/src/, a file the compiler never reads, and the unread one got no guard.
  it("looks up the headers beside the main file from the current folder, not the compiler's", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-beside-'));
    try {
      fs.mkdirSync(path.join(dir, 'src'));
      fs.mkdirSync(path.join(dir, 'build', 'sub', 'src'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'src', 'k.c'),
        '#ifdef BIG\n#include "more.h"\n#endif\nint f(int n) {\n  int t[16];\n  int s = 0;\n' +
          '  for (int i = 0; i < 16; i++) {\n    t[i] = i * n;\n    s += t[i];\n  }\n  return s;\n}\n',
      );
      fs.writeFileSync(path.join(dir, 'build', 'sub', 'src', 'more.h'), '/* not read */\n');
      const k = path.join(dir, 'src', 'k.c');
      fs.writeFileSync(
        path.join(dir, 'build', 'compile_commands.json'),
        JSON.stringify([
          { directory: path.join(dir, 'build', 'sub'), command: `cc -c ${k} -o k.o`, file: k },
        ]),
      );
      const r = run(['contract', '-p', 'build', 'src/k.c'], dir);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('int t;');
      expect(r.stdout).toMatch(/^#ifdef BIG\n#error "beeclak: /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('--list over a code base', () => {
  // Guards (issue 27, item 5): the list came in file order only, so the largest savings of
  // a code base were scattered through it.
  it('--sort bytes puts the largest saving first; --min-bytes cuts', () => {
    const list = (extra: string[]) =>
      run(['contract', '--list', '-p', 'build', 'src/extra.c', 'src/dsp.c', ...extra])
        .stdout.trim()
        .split('\n')
        .map((l) => l.replace(/:.*saves (\d+)\)$/, ' $1'));
    expect(list([])).toEqual(['src/extra.c 236', 'src/dsp.c 248']);
    expect(list(['--sort', 'bytes'])).toEqual(['src/dsp.c 248', 'src/extra.c 236']);
    expect(list(['--sort', 'bytes', '--min-bytes', '240'])).toEqual(['src/dsp.c 248']);
    expect(run(['contract', '--check', '--sort', 'bytes', 'src/dsp.c']).code).toBe(2);
  });
});

describe('check over the code base', () => {
  // Guards: check built the programs with the entry's -mcpu/-mthumb (the host's cc refused
  // them) and without the response file's -DTAPS=4 (#error).
  it('builds and runs the original and the contracted program on this machine', () => {
    const r = run([
      'check',
      '-p',
      'build',
      'src/dsp.c',
      '--with',
      'src/main.c',
      '--with',
      'src/extra.c',
    ]);
    expect(r.stdout).toContain('run: identical output');
    expect(r.stdout).not.toContain('-mthumb');
    expect(r.code).toBe(0);
  });
});

describe('a temporary of main.c given to a kernel of dsp.c (issue 27, item 2)', () => {
  // Guards: only dsp.c was edited (dsp_energy folded scratch in place) and main.c's
  // scratch[ROWS][N] kept its 2 KB; with extra.c outside the set, dsp.h (which extra.c
  // includes) is not the set's to edit, and nothing moves.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-codebase-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  const CONFIGURATIONS = ['-DGAIN=1', '-DGAIN=3'];
  const copy = (name: string) => {
    const dir = path.join(work, name);
    fs.cpSync(BASE, dir, { recursive: true });
    return dir;
  };
  // The programs go to the work folder: built from BASE they were written into the fixture.
  const build = (dir: string, define: string) => {
    const exe = path.join(work, `${path.basename(dir)}${define}.out`);
    execFileSync(
      process.env.CC ?? 'cc',
      ['-O2', '-Iinclude', '-DTAPS=4', define, 'src/dsp.c', 'src/main.c', 'src/extra.c', '-o', exe],
      { cwd: dir },
    );
    return execFileSync(exe, { encoding: 'utf8' });
  };
  const contract = (dir: string, files: string[]) =>
    run(
      ['contract', '-i', '-p', 'build', '--configurations', CONFIGURATIONS.join(';'), ...files],
      dir,
    );

  it('shrinks in main.c with the header, and both configurations run as before', () => {
    const dir = copy('all');
    const r = contract(dir, ['src/dsp.c', 'src/main.c', 'src/extra.c']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('4 files, 4 contracted, 0 skipped, 2276 bytes saved');
    const text = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    expect(text('src/main.c')).toContain('int scratch[1][N];');
    expect(text('src/dsp.h')).toContain('long dsp_energy(const int *in, int scratch[1][N]);');
    expect(text('src/dsp.c')).toContain('long dsp_energy(const int *in, int scratch[1][N])');
    // (issue 27: a static scratch buffer of the code base shrinks too, and stays static)
    expect(text('src/extra.c')).toContain('static int w[5];');
    for (const c of CONFIGURATIONS) expect([c, build(dir, c)]).toEqual([c, build(BASE, c)]);
  });

  // Guards (issue 27, every configuration): contracted without --configurations, dsp_energy()
  // got `#if GAIN != 1 #error` although GAIN only scales the values it stores, and a -DGAIN=3
  // build of the output stopped there. GAIN now gets the guard that only refuses a definition
  // that is no integer expression; ROWS and N (bounds, extents) keep theirs.
  it('builds and runs as before with a GAIN it was not contracted for', () => {
    const dir = copy('gain');
    const r = run(['contract', '-i', '-p', 'build', 'src/dsp.c', 'src/main.c', 'src/extra.c'], dir);
    expect(r.code).toBe(0);
    const dsp = fs.readFileSync(path.join(dir, 'src/dsp.c'), 'utf8');
    expect(dsp).not.toContain('#if GAIN != 1');
    expect(dsp).toContain('#if (GAIN) != (GAIN)');
    expect(dsp).toContain('#if ROWS != 8');
    for (const c of CONFIGURATIONS) expect([c, build(dir, c)]).toEqual([c, build(BASE, c)]);
  });

  it('keeps every file when a file outside the set includes the header', () => {
    const dir = copy('two');
    const r = contract(dir, ['src/dsp.c', 'src/main.c', '--report', 'text']);
    expect(r.stderr).toContain('2 files, 1 contracted');
    expect(r.stderr).toContain(codeOf('prototype-outside-set'));
    expect(fs.readFileSync(path.join(dir, 'src/dsp.h'), 'utf8')).toBe(
      fs.readFileSync(path.join(BASE, 'src/dsp.h'), 'utf8'),
    );
  });
});
