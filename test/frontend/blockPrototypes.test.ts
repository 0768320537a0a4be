/**
 * Declarations of the unit's functions inside a body (frontend/calls.ts `blockPrototypes`):
 * found from the body's function declarators, followed up to their declaration (issue 29
 * item 3: searching every declaration wrapped each one in a tree-sitter node). They come in
 * the order of their declarations, an enclosing one first, then of its declarators, as the
 * search of every declaration gave them: `int a = ({ int r(int); 0; }), r(int);` lists the
 * outer `r` first, though the inner one is spelled before it. Guards against the
 * declarators' document order (the inner `r` first). `*h(int)` declares h; the first
 * function declarator of `int (*g(int))(double)` is the outer one, named `(*g(int))`, as the
 * search of every declaration read it (no function of the unit).
 */
import { buildCompilerModel } from '../../src/frontend/compilerView.js';

const SOURCE = `
void kernel(double t[8])
{
    int f(int), *h(int);
    int (*g(int))(double);
    int a = ({ int r(int); 0; }), r(int);
    { void z(double u[8]); }
    t[0] = f(1) + r(2) + a + *h(0) + (g(0) != 0);
    z(t);
}
int f(int x) { return x; }
int *h(int x) { static int k; return &k; }
int (*g(int x))(double) { return 0; }
int r(int x) { return x; }
void z(double u[8]) { u[0] = 1; }
`;

test('block prototypes in the order of their declarations, then of their declarators', () => {
  const { calls } = buildCompilerModel(SOURCE, 'blockPrototypes.c').model;
  const columns = Object.fromEntries(
    (calls?.functions ?? [])
      .filter((f) => f.prototypes.length > 0)
      .map((f) => [f.name, f.prototypes.map((p) => p.column)]),
  );
  expect(columns).toEqual({ f: [9], h: [18], r: [35, 20], z: [12] });
});
