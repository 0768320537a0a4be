/**
 * The compiled oracle against the interpreted one on more random kernels than
 * compiledOracle.test.ts takes (test/dynamic/oracleCompare.ts), a long suite
 * (`npm run test:long`).
 */
import { compareRandomKernel, RANDOM_SEEDS } from './oracleCompare.js';

let compared = 0;
it.each(RANDOM_SEEDS.slice(10))('random kernel, seed %i', (seed) => {
  compared += compareRandomKernel(seed);
});

// Guards against a vacuous run (every array skipped by the reference).
afterAll(() => expect(compared).toBeGreaterThanOrEqual(20));
