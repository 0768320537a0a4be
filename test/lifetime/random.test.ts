/**
 * The static conflict set against the dynamic oracle on random static-control kernels
 * (scripts/fuzz/generate.ts, seeded): for every temporary, every difference of cells whose
 * lifetimes overlap in the run must be in DS (the soundness property), and where no
 * approximation was involved the two sets are equal (exactness).
 */
import { randomKernelModel } from '../helpers/randomKernel.js';
import * as P from '../../src/poly/index.js';
import { conflictSet } from '../../src/lifetime/conflictSet.js';
import { dynamicLifetimes } from '../../src/dynamic/lifetimes.js';

const SEEDS = Array.from({ length: 40 }, (_, k) => 7000 + k);

describe.each(SEEDS)('random kernel, seed %i', (seed) => {
  it('static DS contains the dynamic DS, and equals it where exact', () => {
    const { kernel, fn, values } = randomKernelModel(seed);
    let compared = 0;
    for (const t of kernel.temporaries) {
      const array = fn.arrays.find((a) => a.name === t.name);
      if (!array || !array.candidate) continue;
      const dyn = dynamicLifetimes(fn, array, values, { maxOperations: 2_000_000 });
      if (dyn.kind !== 'done') continue;
      const cs = conflictSet(fn, array);
      const staticPoints = new Set(
        P.enumeratePoints(P.fixParams(cs.ds, values)).map((d) => d.join(',')),
      );
      const dynamicPoints = dyn.ds.map((d) => d.join(','));
      // Soundness: a missing difference would let a mapping fold two live cells together.
      const missing = dynamicPoints.filter((d) => !staticPoints.has(d));
      expect({ array: t.name, missing }).toEqual({ array: t.name, missing: [] });
      if (cs.exact && !dyn.approximate) {
        expect({ array: t.name, points: [...staticPoints].sort() }).toEqual({
          array: t.name,
          points: dynamicPoints.sort(),
        });
      }
      compared++;
    }
    comparedArrays += compared;
  });
});

let comparedArrays = 0;
afterAll(() => {
  // Guards against a vacuous run (e.g. every temporary becoming a non-candidate).
  expect(comparedArrays).toBeGreaterThanOrEqual(SEEDS.length);
});
