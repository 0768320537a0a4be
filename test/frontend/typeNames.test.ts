/**
 * Type names of the program that are names of Object.prototype. Guards the tables of integer
 * and scalar types (src/frontend/integers.ts, constants.ts), looked up by the type's text: a
 * typedef named `toString` found Object.prototype's function there, and a `double` counter of
 * that type was read as an integer counter (of no known width).
 */
import { analyze } from '../../src/index.js';
import { intTypeOf } from '../../src/frontend/integers.js';
import { codeOf } from '../../src/model/reasons.js';

describe('typedef names of Object.prototype', () => {
  it.each(['toString', 'constructor', 'valueOf', '__proto__'])('%s is no integer type', (t) => {
    expect(intTypeOf(t)).toBeUndefined();
    expect(intTypeOf(`const ${t}`)).toBeUndefined();
  });

  it('a double counter of a typedef named toString is not an integer counter', async () => {
    const source = `
typedef double toString;
double k(const double *a, double *b) {
  double t[16];
  for (toString x = 0; x < 16; x++) t[(int)x] = a[(int)x];
  for (int i = 0; i < 16; i++) b[i] = t[i];
  return 0;
}
`;
    const report = await analyze(source, { file: 'typedef.c' });
    const t = report.arrays.find((a) => a.name === 't')!;
    expect(t.code).toBe(codeOf('loop-not-modelled'));
    expect(t.reason).toMatch(/loop counter 'x' is not of a known integer type/);
  });
});

// Guards the table of element sizes (src/pipeline/analysis.ts): an array of a typedef named
// toString got Object.prototype's function as its element size, and the whole file stopped
// with an internal error ("Cannot convert function toString() to a BigInt").
it.each(['toString', 'constructor', '__proto__'])(
  'an array of a typedef named %s is contracted as with another name',
  async (name) => {
    const source = (t: string) => `
typedef double ${t};
double k(const double *a) {
  ${t} t[16];
  double s = 0;
  for (int i = 0; i < 16; i++) {
    t[i] = a[i] * 2;
    if (i > 0) s += t[i] - t[i - 1];
  }
  return s;
}
`;
    const decide = async (t: string) => {
      const r = await analyze(source(t), { file: 'element.c' });
      const { status, compressedCells, mapping } = r.arrays.find((a) => a.name === 't')!;
      return { status, compressedCells, mapping };
    };
    const expected = await decide('real');
    expect(expected.status).toBe('contracted');
    expect(await decide(name)).toEqual(expected);
  },
);
