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
  durbinY,
  dynprogC,
  hexagon,
  linebufTmp,
  optimal2D,
  regDetectSumT,
  stencilA,
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
