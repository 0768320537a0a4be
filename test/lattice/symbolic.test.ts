import { parseSet } from '../../src/poly/index.js';
import {
  chooseSymbolicMapping,
  enumerateUnion,
  evalAffine,
  fixPieces,
  formatSymbolicMapping,
  LatticeInputError,
} from '../../src/lattice/index.js';
import type { PolySet } from '../../src/poly/types.js';
import type { SymbolicMapping } from '../../src/lattice/index.js';

const mod = (a: bigint, b: bigint) => ((a % b) + b) % b;

/** Brute force at fixed parameter values: no non-zero d of DS in the kernel, moduli >= 1. */
function admissibleAt(ds: PolySet, m: SymbolicMapping, at: Record<string, bigint>): boolean {
  const b = m.b.map((bi) => evalAffine(bi, at));
  if (b.some((v) => v < 1n)) return false;
  return enumerateUnion(fixPieces(ds, at)).every(
    (d) =>
      d.every((v) => v === 0n) ||
      m.M.some(
        (row, i) =>
          mod(
            row.reduce((s, v, j) => s + v * d[j], 0n),
            b[i],
          ) !== 0n,
      ),
  );
}

describe('symbolic moduli (Heuristic 3 with parameters)', () => {
  const toeplitz = parseSet(
    '[N] -> { [a, b] : -N < a + 2b < N and -N < a - b < N and -1 <= b <= 1 }',
  );

  it('Toeplitz y: b = (N, 2) over N >= 2, admissible at many N', () => {
    const r = chooseSymbolicMapping(toeplitz, { context: parseSet('[N] -> { [] : N >= 2 }') });
    expect(formatSymbolicMapping(r.mapping, ['a', 'b'])).toBe('(a mod N, b mod 2)');
    expect(r.checkedAt.length).toBeGreaterThanOrEqual(3);
    for (let N = 2n; N <= 14n; N++) expect(admissibleAt(toeplitz, r.mapping, { N })).toBe(true);
    // and tight: b mod 2 is needed, a mod (N - 1) is not enough at N = 10
    expect(
      admissibleAt(
        toeplitz,
        { M: r.mapping.M, b: [{ coeffs: {}, constant: 9n }, r.mapping.b[1]] },
        { N: 10n },
      ),
    ).toBe(false);
  });

  it('two parameters: (a mod N, b mod M)', () => {
    const ds = parseSet(
      '[N, M] -> { [a, b] : -N < a < N and -M < b < M and -N-M < a + b < N + M }',
    );
    const r = chooseSymbolicMapping(ds, {
      context: parseSet('[N, M] -> { [] : N >= 1 and M >= 1 }'),
    });
    expect(formatSymbolicMapping(r.mapping, ['a', 'b'])).toBe('(a mod N, b mod M)');
    for (const N of [1n, 2n, 5n])
      for (const M of [1n, 3n, 4n]) expect(admissibleAt(ds, r.mapping, { N, M })).toBe(true);
  });

  it('a sup that is not affine (floor(N / 2)) is over-estimated soundly or refused', () => {
    const ds = parseSet('[N] -> { [a, b] : -N <= 2a <= N and -1 <= b <= 1 and N >= 0 }');
    let r: ReturnType<typeof chooseSymbolicMapping> | null = null;
    try {
      r = chooseSymbolicMapping(ds);
    } catch (e) {
      expect(e).toBeInstanceOf(LatticeInputError);
    }
    if (r) for (let N = 0n; N <= 15n; N++) expect(admissibleAt(ds, r.mapping, { N })).toBe(true);
  });

  // Guards codec2's Levinson-Durbin `a[order + 1][order + 1]` refused as unbounded: the exact
  // sup of |d1| on d0 = 0 is `order - 1`, negative at order = 0 where DS holds only d = 0, so
  // no bound was proved; `order` (the same bound raised to 0 there) is one.
  it('a bound negative where DS is only 0 is raised: (d0 mod 2, d1 mod (order + 1))', () => {
    const ds = parseSet(
      '[order] -> { [d0, d1] : d0 = 0 and d1 = 0; [d0, d1] : d0 = 0 and 1 <= d1 <= order - 1;' +
        ' [d0, d1] : d0 = 0 and -order + 1 <= d1 <= -1;' +
        ' [d0, d1] : d0 = -1 and -order + 1 <= d1 <= order - 2 and order >= 2;' +
        ' [d0, d1] : d0 = 1 and -order + 2 <= d1 <= order - 1 and order >= 2 }',
    );
    const r = chooseSymbolicMapping(ds, { context: parseSet('[order] -> { [] : order >= 0 }') });
    expect(formatSymbolicMapping(r.mapping, ['d0', 'd1'])).toBe('(d0 mod 2, d1 mod (order + 1))');
    for (let order = 0n; order <= 12n; order++)
      expect(admissibleAt(ds, r.mapping, { order })).toBe(true);
  });

  it('partially fixed parameters', () => {
    const ds = parseSet('[N, K] -> { [a, b] : -N < a < N and -K < b < K }');
    const r = chooseSymbolicMapping(ds, {
      params: { K: 3n },
      context: parseSet('[N] -> { [] : N >= 1 }'),
    });
    expect(formatSymbolicMapping(r.mapping, ['a', 'b'])).toBe('(a mod N, b mod 3)');
  });
});
