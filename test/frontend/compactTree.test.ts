/**
 * Compact trees (src/frontend/compactTree.ts) answer what tree-sitter's own nodes answer, for
 * every member of the frontend's `Node`, on every node of each snippet: the model built from
 * them must be the one built from tree-sitter's nodes (issue 17 made the model builder read
 * compact copies). The rows cover macro-expanded bodies, comments, line markers, pragmas,
 * ERROR and MISSING nodes and non-ASCII text (offsets are UTF-16 code units).
 */
import { compactTree, type Node } from '../../src/frontend/compactTree.js';
import { parseTree, walk, type TSNode } from '../../src/frontend/parse.js';
import { inCall } from '../helpers/inCall.js';

/** Every field name of tree-sitter-c (node-types.json). */
const FIELDS = [
  ...'declarator size parameters type left operator right name prefix arguments function'.split(
    ' ',
  ),
  ...'value alternative condition consequence body underlying_type argument field initializer'.split(
    ' ',
  ),
  ...'update register assembly_code clobbers goto_labels input_operands output_operands label'.split(
    ' ',
  ),
  ...'constraint symbol operand designator member directive path filter index end start'.split(' '),
];

const sig = (n: Node | null): string => (n ? `${n.type}@${n.startIndex}:${n.endIndex}` : 'null');
const sigs = (ns: readonly Node[]): string => ns.map(sig).join(' ');

/** Each member of `c` against `t` (and their children, recursively); mismatches as text. */
function differences(t: Node, c: Node, out: string[]): void {
  const at = sig(t);
  const same = (what: string, a: unknown, b: unknown) => {
    if (a !== b) out.push(`${at} ${what}: ${String(a)} vs ${String(b)}`);
  };
  same('node', at, sig(c));
  same('text', t.text, c.text);
  same('isNamed', t.isNamed, c.isNamed);
  same('isMissing', t.isMissing, c.isMissing);
  same('hasError', t.hasError, c.hasError);
  same('namedChildCount', t.namedChildCount, c.namedChildCount);
  same('namedChildren', sigs(t.namedChildren), sigs(c.namedChildren));
  same('nextNamedSibling', sig(t.nextNamedSibling), sig(c.nextNamedSibling));
  same('previousNamedSibling', sig(t.previousNamedSibling), sig(c.previousNamedSibling));
  same('parent', sig(t.parent), sig(c.parent));
  for (const f of FIELDS) {
    same(`field ${f}`, sig(t.childForFieldName(f)), sig(c.childForFieldName(f)));
    same(`fields ${f}`, sigs(t.childrenForFieldName(f)), sigs(c.childrenForFieldName(f)));
  }
  for (const type of ['identifier', 'ERROR', 'comment', ';'])
    same(
      `descendantsOfType ${type}`,
      sigs(t.descendantsOfType(type)),
      sigs(c.descendantsOfType(type)),
    );
  same('children', sigs(t.children), sigs(c.children));
  if (t.children.length === c.children.length)
    t.children.forEach((x, k) => differences(x, c.children[k]!, out));
}

/** The copies of each function definition, or of the whole unit, against tree-sitter's. */
function check(text: string, whole = false): { nodes: number; errors: boolean } {
  const root = parseTree(text).rootNode as TSNode;
  const targets = whole ? [root] : (root.descendantsOfType('function_definition') as TSNode[]);
  expect(targets.length).toBeGreaterThan(0);
  const out: string[] = [];
  let nodes = 0;
  for (const t of targets) {
    const c = compactTree(t, text);
    differences(t, c, out);
    nodes += [...walk(c)].length;
  }
  expect(out.slice(0, 10)).toEqual([]);
  return { nodes, errors: root.hasError };
}

const MACRO_BODY = `
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define EMIT(x) { if (put_bits + (x) > 32) { flush(); put_bits = 0; } put_bits += (x); }
void f(int n, int *o) {
  int t[64], put_bits = 0;
  for (int i = 0; i < n; i++) { t[i & 63] = MAX(i, n - i); EMIT(t[i & 63]) }
  o[0] = t[0];
}
`;

describe('compactTree against tree-sitter', () => {
  it.each<[string, string, boolean]>([
    ['a plain function', 'int f(int x) { return x + 1; }', false],
    [
      'comments, declarations, loops and a label',
      'void f(int n, double a[n][n]) {\n  /* c */ int i, *p = 0; // tail\n  for (i = 0; i < n; i++) a[i][i] = -1.5e3;\n  goto end;\nend:\n  while (n--) { if (n & 1) continue; else break; }\n}\n',
      false,
    ],
    [
      'line markers and pragmas',
      '# 1 "t.c"\nvoid g(float *x) {\n# 3 "t.c"\n#pragma omp parallel for\n  for (int i = 0; i < 4; i++) x[i] = 0;\n#pragma scop\n  x[0] = 1;\n#pragma endscop\n}\n',
      false,
    ],
    [
      'expressions of every kind',
      'struct s { int a[3]; };\nint h(struct s *q, int k) {\n  int v = sizeof(int[4]) + sizeof q->a + (int)q->a[k % 3];\n  v += k ? -k : ~k; v <<= 2; v = !v || (v && k) , v++;\n  char *c = "é\\n"; int w = L\'x\';\n  return v > 0 ? q->a[0] : ((int (*)(int))0)(v);\n}\n',
      false,
    ],
    ['non-ASCII text before nodes', '/* ünïcødé ✓ */ int u(void) { int ä = 1; return ä; }', false],
    ['a syntax error (ERROR node)', 'int e(int x) { int y = x +* ; return y; }', true],
    ['a missing token (MISSING node)', 'int m(int x) { return x + 1 }', true],
    [
      'an ERROR node over hidden rules with fields',
      'void k(void) { static const unsigned long q = 1; unsigned char r @ 3; }',
      true,
    ],
    [
      'a declaration cut by a line marker (an ERROR whose children have fields)',
      'void q(void) { boxptr which =\n# 3 "t.c"\n  0; }',
      true,
    ],
    [
      'an empty statement after a label, then a line marker',
      'void l(void) { goto a; a:\n# 9 "t.c"\n}',
      true,
    ],
  ])('%s', (_name, text, errors) => {
    const r = check(text);
    expect(r.errors).toBe(errors);
    expect(r.nodes).toBeGreaterThan(5);
  });

  it('a macro-expanded body (as the compiler view parses it)', () => {
    // The expansion as `cc -E` would give it: one long line.
    const expanded = MACRO_BODY.replace(/^#define.*$/gm, '')
      .replace(/MAX\(i, n - i\)/, '((i) > (n - i) ? (i) : (n - i))')
      .replace(
        /EMIT\(t\[i & 63\]\)/,
        '{ if (put_bits + (t[i & 63]) > 32) { flush(); put_bits = 0; } put_bits += (t[i & 63]); }',
      );
    check(expanded);
  });

  it('a whole unit, with directives at file scope', () => {
    check(`#include <stdio.h>\n${MACRO_BODY}int z = 3;\n`, true);
  });

  it(
    'the copy root keeps the original surroundings (parent and siblings)',
    inCall(() => {
      const text = 'int a;\nvoid f(void) {}\nint b;\n';
      const fn = parseTree(text).rootNode.namedChildren[1]! as TSNode;
      const c = compactTree(fn, text);
      expect(sig(c.parent)).toBe('translation_unit@0:30');
      expect(c.previousNamedSibling?.text).toBe('int a;');
      expect(c.nextNamedSibling?.text).toBe('int b;');
      // Ids never meet tree-sitter's: another copy of the same node (in the same call) is
      // another node.
      expect(c.id).toBeLessThan(0);
      expect(compactTree(fn, text).id).not.toBe(c.id);
    }),
  );
});
