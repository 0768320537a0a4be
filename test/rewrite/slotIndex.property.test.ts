/**
 * Property: whatever form the slot index takes (elided, %, offset, helper, mask), it
 * evaluates under C's rules to the mathematical (M_r . x) mod b for every index vector in
 * the range the plan claims. C's `%` truncates toward zero like BigInt's `%`, and `&` on
 * BigInt is two's complement, so the expression is evaluated as BigInt JavaScript.
 */
import fc from 'fast-check';
import { linearForm, reduceModulo } from '../../src/rewrite/sigma.js';

function mathMod(a: bigint, b: bigint): bigint {
  const r = a % b;
  return r < 0n ? r + b : r;
}

/** Evaluates the C text of a slot index with the index variables bound. */
function evaluate(text: string, env: Record<string, bigint>): bigint {
  const js = text
    .replace(/\(long\)/g, '')
    .replace(/\b([0-9]+)\b/g, '$1n')
    .replace(/\bbeeclak_mod\(/g, 'mod(');
  const mod = (a: bigint, b: bigint): bigint => {
    const r = a % b;
    return r < 0n ? r + b : r;
  };
  const names = Object.keys(env);
  return new Function('mod', ...names, `return ${js};`)(mod, ...names.map((n) => env[n])) as bigint;
}

const box = fc.array(fc.tuple(fc.integer({ min: -6, max: 6 }), fc.integer({ min: 0, max: 5 })), {
  minLength: 1,
  maxLength: 3,
});

describe('slot index forms are (M_r . x) mod b', () => {
  test.each(['exact', 'pow2'] as const)('%s', (modulo) => {
    fc.assert(
      fc.property(
        box,
        fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 2, max: 9 }),
        fc.constantFrom('none', 'min', 'both', 'within'),
        (dims, coefficients, rawB, known) => {
          const b = BigInt(modulo === 'pow2' ? 1 << (rawB % 4 || 1) : rawB);
          const names = dims.map((_, d) => `x${d}`);
          const coeffs = coefficients.slice(0, dims.length).map(BigInt);
          // All points of the box lo_d <= x_d <= lo_d + len_d.
          let points: bigint[][] = [[]];
          for (const [lo, len] of dims) {
            const next: bigint[][] = [];
            for (const p of points)
              for (let v = lo; v <= lo + len; v++) next.push([...p, BigInt(v)]);
            points = next;
          }
          const values = points.map((p) => p.reduce((s, v, d) => s + v * coeffs[d]!, 0n));
          const min = values.reduce((a, v) => (v < a ? v : a));
          const max = values.reduce((a, v) => (v > a ? v : a));
          const inside = min >= 0n && max < b;
          const range =
            known === 'none'
              ? {}
              : known === 'min'
                ? { min }
                : known === 'both'
                  ? { min, max }
                  : inside
                    ? { withinModulus: true }
                    : { min, max };
          const linear = linearForm(coeffs, names);
          const inLong = linearForm(coeffs, names, (t) => `(long)${t}`);
          const slot = reduceModulo(linear, range, { value: b, text: String(b) }, modulo, inLong);
          points.forEach((p, k) => {
            const env = Object.fromEntries(names.map((n, d) => [n, p[d]!]));
            expect(evaluate(slot.text, env)).toBe(mathMod(values[k]!, b));
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
