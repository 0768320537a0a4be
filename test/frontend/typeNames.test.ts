/**
 * Type names of the program that are names of Object.prototype. Guards the tables of integer
 * and scalar types (src/frontend/integers.ts, constants.ts), looked up by the type's text: a
 * typedef named `toString` found Object.prototype's function there, and a `double` counter of
 * that type was read as an integer counter (of no known width).
 */
import { analyze } from '../../src/index.js';
import { intTypeOf } from '../../src/frontend/integers.js';

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
    expect(t.reason).toMatch(/loop counter 'x' is not of a known integer type/);
  });
});
