/**
 * "No saving" found before the exhaustive stages (src/pipeline/decision/noSaving.ts, issue 17): the
 * compiled oracle's run of every modelled instance. It may only ever skip work whose result
 * would be "no saving": where it fires, the static conflict set holds every difference of
 * the array's box; where it does not, the full analysis runs and may contract.
 */
import { buildModel } from '../../src/frontend/index.js';
import { valueConflictSet } from '../../src/lifetime/valueConflicts.js';
import { quickNoSaving } from '../../src/pipeline/decision/noSaving.js';
import { analyzeSource } from '../../src/pipeline/analysis.js';
import * as P from '../../src/poly/index.js';
import type { ArrayInfo, FunctionModel } from '../../src/model/types.js';
import { analysisOptions } from '../helpers/analysisOptions.js';
import { randomKernelModel } from '../helpers/randomKernel.js';
import { codeOf } from '../../src/model/reasons.js';

function model(body: string) {
  const src = `void f(const double *in, double *out, const int *idx) {\n${body}\n}\n`;
  const fn = buildModel(src, 'noSaving.c', {}).functions.find((x) => x.name === 'f')!;
  return { src, fn, array: (name: string) => fn.arrays.find((a) => a.name === name)! };
}

const cellsOf = (a: ArrayInfo) => a.extents.reduce((p, e) => p * e.value!, 1n);

/**
 * The quick bound of a local array (no value flows in) at its declared size, with the oracle
 * on (without it the run is made on over-approximated models only).
 */
const bound = (
  fn: FunctionModel,
  array: ArrayInfo,
  values: Record<string, bigint> = {},
  oracleRuns = true,
) =>
  quickNoSaving({
    fn,
    array,
    values,
    declaredCells: cellsOf(array),
    valueMayFlowIn: false,
    oracleRuns,
  });

// MachSuite's fft/transpose DATA_x: written whole by one nest, then read whole by the next,
// whose statements are over-approximated (they also write smem[?], a non-affine subscript).
const TRANSPOSE = `double D[64]; double s[64];
  for (int t = 0; t < 8; t++)
    for (int k = 0; k < 8; k++)
      D[t * 8 + k] = in[t * 8 + k];
  for (int t = 0; t < 8; t++)
    for (int k = 0; k < 8; k++)
      s[idx[t * 8 + k]] = D[t * 8 + k];
  for (int t = 0; t < 64; t++) out[t] = s[t];`;

describe('quick "no saving" bound', () => {
  // Guards issue 17: the fft's arrays went through the value-based analysis and the
  // lattice search (1.2 to 1.7 s) to answer "no saving".
  it('answers "no saving" before the exhaustive stages, over-approximated statements included', async () => {
    const { src } = model(TRANSPOSE);
    const r = await analyzeSource(src, 'noSaving.c', analysisOptions({ compiler: false }));
    const D = r.report.arrays.find((a) => a.name === 'D')!;
    expect(D.status).toBe('unchanged');
    expect(D.code).toBe(codeOf('no-saving'));
    // The evidence: the run of every instance the model allows.
    expect(D.reason).toMatch(
      /^no saving: in a run of every instance the model allows \(some statements are over-approximated.*64 values are live at once/,
    );
    // Skipped: no conflict set was computed.
    expect(D.ds).toBeUndefined();
  });

  // Guards the claim where domains are over-approximated (the random kernels below have
  // none): the value-based set holds every difference wherever the modelled run fires.
  it.each([
    ['a non-affine subscript of another array in the statements', TRANSPOSE],
    [
      'a data-dependent loop exit (datadep.c w)',
      `double w[16]; int n = 0; double s = 0;
  while (n < 16 && in[n] > 0) { w[n] = in[n] * 2.0; n++; }
  for (int j = 0; j < n; j++) s += w[j];
  out[0] = s;`,
    ],
  ])('over-approximated: %s', (_, body) => {
    const m = model(body);
    const a = m.fn.arrays.find((x) => x.name === 'D' || x.name === 'w')!;
    expect(bound(m.fn, a).noSaving).toBeDefined();
    expect(fullBox(m.fn, a, {})).toBe(true);
  });

  // Guards the start-up cost (issue 17): on an exact model the static stages reach the same
  // answer cheaply, so without the oracle the run is not made (18 ms of a cold durbin run).
  it('runs on an exact model only when the oracle runs', () => {
    const m = model(`double D[8];
  for (int i = 0; i < 8; i++) D[i] = in[i];
  for (int i = 0; i < 8; i++) out[i] = D[7 - i];`);
    const D = m.array('D');
    expect(bound(m.fn, D, {}, true).noSaving).toBeDefined();
    expect(bound(m.fn, D, {}, false)).toEqual({});
    // Over-approximated: run without the oracle too.
    const o = model(TRANSPOSE);
    expect(bound(o.fn, o.array('D'), {}, false).noSaving).toBeDefined();
  });

  // Guards "certain accesses only": under a data-dependent condition, exclusive branches would
  // both run in the modelled run, which no execution does.
  it('does not run on accesses under a data-dependent condition', () => {
    const m = model(TRANSPOSE.replace('s[idx[t * 8 + k]] = D', 'if (in[t] > 0) s[t] = D'));
    const D = m.array('D');
    expect(bound(m.fn, D)).toEqual({});
  });

  // Guards the kills of the modelled run: an over-approximated write of a cell replaces its
  // value there. Counted as a write that may not happen, the first values of cells 0..3
  // would stay live next to the second ones: 8 "values" in 4 cells, and an array of 8 cells
  // that needs 4 would be called "no saving".
  it('counts one value per cell (over-approximated writes kill), and the rest is contracted', async () => {
    const m = model(`double D[8]; double s[64];
  for (int i = 0; i < 4; i++) D[i] = in[i];
  for (int i = 0; i < 4; i++) D[i] = s[idx[i]] + D[i];
  for (int i = 0; i < 4; i++) out[i] = D[i];
  for (int i = 0; i < 64; i++) out[i] = s[i];`);
    const D = m.array('D');
    expect(bound(m.fn, D).noSaving).toBeUndefined();
    const r = await analyzeSource(m.src, 'noSaving.c', analysisOptions({ compiler: false }));
    const report = r.report.arrays.find((a) => a.name === 'D')!;
    expect(report.status).toBe('contracted');
    expect(report.compressedCells).toBe(4);
  });

  // Guards "written values only": counted from the start where a value may flow in, t's two
  // cells would be live at once before the first statement, while the cell-based set (no
  // lifetime for a cell before its first write) lets them share one slot. The reads of
  // t[1] and t[0] by s[idx[..]] make the model over-approximated, so the run is made even
  // where a value may flow in (the second kernel shows it: there it fires).
  it('does not count values that may flow in', () => {
    const mayFlowIn = (body: string) => {
      const m = model(body);
      return quickNoSaving({
        fn: m.fn,
        array: m.array('t'),
        values: {},
        declaredCells: 2n,
        valueMayFlowIn: true,
        oracleRuns: true,
      });
    };
    expect(
      mayFlowIn(`double t[2]; double s[4];
  out[0] = t[0] + t[1];
  t[0] = in[0]; s[idx[0]] = t[0];
  t[1] = in[1]; s[idx[1]] = t[1];
  for (int i = 0; i < 4; i++) out[i] = s[i];`),
    ).toEqual({});
    expect(
      mayFlowIn(`double t[2]; double s[4];
  t[0] = in[0]; t[1] = in[1];
  s[idx[0]] = t[0]; s[idx[1]] = t[1];
  for (int i = 0; i < 4; i++) out[i] = s[i];`).noSaving,
    ).toBeDefined();
  });

  // Guards the gate of the quick run on exact models (it is made only to be the oracle's
  // own run): where a value may flow in, the oracle counts it from the start and the quick
  // run does not, so its run was made, not reused (the oracle walked again), and when it
  // found "no saving" the report lost maxLive. Now it is not made there.
  it('on an exact model, is not run where a value may flow in (its run could not be reused)', () => {
    const m = model(`double D[8];
  for (int i = 0; i < 8; i++) D[i] = in[i];
  for (int i = 0; i < 8; i++) out[i] = D[7 - i];`);
    const D = m.array('D');
    const input = { fn: m.fn, array: D, values: {}, declaredCells: 8n, oracleRuns: true };
    expect(quickNoSaving({ ...input, valueMayFlowIn: true })).toEqual({});
    // Where none may flow in, it runs and is the oracle's run.
    const q = quickNoSaving({ ...input, valueMayFlowIn: false });
    expect(q.noSaving).toBeDefined();
    expect(q.realRun).toMatchObject({ kind: 'done', values: 8 });
  });

  // Guards "the quick run only skips work" in both directions, with the oracle on: with and
  // without the quick path (everyConflictSet turns it off) every array gets the same status,
  // size and maxLive. tmp and keep are temporaries across calls (parameters), D and w local;
  // tmp and D save nothing, keep and w contract. Before, tmp's "no saving" came from a quick
  // run taken as not the oracle's (a parameter: a value may flow in): maxLive null, not 8.
  it('gives the same results and maxLive as the full analysis (oracle on)', async () => {
    const src = `#include <stdlib.h>
#define N 8
static void kernel(const double *in, double tmp[N], double keep[N], double *out) {
  double D[N]; double w[N];
  for (int i = 0; i < N; i++) tmp[i] = in[i] * 0.5;
  for (int i = 0; i < N; i++) out[i] = tmp[N - 1 - i];
  for (int i = 0; i < N; i++) { keep[i] = in[i] + 1.0; out[i] += keep[i]; }
  for (int i = 0; i < N; i++) D[i] = in[i] * 2.0;
  for (int i = 0; i < N; i++) out[i] += D[N - 1 - i];
  for (int i = 0; i < N; i++) { w[i] = in[i] - 1.0; out[i] += w[i]; }
}
int main(void) {
  double in[N], out[N];
  double *tmp = malloc(sizeof(double) * N), *keep = malloc(sizeof(double) * N);
  for (int i = 0; i < N; i++) in[i] = i;
  kernel(in, tmp, keep, out);
  free(tmp); free(keep);
  return (int)out[0];
}
`;
    const run = async (everyConflictSet: boolean) => {
      const r = await analyzeSource(
        src,
        'quick.c',
        analysisOptions({ compiler: false, oracleOperations: 300_000, everyConflictSet }),
      );
      return r.report.arrays
        .filter((a) => a.function === 'kernel' && ['tmp', 'keep', 'D', 'w'].includes(a.name))
        .map((a) => ({
          name: a.name,
          status: a.status,
          cells: a.compressedCells,
          maxLive: a.maxLive,
          quickRun: /^no saving: in a run of the model/.test(a.reason ?? ''),
        }));
    };
    const quick = await run(false);
    // tmp's and D's "no saving" came from the quick run, reused as the oracle's run: for tmp
    // because a temporary across calls has no read before a write (no value flows in).
    expect(quick.map((a) => a.quickRun)).toEqual([true, false, true, false]);
    const same = (r: Awaited<ReturnType<typeof run>>) => r.map(({ quickRun: _, ...a }) => a);
    expect(same(quick)).toEqual([
      { name: 'tmp', status: 'unchanged', cells: 8, maxLive: 8 },
      { name: 'keep', status: 'scalarized', cells: 1, maxLive: 1 },
      { name: 'D', status: 'unchanged', cells: 8, maxLive: 8 },
      { name: 'w', status: 'scalarized', cells: 1, maxLive: 1 },
    ]);
    expect(same(await run(true))).toEqual(same(quick));
  });

  // Guards the claim itself on random kernels: where the bound fires, the value-based
  // conflict set (which the cell-based one contains) holds every difference of the box, so
  // the exhaustive stages would have answered "no saving" too.
  it('fires only where the conflict set holds every difference of the box (random kernels)', () => {
    let fired = 0;
    let runs = 0;
    for (let seed = 7000; seed < 7040; seed++) {
      const { kernel, fn, values } = randomKernelModel(seed);
      for (const t of kernel.temporaries) {
        const array = fn.arrays.find((a) => a.name === t.name);
        if (!array?.candidate || array.extents.some((e) => e.value === undefined)) continue;
        runs++;
        const q = bound(fn, array, values);
        if (q.noSaving === undefined) continue;
        fired++;
        expect(fullBox(fn, array, values)).toBe(true);
      }
    }
    expect(runs).toBeGreaterThan(25);
    expect(fired).toBeGreaterThan(0);
  });
});

/** Whether the value-based DS contains every difference of the array's cells. */
function fullBox(fn: FunctionModel, array: ArrayInfo, values: Record<string, bigint>): boolean {
  const cs = valueConflictSet(fn, array, { values, exposedLiveFromStart: false });
  if ('unsupported' in cs) return true; // the cell-based set contains more still
  const ds = P.fixParams(cs.ds, values);
  const box = P.parseSet(
    `{ [${cs.dims.join(', ')}] : ${array.extents
      .map((e, k) => `${1n - e.value!} <= ${cs.dims[k]} <= ${e.value! - 1n}`)
      .join(' and ')} }`,
  );
  return P.isSubset(box, ds);
}
