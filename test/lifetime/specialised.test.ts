/**
 * The conflict set specialised to known parameter values (ConflictSetOptions.values), on the
 * two sample arrays whose analysis used to exceed the work budget and be rejected. Each test
 * runs under the pipeline's default budget and asserts the exact DS.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { buildModel } from '../../src/frontend/index.js';
import * as P from '../../src/poly/index.js';
import { conflictSet } from '../../src/lifetime/conflictSet.js';
import { upwardExposedReads } from '../../src/lifetime/upwardExposed.js';
import { withWorkBudget } from '../../src/poly/budget.js';
import { DEFAULT_WORK_UNITS } from '../../src/pipeline/analysis.js';
import type { FunctionModel } from '../../src/model/types.js';

function sampleFunction(file: string, name: string, defines: Record<string, bigint> = {}) {
  const source = fs.readFileSync(path.join(ROOT, 'samples', file), 'utf8');
  const fn = buildModel(source, file, { defines }).functions.find((f) => f.name === name)!;
  const values: Record<string, bigint> = {};
  for (const p of fn.parameters) if (p.value !== undefined) values[p.name] = p.value;
  return { fn, values };
}

function analyse(fn: FunctionModel, values: Record<string, bigint>, array: string) {
  const a = fn.arrays.find((x) => x.name === array)!;
  return withWorkBudget(DEFAULT_WORK_UNITS, () => ({
    ds: conflictSet(fn, a, { values }).ds,
    exposed: upwardExposedReads(fn, a, { values }),
  }));
}

const points = (s: P.PolySet) =>
  P.enumeratePoints(s)
    .map((p) => p.join(','))
    .sort((a, b) => Number(a) - Number(b));

describe('mot_detect.c ODelta (chain through a subscript linearized with W = 29)', () => {
  // Guards the blow-up of issue #6: parametric in N, RN, the window 29 i + j had a symbolic
  // width, and projecting the cells split every piece into residue classes modulo 29
  // (even --work 1e8 gave up after 48 s; the array was rejected).
  const { fn, values } = sampleFunction('mot_detect.c', 'kernel_mot_detect');
  it('DS = {0} within the default budget, no read before a write', () => {
    const { ds, exposed } = analyse(fn, values, 'ODelta');
    expect(points(ds)).toEqual(['0']);
    expect(exposed).toEqual([]);
  });
  it('the 1-D Delta chain (K = 81 cells per position) is scalar too', () => {
    expect(points(analyse(fn, values, 'Delta').ds)).toEqual(['0']);
  });
});

describe('hls.c tile (stride-16 tiles with MIN bounds)', () => {
  // Guards the second blow-up of issue #6: with BS and N symbolic, the exact projection split
  // into ~2000 residue pieces of the tile stride and ran out of budget (rejected).
  const { fn, values } = sampleFunction('hls.c', 'kernel_hls');
  it('DS = [-15, 15] within the default budget', () => {
    const want = Array.from({ length: 31 }, (_, k) => `${k - 15}`);
    expect(points(analyse(fn, values, 'tile').ds)).toEqual(want);
  });
  it('the same at N = 10^6 (the cost does not grow with the sizes)', () => {
    const big = sampleFunction('hls.c', 'kernel_hls', { N: 1_000_000n });
    const want = Array.from({ length: 31 }, (_, k) => `${k - 15}`);
    expect(points(analyse(big.fn, big.values, 'tile').ds)).toEqual(want);
  });
});

describe('specialisation only fixes the given parameters', () => {
  it('a parameter without a value stays symbolic in DS', () => {
    const fn = buildModel(
      `void kernel(int n, int a[], int b[]) { int t[100]; for (int i = 0; i < n; i++) t[i] = a[i]; for (int i = 0; i < n; i++) b[i] = t[i]; }`,
      'k.c',
    ).functions[0];
    const ds = conflictSet(
      fn,
      fn.arrays.find((a) => a.name === 't')!,
      { values: {} },
    ).ds;
    expect(ds.space.params).toContain('n');
    expect(P.maximize(P.fixParams(ds, { n: 7n }), { coeffs: { d0: 1n }, constant: 0n })).toEqual({
      kind: 'value',
      value: 6n,
    });
  });
});
