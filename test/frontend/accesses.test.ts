/** Accesses: kinds, order inside a statement, subscripts, flags and source ranges. */
import { accessTexts, domainText, fn, stmt } from './helpers.js';

const wrap = (body: string, decls = 'double A[N][N], B[N], C[N];') =>
  `#define N 16\n#define IDX(i,j) ((i)*4+(j))\nvoid f(int n, int *idx) {\n  ${decls}\n  ${body}\n}\n`;

describe('accesses of one statement', () => {
  it.each([
    [
      'A[i][j] = B[i] + C[j];',
      ['read B[i] (order 0)', 'read C[j] (order 1)', 'write A[i][j] (order 2)'],
    ],
    [
      'A[i][j] += B[j];',
      ['read A[i][j] (order 0)', 'read B[j] (order 1)', 'write A[i][j] (order 2)'],
    ],
    ['B[i]++;', ['read B[i] (order 0)', 'write B[i] (order 1)']],
    ['--A[j][i];', ['read A[j][i] (order 0)', 'write A[j][i] (order 1)']],
    ['B[i] = C[i] = 0;', ['write C[i] (order 0)', 'write B[i] (order 1)']],
    [
      'printf("%f", A[i][j] + B[N - 1 - i]);',
      ['read A[i][j] (order 0)', 'read B[N - i - 1] (order 1)'],
    ],
    [
      'B[IDX(i, j) % N] = 1;',
      [
        'write B[4i + j - 16_q0] with exists _q0 : 16_q0 <= 4i + j and 4i + j <= 16_q0 + 15 (order 0)',
      ],
    ],
    [
      'B[(i + j) / 2] = 1;',
      ['write B[_q0] with exists _q0 : 2_q0 <= i + j and i + j <= 2_q0 + 1 (order 0)'],
    ],
    // `?:` inside a subscript: one exact access per branch, each under its condition.
    [
      'B[i < j ? i : j] = 1;',
      ['write B[i] when i < j (order 0)', 'write B[j] when j <= i (order 1)'],
    ],
    ['B[idx[i]] = 1;', ['read idx[i] (order 0)', 'write B[?] (order 1, over-approximated)']],
    ['B[i * j] = 1;', ['write B[?] (order 0, over-approximated)']],
  ])('%s', (statement, expected) => {
    const f = fn(wrap(`for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) ${statement}`));
    const s = stmt(f, statement.slice(0, 6));
    expect(accessTexts(s)).toEqual(expected);
    expect(s.overApproximated).toBe(expected.some((e) => e.includes('over-approximated')));
  });

  it('gives the ranges of the whole access and of each index expression', () => {
    const code = wrap('for (int i = 0; i < N; i++) A[i][N - 1 - i] = 0;');
    const a = fn(code).statements[0].accesses[0];
    expect(code.slice(a.range.start, a.range.end)).toBe('A[i][N - 1 - i]');
    expect(a.indexRanges.map((r) => code.slice(r.start, r.end))).toEqual(['i', 'N - 1 - i']);
    expect(a.loc).toEqual({ line: 5, column: 31 });
  });

  it('uses string offsets, not bytes, after non-ASCII text (tree-sitter index units)', () => {
    // Guards against byte offsets: "é€😀" is 9 bytes of UTF-8 but 4 UTF-16 code units.
    const code = `/* é€😀 */ #define N 4\nvoid f(void) { /* ü */ double t[N]; for (int i = 0; i < N; i++) t[i] = i; }\n`;
    const f = fn(code);
    const s = f.statements[0];
    expect(code.slice(s.range.start, s.range.end)).toBe('t[i] = i;');
    const a = s.accesses[0];
    expect(code.slice(a.range.start, a.range.end)).toBe('t[i]');
    const t = f.arrays[0];
    expect(code.slice(t.declaratorRange.start, t.declaratorRange.end)).toBe('t[N]');
    expect(code.slice(t.declarationRange.start, t.declarationRange.end)).toBe('double t[N];');
    expect(code.slice(t.extents[0].range!.start, t.extents[0].range!.end)).toBe('N');
  });

  it('flags accesses under a data-dependent condition as may, and models the condition reads', () => {
    const f = fn(wrap('for (int i = 0; i < N; i++) { if (C[i] > 0) B[i] = 1; else A[i][0] = 2; }'));
    expect(stmt(f, '(C[i] > 0)').accesses.map((a) => [a.kind, a.array, a.may])).toEqual([
      ['read', 'C', false],
    ]);
    for (const t of ['B[i] = 1', 'A[i][0] = 2']) {
      const s = stmt(f, t);
      expect(s.may).toBe(true);
      expect(s.accesses.every((a) => a.may)).toBe(true);
      expect(domainText(f, s)).toBe('[N] -> { [i] : 0 <= i < N }');
    }
  });

  it('models scalar declarations that read arrays and a final return', () => {
    const f = fn(
      `#define N 4\ndouble f(void) { double t[N]; for (int i = 0; i < N; i++) t[i] = i; double s = t[1] + t[2]; return t[3]; }`,
    );
    expect(f.statements.map((s) => s.text)).toEqual([
      't[i] = i;',
      'double s = t[1] + t[2];',
      'return t[3];',
    ]);
    expect(f.arrays[0].candidate).toBe(true);
  });
});

describe('over-approximation of non-affine loops', () => {
  it('drops a non-affine bound and keeps the accesses inside the declared array', () => {
    const f = fn(wrap('for (int i = 0; i < n * n; i++) B[i] = 0;'));
    const s = f.statements[0];
    expect(s.overApproximated).toBe(true);
    expect(domainText(f, s)).toBe('[n, N] -> { [i] : 0 <= i < N }');
  });

  it('drops a data-dependent exit test and a missing lower bound', () => {
    const f = fn(wrap('int i = 0; for (; i < idx[0]; i++) A[i][i + 1] = 0;'));
    const s = f.statements[0];
    expect(s.overApproximated).toBe(true);
    expect(domainText(f, s)).toBe('[N] -> { [i] : 0 <= i < N and -1 <= i and i + 2 <= N }');
  });

  it('drops a non-monotone exit test (i > 2 in an increasing loop)', () => {
    const f = fn(wrap('for (int i = 0; i > 2; i++) B[i] = 0;'));
    expect(f.statements[0].overApproximated).toBe(true);
  });
});

describe('initializers', () => {
  it('models `= {0}` as a write of every cell at the declaration', () => {
    const f = fn(
      `#define M 3\nvoid f(int n) { double t[4][M] = {0}; for (int i = 0; i < 4; i++) t[i][0] += 1; }`,
    );
    const s = f.statements[0];
    expect(s.text).toBe('double t[4][M] = {0};');
    expect(s.iterators).toEqual(['_init0', '_init1']);
    expect(domainText(f, s)).toBe(
      '[M] -> { [_init0, _init1] : 0 <= _init0 <= 3 and 0 <= _init1 < M }',
    );
    expect(s.schedule.length).toBe(5);
    expect(accessTexts(s)).toEqual(['write t[_init0][_init1] (order 0)']);
    expect(f.arrays[0]).toMatchObject({ hasInitializer: true, candidate: true });
  });
});

describe('C division in subscripts', () => {
  it('models i / 2 as a floor only where the numerator is provably non-negative', () => {
    const f = fn(
      `void f(void) { double e[8]; for (int i = -4; i < 4; i++) { e[(i + 8) / 2] = 0; e[i / 2 + 4] = 1; } }`,
    );
    // i + 8 >= 4 on the whole domain: an exact quotient.
    expect(accessTexts(stmt(f, 'e[(i + 8) / 2]'))).toEqual([
      'write e[_q0] with exists _q0 : 2_q0 <= i + 8 and i + 7 <= 2_q0 (order 0)',
    ]);
    // i changes sign: truncation is a floor for i >= 0 and a ceiling below, one access each.
    expect(accessTexts(stmt(f, 'e[i / 2 + 4]'))).toEqual([
      'write e[_q1 + 4] when 0 <= i with exists _q1 : 2_q1 <= i and i <= 2_q1 + 1 (order 0)',
      'write e[_q1 + 4] when i < 0 with exists _q1 : 2_q1 <= i + 1 and i <= 2_q1 (order 1)',
    ]);
  });

  it('models e[i/2] in a stride-2 loop', () => {
    const f = fn(
      `#define N 8\nvoid f(void) { double e[N]; for (int i = 0; i < 2 * N; i += 2) e[i / 2] = i; }`,
    );
    const s = f.statements[0];
    expect(accessTexts(s)).toEqual([
      'write e[_q1] with exists _q1 : 2_q1 <= i and i <= 2_q1 + 1 (order 0)',
    ]);
    expect(domainText(f, s)).toBe('[N] -> { [i] : exists _q0 : 0 <= i < 2N and 2_q0 = i }');
  });
});

describe('preprocessor', () => {
  it('takes #ifndef-guarded defines, and -D over them', () => {
    const code = `#ifndef N\n#define N 100\n#endif\nvoid f(void) { double t[N]; t[0] = 1; }`;
    expect(fn(code).arrays[0].extents[0].value).toBe(100n);
    expect(fn(code, { defines: { N: 7n } }).arrays[0].extents[0].value).toBe(7n);
  });
});

describe('references evaluated conditionally (`?:`, `&&`, `||`)', () => {
  // Each row guards against losing (or inventing) the condition under which C evaluates
  // a reference: a lost guard costs compression, an invented one is a miscompilation.
  it.each([
    [
      'C[i] = i > 0 ? B[i - 1] : 0;',
      ['read B[i - 1] when 1 <= i (order 0)', 'write C[i] (order 1)'],
    ],
    ['C[i] = i > 0 ? 0 : B[i];', ['read B[i] when i <= 0 (order 0)', 'write C[i] (order 1)']],
    [
      'C[i] = i > 0 && B[i - 1] > 0;',
      ['read B[i - 1] when 1 <= i (order 0)', 'write C[i] (order 1)'],
    ],
    // `i == 0 ||` guards with i != 0, and i < 0 is outside the domain.
    [
      'C[i] = i == 0 || B[i - 1] > 0;',
      ['read B[i - 1] when 1 <= i (order 0)', 'write C[i] (order 1)'],
    ],
    // Nested: both conditions hold.
    [
      'C[i] = i > 0 ? (j > 1 ? B[i + j] : 0) : 0;',
      ['read B[i + j] when 2 <= j and 1 <= i (order 0)', 'write C[i] (order 1)'],
    ],
    // A condition that always holds on the domain is no guard at all.
    ['C[i] = i >= 0 ? B[i] : 0;', ['read B[i] (order 0)', 'write C[i] (order 1)']],
    // Never evaluated: kept for the rewriter, but it never happens.
    ['C[i] = i < 0 ? B[i] : 0;', ['read B[i] when 1 <= 0 (order 0)', 'write C[i] (order 1)']],
    // Contradicting guards (each possible on its own): the read never happens.
    [
      'C[i] = i > 1 ? (i < 1 ? B[i] : 0) : 0;',
      ['read B[i] when 1 <= 0 (order 0)', 'write C[i] (order 1)'],
    ],
    // Data-dependent condition: a may-read (counted, which only lengthens lifetimes).
    [
      'C[i] = idx[i] ? B[i] : 0;',
      ['read idx[i] (order 0)', 'read B[i] (order 1, may)', 'write C[i] (order 2)'],
    ],
    // The condition itself is always evaluated.
    ['C[i] = B[i] > 0 ? 1 : 0;', ['read B[i] (order 0)', 'write C[i] (order 1)']],
    // A guarded subscript inside a guarded reference: the cases multiply.
    [
      'C[i] = j > 0 ? B[i < j ? i : j] : 0;',
      [
        'read B[i] when 1 <= j and i < j (order 0)',
        'read B[j] when 1 <= j and j <= i (order 1)',
        'write C[i] (order 2)',
      ],
    ],
  ])('%s', (statement, expected) => {
    const f = fn(
      wrap(
        `for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) ${statement}`,
        'double B[N], C[N];',
      ),
    );
    expect(accessTexts(stmt(f, statement.slice(0, 6)))).toEqual(expected);
  });
});

describe('references with too many cases', () => {
  it('fall back to the coarse model, flagged may when their guard is dropped', () => {
    // Guards against a dropped guard reported as exact (DS would claim exactness it lacks).
    // Per loop counter 3 feasible pairs of MIN pieces, 27 cases: over the limit of 16.
    const statement =
      'C[i] = i != 3 ? A[MIN(i, 1) + MIN(j, 1) + MIN(k, 1)][MIN(i, 2) + MIN(j, 2) + MIN(k, 2)] : 0;';
    const f = fn(
      wrap(
        `for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) for (int k = 0; k < 4; k++) ${statement}`,
        'double A[N][N], C[N];',
      ).replace('#define IDX', '#define MIN(a, b) ((a) < (b) ? (a) : (b))\n#define IDX'),
    );
    const texts = accessTexts(stmt(f, 'C[i] = i != 3'));
    expect(texts).toEqual([
      'read A[?][?] (order 0, may, over-approximated)',
      'write C[i] (order 1)',
    ]);
  });
});
