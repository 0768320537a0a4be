/**
 * A small seeded PRNG (mulberry32). The generator must be reproducible across Node
 * versions and platforms, so it never touches Math.random.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    // Mix the seed once so that neighbouring seeds do not start from similar states.
    this.state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0;
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + (this.nextU32() % (hi - lo + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.nextU32() / 4294967296 < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick: empty list');
    return items[this.int(0, items.length - 1)];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let k = out.length - 1; k > 0; k--) {
      const r = this.int(0, k);
      [out[k], out[r]] = [out[r], out[k]];
    }
    return out;
  }
}
