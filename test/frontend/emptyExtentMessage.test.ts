/**
 * An array declared with `[]` says so (Embench's md5: `uint32_t r[] = {7, 12, ...}`, a table
 * of 64 constants sized by its initializer, read "an extent of 'r' is unknown or not affine",
 * as if its size were some expression beeclak failed on); a parameter's `[]` is its caller's
 * and keeps the old words. Before the fix the first two rows read "unknown or not affine".
 */
import { analyze } from '../../src/index.js';

describe('the reason of an array declared with []', () => {
  test.each<[string, string, RegExp]>([
    [
      'a local table sized by its initializer',
      'int f(int i) { int r[] = {7, 12, 17, 22}; return r[i & 3]; }',
      /'r' is declared with \[\] \(its size comes from its initializer/,
    ],
    [
      'a static table at file scope',
      'static const int r[] = {1, 2};\nint f(int i) { return r[i & 1]; }',
      /'r' is declared with \[\]/,
    ],
    [
      'a parameter',
      'double f(double r[], int n) { double s = 0; for (int i = 0; i < n; i++) s += r[i]; return s; }',
      /an extent of 'r' is unknown or not affine/,
    ],
  ])('%s', async (_name, source, reason) => {
    const report = await analyze(source, { compiler: false });
    const r = report.arrays.find((a) => a.name === 'r');
    expect(r?.status).toBe('unchanged');
    expect(r?.reason).toMatch(reason);
  });
});
