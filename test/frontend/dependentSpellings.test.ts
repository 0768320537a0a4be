/**
 * The names another unit spells in a conditional group a build may decide otherwise
 * (constantConditionals.ts namesInDependentGroups). Guards adversary 2026-11-29d: other.c's
 * `#ifdef HOOK` / a pointer to kern() and a read after a call through it was no use of kern
 * in the build analysed, and a -DHOOK build of the result read rows kern no longer wrote
 * (test/adversarial/multifile/hook-under-ifdef). A plain declaration in such a branch calls
 * nothing and takes no address (multifile/prototype-configurations keeps its fold).
 */
import { namesInDependentGroups } from '../../src/frontend/constantConditionals.js';

// [form, text, whether it spells kern in a dependent group]
const CASES: [string, string, boolean][] = [
  ['a pointer initialized', '#ifdef HOOK\nstatic void (*h)(double *) = kern;\n#endif\n', true],
  ['a call in a body', '#ifdef HOOK\nvoid f(double *t) {\n  kern(t);\n}\n#endif\n', true],
  [
    'a call in a body opened before',
    'void f(double *t) {\n#ifdef HOOK\n  kern(t);\n#endif\n}\n',
    true,
  ],
  ['a macro of it', '#ifdef HOOK\n#define CALL(t) kern(t)\n#endif\n', true],
  ['a string', '#ifdef HOOK\nvoid g(void) __attribute__((alias("kern")));\n#endif\n', true],
  [
    'a weak declaration',
    '#ifdef HOOK\nvoid kern(double *t)\n  __attribute__((weak));\n#endif\n',
    true,
  ],
  ['a table', '#if MODE > 1\nvoid (*const t[])(double *) = { kern };\n#endif\n', true],
  [
    'a plain prototype',
    '#ifdef WIDE\nvoid kern(double t[8]);\n#else\nvoid kern(double *t);\n#endif\n',
    false,
  ],
  ['a call, no conditional', 'void f(double *t) {\n  kern(t);\n}\n', false],
  [
    'inside the include guard only',
    '#ifndef K_H\n#define K_H\nvoid (*h)(double *) = kern;\n#endif\n',
    false,
  ],
  ['in a comment', '#ifdef HOOK\n/* kern */\nint x;\n#endif\n', false],
];

describe('names spelled under a conditional another build decides otherwise', () => {
  it.each(CASES)('%s', (_form, text, spelled) => {
    expect(namesInDependentGroups(text).has('kern')).toBe(spelled);
  });
});
