/**
 * Whole programs: temporaries found across calls with no flag, and the cases that must not be
 * (values read after the call, callers that are not all visible). Every output compiles with
 * -Wall -Werror and prints what the original prints.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { compileAndRun } from '../helpers/cc.js';
import { hasWarning, warningText } from '../helpers/codes.js';
import { codeOf } from '../../src/model/reasons.js';

const fixture = (name: string) => path.join(ROOT, 'test/fixtures/whole', name);

interface Entry {
  function: string;
  name: string;
  status: string;
  reason?: string;
  code?: string;
  warnings: { code: string; message: string }[];
}

function contract(name: string): { code: string; arrays: Entry[] } {
  const r = runCli(['contract', fixture(name), '--report', 'json']);
  expect(r.code).toBe(0);
  return { code: r.stdout, arrays: JSON.parse(r.stderr).files[0].arrays };
}

function sameOutput(name: string, code: string): void {
  const original = compileAndRun(fs.readFileSync(fixture(name), 'utf8'), 'original');
  const contracted = compileAndRun(code, 'contracted');
  expect(contracted.diagnostics).toBe('');
  expect(contracted.compiled).toBe(true);
  expect(contracted.stdout).toBe(original.stdout);
  expect(contracted.stdout.length).toBeGreaterThan(0);
}

const entry = (arrays: Entry[], fn: string, name: string) =>
  arrays.find((a) => a.function === fn && a.name === name)!;

describe('temporaries across calls', () => {
  // Guards the PolyBench case: every temporary is a parameter, so nothing was a candidate.
  it('a heap buffer passed to a static kernel is found with no flag; the signature stays', () => {
    const { code, arrays } = contract('kernel-temp.c');
    const tmp = entry(arrays, 'kernel', 'tmp');
    expect(tmp.status).toBe('contracted');
    expect(warningText(tmp)).toContain('main:tmp (allocated, call at 23:3)');
    // Folded in place in main's heap buffer (no private copy on the kernel's stack), whose
    // allocation shrinks to the row the kernel uses; the parameter is retyped with it.
    expect(hasWarning(tmp, 'folded-in-place')).toBe(true);
    expect(code).toContain('for (int j = 0; j < n; j++) tmp[0][j] = A[i][j] * 0.5 + i;');
    expect(code).toContain('double tmp[1][N], double out[N]) {');
    expect(code).toContain(
      '  double (*tmp)[1][N];\n  tmp = (double (*)[1][N])malloc(12 * sizeof(double));',
    );
    const heap = entry(arrays, 'main', 'tmp') as Entry & { compressedCells: number };
    expect([heap.status, heap.compressedCells]).toEqual(['contracted', 12]);
    expect(hasWarning(heap, 'storage-shrinks')).toBe(true);
    expect(warningText(heap)).toContain('its allocation shrinks to [1][12]');
    expect(entry(arrays, 'kernel', 'out').status).toBe('unchanged');
    sameOutput('kernel-temp.c', code);
  });

  // Guards PolyBench as shipped (`DATA_TYPE POLYBENCH_1D(tmp, N, n)` parameters): the
  // whole-program stage made such a parameter a temporary and the rewriter crashed (exit 70)
  // on a declarator spelled only inside a macro expansion.
  it('a parameter declared through a macro stays unchanged, with the macro named', () => {
    const { code, arrays } = contract('macro-parameter.c');
    const tmp = entry(arrays, 'kernel', 'tmp');
    expect(tmp.status).toBe('unchanged');
    expect(tmp.code).toBe(codeOf('not-editable'));
    expect(tmp.reason).toContain(
      'ARRAY_2D (defined at line 7); edits inside macro expansions are not made',
    );
    expect(code).toBe(fs.readFileSync(fixture('macro-parameter.c'), 'utf8'));
  });

  it('a caller that reads the buffer after the call: not a temporary', () => {
    const { code, arrays } = contract('reads-after.c');
    const tmp = entry(arrays, 'kernel', 'tmp');
    expect(tmp.status).toBe('unchanged');
    expect(tmp.code).toBe(codeOf('read-after-call'));
    expect(tmp.reason).toContain("main() accesses 'tmp' at 17:61");
    expect(code).toBe(fs.readFileSync(fixture('reads-after.c'), 'utf8'));
  });

  it('a buffer passed to two kernels in turn is a temporary of both', () => {
    const { code, arrays } = contract('two-kernels.c');
    expect(entry(arrays, 'first', 's').status).toBe('contracted');
    expect(entry(arrays, 'second', 's').status).toBe('contracted');
    // Both fold in place; they use other slots of main's s ([1][N] and [N][1]), which keeps
    // its size.
    for (const fn of ['first', 'second'])
      expect(hasWarning(entry(arrays, fn, 's'), 'folded-in-place')).toBe(true);
    expect(code).toContain('s[0][j] = A[i] * j;');
    expect(code).toContain('s[j][0] = A[i] - j;');
    expect(entry(arrays, 'main', 's').status).toBe('unchanged');
    // first's out is read by second: not a temporary of first.
    expect(entry(arrays, 'first', 'out').code).toBe(codeOf('read-after-call'));
    expect(entry(arrays, 'first', 'out').reason).toContain('passed to second()');
    sameOutput('two-kernels.c', code);
  });

  it('a callee reached through a function pointer or with external linkage is not analysed', () => {
    const { arrays } = contract('not-visible.c');
    expect(entry(arrays, 'kernel', 'tmp').code).toBe(codeOf('called-from-unseen-code'));
    expect(entry(arrays, 'kernel', 'tmp').reason).toContain('calls through a function pointer');
    expect(entry(arrays, 'exported', 'tmp').code).toBe(codeOf('not-static'));
  });

  it('the jacobi-1d pattern with no flag: border values flow in, nothing changes', () => {
    const { code, arrays } = contract('jacobi1d.c');
    expect(entry(arrays, 'kernel_jacobi_1d', 'B').code).toBe(codeOf('value-flows-in'));
    expect(entry(arrays, 'kernel_jacobi_1d', 'B').reason).toContain('values flow in: B[0]');
    expect(entry(arrays, 'init_array', 'B').code).toBe(codeOf('read-after-call'));
    expect(code).toBe(fs.readFileSync(fixture('jacobi1d.c'), 'utf8'));
  });

  // A promise on a parameter whose caller reads the buffer after the call is disproved.
  it('a promise disproved by a read after the call is rejected', () => {
    const r = runCli(['contract', fixture('reads-after.c'), '--temporary', 'kernel:tmp']);
    expect(r.stderr).toContain(
      "warning: kernel:tmp: the temporary promise is disproved: main() accesses 'tmp' at 17:61",
    );
    expect(r.stdout).toBe(fs.readFileSync(fixture('reads-after.c'), 'utf8'));
  });

  it('check passes on a contracted kernel that dumps on stderr', () => {
    const r = runCli([
      'check',
      fixture('dump-stderr.c'),
      '--with',
      fixture('dump-helper.c'),
      '--cflags',
      '-DSCALE=2',
      '--no-sanitize',
    ]);
    expect(r.stdout).toContain('1 array contracted');
    expect(r.code).toBe(0);
  });
  // Issue 15's "must show", in the form PolyBench passes its temporaries (heap buffers of
  // main, parameters of a static kernel): guards that value-based lifetimes reach them.
  const cells = (arrays: Entry[], fn: string, name: string) => {
    const e = entry(arrays, fn, name) as Entry & { compressedCells: number };
    return `${e.status} ${e.compressedCells}`;
  };

  it("PolyBench 3.2's durbin: y becomes n x 2, sum, alpha and beta scalars (the paper's result)", () => {
    const { code, arrays } = contract('durbin-params.c');
    expect(cells(arrays, 'kernel_durbin', 'y')).toBe('contracted 48');
    for (const name of ['sum', 'alpha', 'beta']) {
      expect(cells(arrays, 'kernel_durbin', name)).toBe('scalarized 1');
      // init's values are overwritten by the kernel before it reads them.
      expect(cells(arrays, 'init', name)).toBe('scalarized 1');
    }
    expect(entry(arrays, 'kernel_durbin', 'r').status).toBe('unchanged');
    expect(entry(arrays, 'kernel_durbin', 'out').status).toBe('unchanged');
    sameOutput('durbin-params.c', code);
  });

  it("PolyBench 3.2's dynprog: sum_c becomes a scalar, c keeps (L-1)^2 cells", () => {
    const { code, arrays } = contract('dynprog-params.c');
    expect(cells(arrays, 'kernel_dynprog', 'sum_c')).toBe('scalarized 1');
    expect(cells(arrays, 'kernel_dynprog', 'c')).toBe('contracted 169');
    expect(cells(arrays, 'init', 'c')).toBe('scalarized 1');
    expect(entry(arrays, 'init', 'W').status).toBe('unchanged');
    sameOutput('dynprog-params.c', code);
  });

  it("PolyBench 4.2.1's adi: p and q become one row each", () => {
    const { code, arrays } = contract('adi-params.c');
    expect(cells(arrays, 'kernel_adi', 'p')).toBe('contracted 15');
    expect(cells(arrays, 'kernel_adi', 'q')).toBe('contracted 15');
    expect(entry(arrays, 'kernel_adi', 'u').status).toBe('unchanged');
    sameOutput('adi-params.c', code);
  });
});
