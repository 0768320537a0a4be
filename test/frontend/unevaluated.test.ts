/**
 * What the compiler never evaluates (src/frontend/unevaluated.ts): for each snippet, the
 * evaluation of its `k++`. The expected answers are GCC 12's (`k` printed after each form):
 * `sizeof` evaluates an operand of VLA type only, `_Alignof`, `_Generic`'s controlling
 * expression and `__builtin_types_compatible_p` never do, a cast to a pointer to a VLA is
 * not a VLA. 'unknown' is the safe answer where the type cannot be read (a block-scope
 * typedef, a size that is a name).
 */
import { parseTree, walk } from '../../src/frontend/parse.js';
import { type Evaluation, evaluation } from '../../src/frontend/unevaluated.js';

const HEAD = 'void f(int n, double a[n][n]) { double t[10], v[n][n]; int k; unsigned long s;';

const CASES: [string, Evaluation][] = [
  ['s = k++ + sizeof(t);', 'evaluated'],
  ['s = sizeof(k++);', 'unevaluated'],
  ['s = sizeof(t[k++] = 0);', 'unevaluated'],
  ['s = sizeof t[k++];', 'unevaluated'],
  ['s = sizeof(v[k++][0]);', 'unevaluated'],
  ['s = sizeof(k++ ? v : v);', 'unevaluated'],
  ['s = sizeof(int[sizeof(k++)]);', 'unevaluated'],
  ['s = sizeof((double (*)[n])&t[k++]);', 'unevaluated'],
  ['{ double w[3][4]; s = sizeof(w[k++]); }', 'unevaluated'],
  // A VLA operand is evaluated (C11 6.5.3.4p2): never 'unevaluated'.
  ['s = sizeof(v[k++]);', 'unknown'],
  ['s = sizeof(a[k++]);', 'unknown'],
  ['s = sizeof(int[k++]);', 'unknown'],
  ['s = sizeof(double[3][k++]);', 'unknown'],
  ['s = sizeof(*(double (*)[n])&t[k++]);', 'unknown'],
  ['s = sizeof(__typeof__(v[k++]));', 'unknown'],
  ['{ double w[3][n], b = sizeof(w[k++]); }', 'unknown'],
  ['{ typedef double row[n]; row w[3]; s = sizeof(w[k++]); }', 'unknown'],
  ['s = sizeof(__typeof__(t[k++] = 1));', 'unevaluated'],
  ['s = _Alignof(v[k++]);', 'unevaluated'],
  ['s = _Generic(k++, int: 1, default: 2);', 'unevaluated'],
  ['s = _Generic(0, int: k++, default: 2);', 'unknown'],
  ['s = __builtin_choose_expr(1, k++, 0);', 'evaluated'],
  ['s = __builtin_choose_expr(0, k++, 0);', 'unevaluated'],
  ['s = __builtin_choose_expr(sizeof(int) == 4, k++, 0);', 'unknown'],
  ['s = __builtin_constant_p(k++);', 'unevaluated'],
  ['s = __builtin_types_compatible_p(__typeof__(k++), int);', 'unevaluated'],
  ['s = __builtin_object_size(&t[k++], 0);', 'unevaluated'],
];

describe('evaluation: what the compiler never evaluates', () => {
  it.each(CASES)('%s: %s', (body, expected) => {
    const tree = parseTree(`${HEAD} ${body} }`);
    const k = walk(tree.rootNode).find((x) => x.type === 'update_expression' && x.text === 'k++');
    expect(k).toBeDefined();
    expect(evaluation(k!)).toBe(expected);
  });
});
