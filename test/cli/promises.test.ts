/**
 * Temporary promises (`--temporary FUNCTION:ARRAY`, `#pragma beeclak temporary`) name one
 * array of one function, and a promise the analysis disproves is not acted on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { compileAndRun } from '../helpers/cc.js';

const fixture = (name: string) => path.join(ROOT, 'test/fixtures/whole', name);
const original = (name: string) =>
  compileAndRun(fs.readFileSync(fixture(name), 'utf8'), 'orig', ['-Wno-unknown-pragmas']);

describe('temporary promises', () => {
  // Guards the jacobi-1d/2d miscompilation: B's border cells are read but never written by
  // the kernel, analyze warned, and contract rewrote B anyway (the program printed other values).
  it('a disproved promise leaves the array unchanged, rejected, with the cell and the line on stderr', () => {
    const r = runCli(['contract', fixture('jacobi1d.c'), '--temporary', 'kernel_jacobi_1d:B']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('double B[N]) {');
    expect(r.stderr).toMatch(
      /jacobi1d\.c:14:\d+: warning: kernel_jacobi_1d:B: the temporary promise is disproved: B\[0\].* line 19:/,
    );
    const out = compileAndRun(r.stdout, 'contracted');
    expect(out.compiled).toBe(true);
    expect(out.stdout).toBe(original('jacobi1d.c').stdout);
    const json = runCli([
      'analyze',
      fixture('jacobi1d.c'),
      '--json',
      '--temporary',
      'kernel_jacobi_1d:B',
    ]);
    const b = JSON.parse(json.stdout).arrays.find(
      (a: { function: string; name: string }) =>
        a.function === 'kernel_jacobi_1d' && a.name === 'B',
    );
    expect(b.status).toBe('rejected');
  });

  it('an unqualified name matching arrays of several functions is an error listing them', () => {
    const r = runCli(['contract', fixture('same-name.c'), '--temporary', 'tmp']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('init:tmp (line 6)');
    expect(r.stderr).toContain('kernel:tmp (line 11)');
    expect(r.stderr).toContain('main:tmp (line 20)');
  });

  it('a name that matches nothing is an error', () => {
    expect(runCli(['contract', fixture('same-name.c'), '--temporary', 'tmpp']).stderr).toContain(
      "no array named 'tmpp'",
    );
    const r = runCli(['contract', fixture('same-name.c'), '--temporary', 'kernell:tmp']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no function named 'kernell'");
  });

  // Guards the broken signatures: a contracted parameter changed the pointer type callers
  // pass, and `init`'s output parameter was scalarized by an unqualified --temporary tmp.
  it('a qualified promise contracts that function only, the signature unchanged, -Wall -Werror clean', () => {
    const r = runCli(['contract', fixture('same-name.c'), '--temporary', 'kernel:tmp']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('static void init(double tmp[N][N]) {');
    // A promise says nothing of the callers (one might pass the same buffer twice): a private
    // array, never a fold in place in the caller's buffer (placement.ts).
    expect(r.stdout).toContain(
      'static void kernel(double A[N][N], double tmp[N][N], double out[N]) { (void)tmp; { double tmp[N];',
    );
    const out = compileAndRun(r.stdout, 'contracted');
    expect(out.diagnostics).toBe('');
    expect(out.stdout).toBe(original('same-name.c').stdout);
  });

  it("a pragma inside a function promises that function's array only", () => {
    const r = runCli(['contract', fixture('pragma-promise.c'), '--report', 'json']);
    expect(r.code).toBe(0);
    const arrays = JSON.parse(r.stderr).files[0].arrays as {
      function: string;
      name: string;
      status: string;
    }[];
    expect(arrays.find((a) => a.function === 'kernel' && a.name === 'tmp')!.status).toBe(
      'contracted',
    );
    expect(arrays.find((a) => a.function === 'init' && a.name === 'tmp')!.status).toBe('unchanged');
    // The pragma is beeclak's, unknown to cc (-Wall warns about it in the original too).
    const out = compileAndRun(r.stdout, 'contracted', ['-Wno-unknown-pragmas']);
    expect(out.compiled).toBe(true);
    expect(out.stdout).toBe(original('pragma-promise.c').stdout);
  });

  // The owner check of `check` inserted its shadow arrays into the parameter list ("a beeclak bug").
  it('check runs the owner check of a contracted parameter', () => {
    const r = runCli([
      'check',
      fixture('same-name.c'),
      '--temporary',
      'kernel:tmp',
      '--no-sanitize',
    ]);
    expect(r.stdout).toContain('owner check: every read found its own cell in its slot');
    expect(r.code).toBe(0);
  });
});
