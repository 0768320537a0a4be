/**
 * The explanation quotes the writing statement: a table of constants in an initializer over
 * several lines is cut to `{ ... }` (Embench's edn: the report quoted 25 lines of
 * `short unsigned int in_a[200] = {...}` inside one explanation line). Before the fix, the
 * first two rows came back whole.
 */
import { quoted } from '../../src/pipeline/decision/lifetimes.js';

describe('statements as the explanation quotes them', () => {
  test.each<[string, string]>([
    ['short in_a[4] = {\n  0x0, 0x7ff,\n  0xc00, 0x800\n};', 'short in_a[4] = { ... };'],
    ['  int t[2][2] = { { 1, 2 },\n { 3, 4 } };  ', 'int t[2][2] = { ... };'],
    ['int lut[8] = {3, 1, 4, 1, 5, 9, 2, 6};', 'int lut[8] = {3, 1, 4, 1, 5, 9, 2, 6};'],
    [
      'q[i][j] = (u[j][i] + 1) /\n    (p[i][j - 1] + 2.0);',
      'q[i][j] = (u[j][i] + 1) /\n    (p[i][j - 1] + 2.0);',
    ],
    ['y[i] = x == 0;', 'y[i] = x == 0;'],
  ])('%j', (text, want) => {
    expect(quoted(text)).toBe(want);
  });
});
