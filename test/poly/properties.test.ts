/** Brute-force properties of the polyhedral core (the larger run: scripts/poly-fuzz.ts). */
import fc from 'fast-check';
import { properties } from '../../scripts/poly-properties.js';

const SCALE = Number(process.env.POLY_SCALE ?? 0.25);

describe('poly properties against enumeration', () => {
  for (const p of properties) {
    test(p.name, () => {
      fc.assert(p.property, { numRuns: Math.max(10, Math.round(p.runs * SCALE)) });
    });
  }
});
