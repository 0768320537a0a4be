/**
 * C++ function templates (issue 30): each instantiation the file uses is analysed as a
 * function with its parameters bound (src/frontend/cpp/templates.ts), and an array of the
 * template's one text is contracted only when every instantiation gives the same rewrite
 * (src/pipeline/decision/templates.ts). Each row is a file and the verdict of each
 * instantiation's array `t`: `name status [cells | code]`.
 */
import path from 'node:path';
import { analyze, contract } from '../../src/index.js';
import { ROOT } from '../helpers/cli.js';
import { codeOf, type ReasonName } from '../../src/model/reasons.js';

const file = path.join(ROOT, 'k.cpp');

/** A template `k` over M cells whose `t` holds one value at a time (a scalar). */
const SCALAR = `template <int M> void k(int *out) {
  int t[M];
  for (int i = 0; i < M; i++) { t[i] = i * i; out[i] = t[i] + 1; }
}`;
/** A template whose `t` holds two values: folded to 2 cells for every M. */
const SHIFT = `template <int M> void k(int *out) {
  int t[M];
  for (int i = 0; i < M; i++) { t[i] = i; if (i > 0) out[i] = t[i - 1]; }
}`;
/** `t` holds three values: no saving for M = 3, folded to 4 cells (HLS) for larger M. */
const WINDOW = `template <int M> void k(int *out) {
  int t[M];
  for (int i = 0; i < M; i++) { t[i] = i; if (i >= 2) out[i] = t[i - 2]; }
}`;
/** Rows of M, partitioned: the rows fold to 2, each kept whole with its extent's text M. */
const ROWS = `template <int M> void k(int *out) {
  int t[8][M];
#pragma HLS ARRAY_PARTITION variable=t complete dim=1
  for (int r = 0; r < 8; r++)
    for (int x = 0; x < M; x++) { t[r][x] = r + x; if (r > 0) out[x] += t[r - 1][x]; }
}`;

type Row = [string, string, string[], { hls?: boolean }?];

async function verdicts(source: string, hls = false): Promise<string[]> {
  const report = await analyze(source, { file, hls });
  return report.arrays
    .filter((a) => a.name === 't')
    .map((a) =>
      a.status === 'contracted'
        ? `${a.function} contracted ${a.compressedCells}`
        : a.status === 'scalarized'
          ? `${a.function} scalarized`
          : `${a.function} ${a.status} ${a.code}`,
    );
}

const code = (name: ReasonName) => codeOf(name);

describe('C++ function templates', () => {
  it.each<Row>([
    [
      'one explicit instantiation',
      `${SCALAR}\nvoid use(int *o) { k<16>(o); }`,
      ['k<16> scalarized'],
    ],
    [
      // Guards the rewrite of a text shared by several instantiations: one edit for both.
      'two sizes that fold the same way',
      `${SHIFT}\nvoid use(int *o) { k<16>(o); k<32>(o); }`,
      ['k<16> contracted 2', 'k<32> contracted 2'],
    ],
    [
      // Guards the instantiation that needs every cell: rewritten for k<32>, k<4> broke.
      'two sizes where only one folds',
      `${WINDOW}\nvoid use(int *o) { k<3>(o); k<32>(o); }`,
      [
        `k<3> unchanged ${code('no-saving')}`,
        `k<32> unchanged ${code('template-instances-disagree')}`,
      ],
      { hls: true },
    ],
    [
      'a dimension kept whole, spelled by the parameter',
      `${ROWS}\nvoid use(int *o) { k<16>(o); k<64>(o); }`,
      ['k<16> contracted 32', 'k<64> contracted 128'],
      { hls: true },
    ],
    [
      'a constant named by a file-scope constexpr',
      `constexpr int N = 12;\n${SHIFT}\nvoid use(int *o) { k<N + 4>(o); }`,
      ['k<16> contracted 2'],
    ],
    ['an explicit instantiation', `${SHIFT}\ntemplate void k<16>(int *);`, ['k<16> contracted 2']],
    [
      'deduced from an array passed by reference',
      `template <int M> void k(int (&out)[M]) {
  int t[M];
  for (int i = 0; i < M; i++) { t[i] = i; if (i > 0) out[i] = t[i - 1]; }
}
void use() { int o[24]; k(o); }`,
      ['k<24> contracted 2'],
    ],
    [
      'a template instantiated in another template',
      `${SHIFT}\ntemplate <int K> void g(int *o) { k<2 * K>(o); }\nvoid use(int *o) { g<8>(o); }`,
      ['k<16> contracted 2'],
    ],
    ['never instantiated', SHIFT, [`k unchanged ${code('template-not-instantiated')}`]],
    [
      // Guards an instantiation the file does not show: its size is unknown.
      'an argument that is no constant',
      `template <int M> void k(int *out, int n) {
  int t[M];
  for (int i = 0; i < M; i++) { t[i] = i; if (i > 0) out[i] = t[i - 1]; }
}
template <typename T> void g(T x, int *o) { k<sizeof(x)>(o, 0); }
void use(int *o) { g(1.0, o); }`,
      [`k unchanged ${code('template-instantiation-unknown')}`],
    ],
    [
      // Guards a shadowed name: the lambda's x is not use()'s int x[8] (g(y) makes k<16>).
      'deduced from a lambda parameter that shadows an array',
      `template <int M> void k(int (&out)[M]) {
  int t[M];
  for (int i = 0; i < M; i++) { t[i] = i; if (i > 0) out[i] = t[i - 1]; }
}
void use() { int x[8]; k(x); auto g = [](auto &x) { k(x); }; int y[16]; g(y); }`,
      [`k unchanged ${code('template-instantiation-unknown')}`],
    ],
    [
      'a name overloaded by another function',
      `${SHIFT}\nvoid k(int *out, int n) { out[0] = n; }\nvoid use(int *o) { k<16>(o); }`,
      [`k unchanged ${code('outside-cpp-subset')}`],
    ],
    [
      // Guards a specialization: k<16> runs its own body, not the template's.
      'an explicit specialization',
      `${SHIFT}\ntemplate <> void k<16>(int *out) { out[0] = 1; }\nvoid use(int *o) { k<16>(o); }`,
      [`k unchanged ${code('outside-cpp-subset')}`],
    ],
    // (`options` as a rest: jest takes a fourth named parameter of a three-item row for `done`)
  ])('%s', async (_what, source, expected, ...options) => {
    expect((await verdicts(source, options[0]?.hls)).sort()).toEqual([...expected].sort());
  });

  it('rewrites the shared text once, with the parameter where a dimension stays whole', async () => {
    const { code: out } = await contract(`${ROWS}\nvoid use(int *o) { k<16>(o); k<64>(o); }`, {
      file,
      hls: true,
    });
    expect(out).toContain('int t[2][M];');
    expect(out).toContain('t[r & 1][x] = r + x;');
  });
});
