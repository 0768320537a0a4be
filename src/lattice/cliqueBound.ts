/**
 * Lower bounds for the determinant of a strictly admissible lattice: a clique S of DS
 * (S - S ⊆ DS) puts its points in pairwise different cosets of any admissible lattice, so
 * det >= |S| (the bound the exhaustive search of section 4 starts from and stops at).
 * Cliques of the factors of a Cartesian product multiply (productSplit.ts).
 */

/**
 * Membership in the point set: a bitmap over its bounding box, or hashed keys when that box
 * is too large for a bitmap (a thin set far from the axes).
 */
export class PointSet {
  private readonly bits: Uint8Array | null;
  private readonly keys: Set<string> | null;
  private readonly radius: number[];
  private readonly stride: number[];

  constructor(
    points: readonly (readonly number[])[],
    readonly p: number,
  ) {
    this.radius = new Array(p).fill(0);
    for (const x of points)
      for (let i = 0; i < p; i++) this.radius[i] = Math.max(this.radius[i], Math.abs(x[i]));
    this.stride = new Array(p);
    let size = 1;
    for (let i = p - 1; i >= 0; i--) {
      this.stride[i] = size;
      size *= 2 * this.radius[i] + 1;
    }
    const bitmap = size <= PointSet.MAX_BITMAP;
    this.bits = bitmap ? new Uint8Array(size) : null;
    this.keys = bitmap ? null : new Set();
    for (const x of points) {
      if (this.bits) this.bits[this.key(x)] = 1;
      else this.keys!.add(Array.prototype.join.call(x, ','));
    }
  }

  /** Largest bitmap (bytes) before falling back to hashed keys. */
  static readonly MAX_BITMAP = 1 << 26;

  private key(x: ArrayLike<number>): number {
    let k = 0;
    for (let i = 0; i < this.p; i++) k += (x[i] + this.radius[i]) * this.stride[i];
    return k;
  }

  /** Largest |x_i| over the points. */
  radiusOf(i: number): number {
    return this.radius[i];
  }

  has(x: ArrayLike<number>): boolean {
    for (let i = 0; i < this.p; i++)
      if (x[i] > this.radius[i] || x[i] < -this.radius[i]) return false;
    if (this.bits) return this.bits[this.key(x)] === 1;
    return this.keys!.has(Array.prototype.join.call(x, ','));
  }
}

/** Largest product of a box [-(w_i - 1), w_i - 1] inside the point set (greedy, several orders). */
export function boxClique(points: readonly (readonly number[])[], p: number): bigint {
  const set = new PointSet(points, p);
  const inBox = (w: number[]): boolean => {
    const x = w.map((v) => -(v - 1));
    for (;;) {
      if (!set.has(x)) return false;
      let i = 0;
      while (i < p && x[i] === w[i] - 1) {
        x[i] = -(w[i] - 1);
        i++;
      }
      if (i === p) return true;
      x[i]++;
    }
  };
  let best = 1n;
  for (let s = 0; s < p; s++) {
    const order = Array.from({ length: p }, (_, i) => (i + s) % p);
    const w = new Array(p).fill(1);
    for (const i of order) {
      // Boxes are nested (box w lies in box w + e_i), so the widest one along i is found by
      // bisection: O(log radius) box tests instead of one per unit of width.
      let lo = w[i];
      let hi = set.radiusOf(i) + 1;
      while (lo < hi) {
        const mid = lo + Math.ceil((hi - lo) / 2);
        w[i] = mid;
        if (inBox(w)) lo = mid;
        else hi = mid - 1;
      }
      w[i] = lo;
    }
    const size = w.reduce((t, v) => t * BigInt(v), 1n);
    if (size > best) best = size;
  }
  return best;
}

/**
 * A clique grown greedily: the points in lexicographic order (one order per leading axis),
 * each kept when its difference with every kept point is in DS. Finds the triangles of
 * triangular DS that boxes miss (hexagon |a|, |b|, |a - b| < N: N(N+1)/2 against about
 * N^2/4 for a box). Stops after `maxWork` difference tests (any partial clique is a clique).
 */
export function greedyClique(
  points: readonly (readonly number[])[],
  p: number,
  maxWork: number,
): { size: bigint; work: number } {
  const set = new PointSet(points, p);
  const count = points.length;
  let work = 0;
  let best = 1;
  // Flat coordinates: the inner loop runs |DS| x |clique| times.
  const coords = new Int32Array(count * p);
  const members = new Int32Array(count);
  const d = new Int32Array(p);
  for (let s = 0; s < p && work < maxWork; s++) {
    const axes = Array.from({ length: p }, (_, i) => (i + s) % p);
    const sorted = [...points].sort((a, b) => {
      for (const i of axes) if (a[i] !== b[i]) return a[i] - b[i];
      return 0;
    });
    sorted.forEach((x, j) => {
      for (let i = 0; i < p; i++) coords[j * p + i] = x[i];
    });
    let size = 0;
    for (let c = 0; c < count && work < maxWork; c++) {
      let ok = true;
      for (let m = 0; m < size && ok; m++) {
        work++;
        const a = c * p;
        const b = members[m] * p;
        for (let i = 0; i < p; i++) d[i] = coords[a + i] - coords[b + i];
        ok = set.has(d);
      }
      if (ok) members[size++] = c;
    }
    if (size > best) best = size;
  }
  return { size: BigInt(best), work };
}
