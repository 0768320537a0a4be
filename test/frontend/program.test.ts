/**
 * A file set's summary of a unit (src/frontend/program.ts): which names are spelled other
 * than as a callee, and where the unit declares functions outside every body. The bodies
 * are found by binary search over their offsets (issue 29, item 3: each name of the text
 * tested every body, quadratic); a call inside any body, first, middle or last, is no
 * declaration, one between bodies or after the last is.
 */
import { summarizeFile } from '../../src/frontend/program.js';

const SOURCE = [
  'int g(int);', // line 1: a prototype before every body
  'static int f(int x) { return g(x); }',
  'int h(int x) { return f(x) + g(x); }',
  'int k(int);', // line 4: between bodies
  'void *p = (void *)h;',
  'int m(int x) { return k(x); }',
  'int n(int);', // line 7: after the last body
  '',
].join('\n');

test('declarations are the prototypes outside every body; other uses are mentions', () => {
  const s = summarizeFile(SOURCE, 'unit.c', { compiler: false });
  const lines = Object.fromEntries(
    Object.entries(s.declarations).map(([name, ds]) => [name, ds.map((d) => d.line)]),
  );
  expect(lines).toEqual({ g: [1], k: [4], n: [7] });
  expect(Object.keys(s.mentions)).toContain('h');
  expect(Object.keys(s.mentions)).not.toContain('f');
});
