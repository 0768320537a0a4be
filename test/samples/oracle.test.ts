/**
 * Cross-checks samples/expected.json (hand-derived) against brute-force
 * enumeration of the exact conflict sets of the paper's kernels (oracle.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Trace,
  admissible,
  chains,
  durbinScalars,
  durbinY,
  motDetect,
  dynprogC,
  hexagon,
  linebufTmp,
  optimal2D,
  regDetectSumT,
  stencilA,
  nwM,
} from './oracle.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
interface Arr {
  name: string;
  function: string | null;
  optimalCells: number | string | null;
  maxLive?: number | null;
  mapping: { M: number[][]; b: (number | string)[] } | null;
  optimalMapping?: { M: number[][]; b: number[] };
}
const expected: { samples: { file: string; arrays: Arr[] }[] } = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'samples', 'expected.json'), 'utf8'),
);
const entry = (file: string, name: string): Arr => {
  const a = expected.samples.find((s) => s.file === file)?.arrays.find((x) => x.name === name);
  if (!a) throw new Error(`expected.json has no ${file}:${name}`);
  return a;
};
const numeric = (b: (number | string)[]): number[] => b.map((v) => Number(v));

describe('brute-force oracle', () => {
  it('enumerates conflicts with strict inequalities and reads before writes', () => {
    // guards the oracle itself: a cell read and overwritten by the same instance does not conflict
    const t = new Trace();
    t.inst([], [[0]]);
    t.inst([[0]], [[1]]);
    t.inst([[1]], [[2]]);
    t.inst([[2]], []);
    expect([...t.ds()]).toEqual(['0']);
    expect(t.maxLive()).toBe(1);
    const u = new Trace();
    u.inst([], [[0]]);
    u.inst([], [[1]]);
    u.inst([[0], [1]], []);
    expect([...u.ds()].sort()).toEqual(['-1', '0', '1']);
    expect(u.maxLive()).toBe(2);
  });

  it('durbin y (N = 100): DS is the paper polytope K (591 points); the expected mappings are admissible', () => {
    const t = durbinY(100);
    const ds = t.ds();
    expect(ds.size).toBe(591);
    const K = new Set<string>();
    for (let a = -99; a <= 99; a++)
      for (let b = -1; b <= 1; b++)
        if (Math.abs(a + 2 * b) <= 99 && Math.abs(a - b) <= 99) K.add(`${a},${b}`);
    expect([...ds].sort()).toEqual([...K].sort());
    const y = entry('durbin.c', 'y');
    expect(admissible(ds, y.mapping!.M, numeric(y.mapping!.b))).toBe(true);
    expect(admissible(ds, y.optimalMapping!.M, y.optimalMapping!.b)).toBe(true);
    expect(admissible(ds, [[2, 1]], [196])).toBe(false);
    expect(optimal2D(ds, 200)).toBe(y.optimalCells);
    expect(t.maxLive()).toBe(y.maxLive);
  });

  it('dynprog c (N = 10): DS is the hexagon of side N-1, optimum 61 with (13i + j) mod 61', () => {
    const t = dynprogC(10);
    const ds = t.ds();
    expect([...ds].sort()).toEqual([...hexagon(9)].sort());
    const c = entry('dynprog.c', 'c');
    expect(optimal2D(ds, 100)).toBe(c.optimalCells);
    expect(admissible(ds, c.optimalMapping!.M, c.optimalMapping!.b)).toBe(true);
    expect(admissible(ds, c.mapping!.M, numeric(c.mapping!.b))).toBe(true);
    expect(t.maxLive()).toBe(c.maxLive);
  });

  it('reg_detect sum_t (N = 6): hexagon DS, optimum 27 as in the paper', () => {
    const t = regDetectSumT(6, 64);
    const ds = t.ds();
    expect([...ds].sort()).toEqual([...hexagon(6)].sort());
    for (const name of ['sum_t', 'mean']) {
      const a = entry('reg_detect.c', name);
      expect(optimal2D(ds, 36)).toBe(a.optimalCells);
      expect(admissible(ds, a.optimalMapping!.M, a.optimalMapping!.b)).toBe(true);
      expect(t.maxLive()).toBe(a.maxLive);
    }
  });

  it('stencil_time A: optimum N + 1 with (i - t) mod (N + 1) at small sizes, maxLive N + 1', () => {
    for (const N of [6, 9, 12]) {
      const t = stencilA(5, N);
      const ds = t.ds();
      expect(optimal2D(ds, 2 * N)).toBe(N + 1);
      expect(admissible(ds, [[-1, 1]], [N + 1])).toBe(true);
      expect(admissible(ds, [[-1, 1]], [N])).toBe(false);
      expect(t.maxLive()).toBe(N + 1);
    }
    const a = entry('stencil_time.c', 'A');
    expect(a.optimalCells).toBe(256 + 1);
    expect(a.optimalMapping).toEqual({ M: [[-1, 1]], b: [257] });
  });

  it('nw M: no conflict on the diagonal, optimum and maxLive 2N - 1 with (b - a) mod (2N - 1)', () => {
    for (const N of [5, 8, 11]) {
      const t = nwM(N);
      const ds = t.ds();
      expect([...ds].filter((k) => k !== '0,0' && k.split(',')[0] === k.split(',')[1])).toEqual([]);
      expect(optimal2D(ds, 2 * N)).toBe(2 * N - 1);
      expect(admissible(ds, [[1, -1]], [2 * N - 1])).toBe(true);
      expect(admissible(ds, [[1, -1]], [2 * N - 2])).toBe(false);
      expect(t.maxLive()).toBe(2 * N - 1);
    }
    const a = entry('nw.c', 'M');
    expect(a.optimalCells).toBe(2 * 129 - 1);
    expect(a.maxLive).toBe(2 * 129 - 1);
  });

  it('linebuf tmp: three rows live, (y mod 3, x) admissible and (y mod 2, x) not (the wrong fold)', () => {
    const t = linebufTmp(10, 8);
    const ds = t.ds();
    expect(
      admissible(
        ds,
        [
          [1, 0],
          [0, 1],
        ],
        [3, 8],
      ),
    ).toBe(true);
    expect(
      admissible(
        ds,
        [
          [1, 0],
          [0, 1],
        ],
        [2, 8],
      ),
    ).toBe(false);
    expect(optimal2D(ds, 30)).toBe(24);
    expect(t.maxLive()).toBe(24);
    expect(entry('linebuf.c', 'tmp').maxLive).toBe(3 * 64);
  });
});

describe('brute-force oracle: arrays expected to become scalars', () => {
  const scalar = (t: Trace) => [...t.ds()];

  it('durbin sum, alpha, beta have DS = {0}', () => {
    const { sum, alpha, beta } = durbinScalars(9);
    expect(scalar(sum)).toEqual(['0,0']);
    expect(scalar(alpha)).toEqual(['0']);
    expect(scalar(beta)).toEqual(['0']);
    for (const n of ['sum', 'alpha', 'beta']) expect(entry('durbin.c', n).optimalCells).toBe(1);
  });

  it('the k-chains sum_d, sum_c, g_acc1, g_acc2, smooth:buf have DS = {0}', () => {
    const pairs = (n: number) => range2(n).filter(([j, i]) => j <= i);
    expect(scalar(chains(pairs(4), 0, 5))).toEqual(['0,0,0']); // reg_detect sum_d
    const dyn = pairs(6).filter(([i, j]) => i < j);
    const sumC = new Trace();
    for (const [i, j] of dyn) {
      sumC.inst([], [[i, j, i]]);
      for (let k = i + 1; k <= j - 1; k++) sumC.inst([[i, j, k - 1]], [[i, j, k]]);
      sumC.inst([[i, j, j - 1]], []);
    }
    expect(scalar(sumC)).toEqual(['0,0,0']); // dynprog sum_c
    expect(scalar(chains(range2(4), 0, 3))).toEqual(['0,0,0']); // gauss g_acc1 / g_acc2
    expect(scalar(chains([[]], 0, 3))).toEqual(['0']); // gauss tot, smooth:buf
    for (const [f, n] of [
      ['reg_detect.c', 'sum_d'],
      ['dynprog.c', 'sum_c'],
      ['gauss.c', 'g_acc1'],
      ['gauss.c', 'g_acc2'],
      ['gauss.c', 'tot'],
    ]) {
      expect(entry(f, n).optimalCells).toBe(1);
    }
  });

  it('mot_detect Delta (linearized) and ODelta have DS = {0}: the exact answer is 1, not the paper 10', () => {
    const { Delta, ODelta } = motDetect(6, 7, 2, 1);
    expect(scalar(Delta)).toEqual(['0']);
    expect(scalar(ODelta)).toEqual(['0']);
    expect(entry('mot_detect.c', 'Delta').optimalCells).toBe(1);
    expect(entry('mot_detect.c', 'ODelta').optimalCells).toBe(1);
  });
});

function range2(n: number): number[][] {
  const out: number[][] = [];
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) out.push([a, b]);
  return out;
}

describe('brute-force oracle: small conflict sets of the other samples', () => {
  const sorted = (t: Trace) => [...t.ds()].sort();
  const dsOf = (lo: number, hi: number) =>
    Array.from({ length: hi - lo + 1 }, (_, i) => `${lo + i}`).sort();

  it('reverse_stride r (decreasing loop) and e (e[i/2], stride 2): DS = {-1, 0, 1}', () => {
    const N = 9;
    const r = new Trace();
    r.inst([], [[N - 1]]);
    r.inst([[N - 1]], []);
    for (let i = N - 2; i >= 0; i--) {
      r.inst([[i + 1]], [[i]]);
      r.inst([[i], [i + 1]], []);
    }
    expect(sorted(r)).toEqual(dsOf(-1, 1));
    const e = new Trace();
    e.inst([], [[0]]);
    e.inst([[0]], []);
    for (let i = 2; i < 2 * N; i += 2) {
      e.inst([], [[Math.floor(i / 2)]]);
      e.inst([[Math.floor(i / 2)], [Math.floor(i / 2) - 1]], []);
    }
    expect(sorted(e)).toEqual(dsOf(-1, 1));
    expect(entry('reverse_stride.c', 'r').optimalCells).toBe(2);
    expect(entry('reverse_stride.c', 'e').optimalCells).toBe(2);
  });

  it('hls tile (tiles of BS with a MIN bound) and win (window of TAPS)', () => {
    const N = 100;
    const BS = 16;
    const TAPS = 4;
    const tile = new Trace();
    for (let ii = 0; ii < N; ii += BS) {
      for (let i = ii; i < Math.min(ii + BS, N); i++) tile.inst([], [[i]]);
      for (let i = ii; i < Math.min(ii + BS, N); i++) tile.inst([[i], [ii]], []);
    }
    expect(sorted(tile)).toEqual(dsOf(-(BS - 1), BS - 1));
    expect(tile.maxLive()).toBe(entry('hls.c', 'tile').maxLive);
    const win = new Trace();
    for (let t = 0; t < TAPS - 1; t++) win.inst([], [[t]]);
    for (let i = 0; i < N; i++) {
      win.inst([], [[i + TAPS - 1]]);
      for (let t = 0; t < TAPS; t++) win.inst([[i + t]], []);
    }
    expect(sorted(win)).toEqual(dsOf(-(TAPS - 1), TAPS - 1));
    expect(win.maxLive()).toBe(entry('hls.c', 'win').maxLive);
  });

  it('vla t (row buffer), multi sweep:buf and datadep t (may-read counted as a read)', () => {
    const [n, m] = [5, 6];
    const t = new Trace();
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < m; j++) t.inst([], [[i, j]]);
      for (let j = 0; j < m; j++)
        t.inst(
          [
            [i, j],
            [i, m - 1 - j],
          ],
          [],
        );
      t.inst([[i, 0]], []);
    }
    const ds = t.ds();
    expect([...ds].every((k) => k.startsWith('0,'))).toBe(true);
    expect(ds.size).toBe(2 * m - 1);
    const sweep = new Trace();
    for (let i = 0; i < 7; i++) {
      sweep.inst([], [[i, 0]]);
      sweep.inst([], [[i, 1]]);
      sweep.inst(
        [
          [i, 0],
          [i, 1],
        ],
        [],
      );
    }
    expect(sorted(sweep)).toEqual(['0,-1', '0,0', '0,1']);
    const dd = new Trace();
    dd.inst([], [[0]]);
    dd.inst([[0]], []);
    for (let i = 1; i < 10; i++) {
      dd.inst([], [[i]]);
      dd.inst([[i], [i - 1]], []);
    }
    expect(sorted(dd)).toEqual(dsOf(-1, 1));
    expect(entry('datadep.c', 't').optimalCells).toBe(2);
  });

  it('uninit_read pad: a read before the first write does not start a lifetime, DS = {0}', () => {
    const pad = new Trace();
    for (let i = 0; i < 8; i++) {
      pad.inst([[i]], []);
      pad.inst([], [[i]]);
      pad.inst([[i]], []);
    }
    expect([...pad.ds()]).toEqual(['0']);
    expect(entry('uninit_read.c', 'pad').optimalCells).toBe(1);
  });
});
