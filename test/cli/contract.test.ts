/**
 * `contract`, `analyze` and `check` as users and scripts see them: outputs, exit codes,
 * and files that are never half-written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBin, runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const f = path.join(tmp, name);
  fs.writeFileSync(f, text);
  return f;
};

const FUSED = `#define N 8
/* keep me */
void kernel(const int a[N], int b[N]) {
  int t[N];
#pragma HLS pipeline
  for (int i = 0; i < N; i++) { t[i] = a[i] + 1; b[i] = t[i] * 2; }
}
`;

describe('C++ sources', () => {
  // Issue 30: an HLS kernel in C++ (`extern "C"`, a reference) is read from .cpp, .cc and
  // .cxx files through the C++ grammar and `$CXX -E`; before, it was refused by its name.
  const CPP =
    'extern "C" { void k(int a[8], int &s) { int t[8]; for (int i = 0; i < 8; i++) { t[i] = a[i]; s += t[i]; } } }\n';
  it.each(['cpp', 'cc', 'cxx'])('contract reads a .%s file', (ext) => {
    const r = runCli(['contract', write(`kernel.${ext}`, CPP)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('int t; for (int i = 0; i < 8; i++) { t = a[i]; s += t; }');
  });
  // Guards the refusal of C++ headers by name: run as C, a header was refused with an error
  // about one of its lines ("expected identifier or '(' before string constant" for its
  // extern "C"), which hides that such files are not read.
  it.each(['analyze', 'contract', 'model'])(
    '%s refuses a .hpp file and says why (exit 1)',
    (cmd) => {
      const r = runCli([cmd, write('kernel.hpp', CPP)]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("kernel.hpp' is a C++ header or CUDA source (.hpp)");
      expect(r.stderr).not.toMatch(/expected identifier/);
    },
  );
  it('in a multi-file run the .hpp file is skipped with the reason, the others go on', () => {
    const r = runCli([
      'contract',
      '--check',
      '--no-cache',
      write('k2.hh', CPP),
      write('k3.cc', CPP),
      write('ok.c', FUSED),
    ]);
    expect(r.code).toBe(1 | 4);
    expect(r.stderr).toContain("k2.hh' is a C++ header or CUDA source (.hh)");
    expect(r.stderr).toContain('2 would change, 1 skipped');
  });
  // Guards the second grammar of one process (C, then C++ in the same thread): its tree-sitter
  // was left unwrapped ("internal error: Input must be a function") and its node types were
  // read through C's table of type ids (the C++ function was not analysed). A process of its
  // own: the first grammar it loads is C's.
  it('one thread reads a C file, then a C++ file, then C again', () => {
    const r = runBin([
      'contract',
      '--check',
      '--no-cache',
      '--jobs',
      '1',
      write('first.c', FUSED),
      write('second.cpp', CPP),
      write('third.c', FUSED),
    ]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).not.toContain('[BC0101');
    expect(r.stderr).toContain('3 files, 3 would change, 0 skipped');
    expect(r.code).toBe(1);
  });
});

describe('beeclak contract', () => {
  it('scalarizes a fused temporary and keeps comments and pragmas byte for byte', () => {
    const r = runCli(['contract', write('fused.c', FUSED)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('int t;');
    expect(r.stdout).toContain('t = a[i] + 1; b[i] = t * 2;');
    expect(r.stdout).toContain('/* keep me */');
    expect(r.stdout).toContain('#pragma HLS pipeline');
  });

  it('writes -o atomically and the JSON report to --report-file', () => {
    const out = path.join(tmp, 'out.c');
    const rep = path.join(tmp, 'out.json');
    const r = runCli(['contract', write('fused2.c', FUSED), '-o', out, '--report-file', rep]);
    expect(r.code).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toContain('int t;');
    const report = JSON.parse(fs.readFileSync(rep, 'utf8')).files[0];
    expect(report.arrays.find((a: { name: string }) => a.name === 't')).toMatchObject({
      status: 'scalarized',
      originalCells: 8,
      compressedCells: 1,
    });
    expect(fs.readdirSync(tmp).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  // Guards `-o -` writing a file named "-" in the current folder instead of standard output.
  it('-o - writes the program to standard output', () => {
    const r = runCli(['contract', write('fused3.c', FUSED), '-o', '-'], { cwd: tmp });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('int t;');
    expect(fs.existsSync(path.join(tmp, '-'))).toBe(false);
  });

  it('a syntax error: file:line:col, exit 1, and no output file', () => {
    const out = path.join(tmp, 'never.c');
    const r = runCli([
      'contract',
      write('bad.c', 'void f(void) { int t[4]; t[0] = ; }\n'),
      '-o',
      out,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad\.c:1:\d+: error: /);
    expect(fs.existsSync(out)).toBe(false);
  });

  // Guards the compiler's verdict on a file that includes its own header: the re-check ran
  // without the file's folder on the include path and reported "own.h: No such file or
  // directory" (MachSuite's fft/strided/fft_test.c) instead of the file's real error.
  it("a syntax error in a file with its own header: the compiler's real message", () => {
    write('own.h', '#define SIZE 4\n');
    const r = runCli([
      'contract',
      write('bad_own.c', '#include "own.h"\nvoid f(void) { int t[SIZE]; t[0] = ; }\n'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad_own\.c:2:\d+: error: expected expression/);
    expect(r.stderr).not.toContain('No such file');
  });

  // Guards the --private-stack option's validation (a usage error, exit 2, nothing done).
  it('--private-stack takes a whole number of bytes', () => {
    const r = runCli(['contract', write('fused4.c', FUSED), '--private-stack', '1.5k']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--private-stack expects a number of bytes');
    expect(runCli(['contract', write('fused5.c', FUSED), '--private-stack', '0']).code).toBe(0);
  });

  it('-o into a missing directory: exit 1 with a clear message, nothing written', () => {
    const r = runCli([
      'contract',
      write('fused3.c', FUSED),
      '-o',
      path.join(tmp, 'no/such/dir/out.c'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('does not exist');
  });

  it('a missing input file: exit 1', () => {
    const r = runCli(['contract', path.join(tmp, 'nope.c')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot read');
  });

  it('nothing to contract: the program unchanged on stdout, a note on stderr, exit 0', () => {
    const src = 'int g[4];\nint main(void) { g[0] = 1; return g[0]; }\n';
    const r = runCli(['contract', write('none.c', src)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(src);
    expect(r.stderr).toContain('nothing to contract');
  });

  it.each([
    [['--heuristic', 'best'], '--heuristic must be one of'],
    [['--modulo', 'fast'], '--modulo must be one of'],
    [['-D', '3N'], '-D expects NAME[=VALUE]'],
    [['--min-gain', '-3'], '--min-gain expects a number'],
  ])('usage error %j: exit 2', (args, message) => {
    const r = runCli(['contract', write('u.c', FUSED), ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('--annotate states the mapping in a comment above the changed declaration', () => {
    const r = runCli(['contract', write('ann.c', FUSED), '--annotate']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\/\* beeclak: .*8 -> 1 cells \*\/\n#line \d+\n\s*int t;/);
    // Regression: the prefix was written twice ("beeclak: beeclak: t[i] -> t").
    expect(r.stdout).not.toContain('beeclak: beeclak:');
  });

  it('ends with a preprocessor guard on the size it assumed (N == 8)', () => {
    const source = FUSED.replace('#define N 8', '#ifndef N\n#define N 8\n#endif');
    const r = runCli(['contract', write('g.c', source)]);
    expect(r.stdout).toMatch(/#if N != 8\n#error "beeclak: /);
  });

  // Guards (issue 27, every configuration): `#if N != 8` after an unconditional `#define N
  // 8` of the file itself, which no build can change (a -DN=9 is redefined by it): noise.
  it('adds no guard for a size the file itself fixes', () => {
    const r = runCli(['contract', write('fixed.c', FUSED)]);
    expect(r.stdout).toContain('int t;');
    expect(r.stdout).not.toContain('#if');
  });
});
