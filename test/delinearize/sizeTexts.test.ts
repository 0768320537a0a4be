/** The C texts of a delinearized view's sizes. */
import { sizeValue, topLevelFactors, viewSizeTexts } from '../../src/delinearize/sizeTexts.js';
import type { FunctionModel } from '../../src/model/types.js';

const fn = (values: Record<string, bigint>) =>
  ({
    parameters: Object.entries(values).map(([name, value]) => ({ name, value, source: 'define' })),
  }) as unknown as FunctionModel;

describe('sizes of a delinearized view in the source symbols', () => {
  // Guards against numbers in contracted declarations where the source had a symbol
  // (`t[M * (N + 1)]` seen as `t[M][5]`), and against a text of another value.
  it.each([
    ['M * (N + 1)', [2n, 5n], ['M', '(N + 1)']],
    ['(N + 1) * M', [5n, 2n], ['(N + 1)', 'M']],
    ['N * N * (M + 1)', [4n, 4n, 3n], ['N', 'N', '(M + 1)']],
    ['(H * W) * K', [3n, 7n, 9n], ['H', 'W', 'K']],
    ['2 * N', [2n, 4n], ['2', 'N']],
    // A size no factor spells: a parameter of that value named in the text, else the number.
    ['N * 12', [4n, 3n, 4n], ['N', '3', 'N']],
  ])('%s as %p', (declared, sizes, texts) => {
    const f = fn({ N: 4n, M: 2n, H: 3n, W: 7n, K: 9n });
    expect(viewSizeTexts(sizes, { text: declared }, f)).toEqual(texts);
  });

  it.each([
    ['N + 1', 5n],
    ['(N - 1) * 2', 6n],
    ['-N + 10', 6n],
    ['N / 2', undefined],
    ['UNKNOWN + 1', undefined],
    ['N +', undefined],
  ])('sizeValue(%s) = %p', (text, value) => {
    expect(sizeValue(text, { N: 4n })).toBe(value);
  });

  it('splits a product at depth 0 only', () => {
    expect(topLevelFactors('(a * b) * c*d')).toEqual(['(a * b)', 'c', 'd']);
  });
});
