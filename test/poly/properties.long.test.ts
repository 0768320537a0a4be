/**
 * The polyhedral core's brute-force properties with a quarter of each property's runs, a long
 * suite (`npm run test:long`, run by CI): the runs of properties.test.ts and more.
 */
import { propertyTests } from './propertyTests.js';

propertyTests(Number(process.env.POLY_SCALE ?? 0.25));
