/**
 * Affine forms keyed by C names that are also names of JavaScript's Object.prototype: a
 * coefficient lookup `coeffs[k] ?? 0n` found the inherited function for `constructor` and
 * the lifetime analysis of a loop over `constructor` failed ("Cannot mix BigInt and other
 * types"); the array was rejected.
 */
import * as A from '../../src/poly/affine.js';

describe('affine forms over names of Object.prototype', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'])(
    '%s: add, sub, coeff and variables see a plain variable',
    (name) => {
      const x = A.variable(name, 3n);
      const y = A.add(A.variable('i'), A.variable(name, 2n));
      expect(A.coeff(A.add(x, y), name)).toBe(5n);
      expect(A.coeff(A.sub(x, y), name)).toBe(1n);
      expect(A.coeff(A.variable('i'), name)).toBe(0n);
      expect(A.variables(A.add(x, y)).sort()).toEqual(['i', name].sort());
    },
  );

  // Guards the -D lookups of the frontend: a parameter named toString took Object.prototype's
  // function as its value, and the whole function went unanalysed.
  it.each(['toString', 'constructor', '__proto__'])(
    'ownValue finds no %s in a record without it',
    (name) => {
      expect(A.ownValue({ N: 4n }, name)).toBeUndefined();
      expect(A.ownValue(undefined, name)).toBeUndefined();
      expect(A.ownValue({ [name]: 7n }, name)).toBe(7n);
    },
  );
});
