/** `beeclak poly`: the calculator as users run it (built CLI). */
import { runCli } from '../helpers/cli.js';

describe('beeclak poly', () => {
  test.each([
    [
      'project({ [x, y] : x = 3y + 1 and 0 <= y <= 3 }, [x])',
      '{ [x] : exists e0 : x = 3e0 + 1 and 1 <= x <= 10 }',
    ],
    [
      'points({ [x] : 0 <= x <= 10 } - { [x] : exists k : x = 3k })',
      '{ [1]; [2]; [4]; [5]; [7]; [8]; [10] }',
    ],
    ['empty({ [x, y] : 1 <= 3x - 3y <= 2 })', 'true'],
    ['max({ [i, j] : 0 <= i < j < 10 }, i + j)', '17'],
    ['min({ [i] : i >= 3 }, i)', '3'],
    ['max({ [i] : i >= 3 }, i)', 'unbounded'],
    ['max([N] -> { [i, j] : 0 <= i < j < N }, j)', 'N - 1 on [N] -> { [] : 2 <= N }'],
    ['points({ [a, b] : 0 <= a, b <= 1 })', null],
    ['points(({ [a] : 0 <= a <= 3 } + { [a] : a = 7 }) * { [a] : a >= 2 })', '{ [2]; [3]; [7] }'],
    [
      'points({ [a, b] : lexlt([a, b], [1, 0]) and 0 <= a <= 1 and 0 <= b <= 1 })',
      '{ [0, 0]; [0, 1] }',
    ],
    ['subset({ [x] : exists k : x = 4k }, { [x] : exists k : x = 2k })', 'true'],
  ])('%s', (expr, want) => {
    const r = runCli(['poly', expr]);
    if (want === null) {
      expect(r.code).toBe(1);
      return;
    }
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(want);
  });

  test('-D fixes parameters and --json prints data', () => {
    const r = runCli(['poly', 'points([N] -> { [i] : 0 <= i < N })', '-D', 'N=3', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ kind: 'points', dims: ['i'], points: [[0], [1], [2]] });
  });

  test.each([
    ['{ [x] : 0 <= y }', "beeclak: error at column 14: unknown variable 'y'"],
    [
      'project({ [x] : x = 1 }, [z])',
      "beeclak: error at column 27: 'z' is not a dimension of the set",
    ],
    [
      'points([N] -> { [i] : 0 <= i < N })',
      'beeclak: error at column 1: points() needs every parameter fixed (use -D N=...)',
    ],
    [
      '{ [x] : x = 1 } * { [x, y] : x = y }',
      'beeclak: error at column 17: sets of different dimension (1 and 2)',
    ],
  ])('error: %s', (expr, msg) => {
    const r = runCli(['poly', expr]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(msg);
  });

  test('usage errors exit 2', () => {
    expect(runCli(['poly']).code).toBe(2);
    expect(runCli(['poly', '{ [x] }', '-D', 'N']).code).toBe(2);
  });
});
