/**
 * Affine forms keyed by C names that are also names of JavaScript's Object.prototype: a
 * coefficient lookup `coeffs[k] ?? 0n` found the inherited function for `constructor` and
 * the lifetime analysis of a loop over `constructor` failed ("Cannot mix BigInt and other
 * types"); the array was rejected.
 */
import * as A from '../../src/poly/affine.js';
import { nameRecord } from '../../src/poly/nameRecord.js';

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

// Guards the writes: in a plain object `coeffs.__proto__ = 3n` sets nothing, so a counter
// named __proto__ lost its coefficient in every sum (its subscripts read as constants).
describe('affine forms over __proto__', () => {
  it('add, sub, scale, rename, substitute and evaluate keep its coefficient', () => {
    const x = A.add(A.variable('__proto__', 3n), A.variable('i'));
    expect(A.coeff(x, '__proto__')).toBe(3n);
    expect(A.coeff(A.sub(x, A.variable('__proto__')), '__proto__')).toBe(2n);
    expect(A.coeff(A.scale(x, 2n), '__proto__')).toBe(6n);
    expect(A.coeff(A.rename(x, { i: '__proto__' }), '__proto__')).toBe(4n);
    expect(A.formatAffine(A.substitute(x, { i: A.variable('__proto__') }))).toBe('4__proto__');
    expect(
      A.evaluate(
        x,
        nameRecord([
          ['__proto__', 5n],
          ['i', 1n],
        ]),
      ),
    ).toBe(16n);
    expect(A.variables(x).sort()).toEqual(['__proto__', 'i']);
  });
});

describe('nameRecord', () => {
  it('has no inherited keys and copies own ones, __proto__ included', () => {
    const r = nameRecord<bigint>();
    expect(r.toString).toBeUndefined();
    expect('constructor' in r).toBe(false);
    r['__proto__'] = 1n;
    expect(Object.keys(r)).toEqual(['__proto__']);
    // JSON.parse (a cached report) makes __proto__ an own key of a plain object: kept.
    const copy = nameRecord<number>(JSON.parse('{"__proto__": 2, "N": 3}'));
    expect(Object.entries(copy)).toEqual([
      ['__proto__', 2],
      ['N', 3],
    ]);
    expect(JSON.stringify(copy)).toBe('{"__proto__":2,"N":3}');
  });
});
