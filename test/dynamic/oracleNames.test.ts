/**
 * The compiled oracle (src/dynamic/compiled/) on C names special in JavaScript. Guards two
 * hazards: a size parameter named `constructor` without a value was looked up in the values
 * record as `params[name]`, found Object.prototype's function, and the run threw "Cannot mix
 * BigInt and other types" instead of being skipped for the missing value; and a C name must
 * never reach the generated JavaScript (a variable named `Math`, `arguments` or `let` would
 * shadow or break the walk's own code), so every name gives the same run as an ordinary one.
 */
import { buildModel } from '../../src/frontend/index.js';
import { dynamicLifetimes } from '../../src/dynamic/lifetimes.js';
import { JS_NAMES } from '../helpers/jsNames.js';

const kernel = (n: string, i: string) => `
void k(int ${n}, double *out) {
  double t[64];
  for (int ${i} = 0; ${i} < ${n}; ${i}++) {
    t[${i}] = ${i} * 2.0;
    if (${i} > 0) out[${i}] = t[${i}] + t[${i} - 1];
  }
}
`;

function run(n: string, i: string, values: Record<string, bigint>) {
  const fn = buildModel(kernel(n, i), 'names.c').functions[0]!;
  const t = fn.arrays.find((a) => a.name === 't')!;
  return dynamicLifetimes(fn, t, values, { maxOperations: 100_000, intervals: true });
}

describe('compiled oracle: C names special in JavaScript', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty'])(
    'a parameter %s without a value: skipped, not thrown',
    (name) => {
      expect(run(name, 'i', {})).toMatchObject({
        kind: 'skipped',
        reason: `no value for parameter(s) ${name}`,
      });
    },
  );

  const reference = run('n', 'i', { n: 20n });
  it.each(['__proto__', 'constructor', 'toString', ...JS_NAMES])(
    '%s as the size and as the counter: the same run as n and i',
    (name) => {
      expect(reference.kind).toBe('done');
      // A plain object literal, as an API caller writes it (a computed key is an own key).
      expect(run(name, 'i', { [name]: 20n })).toEqual(reference);
      expect(run('n', name, { n: 20n })).toEqual(reference);
    },
  );
});
