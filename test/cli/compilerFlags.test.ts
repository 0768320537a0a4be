/**
 * Compiler-style flags as users give them to `cc` (src/cli/analysisFlags.ts,
 * src/cli/compileCommands.ts): each case says which wrong result it guards.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BIN, runCli } from '../helpers/cli.js';
import {
  CompileDatabase,
  preprocessorFlags,
  shellWords,
  withResponseFiles,
} from '../../src/cli/compileCommands.js';
import { codeOf } from '../../src/model/reasons.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'beeclak-flags-'));
// Every run used to leave this folder behind in the system's temporary directory.
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string | Buffer) => {
  const p = path.join(dir, name);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  return p;
};

const KERNEL = `#include "sizes.h"
int main(void) {
  int t[N];
  int i;
  long s = 0;
  for (i = 0; i < N; i++) {
    t[i] = i;
    if (i > 0) s += t[i - 1];
  }
#ifdef VERBOSE
  s += VERBOSE;
#endif
  return (int)(s % 7);
}
`;

describe('compiler flags', () => {
  write('inc/sizes.h', '#define N 40\n');
  const file = write('src/k.c', KERNEL);

  it('-I finds the header the compiler finds (without it the file is refused like cc refuses it)', () => {
    const refused = runCli(['contract', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/k\.c:1:\d+: error: .*sizes\.h/);
    const r = runCli(['contract', file, '-I', path.join(dir, 'inc')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('int t[2];');
    expect(r.stdout).toContain('#if N != 40');
  });

  it('-D NAME and -D NAME=text go to the preprocessor; -U removes a definition', () => {
    const inc = ['-I', path.join(dir, 'inc')];
    expect(runCli(['contract', file, ...inc, '-D', 'VERBOSE=(1+1)']).code).toBe(0);
    expect(runCli(['contract', file, ...inc, '-D', 'VERBOSE']).code).toBe(0);
    // VERBOSE defined without a value is `1`; undefined again by -U, the branch is dead.
    const r = runCli(['contract', file, ...inc, '-DVERBOSE=junk junk', '-UVERBOSE']);
    expect(r.code).toBe(0);
  });

  it('-include and -std= in the compiler spelling', () => {
    const plain = write('plain.c', KERNEL.replace('#include "sizes.h"\n', ''));
    const r = runCli(['contract', plain, '-include', path.join(dir, 'inc/sizes.h'), '-std=c99']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('int t[2];');
  });

  it('-p BUILD_DIR takes the flags of the file from compile_commands.json', () => {
    const build = path.join(dir, 'build');
    write(
      'build/compile_commands.json',
      JSON.stringify([
        { directory: build, file: '../src/k.c', command: 'cc -I../inc -DVERBOSE=2 -c ../src/k.c' },
      ]),
    );
    const r = runCli(['contract', file, '-p', build]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('int t[2];');
    // A file without an entry takes its neighbour's flags (issue 27; it was exit 2).
    const missing = runCli(['contract', write('src/other.c', KERNEL), '-p', build]);
    expect(missing.code).toBe(0);
    expect(missing.stdout).toContain('int t[2];');
    expect(missing.stderr).toContain(codeOf('database-neighbour'));
  });

  // Guards (issue 27): the host's cc ran whatever the entry named, and a refusal showed the
  // first line of its stderr, a warning ("'-mcpu=' is deprecated"), not the error.
  it("runs the entry's own compiler with its target flags, and shows its real error", () => {
    const bin = path.join(dir, 'bin');
    // A stand-in for a cross compiler: cc, telling the file that it ran and what it got.
    write(
      'bin/xcc',
      `#!${process.execPath}\n` +
        "const { spawnSync } = require('node:child_process');\n" +
        'const args = process.argv.slice(2);\n' +
        "const target = args.includes('-mthumb') ? ['-DGOT_TARGET_FLAGS'] : [];\n" +
        "const r = spawnSync('cc', ['-DVIA_XCC', ...target, ...args.filter((a) => !/^-m/.test(a))], { stdio: 'inherit' });\n" +
        'process.exit(r.status ?? 1);\n',
    );
    chmodSync(path.join(bin, 'xcc'), 0o755);
    const cross = path.join(dir, 'cross');
    write(
      'cross/compile_commands.json',
      JSON.stringify([
        { directory: cross, file: 'k.c', command: 'xcc -mcpu=cortex-m4 -mthumb -I../inc -c k.c' },
        { directory: cross, file: 'h.c', command: 'cc -mcpu=cortex-m4 -mthumb -I../inc -c h.c' },
      ]),
    );
    const onlyThere = `#if !defined(VIA_XCC) || !defined(GOT_TARGET_FLAGS)\n#error "not read by xcc -mthumb"\n#endif\n${KERNEL}`;
    const env = { PATH: `${bin}${path.delimiter}${process.env.PATH}` };
    const r = runCli(['contract', write('cross/k.c', onlyThere), '-p', cross], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('int t[2];');
    // The host's cc named by the entry: installed, so it gets -mthumb, and refuses it.
    const refused = runCli(['contract', write('cross/h.c', KERNEL), '-p', cross]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error: .*-mthumb/);
    expect(refused.stderr).not.toMatch(/deprecated/);
  });

  // Guards (issue 27): a file without an entry aborted the run; a neighbour must be the
  // nearest one (same folder, else the longest shared folders), as clang-tidy interpolates.
  it.each([
    ['src/dsp/new.c', 'src/dsp/fir.c'],
    ['src/dsp/sub/new.c', 'src/dsp/fir.c'],
    ['src/io/new.c', 'src/io/uart.c'],
    ['lib/new.c', 'main.c'],
  ])('a file without an entry, %s, takes the flags of %s', (file, neighbour) => {
    const root = path.join(dir, 'tree');
    write(
      'tree/compile_commands.json',
      JSON.stringify(
        ['main.c', 'src/dsp/fir.c', 'src/io/uart.c', 'src/dsp/iir.c'].map((f) => ({
          directory: '.',
          file: f,
          command: `cc -c ${f}`,
        })),
      ),
    );
    const db = CompileDatabase.read(root);
    const found = db.entryFor(path.join(root, file));
    expect(found?.neighbour).toBe(true);
    expect(path.relative(root, found!.entry.file)).toBe(neighbour);
  });

  it('reads @response files (nested, relative to the entry), and knows the target flags', () => {
    write('rsp/a.rsp', '-DA=1 @b.rsp "-DS=x y"');
    write('rsp/b.rsp', '-Isub\n-mthumb');
    const root = path.join(dir, 'rsp');
    expect(withResponseFiles(['cc', '@a.rsp', '@missing.rsp'], root)).toEqual([
      'cc',
      '-DA=1',
      '-Isub',
      '-mthumb',
      '-DS=x y',
      '@missing.rsp',
    ]);
    const args = ['-mcpu=cortex-m4', '-mthumb', '--target=arm-none-eabi', '-DX', '-mllvm', '-O2'];
    expect(preprocessorFlags(args, root)).toEqual([
      '-mcpu=cortex-m4',
      '-mthumb',
      '--target=arm-none-eabi',
      '-DX',
    ]);
    expect(preprocessorFlags(args, root, false)).toEqual(['-DX']);
  });

  it('reads the flags of a command line as a shell would split it', () => {
    expect(shellWords(`cc -DMSG="a b" -I 'x y' -c f.c`)).toEqual([
      'cc',
      '-DMSG=a b',
      '-I',
      'x y',
      '-c',
      'f.c',
    ]);
    expect(preprocessorFlags(['-Iinc', '-O2', '-D', 'X=1', '-std=c11', '-o', 'f.o'], '/b')).toEqual(
      ['-I', '/b/inc', '-DX=1', '-std=c11'],
    );
    // -ansi is C90: the output must not add C99 text (it was dropped, and `inline` came back).
    expect(preprocessorFlags(['-ansi', '-c', 'f.c'], '/b')).toEqual(['-ansi']);
  });
});

describe('bytes', () => {
  it('keeps every byte outside the edits: Latin-1, a BOM, CRLF and mixed endings, no final newline', () => {
    const text = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('/* caf', 'latin1'),
      Buffer.from([0xe9, 0xff]),
      Buffer.from(
        ' */\r\n#ifndef N\r\n#define N 30\r\n#endif\r\nint main(void) {\n  int t[N];\r\n  int i; long s = 0;\r\n' +
          '  for (i = 0; i < N; i++) { t[i] = i; if (i > 0) s += t[i - 1]; }\r\n' +
          '  return (int)(s % 5);\r\n}\r\n#define LAST 1',
        'latin1',
      ),
    ]);
    const file = write('bytes.c', text);
    const out = path.join(dir, 'bytes.out.c');
    expect(runCli(['contract', file, '-o', out]).code).toBe(0);
    const got = readFileSync(out);
    // The edits: the declarator, two accesses, and the guard lines (in the file's CRLF), with
    // a #line after them that gives the next line its own number.
    const expected = Buffer.from(
      text
        .toString('latin1')
        .replace('int t[N];', 'int t[2];')
        .replace('t[i] = i;', 't[i % 2] = i;')
        .replace('t[i - 1]', 't[(i - 1) % 2]')
        .replace(
          '}\r\n#define LAST',
          '}\r\n#if N != 30\r\n#error "beeclak: arrays of main() were contracted for N == 30; run beeclak again for other values"\r\n#endif\r\n#line 11\r\n#define LAST',
        ),
      'latin1',
    );
    expect(got.toString('latin1')).toBe(expected.toString('latin1'));
  });
});

describe('without a compiler', () => {
  const noCc = (args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, ...args], {
      encoding: 'utf8',
      env: { ...process.env, CC: path.join(dir, 'no-such-cc') },
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('reads a file the preprocessor would not change with the built-in reading', () => {
    const plain = write(
      'nocc.c',
      '#include <stdio.h>\n#define N 30\nint main(void) {\n  int t[N];\n  int i; long s = 0;\n' +
        '  for (i = 0; i < N; i++) { t[i] = i; if (i > 0) s += t[i - 1]; }\n  printf("%ld\\n", s);\n  return 0;\n}\n',
    );
    const r = noCc(['contract', plain]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('int t[2];');
  });

  it('refuses a file that needs the preprocessor, naming $CC (guards: a built-in guess at #ifdef)', () => {
    const cond = write('nocc2.c', '#ifdef FAST\nint x;\n#endif\nint main(void) { return 0; }\n');
    const r = noCc(['contract', cond]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no-such-cc' was not found.*conditional directive \(line 1\)/);
  });
});

describe('headers', () => {
  it('an array declared in an included header is not a candidate of the including file', () => {
    write('hdr/buf.h', 'static int hbuf[40];\n');
    const main = write(
      'hdr/main.c',
      '#include "buf.h"\nint main(void) {\n  int i; long s = 0;\n' +
        '  for (i = 0; i < 40; i++) { hbuf[i] = i; if (i > 0) s += hbuf[i - 1]; }\n  return (int)(s % 3);\n}\n',
    );
    const r = runCli(['analyze', main, '--temporary', 'hbuf']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      // A promise on it cannot be honoured (issue 15): rejected; without one: unchanged.
      /hbuf .*main\.c:1:1: (unchanged|rejected): .*comes from .*buf\.h:1, not from this file/,
    );
  });
});
