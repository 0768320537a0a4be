/**
 * The sweep of typedefs.test.ts over more fuzz kernels (test/adversarial/typedefSpellings.ts),
 * a long suite (`npm run test:long`).
 */
import { decidesAsSpelled, TYPEDEF_SEEDS } from './typedefSpellings.js';

it.each(TYPEDEF_SEEDS.slice(2))(
  'fuzz kernel %i with typedef spellings decides as with the types spelled out',
  decidesAsSpelled,
);
