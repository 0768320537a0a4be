/**
 * A brute-force oracle for the samples' expected numbers, independent of the
 * real pipeline: replay a kernel's accesses to one array in execution order,
 * take per-cell first write / last access, enumerate the exact conflict set
 * DS (docs/design.md, "Lifetime analysis": cells i, j conflict iff FW(i) < LA(j) and FW(j) < LA(i);
 * inside one statement instance reads come before writes), the largest number
 * of cells live at once, and the smallest strictly admissible 2-D lattice.
 * Only for small sizes: everything is enumerated.
 */

export type Cell = number[];

export class Trace {
  private time = 0;
  readonly firstWrite = new Map<string, number>();
  readonly lastAccess = new Map<string, number>();
  readonly cells = new Map<string, Cell>();

  /** One statement instance: its reads, then its writes. */
  inst(reads: Cell[], writes: Cell[]): void {
    for (const c of reads) this.lastAccess.set(this.key(c), ++this.time);
    for (const c of writes) {
      const k = this.key(c);
      const t = ++this.time;
      if (!this.firstWrite.has(k)) this.firstWrite.set(k, t);
      this.lastAccess.set(k, t);
    }
  }

  private key(c: Cell): string {
    const k = c.join(',');
    this.cells.set(k, c);
    return k;
  }

  /** Cells that are written at least once (reads before any write do not start a lifetime). */
  private written(): [Cell, number, number][] {
    return [...this.firstWrite.entries()].map(([k, fw]) => [
      this.cells.get(k)!,
      fw,
      this.lastAccess.get(k)!,
    ]);
  }

  /** The exact set of conflicting index differences, as "a,b" keys. */
  ds(): Set<string> {
    const w = this.written();
    const out = new Set<string>();
    for (const [x, fx, lx] of w) {
      for (const [y, fy, ly] of w) {
        if (fx < ly && fy < lx) out.add(x.map((v, i) => v - y[i]).join(','));
      }
    }
    return out;
  }

  /** Most cells live at the same time (closed intervals; all time stamps are distinct). */
  maxLive(): number {
    const events: [number, number][] = [];
    for (const [, fw, la] of this.written()) events.push([fw, 1], [la, -1]);
    events.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    let cur = 0;
    let best = 0;
    for (const [, d] of events) best = Math.max(best, (cur += d));
    return best;
  }
}

const points = (ds: Set<string>): number[][] => [...ds].map((k) => k.split(',').map(Number));

/** True when the mapping x -> (M x) mod b sends no nonzero difference of DS to 0. */
export function admissible(ds: Set<string>, M: number[][], b: number[]): boolean {
  const mod = (v: number, m: number) => ((v % m) + m) % m;
  return points(ds).every(
    (p) =>
      p.every((v) => v === 0) ||
      M.some(
        (row, r) =>
          mod(
            row.reduce((s, m, i) => s + m * p[i], 0),
            b[r],
          ) !== 0,
      ),
  );
}

/**
 * Smallest determinant of a 2-D integer lattice meeting DS only in 0, found by
 * trying every lattice in Hermite normal form {(d1, x), (0, d2)}, 0 <= x < d2,
 * by increasing determinant d1 * d2 (at most maxDet).
 */
export function optimal2D(ds: Set<string>, maxDet: number): number | null {
  const pts = points(ds).filter(([u, v]) => u !== 0 || v !== 0);
  const mod = (v: number, m: number) => ((v % m) + m) % m;
  for (let det = 1; det <= maxDet; det++) {
    for (let d1 = 1; d1 <= det; d1++) {
      if (det % d1 !== 0) continue;
      const d2 = det / d1;
      for (let x = 0; x < d2; x++) {
        const hit = pts.some(([u, v]) => u % d1 === 0 && mod(v - (u / d1) * x, d2) === 0);
        if (!hit) return det;
      }
    }
  }
  return null;
}

const range = (lo: number, hi: number): number[] =>
  Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => lo + i);

/** Accesses to y[i][k] in samples/durbin.c. */
export function durbinY(N: number): Trace {
  const t = new Trace();
  t.inst([], [[0, 0]]);
  for (const k of range(1, N - 1)) {
    for (const i of range(0, k - 1)) t.inst([[i, k - 1]], []);
    for (const i of range(0, k - 1))
      t.inst(
        [
          [i, k - 1],
          [k - i - 1, k - 1],
        ],
        [[i, k]],
      );
    t.inst([], [[k, k]]);
  }
  for (const i of range(0, N - 1)) t.inst([[i, N - 1]], []);
  return t;
}

/** Accesses to c[i][j] in samples/dynprog.c (live-in copy nest, then the paper's nest). */
export function dynprogC(N: number): Trace {
  const t = new Trace();
  for (const i of range(0, N - 2)) for (const j of range(i + 1, N - 1)) t.inst([], [[i, j]]);
  for (const i of range(0, N - 2))
    for (const j of range(i + 1, N - 1)) {
      for (const k of range(i + 1, j - 1))
        t.inst(
          [
            [i, k],
            [k, j],
          ],
          [],
        );
      t.inst([], [[i, j]]);
    }
  t.inst([[0, N - 1]], []);
  return t;
}

/** Accesses to sum_t[j][i] in samples/reg_detect.c (mean has the same pattern of lifetimes). */
export function regDetectSumT(N: number, P: number): Trace {
  const t = new Trace();
  for (const j of range(0, N - 1)) {
    t.inst([], [[j, j]]);
    for (const i of range(j + 1, N - 1)) t.inst([[j, i - 1]], [[j, i]]);
  }
  for (const j of range(0, N - 1))
    for (const i of range(j, N - 1)) for (let k = 0; k < P; k++) t.inst([[j, i]], []);
  return t;
}

/** Accesses to A[t][i] in samples/stencil_time.c. */
export function stencilA(T: number, N: number): Trace {
  const t = new Trace();
  for (const i of range(0, N - 1)) t.inst([], [[0, i]]);
  for (const s of range(1, T - 1)) {
    t.inst([[s - 1, 0]], [[s, 0]]);
    for (const i of range(1, N - 2))
      t.inst(
        [
          [s - 1, i - 1],
          [s - 1, i],
          [s - 1, i + 1],
        ],
        [[s, i]],
      );
    t.inst([[s - 1, N - 1]], [[s, N - 1]]);
  }
  for (const i of range(0, N - 1)) t.inst([[T - 1, i]], []);
  return t;
}

/** Accesses to M[b][a] in samples/nw.c (each cell written once: cells = values). */
export function nwM(N: number): Trace {
  const t = new Trace();
  for (const a of range(0, N - 1)) t.inst([], [[0, a]]);
  for (const b of range(0, N - 1)) t.inst([], [[b, 0]]);
  for (const b of range(1, N - 1))
    for (const a of range(1, N - 1))
      t.inst(
        [
          [b - 1, a - 1],
          [b - 1, a],
          [b, a - 1],
        ],
        [[b, a]],
      );
  t.inst([[N - 1, N - 1]], []);
  return t;
}

/** Accesses to tmp[y][x] in samples/linebuf.c. */
export function linebufTmp(H: number, W: number): Trace {
  const t = new Trace();
  for (const y of range(0, H - 1)) {
    for (const x of range(0, W - 1)) t.inst([], [[y, x]]);
    if (y >= 2)
      for (const x of range(0, W - 1))
        t.inst(
          [
            [y - 2, x],
            [y - 1, x],
            [y, x],
          ],
          [],
        );
  }
  return t;
}

/** The hexagon { [a, b] : |a|, |b|, |a - b| <= n - 1 }: differences of a triangle of side n. */
export function hexagon(n: number): Set<string> {
  const s = new Set<string>();
  for (const a of range(-(n - 1), n - 1))
    for (const b of range(-(n - 1), n - 1)) if (Math.abs(a - b) <= n - 1) s.add(`${a},${b}`);
  return s;
}

/** Accesses to sum[i][k], alpha[k], beta[k] in samples/durbin.c. */
export function durbinScalars(N: number): { sum: Trace; alpha: Trace; beta: Trace } {
  const sum = new Trace();
  const alpha = new Trace();
  const beta = new Trace();
  beta.inst([], [[0]]);
  alpha.inst([], [[0]]);
  for (const k of range(1, N - 1)) {
    alpha.inst([[k - 1], [k - 1]], []);
    beta.inst([[k - 1], [k - 1]], [[k]]);
    sum.inst([], [[0, k]]);
    for (const i of range(0, k - 1)) sum.inst([[i, k]], [[i + 1, k]]);
    sum.inst([[k, k]], []);
    beta.inst([[k]], []);
    alpha.inst([], [[k]]);
    for (let i = 0; i < k; i++) alpha.inst([[k]], []);
    alpha.inst([[k]], []);
  }
  return { sum, alpha, beta };
}

/** A chain cell[.., 0] = ..; cell[.., k] = cell[.., k-1] + ..; read cell[.., last]: sum_d, sum_c, g_acc, smooth:buf. */
export function chains(outer: Cell[], first: number, last: number): Trace {
  const t = new Trace();
  for (const o of outer) {
    t.inst([], [[...o, first]]);
    for (const k of range(first + 1, last)) t.inst([[...o, k - 1]], [[...o, k]]);
    t.inst([[...o, last]], []);
  }
  return t;
}

/** Accesses to Delta (linearized, 1-D) and ODelta in samples/mot_detect.c. */
export function motDetect(
  M: number,
  N: number,
  RM: number,
  RN: number,
): { Delta: Trace; ODelta: Trace } {
  const Delta = new Trace();
  const ODelta = new Trace();
  const W = N - RN + 1;
  const K = (2 * RM + 1) * (2 * RN + 1);
  ODelta.inst([], [[0]]);
  for (const i of range(RM, M))
    for (const j of range(RN, N)) {
      const base = ((i - RM) * W + (j - RN)) * K;
      Delta.inst([], [[base]]);
      for (const k of range(i - RM, i + RM))
        for (const l of range(j - RN, j + RN)) {
          const t = (2 * RN + 1) * (k - i + RM) + (l - j + RN);
          if (t >= 1) Delta.inst([[base + t - 1]], [[base + t]]);
        }
      const p = (i - RM) * W + (j - RN);
      Delta.inst([[base + K - 1]], []);
      ODelta.inst([[p]], [[p + 1]]);
    }
  ODelta.inst([[(M - RM + 1) * W]], []);
  return { Delta, ODelta };
}
