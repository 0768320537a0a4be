/**
 * The tests of the polyhedral core's properties (scripts/poly-properties.ts), each with
 * `scale` times its runs (at least 10): properties.test.ts and properties.long.test.ts.
 */
import fc from 'fast-check';
import { properties } from '../../scripts/poly-properties.js';

export function propertyTests(scale: number): void {
  describe('poly properties against enumeration', () => {
    for (const p of properties) {
      test(p.name, () => {
        fc.assert(p.property, { numRuns: Math.max(10, Math.round(p.runs * scale)) });
      });
    }
  });
}
