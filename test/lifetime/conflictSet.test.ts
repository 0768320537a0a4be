/**
 * DS by hand and against the dynamic oracle, on small C kernels (Bee, section 3).
 */
import { buildModel } from '../../src/frontend/index.js';
import * as P from '../../src/poly/index.js';
import { conflictSet } from '../../src/lifetime/conflictSet.js';
import { upwardExposedReads } from '../../src/lifetime/upwardExposed.js';
import { dynamicLifetimes } from '../../src/dynamic/lifetimes.js';
import type { FunctionModel } from '../../src/model/types.js';

function kernel(source: string, defines: Record<string, bigint> = {}): FunctionModel {
  const model = buildModel(source, 'test.c', { defines });
  return model.functions.find((f) => f.name === 'kernel')!;
}

function arrayOf(fn: FunctionModel, name: string) {
  const a = fn.arrays.find((x) => x.name === name);
  if (!a) throw new Error(`no array ${name}`);
  return a;
}

/** Points of a DS for fixed parameters, as sorted strings. */
function points(ds: P.PolySet, params: Record<string, bigint>): string[] {
  return P.enumeratePoints(ds, params)
    .map((p) => `[${p.join(',')}]`)
    .sort();
}

function paramValues(fn: FunctionModel): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const p of fn.parameters) if (p.value !== undefined) out[p.name] = p.value;
  return out;
}

const DURBIN = `
#define N 10
void kernel(double r[N], double out[N]) {
  double y[N][N], sum[N][N], alpha[N], beta[N];
  int i, k;
  y[0][0] = r[0];
  beta[0] = 1;
  alpha[0] = r[0];
  for (k = 1; k < N; k++) {
    beta[k] = beta[k-1] - alpha[k-1] * alpha[k-1] * beta[k-1];
    sum[0][k] = r[k];
    for (i = 0; i <= k - 1; i++)
      sum[i+1][k] = sum[i][k] + r[k-i-1] * y[i][k-1];
    alpha[k] = -sum[k][k] * beta[k];
    for (i = 0; i <= k - 1; i++)
      y[i][k] = y[i][k-1] + alpha[k] * y[k-i-1][k-1];
    y[k][k] = alpha[k];
  }
  for (i = 0; i < N; i++)
    out[i] = y[i][N-1];
}
`;

/** The paper's polytope for y (section 3.2), for a given N. */
function paperDurbinY(n: bigint): string[] {
  const out: string[] = [];
  for (let a = -2n * n; a <= 2n * n; a++) {
    for (let b = -1n; b <= 1n; b++) {
      const ok =
        -(n - 1n) <= a + 2n * b &&
        a + 2n * b <= n - 1n &&
        -(n - 1n) <= a - b &&
        a - b <= n - 1n &&
        -(n - 1n) <= 2n * b &&
        2n * b <= n - 1n;
      if (ok) out.push(`[${a},${b}]`);
    }
  }
  return out.sort();
}

describe('conflict sets of the Toeplitz (Durbin) kernel', () => {
  const fn = kernel(DURBIN);
  const params = paramValues(fn);

  it('y: DS is exactly the integer points of the paper polytope', () => {
    const cs = conflictSet(fn, arrayOf(fn, 'y'));
    expect(cs.exact).toBe(true);
    expect(points(cs.ds, params)).toEqual(paperDurbinY(10n));
  });

  it.each(['alpha', 'beta', 'sum'])(
    '%s: DS = {0} (scalarizable; sum needs inter-loop reasoning)',
    (name) => {
      const cs = conflictSet(fn, arrayOf(fn, name));
      expect(points(cs.ds, params)).toEqual([
        name === 'alpha' || name === 'beta' ? '[0]' : '[0,0]',
      ]);
    },
  );

  it('static DS equals the dynamic DS for every array (the analysis is exact here)', () => {
    for (const name of ['y', 'sum', 'alpha', 'beta']) {
      const array = arrayOf(fn, name);
      const dyn = dynamicLifetimes(fn, array, params);
      if (dyn.kind !== 'done') throw new Error(dyn.reason);
      const dynPoints = dyn.ds.map((d) => `[${d.join(',')}]`).sort();
      expect(points(conflictSet(fn, array).ds, params)).toEqual(dynPoints);
    }
  });

  it('no upward-exposed reads in Durbin', () => {
    for (const name of ['y', 'sum', 'alpha', 'beta'])
      expect(upwardExposedReads(fn, arrayOf(fn, name))).toEqual([]);
  });
});

/** One array per case: C body (with `#define N`), the array, the expected DS for the given N. */
const CASES: { what: string; src: string; array: string; ds: string[]; maxLive?: number }[] = [
  {
    what: 'fused producer/consumer: each cell dies where it is born',
    src: `for (int i = 0; i < N; i++) { t[i] = a[i]; b[i] = t[i] * 2; }`,
    array: 't',
    ds: ['[0]'],
    maxLive: 1,
  },
  {
    what: 'two loops: every cell is live between them (inter-loop reasoning)',
    src: `for (int i = 0; i < N; i++) t[i] = a[i]; for (int i = 0; i < N; i++) b[i] = t[i];`,
    array: 't',
    ds: ['[-3]', '[-2]', '[-1]', '[0]', '[1]', '[2]', '[3]'],
    maxLive: 4,
  },
  {
    what: 'sliding window of width 2 in a reversed loop',
    src: `for (int i = N - 1; i >= 0; i--) { t[i] = a[i]; if (i < N - 1) b[i] = t[i] + t[i + 1]; }`,
    array: 't',
    ds: ['[-1]', '[0]', '[1]'],
    maxLive: 2,
  },
  {
    what: 'integer division in a stride-2 loop: e[i/2] is born and read in one iteration',
    src: `for (int i = 0; i < N; i += 2) { t[i / 2] = a[i]; b[i] = t[i / 2]; }`,
    array: 't',
    ds: ['[0]'],
    maxLive: 1,
  },
  {
    // Guards against the `?:` subscript read as "any index" (DS was every difference).
    what: '`?:` in a subscript: one exact access per branch',
    src: `for (int i = 0; i < N; i++) { t[i] = a[i]; b[i] = t[i > 0 ? i - 1 : 0] + t[i]; }`,
    array: 't',
    ds: ['[-1]', '[0]', '[1]'],
    maxLive: 2,
  },
  {
    // Guards against counting reads of t[0] in iterations where `?:`, `&&` or `||` skip
    // them (t[0] would then stay live to the end: DS = every difference).
    what: 'reads guarded by `?:`, `&&` and `||` happen only where their condition holds',
    src: `for (int i = 0; i < N; i++) { t[i] = a[i]; b[i] = (i < 2 ? t[0] : 0) + (i == 1 && t[0] > 0) + (i >= 2 || t[0] > 0); }`,
    array: 't',
    ds: ['[-1]', '[0]', '[1]'],
    maxLive: 2,
  },
  {
    // Guards against a write under `?:` modelled as unconditional or as "any index".
    what: 'a write whose cell is chosen by `?:`',
    src: `for (int i = 0; i < N; i++) { t[i < 2 ? i : N - 1] = a[i]; b[i] = t[i < 2 ? i : N - 1]; }`,
    array: 't',
    ds: ['[0]'],
    maxLive: 1,
  },
];

describe('a triangular temporary whose cells are all live at once', () => {
  // Written in one triangular nest, all read in a second: nothing can share memory.
  const fn = kernel(`#define N 3
void kernel(const int a[N][N], int b[N]) {
  int L[N][N];
  for (int i = 0; i < N; i++) for (int j = 0; j <= i; j++) L[i][j] = a[i][j];
  for (int i = 0; i < N; i++) for (int j = 0; j <= i; j++) b[j] += L[i][j];
}`);
  const params = paramValues(fn);
  it('DS is every difference of two cells of the triangle, and maxLive is the triangle', () => {
    const cells: [number, number][] = [];
    for (let i = 0; i < 3; i++) for (let j = 0; j <= i; j++) cells.push([i, j]);
    const diffs = new Set(cells.flatMap(([a, b]) => cells.map(([c, d]) => `[${a - c},${b - d}]`)));
    expect(points(conflictSet(fn, arrayOf(fn, 'L')).ds, params)).toEqual([...diffs].sort());
    const dyn = dynamicLifetimes(fn, arrayOf(fn, 'L'), params);
    if (dyn.kind !== 'done') throw new Error(dyn.reason);
    expect(dyn.maxLive).toBe(6);
  });
});

describe.each(CASES)('$what', ({ src, array, ds, maxLive }) => {
  const fn = kernel(`#define N 4\nvoid kernel(int a[N], int b[N]) { int t[N]; ${src} }`);
  const params = paramValues(fn);
  it('static DS', () => {
    expect(points(conflictSet(fn, arrayOf(fn, array)).ds, params)).toEqual([...ds].sort());
  });
  it('dynamic DS and maxLive agree', () => {
    const dyn = dynamicLifetimes(fn, arrayOf(fn, array), params);
    if (dyn.kind !== 'done') throw new Error(dyn.reason);
    expect(dyn.ds.map((d) => `[${d.join(',')}]`).sort()).toEqual([...ds].sort());
    if (maxLive !== undefined) expect(dyn.maxLive).toBe(maxLive);
  });
});

describe('parameters stay symbolic', () => {
  it('the DS of a two-loop temporary is the same set at N = 10 and N = 10^6 (checked by its extremes)', () => {
    const src = (n: string) =>
      `#define N ${n}\nvoid kernel(int a[N], int b[N]) { int t[N]; for (int i = 0; i < N; i++) t[i] = a[i]; for (int i = 0; i < N; i++) b[i] = t[i]; }`;
    for (const n of [10n, 1000000n]) {
      const fn = kernel(src(String(n)));
      const ds = P.fixParams(conflictSet(fn, arrayOf(fn, 't')).ds, paramValues(fn));
      expect(P.maximize(ds, { coeffs: { d0: 1n }, constant: 0n })).toEqual({
        kind: 'value',
        value: n - 1n,
      });
    }
  });
});

describe('upward-exposed reads', () => {
  it('reports a read of a cell before its first write', () => {
    const fn = kernel(
      `#define N 4\nvoid kernel(int a[N], int b[N]) { int t[N]; for (int i = 0; i < N; i++) { b[i] = t[i]; t[i] = a[i]; } }`,
    );
    const exposed = upwardExposedReads(fn, arrayOf(fn, 't'));
    expect(exposed).toHaveLength(1);
    expect(exposed[0].loc.line).toBe(2);
  });
});

describe('block-scoped arrays', () => {
  // Guards the missed fold of an array declared in a loop body: each iteration has a fresh
  // array, so cells of different iterations never conflict (before: all 4 cells conflicted).
  const fn = kernel(`#define N 4
void kernel(const int a[N], int b[N]) {
  for (int i = 0; i < N; i++) {
    int buf[4];
    buf[0] = a[i];
    for (int k = 1; k < 4; k++) buf[k] = buf[k - 1] * 2 + k;
    b[i] = buf[3];
  }
}`);
  const params = paramValues(fn);
  it('DS is {0}: each cell dies when the next is born, within one iteration', () => {
    expect(points(conflictSet(fn, arrayOf(fn, 'buf')).ds, params)).toEqual(['[0]']);
  });
  it('the dynamic oracle agrees and no read is upward exposed', () => {
    const dyn = dynamicLifetimes(fn, arrayOf(fn, 'buf'), params);
    if (dyn.kind !== 'done') throw new Error(dyn.reason);
    expect(dyn.ds.map((d) => `[${d.join(',')}]`)).toEqual(['[0]']);
    expect(upwardExposedReads(fn, arrayOf(fn, 'buf'))).toEqual([]);
  });
  it('a read of the previous iteration is upward exposed (a fresh array each time)', () => {
    const g = kernel(`#define N 4
void kernel(const int a[N], int b[N]) {
  for (int i = 0; i < N; i++) {
    int buf[2];
    if (i > 0) b[i] = buf[1];
    buf[1] = a[i];
  }
}`);
    expect(upwardExposedReads(g, arrayOf(g, 'buf'))).toHaveLength(1);
  });
});
