import { boxClique } from '../../src/lattice/cliqueBound.js';

/**
 * The reference: boxes grown one unit at a time (boxClique's growth before bisection), a
 * box tested by listing its points as a Cartesian product.
 */
function boxCliqueByUnitSteps(points: number[][], p: number): bigint {
  const keys = new Set(points.map((x) => x.join(',')));
  const range = (w: number) => Array.from({ length: 2 * w - 1 }, (_, k) => k - (w - 1));
  const inBox = (w: number[]): boolean =>
    w
      .reduce<number[][]>((acc, wi) => acc.flatMap((x) => range(wi).map((v) => [...x, v])), [[]])
      .every((x) => keys.has(x.join(',')));
  let best = 1n;
  for (let s = 0; s < p; s++) {
    const w = new Array(p).fill(1);
    for (let j = 0; j < p; j++) {
      const i = (j + s) % p;
      while (inBox(w.map((v, k) => (k === i ? v + 1 : v)))) w[i]++;
    }
    const size = w.reduce((t, v) => t * BigInt(v), 1n);
    if (size > best) best = size;
  }
  return best;
}

/** Symmetric sets containing 0: {x : |x_i| <= r_i and |sum c_i x_i| <= s} with random c. */
function randomSymmetric(seed: number, p: number): number[][] {
  let state = seed;
  const rnd = (k: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % k;
  };
  const r = Array.from({ length: p }, () => 1 + rnd(6));
  const c = Array.from({ length: p }, () => rnd(5) - 2);
  const s = rnd(8);
  const out: number[][] = [];
  const x = r.map((v) => -v);
  for (;;) {
    if (Math.abs(x.reduce((t, v, i) => t + v * c[i], 0)) <= s) out.push([...x]);
    let i = 0;
    while (i < p && x[i] === r[i]) {
      x[i] = -r[i];
      i++;
    }
    if (i === p) break;
    x[i]++;
  }
  return out;
}

describe('boxClique', () => {
  // Guards the bisection (issue 17: durbin's y spent ~20 ms growing its box one unit at a
  // time): same bound as unit steps, on 300 random symmetric sets in 1 to 3 dimensions.
  it('finds the same box as growing one unit at a time', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const p = 1 + (seed % 3);
      const pts = randomSymmetric(seed, p);
      expect([seed, boxClique(pts, p)]).toEqual([seed, boxCliqueByUnitSteps(pts, p)]);
    }
  });

  it('durbin y at N = 100: the box (b in [-1, 1]) x (a in [-97, 97]) gives 196', () => {
    const pts: number[][] = [];
    for (let a = -200; a <= 200; a++)
      for (let b = -1; b <= 1; b++)
        if (Math.abs(a + 2 * b) <= 99 && Math.abs(a - b) <= 99) pts.push([a, b]);
    expect(boxClique(pts, 2)).toBe(196n);
  });
});
