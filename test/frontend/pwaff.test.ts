import fc from 'fast-check';
import { evaluate } from '../../src/poly/affine.js';
import {
  pwCompare,
  pwConst,
  pwDiv,
  pwMod,
  pwVar,
  type PwAff,
  type Cond,
} from '../../src/frontend/pwaff.js';

/** Value of a piecewise form at x, searching the existential quotients by brute force. */
function valueAt(a: PwAff, x: bigint): bigint[] {
  const out: bigint[] = [];
  for (const p of a) {
    const search = (k: number, env: Record<string, bigint>): void => {
      if (k === p.exists.length) {
        if (
          p.constraints.every((c) =>
            c.kind === 'eq' ? evaluate(c.expr, env) === 0n : evaluate(c.expr, env) >= 0n,
          )
        )
          out.push(evaluate(p.value, env));
        return;
      }
      for (let q = -40n; q <= 40n; q++) search(k + 1, { ...env, [p.exists[k]]: q });
    };
    search(0, { x });
  }
  return out;
}

function condAt(c: Cond, x: bigint, y: bigint): boolean {
  return c.some((conj) => {
    const search = (k: number, env: Record<string, bigint>): boolean =>
      k === conj.exists.length
        ? conj.constraints.every((k2) =>
            k2.kind === 'eq' ? evaluate(k2.expr, env) === 0n : evaluate(k2.expr, env) >= 0n,
          )
        : Array.from({ length: 81 }, (_, i) => BigInt(i - 40)).some((q) =>
            search(k + 1, { ...env, [conj.exists[k]]: q }),
          );
    return search(0, { x, y });
  });
}

describe('piecewise quasi-affine forms', () => {
  it('C division and remainder truncate toward zero, for both signs (exactly one value)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: -5, max: 5 }).filter((c) => c !== 0),
        (x, c) => {
          let n = 0;
          const fresh = () => `q${n++}`;
          const X = BigInt(x);
          const C = BigInt(c);
          expect(valueAt(pwDiv(pwVar('x'), C, fresh), X)).toEqual([X / C]);
          expect(valueAt(pwMod(pwVar('x'), C, fresh), X)).toEqual([X % C]);
        },
      ),
    );
  });

  it('a comparison and its negation partition the plane, also through divisions', () => {
    let n = 0;
    const fresh = () => `q${n++}`;
    const a = pwDiv(pwVar('x'), 3n, fresh);
    const lt = pwCompare(a, '<', pwVar('y'));
    const ge = pwCompare(a, '>=', pwVar('y'));
    const ne = pwCompare(pwVar('x'), '!=', pwConst(2n));
    for (let x = -7n; x <= 7n; x++)
      for (let y = -4n; y <= 4n; y++) {
        expect(condAt(lt, x, y)).toBe(x / 3n < y);
        expect(condAt(ge, x, y)).toBe(x / 3n >= y);
        expect(condAt(ne, x, y)).toBe(x !== 2n);
      }
  });
});
