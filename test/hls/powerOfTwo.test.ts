/** Power-of-two moduli (src/pipeline/decision/hls.ts): rounded, re-verified, whole dimensions kept. */
import * as P from '../../src/poly/index.js';
import { powerOfTwoMapping } from '../../src/pipeline/decision/hls.js';

describe('powerOfTwoMapping', () => {
  it('a rounded modulus that is not admissible is doubled until it is (3 -> 4 fails, 8)', () => {
    // Cells 4 apart conflict: mod 3 separates them, mod 4 does not, mod 8 does.
    const ds = P.parseSet('{ [a] : exists k : a = 4k and -4 <= a <= 4 }');
    expect(powerOfTwoMapping(ds, { M: [[1n]], b: [3n] }, [100n], {})).toEqual({
      mapping: { M: [[1n]], b: [8n] },
    });
  });

  it('a dimension kept whole keeps its extent; a folded one is rounded', () => {
    const ds = P.parseSet(
      '{ [a, b] : a = 0 and -47 <= b <= 47 ; [a, b] : -2 <= a <= 2 and b = 0 }',
    );
    expect(
      powerOfTwoMapping(
        ds,
        {
          M: [
            [1n, 0n],
            [0n, 1n],
          ],
          b: [3n, 48n],
        },
        [10n, 48n],
        {},
      ),
    ).toEqual({
      mapping: {
        M: [
          [1n, 0n],
          [0n, 1n],
        ],
        b: [4n, 48n],
      },
    });
  });

  it('a folded dimension whose rounded modulus reaches the extent is kept whole (not padded)', () => {
    const ds = P.parseSet('{ [a] : -40 <= a <= 40 }');
    expect(powerOfTwoMapping(ds, { M: [[1n]], b: [41n] }, [48n], {})).toEqual({
      mapping: { M: [[1n]], b: [48n] },
    });
  });
});
