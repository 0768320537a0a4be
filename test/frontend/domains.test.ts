/**
 * Iteration domains and schedules: each C loop nest is compared with the iterations it
 * really executes (the same loops written in JavaScript), by brute-force enumeration.
 */
import { domainText, fn, points, scheduleText, stmt } from './helpers.js';

const PRELUDE = `#define N 8
#define MIN(a,b) ((a)<(b)?(a):(b))
#define MAX(a,b) ((a)>(b)?(a):(b))
enum { E = 5 };
`;
const wrap = (loops: string) => `${PRELUDE}void f(int n) {\n  double A[20][20];\n  ${loops}\n}\n`;

/** Expected points, from running the loops in JavaScript with N = 8, n = 6. */
function run(gen: (emit: (...xs: number[]) => void) => void): string[] {
  const out: string[] = [];
  gen((...xs) => out.push(xs.join(',')));
  return out.sort();
}

const N = 8;
const n = 6;
const trunc = (a: number, b: number) => Math.trunc(a / b);

const CASES: [string, string, string[]][] = [
  [
    'increasing <',
    'for (int i = 0; i < N; i++) A[i][0] = 0;',
    run((e) => {
      for (let i = 0; i < N; i++) e(i);
    }),
  ],
  [
    '<= with argument',
    'for (int i = 1; i <= n; ++i) A[i][0] = 0;',
    run((e) => {
      for (let i = 1; i <= n; ++i) e(i);
    }),
  ],
  [
    'decreasing >=',
    'for (int i = N - 1; i >= 0; i--) A[i][0] = 0;',
    run((e) => {
      for (let i = N - 1; i >= 0; i--) e(i);
    }),
  ],
  [
    'decreasing > step -3',
    'for (int i = 10; i > 0; i -= 3) A[i][0] = 0;',
    run((e) => {
      for (let i = 10; i > 0; i -= 3) e(i);
    }),
  ],
  [
    'step 2 with i = i + 2',
    'for (int i = 1; i < N; i = i + 2) A[i][0] = 0;',
    run((e) => {
      for (let i = 1; i < N; i += 2) e(i);
    }),
  ],
  [
    'step 3, += and enum',
    'for (int i = 2; i <= E * 2; i += 3) A[i][0] = 0;',
    run((e) => {
      for (let i = 2; i <= 10; i += 3) e(i);
    }),
  ],
  [
    '!= with unit step',
    'for (int i = 0; i != N; i++) A[i][0] = 0;',
    run((e) => {
      for (let i = 0; i !== N; i++) e(i);
    }),
  ],
  [
    '!= decreasing',
    'for (int i = N; i != 0; --i) A[i][0] = 0;',
    run((e) => {
      for (let i = N; i !== 0; --i) e(i);
    }),
  ],
  [
    'triangular',
    'for (int i = 0; i < N; i++) for (int j = i; j < N; j++) A[i][j] = 0;',
    run((e) => {
      for (let i = 0; i < N; i++) for (let j = i; j < N; j++) e(i, j);
    }),
  ],
  [
    'MIN upper bound',
    'for (int i = 0; i < MIN(N, n - 1); i++) A[i][0] = 0;',
    run((e) => {
      for (let i = 0; i < Math.min(N, n - 1); i++) e(i);
    }),
  ],
  [
    '?: max lower bound',
    'for (int i = (n - 4 > 1 ? n - 4 : 1); i < N; i++) A[i][0] = 0;',
    run((e) => {
      for (let i = Math.max(n - 4, 1); i < N; i++) e(i);
    }),
  ],
  [
    'MAX with MIN, 2-D',
    'for (int i = 0; i < N; i++) for (int j = MAX(0, i - 2); j <= MIN(i + 2, N - 1); j++) A[i][j] = 0;',
    run((e) => {
      for (let i = 0; i < N; i++)
        for (let j = Math.max(0, i - 2); j <= Math.min(i + 2, N - 1); j++) e(i, j);
    }),
  ],
  [
    '|| in the exit test',
    'for (int i = 0; i < 3 || i < n - 1; i++) A[i][0] = 0;',
    run((e) => {
      for (let i = 0; i < 3 || i < n - 1; i++) e(i);
    }),
  ],
  [
    'division in a bound',
    'for (int i = 0; i < (n + 1) / 2; i++) A[i][0] = 0;',
    run((e) => {
      for (let i = 0; i < trunc(n + 1, 2); i++) e(i);
    }),
  ],
  [
    'negative division in a bound',
    'for (int i = -9; i < (-7) / 2; i++) A[i + 9][0] = 0;',
    run((e) => {
      for (let i = -9; i < trunc(-7, 2); i++) e(i);
    }),
  ],
  [
    'if / else with ! and ||',
    'for (int i = 0; i < N; i++) { if (!(i < 2) && (i > 5 || i == 3)) A[i][0] = 0; }',
    run((e) => {
      for (let i = 0; i < N; i++) if (!(i < 2) && (i > 5 || i === 3)) e(i);
    }),
  ],
  [
    'else branch',
    'for (int i = 0; i < N; i++) { if (i % 3 == 0) A[i][1] = 1; else A[i][0] = 0; }',
    run((e) => {
      for (let i = 0; i < N; i++) if (!(i % 3 === 0)) e(i);
    }),
  ],
  [
    '!= in an if',
    'for (int i = 0; i < N; i++) if (i != 4) A[i][0] = 0;',
    run((e) => {
      for (let i = 0; i < N; i++) if (i !== 4) e(i);
    }),
  ],
  [
    'counter declared outside',
    'int i; for (i = 3; i < N; i++) A[i][0] = 0;',
    run((e) => {
      for (let i = 3; i < N; i++) e(i);
    }),
  ],
];

describe('iteration domains equal the executed iterations', () => {
  it.each(CASES)('%s', (_name, loops, expected) => {
    const f = fn(wrap(loops));
    const s = f.statements[f.statements.length - 1];
    const got = points(s.domain, { N: 8n, n: 6n, E: 5n }, 12);
    expect(got).toEqual(expected);
    expect(s.overApproximated).toBe(false);
  });

  it.each([
    ['A[i][j] = 0', 'for (int i = 0; i < N; i++) for (int j = i; j < N; j++) A[i][j] = 0;'],
    ['A[i + 9][0] = 0', 'for (int i = -9; i < (-7) / 2; i++) A[i + 9][0] = 0;'],
  ])('(statement %s is found)', (text, loops) => {
    expect(stmt(fn(wrap(loops)), text).domain.pieces.length).toBeGreaterThan(0);
  });
});

describe('readable domains and 2d+1 schedules', () => {
  it('prints a triangular nest in the calculator notation', () => {
    const f = fn(
      wrap('for (int i = 0; i < N; i++)\n    for (int k = 0; k <= i; k++)\n      A[i][k] = 1;'),
    );
    const s = stmt(f, 'A[i][k]');
    expect(domainText(f, s)).toBe('[N] -> { [i, k] : 0 <= i < N and 0 <= k <= i }');
    expect(scheduleText(s)).toBe('[0, i, 0, k, 0]');
  });

  it('puts -i at the counter position of a decreasing loop, and textual positions between', () => {
    const f = fn(
      wrap(
        'A[0][0] = 1;\n  for (int i = N - 1; i >= 0; i--) { A[i][1] = 2; A[i][2] = 3; }\n  A[1][1] = 4;',
      ),
    );
    expect(f.statements.map(scheduleText)).toEqual(['[0]', '[1, -i, 0]', '[1, -i, 1]', '[2]']);
  });

  it('renames a reused loop variable in the second nest, also in its subscripts', () => {
    const f = fn(
      wrap('for (int i = 0; i < N; i++) A[i][0] = 1;\n  for (int i = 0; i < N; i++) A[0][i] = 2;'),
    );
    const s = stmt(f, 'A[0][i]');
    expect(s.iterators).toEqual(['i_1']);
    expect(s.accesses[0].subscripts[1]).toEqual({ coeffs: { i_1: 1n }, constant: 0n });
    expect(scheduleText(s)).toBe('[1, i_1, 0]');
  });

  it('models a stride with an existential variable', () => {
    const f = fn(wrap('for (int i = 1; i < N; i += 2) A[i][0] = 0;'));
    expect(domainText(f, f.statements[0])).toBe(
      '[N] -> { [i] : exists _q0 : 1 <= i < N and 2_q0 + 1 = i }',
    );
  });
});
