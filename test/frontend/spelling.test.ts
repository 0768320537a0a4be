/**
 * Where preprocessed tokens are spelled in the file (src/frontend/spelling.ts, alignLine.ts).
 * The property every case checks: a preprocessed token is mapped only to a file token of the
 * same text that lies outside every macro invocation, and mapped tokens keep their order.
 * Each row says which wrong mapping it guards.
 */
import { alignLine, type LineItem } from '../../src/frontend/alignLine.js';
import { preprocess } from '../../src/frontend/preprocess.js';
import { spellingMap } from '../../src/frontend/spelling.js';

const tok = (text: string, index: number): LineItem => ({ kind: 'token', text, index });
const use = (expansion?: string[]): LineItem =>
  expansion ? { kind: 'use', expansion } : { kind: 'use' };

describe('alignLine', () => {
  it.each<[string, string[], LineItem[], number[]]>([
    [
      'known expansions keep the tokens after them in place (y[N][N])',
      ['y', '[', '100', ']', '[', '100', ']'],
      [tok('y', 0), tok('[', 1), use(['100']), tok(']', 3), tok('[', 4), use(['100']), tok(']', 6)],
      [0, 1, -1, 3, 4, -1, 6],
    ],
    [
      'an unknown expansion that contains the next plain run is not resynchronised on (ambiguous)',
      ['t', '[', 'i', ']', '[', 'j', ']', '[', 'j', ']'],
      [tok('t', 0), tok('[', 1), use(), tok(']', 5), tok('[', 6), tok('j', 7), tok(']', 8)],
      [0, 1, -1, -1, -1, -1, 5, 6, 7, 8],
    ],
    [
      'a run found once after an unknown expansion is the copy',
      ['t', '[', 'i', '-', '1', '*', '8', '+', 'j', ']', '=', 'x', ';'],
      [tok('t', 0), tok('[', 1), use(), tok(']', 9), tok('=', 10), tok('x', 11), tok(';', 12)],
      [0, 1, -1, -1, -1, -1, -1, -1, -1, 9, 10, 11, 12],
    ],
    [
      'an expansion equal to what follows it is not taken for the file text (M expands to "y y")',
      ['x', 'y', 'y', 'y'],
      [tok('x', 0), use(['y', 'y']), tok('y', 2)],
      [0, -1, -1, 2],
    ],
    [
      'an expansion that differs from what the compiler made is not placed (only the ends are)',
      ['a', 'b', 'c'],
      [tok('a', 0), use(['z']), tok('c', 2)],
      [0, -1, 2],
    ],
  ])('%s', (_, pp, items, expected) => {
    const got = alignLine(pp, items);
    expect(got.slice(0, expected.length)).toEqual(expected);
  });
});

describe('spellingMap', () => {
  const cases: [string, string][] = [
    [
      'object-like macros in subscripts',
      '#define N 10\n#define M (N + 1)\nint t[N][M];\nint f(int i) { return t[i][N] + t[M - 2][i]; }\n',
    ],
    [
      'function-like macro across lines',
      '#define F(a, b) a * b\nint f(int i) {\n  return F(i,\n    2) + F(1, i);\n}\n',
    ],
    [
      'self-referential and undefined names',
      '#define t t\n#define u v\nint v[3];\nint t[3];\nint g(int i) { return t[i] + u[i]; }\n#undef u\nint u[2];\n',
    ],
    [
      'an object-like macro naming a function-like one',
      '#define F(x) (x)\n#define G F\nint h(int i) { return G(i) + G; }\n',
    ],
    [
      'dead branches and continuation lines',
      '#if 0\nint x = ;\n#endif\nint a[4];\nint k(int i) { return a[i] \\\n + a[0]; }\n',
    ],
  ];
  it.each(cases)(
    '%s: every mapped token is spelled the same, in order, outside invocations',
    (_, source) => {
      const tu = preprocess(source, 'spelling.c');
      const map = spellingMap(source, tu);
      let previous = -1;
      for (let k = 0; k < map.ppTokens.length; k++) {
        const t = map.ppTokens.token(k);
        const o = map.ppToFile[k]!;
        if (o < 0) continue;
        const f = map.fileTokens.token(o);
        expect(f.text).toBe(t.text);
        expect(o).toBeGreaterThan(previous);
        previous = o;
        for (const u of map.uses) expect(f.start >= u.start && f.end <= u.end).toBe(false);
      }
      expect(previous).toBeGreaterThan(0);
    },
  );

  it('maps a declarator y[N][N] through its brackets (guards: "[100][100]" left the array unedited)', () => {
    const source = '#define N 100\nvoid f(void) { double y[N][N]; y[0][1] = 0; }\n';
    const tu = preprocess(source, 'd.c');
    const map = spellingMap(source, tu);
    const mapped = [...map.ppToFile.keys()]
      .filter((k) => map.ppToFile[k]! >= 0)
      .map((k) => map.ppTokens.text(k));
    expect(mapped.join(' ')).toContain('double y [ ] [ ] ;');
  });
});

describe('spellingMap: arguments a macro call copies (macroArguments.ts)', () => {
  // Each row guards a wrong copy: an edit of the file text of a token placed here must be
  // the edit of its one copy in the compiler's text, so only these tokens may be placed.
  it.each<[string, string, string]>([
    ['each argument used once', '#define ADD(a, b) ((a) += (b))\nADD(t[i], 1);', 't [ i ] 1'],
    // One edit of the argument's text changes every copy alike (the rewritten index is made
    // from that text: each copy gets its own cell's slot, rewrite/fromModel.ts).
    [
      'an argument used twice: both copies placed',
      '#define SQ(a) ((a) * (a))\nx = SQ(t[i]);',
      't [ i ] t [ i ]',
    ],
    [
      'the other argument of one used twice',
      '#define M(a, b) ((a) * (a) + (b))\nx = M(i, t[i]);',
      'i i t [ i ]',
    ],
    [
      "kissfft's C_ADD: a call of a macro defined to nothing dropped, its copies with it",
      '#define CHK(a, op, b)\n#define ADD(r, a) do { CHK((r), +, (a)) (r) += (a); } while (0)\nADD(t[i], 1);',
      't [ i ] 1',
    ],
    [
      'a call of a macro defined to something',
      '#define CHK(a, op, b) (void)(a)\n#define ADD(r, a) do { CHK((r), +, (a)) (r) += (a); } while (0)\nADD(t[i], 1);',
      '',
    ],
    [
      'a macro defined to nothing, not called in the body',
      '#define CHK(a)\n#define ADD(r, a) ((r) += (a)) + CHK\nx = ADD(t[i], 1);',
      '',
    ],
    [
      // The parameter CHK is its argument G, a call G(r) on the rescan, not a call to drop
      // (a wrong expansion would not line up with the compiler's tokens either).
      'a parameter named as a macro defined to nothing',
      '#define CHK(a)\n#define G(a) (a)\n#define ADD(CHK, r) do { CHK(r); (r) += 1; } while (0)\nADD(G, t[i]);',
      '',
    ],
    [
      'a paste in the dropped call',
      '#define CHK(a)\n#define ADD(r, a) do { CHK(x##r) (r) += (a); } while (0)\nADD(t[i], 1);',
      '',
    ],
    ['an argument not used: no copy', '#define FIRST(a, b) (a)\nx = FIRST(i, t[i]);', 'i'],
    ['a stringified argument', '#define S(a) ((a) + sizeof #a)\nx = S(t[i]);', ''],
    ['a pasted argument', '#define P(a, b) ((a) += b##0)\nP(t[i], 1);', ''],
    ['a body with sizeof', '#define SZ(a) ((a) + sizeof(int))\nx = SZ(t[i]);', ''],
    [
      'an object-like macro in an argument: its expansion unplaced',
      '#define N 1\n#define ID(a) (a)\nx = ID(t[N]);',
      't [ ]',
    ],
    [
      'a function-like macro in an argument',
      '#define G(a) a\n#define ID(a) (a)\nx = ID(t[G(1)]);',
      '',
    ],
    [
      'an object-like macro in the body: its known expansion',
      '#define N 1\n#define AT(a) ((a) + N)\nx = AT(t[i]);',
      't [ i ]',
    ],
    [
      'an object-like macro in the body naming a function-like one',
      '#define G(a) a\n#define N G\n#define AT(a) ((a) + N(1))\nx = AT(t[i]);',
      '',
    ],
    [
      'an object-like macro in the body with sizeof',
      '#define N sizeof(int)\n#define AT(a) ((a) + N)\nx = AT(t[i]);',
      '',
    ],
    ['a variadic macro', '#define V(...) (__VA_ARGS__)\nx = V(t[i]);', ''],
    ['a call over two lines', '#define ADD(a, b) ((a) += (b))\nADD(t[i],\n 1);', ''],
  ])('%s', (_, text, copied) => {
    const source = `int t[4], x;\nvoid f(int i) {\n${text.replace(/^(#.*\n)+/, '')}\n}\n`;
    const defines = text.match(/^(#.*\n)+/)?.[0] ?? '';
    const whole = defines + source;
    const map = spellingMap(whole, preprocess(whole, 'arguments.c'));
    const placed: string[] = [];
    for (let k = 0; k < map.ppTokens.length; k++) {
      const o = map.ppToArgument[k]!;
      if (o < 0 || map.ppToFile[k]! >= 0) continue;
      expect(map.fileTokens.text(o)).toBe(map.ppTokens.text(k));
      expect(map.argumentOf[o]).toBeGreaterThanOrEqual(0);
      placed.push(map.ppTokens.text(k));
    }
    expect(placed.join(' ')).toBe(copied);
  });
});
