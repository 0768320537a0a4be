/**
 * Brute-force properties of the polyhedral core (the larger run: scripts/poly-fuzz.ts), a
 * tenth of each property's runs (at least 10); properties.long.test.ts runs a quarter from
 * the same fixed seed (test/setup.ts), in `npm run test:long` (issue 29, item 6).
 */
import { propertyTests } from './propertyTests.js';

propertyTests(Number(process.env.POLY_SCALE ?? 0.1));
