/**
 * One byte threshold for every mode (issue 29, item 2): an array that would save no more than
 * `minBytes` is left as written, with BC0003 below-min-bytes (src/pipeline/minBytes.ts).
 * Before, minBytes only filtered what `--list` printed: `-i` and the library contracted a
 * 12-byte saving anyway.
 */
import { contract } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';

const SOURCE = `void f(const int in[64], int out[64]) {
  int small[4], big[64];
  for (int i = 0; i < 4; i++) { small[i] = in[i] + 1; out[i] = small[i] * 2; }
  for (int i = 0; i < 64; i++) { big[i] = in[i] + 1; out[i] += big[i] * 2; }
}
`;

it.each([
  // minBytes, small's status, big's status
  [undefined, 'scalarized', 'scalarized'],
  [11, 'scalarized', 'scalarized'],
  [12, 'unchanged', 'scalarized'],
  [252, 'unchanged', 'unchanged'],
])('minBytes %p: small %s, big %s', async (minBytes, small, big) => {
  const r = await contract(SOURCE, { file: 'f.c', ...(minBytes ? { minBytes } : {}) });
  const a = (name: string) => r.report.arrays.find((x) => x.name === name)!;
  expect([a('small').status, a('big').status]).toEqual([small, big]);
  if (small === 'unchanged') {
    expect(a('small').code).toBe(codeOf('below-min-bytes'));
    expect(r.code).toContain('int small[4]');
  }
});

// Guards: an array of a function fixed for an argument value whose original body stays in
// its frame saves 0 bytes as built (BC1510: here a variadic function, whose body cannot be a
// function of its own), yet any threshold left it contracted, since only savings above 0 were
// compared. Where the original body is a function of its own, the frame loses t's 480 bytes:
// a threshold below that contracts it.
const GUARDED = `double kernel(int n, const double *in, double *out) {
  double t[64];
  for (int i = 0; i < n; i++) { t[i] = in[i] * 2; out[i] = t[i] + (i > 0 ? t[i - 1] : 0); }
  return out[0];
}
`;
const KERNELS: Record<string, string> = {
  outlined: GUARDED,
  variadic: GUARDED.replace('double *out)', 'double *out, ...)'),
};

it.each([
  // kernel, minBytes, t's status, whether the original body is kept
  ['outlined', undefined, 'contracted', true],
  ['outlined', 1, 'contracted', true],
  ['outlined', 4096, 'unchanged', false],
  ['variadic', undefined, 'contracted', true],
  ['variadic', 1, 'unchanged', false],
])(
  '%s, minBytes %p, -D n=8: t %s, original body kept: %p',
  async (kernel, minBytes, status, kept) => {
    const r = await contract(KERNELS[kernel]!, {
      file: 'k.c',
      defines: { n: 8n },
      ...(minBytes ? { minBytes } : {}),
    });
    const t = r.report.arrays.find((x) => x.name === 't')!;
    expect({ status: t.status, kept: r.code.includes('if (n != 8)') }).toEqual({ status, kept });
  },
);
