/**
 * On-chip memory in the units HLS tools report (issue 30, src/pipeline/hls.ts): 18 Kb block
 * RAMs for each bank's width and depth, register bits when completely partitioned.
 */
import { bram18, onChip } from '../../src/pipeline/decision/hls.js';
import type { Partition } from '../../src/pipeline/decision/hlsPragmaUpdates.js';

describe('block RAMs of one memory', () => {
  it.each([
    [8, 256n, 1], // 2K x 9 holds it
    [8, 2048n, 1],
    [8, 4096n, 2], // 4K x 4, twice as wide
    [32, 512n, 1], // 512 x 36
    [32, 1024n, 2],
    [64, 512n, 2],
    [1, 16384n, 1],
    [16, 5632n, 6], // 2K x 9: 2 wide, 3 deep
  ])('%s bits x %s: %s', (bits, depth, n) => {
    expect(bram18(bits, depth)).toBe(n);
  });
});

describe('an array with its partitions', () => {
  const cyclic = (factor: bigint): Partition => ({ type: 'cyclic', factor });
  const complete: Partition = { type: 'complete' };
  it.each([
    ['no partition', [64n, 256n], new Map(), { bram18: 8, registerBits: 0 }],
    ['3 banks of rows', [64n, 256n], new Map([[0, cyclic(3n)]]), { bram18: 9, registerBits: 0 }],
    ['4 rows apart', [4n, 256n], new Map([[0, complete]]), { bram18: 4, registerBits: 0 }],
    ['registers', [4n], new Map([[0, complete]]), { bram18: 0, registerBits: 32 }],
    ['a scalar', [], new Map(), { bram18: 0, registerBits: 8 }],
  ] as const)('%s', (_what, extents, partitions, expected) => {
    expect(onChip(extents, 8, partitions)).toEqual(expected);
  });
});
