/** Arrays: extents, parameters, and every reason an array is not a contraction candidate. */
import { fn, reasonsOf } from './helpers.js';

const wrap = (body: string, extra = '') => `#define N 8
struct S { double *p; };
void use(double *p);
double G[N];
static double SG[N]; struct S G2[N];
${extra}
double *f(int n, double P[N], double *q) {
  double t[N], A[N][N];
  ${body}
  return 0;
}
`;

/** [description, body, array, expected reasons (kind: message prefix)] */
const REJECTIONS: [string, string, string, string[]][] = [
  [
    'local array used only by affine loops',
    'for (int i = 0; i < N; i++) t[i] = i; use(&G[0]);',
    't',
    [],
  ],
  [
    'element read inside call arguments is fine',
    'for (int i = 0; i < N; i++) { t[i] = i; printf("%f", t[i]); }',
    't',
    [],
  ],
  ['passed to a call', 'use(t);', 't', ["passed-to-call: 't' passed to a call at 9:7"]],
  [
    'address of an element',
    'double *p = &t[2];',
    't',
    ['element-address-taken: address of an element taken at 9:16'],
  ],
  ['address of the array', 'void *p = &t;', 't', ["address-taken: address of 't' taken at 9:14"]],
  [
    'assigned to a pointer',
    'double *p; p = t;',
    't',
    ["assigned-to-pointer: 't' assigned to a pointer at 9:18"],
  ],
  [
    'pointer initialised with it',
    'double *p = t;',
    't',
    ["assigned-to-pointer: 't' assigned to a pointer at 9:15"],
  ],
  [
    'returned',
    'if (n) return t;',
    't',
    ['statement-not-modelled: return at 9:10 cannot be modelled', "returned: 't' returned at 9:17"],
  ],
  [
    'stored in a struct',
    'struct S s; s.p = t;',
    't',
    ["stored-in-struct: 't' stored in a struct at 9:21"],
  ],
  [
    'stored in a struct initializer',
    'struct S s = { t };',
    't',
    ["stored-in-struct: 't' stored in a struct or initializer at 9:18"],
  ],
  ['sizeof the array', 'int k = sizeof(t);', 't', ["size-read: sizeof 't' at 9:18 would change"]],
  [
    'row passed to a call',
    'use(A[1]);',
    'A',
    ["passed-to-call: row of 'A' passed to a call at 9:7"],
  ],
  [
    'partial subscript used as a pointer',
    'double *r; r = A[1] + 1;',
    'A',
    ["partial-subscript: partial subscript row of 'A' used as a pointer at 9:18"],
  ],
  ['static local', 'static double s[N]; s[0] = 1;', 's', ["static-local: 's' is static"]],
  ['global', 'G[0] = 1;', 'G', ["file-scope: 'G' has file scope"]],
  ['static global', 'SG[0] = 1;', 'SG', ["file-scope: 'SG' has file scope"]],
  ['parameter', 'P[0] = 1;', 'P', ["parameter: 'P' is a parameter"]],
  [
    'pointer parameter',
    'q[0] = 1;',
    'q',
    ["parameter: 'q' is a parameter", "pointer: 'q' is a pointer"],
  ],
  ['volatile', 'volatile double v[N]; v[0] = 1;', 'v', ["volatile: 'v' is volatile"]],
  ['non-zero initializer is a modelled write', 'double w[3] = {1, 2, 3}; t[0] = w[1];', 'w', []],
  [
    'string initializer',
    'char w[4] = "abc"; t[0] = w[1];',
    'w',
    ["initializer-not-modelled: initializer of 'w' is not a brace list"],
  ],
  [
    'while loop',
    // (not canonical: the step is not the body's last statement)
    'int i = 0; while (i < N) { i++; t[i - 1] = 0; }',
    't',
    ['statement-not-modelled: while loop at 9:14 cannot be modelled'],
  ],
  [
    'do loop',
    // (not canonical: the step is not the body's last statement)
    'int i = 0; do { i++; t[i - 1] = 0; } while (i < N);',
    't',
    ['statement-not-modelled: do-while loop at 9:14 cannot be modelled'],
  ],
  [
    'break inside the loop',
    'for (int i = 0; i < N; i++) { if (i == n) break; t[i] = 0; }',
    't',
    ['statement-not-modelled: break at 9:45 cannot be modelled'],
  ],
  [
    'continue inside the loop',
    'for (int i = 0; i < N; i++) { if (i == n) continue; t[i] = 0; }',
    't',
    ['statement-not-modelled: continue at 9:45 cannot be modelled'],
  ],
  [
    'goto',
    't[0] = 1; goto end; end: t[1] = 2;',
    't',
    [
      'statement-not-modelled: goto at 9:13 cannot be modelled',
      'statement-not-modelled: label at 9:23 cannot be modelled',
    ],
  ],
  [
    // The loop was read with the update's step alone (dowhile-condition-steps-counter.c).
    'loop counter modified in the condition',
    'for (int i = 11; (i -= 2) > 0; i++) t[i % 8] = 0;',
    't',
    ["loop-not-modelled: loop counter 'i' is modified in the loop condition (loop at 9:3)"],
  ],
  [
    'loop counter modified in the body',
    'for (int i = 0; i < N; i++) { t[i] = 0; i += 1; }',
    't',
    ["loop-not-modelled: loop counter 'i' is modified in the body (loop at 9:3)"],
  ],
  [
    'non-constant step',
    'for (int i = 1; i < N; i *= 2) t[i] = 0;',
    't',
    ["loop-not-modelled: loop step of 'i' is not a constant increment (loop at 9:3)"],
  ],
  [
    'accessed in a loop header',
    'for (int i = 0; i < t[0]; i++) A[i][0] = 0;',
    't',
    ['loop-header-access: accessed in a loop header at 9:23'],
  ],
  [
    'more subscripts than dimensions',
    'double (*r)[N] = 0; t[0] = A[1][2][0];',
    'A',
    ['too-many-subscripts: more subscripts than dimensions at 9:30'],
  ],
  // A field of a struct of scalars is an access of that field of the element (fieldAccess.ts).
  ['element field', 'struct S e[N]; e[0].p = 0;', 'e', []],
  [
    'field of a union element',
    'union U { int a; float b; } e[N]; e[0].a = 0;',
    'e',
    ['element-field: field of an element accessed at 9:37: its element is a union'],
  ],
  [
    'field of a struct with an array member',
    'struct V { int v[2]; } e[N]; e[0].v[1] = 0;',
    'e',
    ['element-field: field of an element accessed at 9:32: its struct has an array member'],
  ],
  [
    'address of a field taken',
    'struct S e[N]; double **p = &e[0].p;',
    'e',
    ['element-field: field of an element accessed at 9:32: the address of a field is taken'],
  ],
  [
    'field of a global array of structs',
    'G2[0].p = 0;',
    'G2',
    [
      "file-scope: 'G2' has file scope",
      'element-field: field of an element accessed at 9:3: arrays of structs are analysed only as automatic local arrays',
    ],
  ],
];

describe('not-candidate reasons', () => {
  it.each(REJECTIONS)('%s', (_what, body, array, expected) => {
    const f = fn(wrap(body));
    expect(reasonsOf(f, array)).toEqual(expected);
    expect(f.arrays.find((a) => a.name === array)!.candidate).toBe(expected.length === 0);
  });

  it('refuses an array accessed through a macro', () => {
    const f = fn(wrap('AT(1) = 0;', '#define AT(i) t[(i)]'));
    expect(reasonsOf(f, 't')).toEqual([
      "accessed-through-macro: accessed through macro 'AT' at 9:3",
    ]);
  });

  it('refuses arrays accessed outside #pragma scop, with the location', () => {
    const f = fn(`#define N 8
void f(void) {
  double t[N], u[N];
  t[0] = 1;
#pragma scop
  for (int i = 0; i < N; i++) { t[i] = i; u[i] = t[i]; }
#pragma endscop
  u[1] = 2;
}`);
    expect(reasonsOf(f, 't')).toEqual([
      'access-not-modelled: accessed outside the analysed region at 4:3',
    ]);
    expect(reasonsOf(f, 'u')).toEqual([
      'access-not-modelled: accessed outside the analysed region at 8:3',
    ]);
    expect(f.statements.map((s) => s.text)).toEqual(['t[i] = i;', 'u[i] = t[i];']);
  });

  it('makes a global or parameter a candidate when marked temporary (pragma or option)', () => {
    const code = `#define N 8\ndouble G[N];\n#pragma beeclak temporary(G)\nvoid f(double P[N]) { for (int i = 0; i < N; i++) { G[i] = i; P[i] = G[i]; } }`;
    const f = fn(code, { temporaries: ['P'] });
    for (const name of ['G', 'P']) {
      const a = f.arrays.find((x) => x.name === name)!;
      expect(a).toMatchObject({ markedTemporary: true, candidate: true, reasons: [] });
    }
  });
});

describe('extents and parameters', () => {
  it('keeps #define names symbolic, with values; -D takes precedence', () => {
    const code = `#define N 10\n#define M (N + 2)\nenum { K = 3 };\nconst int L = 4;\nvoid f(void) { double t[N][M], u[K * L]; t[0][0] = 0; u[0] = 1; }`;
    const f = fn(code, { defines: { N: 20n } });
    const t = f.arrays.find((a) => a.name === 't')!;
    expect(t.extents.map((e) => [e.text, e.value])).toEqual([
      ['N', 20n],
      ['M', 22n],
    ]);
    expect(t.extents[1].expr).toEqual({ coeffs: { N: 1n }, constant: 2n });
    // A product of parameters is affine through their known values (K * L -> 4K, 12 cells).
    expect(f.arrays.find((a) => a.name === 'u')!.extents[0]).toMatchObject({
      value: 12n,
      expr: { coeffs: { K: 4n }, constant: 0n },
    });
    expect(f.parameters.map((p) => [p.name, p.value, p.source])).toEqual([
      ['N', 20n, 'command-line'],
      ['K', 3n, 'enum'],
      ['L', 4n, 'const'],
    ]);
    expect(code.slice(t.declaratorRange.start, t.declaratorRange.end)).toBe('t[N][M]');
    expect(code.slice(t.declarationRange.start, t.declarationRange.end)).toBe(
      'double t[N][M], u[K * L];',
    );
  });

  it('treats function arguments and once-set locals as symbolic VLA extents, with a context', () => {
    const f = fn(
      `void f(int n) { int m = 2 * n; double t[n][m]; for (int i = 0; i < n; i++) t[i][0] = 1; }`,
    );
    const t = f.arrays[0];
    expect(t.isVla).toBe(true);
    expect(t.candidate).toBe(true);
    expect(f.parameters.map((p) => [p.name, p.source])).toEqual([
      ['n', 'argument'],
      ['m', 'vla'],
    ]);
    expect(f.context).toEqual([
      { kind: 'ge', expr: { coeffs: { n: 1n }, constant: -1n } },
      { kind: 'ge', expr: { coeffs: { m: 1n }, constant: -1n } },
    ]);
  });

  it('does not take an argument that the function assigns as a parameter', () => {
    const f = fn(`void f(int n) { double t[8]; n = n - 1; for (int i = 0; i < n; i++) t[i] = 1; }`);
    expect(f.statements[0].overApproximated).toBe(true);
    expect(f.parameters).toEqual([]);
  });
});

describe('names the model must not confuse', () => {
  it('refuses a loop whose counter is redeclared in its body (the inner one is another variable)', () => {
    const f = fn(
      `void f(void) { double t[8]; for (int i = 0; i < 8; i++) { int i = 3; t[i] = 0; } }`,
    );
    expect(reasonsOf(f, 't')).toEqual([
      "loop-not-modelled: loop counter 'i' is redeclared in the body (loop at 1:29)",
    ]);
  });

  it('does not take an argument shadowed by a local as a parameter', () => {
    const f = fn(
      `void f(int n) { double t[8]; { int n = 3; for (int i = 0; i < n; i++) t[i] = 0; } }`,
    );
    expect(f.parameters).toEqual([]);
    // The inner n is the set-once local 3 (bound through C's scopes), never the argument.
    expect(f.statements[0].domain.pieces[0].constraints.length).toBe(2);
    expect(f.statements[0].overApproximated).toBe(false);
  });

  it('refuses a global marked temporary that several functions use (one declaration, one mapping)', () => {
    const code = `double G[8];\nvoid f(void) { for (int i = 0; i < 8; i++) G[i] = i; }\nvoid g(void) { G[0] = 1; }`;
    const m = fn(code, { temporaries: ['G'] });
    expect(reasonsOf(m, 'G')).toEqual([
      "several-functions: 'G' is used by several functions (f, g)",
    ]);
  });
});
