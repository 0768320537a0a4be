/**
 * C++ as HLS kernels use it (issue 30): `.cpp` files read through tree-sitter's C++ grammar
 * with `$CXX -E`, C's model builder on C++'s shapes (src/frontend/cpp/lower.ts), and what
 * C++ adds to a body's effects (cpp/effects.ts) or puts outside the subset (cpp/subset.ts).
 * Each row is a kernel and the verdict of one array; the rows that refuse guard a miscompile:
 * read as C, each of them was contracted.
 */
import path from 'node:path';
import { analyze, contract } from '../../src/index.js';
import { ROOT } from '../helpers/cli.js';
import { codeOf, type ReasonName } from '../../src/model/reasons.js';

const INCLUDE = path.join(ROOT, 'test/fixtures/hls/include');

async function verdict(source: string, array: string) {
  const report = await analyze(source, {
    file: path.join(ROOT, 'k.cpp'),
    compiler: { flags: ['-I', INCLUDE] },
  });
  const a = report.arrays.find((x) => x.name === array);
  if (!a) throw new Error(`no array ${array}: ${JSON.stringify(report.diagnostics)}`);
  return { status: a.status, reason: a.reason ?? '', code: a.code, cells: a.compressedCells };
}

/** A kernel: `head` at file scope, `body` in `void k(int *out)` after `int t[16];`. */
const kernel = (body: string, head = '') =>
  `${head}\nvoid k(int *out) {\n  int t[16];\n${body}\n}\n`;
const SHIFT = 'for (int i = 0; i < 16; i++) { t[i] = i; if (i > 0) out[i] = t[i - 1]; }';

describe('C++ shapes read as C', () => {
  it.each([
    ['a subscript (indices list)', kernel(SHIFT)],
    ['extern "C"', `extern "C" {\n${kernel(SHIFT)}}`],
    ['a namespace', `namespace hw {\n${kernel(SHIFT)}}`],
    [
      'if/while conditions (condition_clause)',
      kernel('int i = 0;\nwhile (i < 16) { t[i] = i; if (i > 0) out[i] = t[i - 1]; i++; }'),
    ],
    [
      'a constexpr size',
      kernel(SHIFT.replace(/16/g, 'K'), 'constexpr int K = 16;').replace('t[16]', 't[K]'),
    ],
    [
      'a reference parameter of another type',
      kernel(SHIFT).replace('int *out', 'int *out, float &g'),
    ],
    [
      'a call that copies its argument',
      kernel(
        'for (int i = 0; i < 16; i++) { t[i] = i; if (i > 0) out[i] = f(t[i - 1]); }',
        'int f(int);',
      ),
    ],
    [
      'an ap_uint element',
      kernel(SHIFT, '#include "ap_int.h"').replace('int t[16]', 'ap_uint<12> t[16]'),
    ],
  ])('%s: contracted to 2 cells', async (_what, source) => {
    expect(await verdict(source, 't')).toMatchObject({ status: 'contracted', cells: 2 });
  });
});

describe('what C++ adds to the effects of a body', () => {
  // Each kernel writes t only through C++ (a reference, a stream): read as C, t was never
  // written, its reads were all "before any write", and it was scalarized.
  const STREAM = '#include "hls_stream.h"\n';
  it.each<[string, string, [ReasonName, RegExp]]>([
    [
      'an element passed to a reference parameter',
      kernel(
        'for (int i = 0; i < 16; i++) put(t[i], i);\nfor (int i = 0; i < 16; i++) out[i] = t[15 - i];',
        'void put(int &x, int v);',
      ),
      ['element-by-reference', /passed at .* to a call that may take it by reference/],
    ],
    [
      'an element passed to an unknown callee',
      kernel(
        'for (int i = 0; i < 16; i++) lib::put(t[i], i);\nfor (int i = 0; i < 16; i++) out[i] = t[15 - i];',
        'namespace lib { void put(int &x, int v); }',
      ),
      ['element-by-reference', /may take it by reference/],
    ],
    [
      'an element bound to a reference',
      kernel(
        'for (int i = 0; i < 16; i++) { int &r = t[i]; r = i; }\nfor (int i = 0; i < 16; i++) out[i] = t[15 - i];',
      ),
      ['element-by-reference', /bound to a reference/],
    ],
    [
      'an element read from a stream with >>',
      kernel(
        'for (int i = 0; i < 16; i++) s >> t[i];\nfor (int i = 0; i < 16; i++) out[i] = t[15 - i];',
        STREAM,
      ).replace('int *out', 'int *out, hls::stream<int> &s'),
      ['stream-extract', /read from a stream with '>>'/],
    ],
    [
      'an element read from a stream with read(x)',
      kernel(
        'for (int i = 0; i < 16; i++) s.read(t[i]);\nfor (int i = 0; i < 16; i++) out[i] = t[15 - i];',
        STREAM,
      ).replace('int *out', 'int *out, hls::stream<int> &s'),
      ['element-by-reference', /may take it by reference/],
    ],
  ])('%s: unchanged', async (_what, source, why) => {
    const v = await verdict(source, 't');
    expect(v.status).not.toMatch(/contracted|scalarized/);
    expect(v.code).toBe(codeOf(why[0]));
    expect(v.reason).toMatch(why[1]);
  });

  it('an element written to a stream is read (write takes const T &)', async () => {
    const source = kernel(
      SHIFT.replace('out[i] = t[i - 1]', 's.write(t[i - 1])'),
      '#include "hls_stream.h"',
    ).replace('int *out', 'int *out, hls::stream<int> &s');
    expect(await verdict(source, 't')).toMatchObject({ status: 'contracted', cells: 2 });
  });

  it('an argument changed through a reference keeps no value given with -D', async () => {
    // Read as C, `widen(m)` only read m: with -D m=2, t was folded to 3 cells for a window
    // of 2 that is 4 wide at run time, and the contracted kernel read the wrong squares.
    const source = `void widen(int &n);
void k(int *out, int m) {
  int t[16];
  widen(m);
  for (int i = 0; i < 16; i++) {
    t[i] = i * i;
    if (i >= m) out[i] = t[i - m];
  }
}
`;
    const report = await analyze(source, { file: path.join(ROOT, 'k.cpp'), defines: { m: 2n } });
    expect(report.arrays.find((a) => a.name === 't')).toMatchObject({ status: 'unchanged' });
  });

  it('an element type that is a class is refused (its constructors may have effects)', async () => {
    const source = kernel(
      SHIFT,
      'struct Cell { int v; Cell(); Cell(int); operator int() const; };',
    ).replace('int t[16]', 'Cell t[16]');
    expect(await verdict(source, 't')).toMatchObject({
      status: 'unchanged',
      reason: expect.stringMatching(/element type 'Cell' is a class/),
    });
  });
});

describe('outside the subset: the function is left unchanged, the file is still served', () => {
  it.each<[string, string, [ReasonName, RegExp]]>([
    [
      'a lambda capturing the array',
      kernel(SHIFT + '\nauto f = [&](int i) { return t[i]; };\nout[0] = f(3);'),
      ['outside-cpp-subset', /a lambda at .* uses the array 't'/],
    ],
    [
      'exceptions',
      kernel(SHIFT + '\nif (out[3] < 0) throw 1;'),
      ['outside-cpp-subset', /uses exceptions \('throw'/],
    ],
    [
      'a declaration in a condition',
      kernel(SHIFT + '\nif (int z = out[2]) out[1] = z;'),
      ['outside-cpp-subset', /a declaration in a condition/],
    ],
  ])('%s', async (_what, source, why) => {
    const other =
      '\nvoid other(int *out) {\n  int u[16];\n  for (int i = 0; i < 16; i++) { u[i] = i; if (i > 0) out[i] = u[i - 1]; }\n}\n';
    const report = await analyze(source + other, {
      file: path.join(ROOT, 'k.cpp'),
      compiler: { flags: ['-I', INCLUDE] },
    });
    const t = report.arrays.find((a) => a.name === 't')!;
    expect(t.status).toBe('unchanged');
    expect(t.code).toBe(codeOf(why[0]));
    expect(t.reason).toMatch(why[1]);
    expect(report.arrays.find((a) => a.name === 'u')).toMatchObject({ status: 'contracted' });
  });
});

describe('C++ constants', () => {
  it('a file-scope constexpr size is guarded at compile time, so HLS mode contracts for it', async () => {
    // Guards issue 30: a C++ constant was guarded like C's `const` (a run-time split), which
    // HLS mode refuses: Vitis' max_widen_port_width example kept buff[N] "for N == 64 (a
    // function argument)".
    const source = `constexpr int N = 64;
void example(int a[N], int b[N]) {
  int buff[N];
  for (int i = 0; i < N; ++i) { buff[i] = a[i]; buff[i] = buff[i] + 100; b[i] = buff[i]; }
}
`;
    const { code, report } = await contract(source, { file: path.join(ROOT, 'k.cpp'), hls: true });
    expect(report.arrays.find((a) => a.name === 'buff')!.status).toBe('scalarized');
    expect(code).toContain('typedef char beeclak_assumes_example_N[(N) == 64 ? 1 : -1];');
    expect(code).not.toContain('if (N != 64)');
  });
});
