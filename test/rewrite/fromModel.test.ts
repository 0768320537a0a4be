import type { Access, ArrayInfo, Statement } from '../../src/model/types.js';
import {
  accessRewrites,
  arrayRewrite,
  copiesInBounds,
  rowForms,
} from '../../src/rewrite/fromModel.js';
import { rewrite } from '../../src/rewrite/rewrite.js';
import { accessAt, rangeOf } from './locate.js';
import { row, within } from './planBuilder.js';

const SOURCE = 'void f(void) {\n  double y[N];\n  y[i] += y[i - 1];\n}\n';

function statement(text: string): Statement {
  return {
    id: 'S0',
    loc: { line: 3, column: 3 },
    text,
    range: rangeOf(SOURCE, text),
    iterators: ['i'],
    domain: { dims: ['i'], pieces: [] },
    schedule: [],
    accesses: [],
    may: false,
    overApproximated: false,
  };
}

function access(text: string, kind: 'read' | 'write', n = 0): Access {
  return {
    array: 'y',
    kind,
    subscripts: [],
    exists: [],
    existsConstraints: [],
    order: kind === 'read' ? 0 : 1,
    may: false,
    overApproximated: false,
    loc: { line: 3, column: 3 },
    ...accessAt(SOURCE, text, n),
  };
}

const S = statement('y[i] += y[i - 1];');

describe('plan entries from the model', () => {
  // Guards against a compound assignment (a read and a write of one text in the model)
  // becoming two edits of the same range, which the rewriter refuses.
  test('a read and a write of the same text merge into one readwrite access', () => {
    const merged = accessRewrites([
      { access: access('y[i - 1]', 'read'), statement: S, rowRanges: [within(-1, 8)] },
      { access: access('y[i]', 'read'), statement: S, rowRanges: [within(0, 9)] },
      {
        access: access('y[i]', 'write'),
        statement: S,
        rowRanges: [{ withinModulus: true, min: 0n }],
      },
    ]);
    expect(merged.map((a) => [SOURCE.slice(a.range.start, a.range.end), a.kind])).toEqual([
      ['y[i]', 'readwrite'],
      ['y[i - 1]', 'read'],
    ]);
    // Only what both facts say survives.
    expect(merged[0]!.rowRanges).toEqual([{ min: 0n }]);
    expect(merged[0]!.statementRange).toEqual(S.range);
    expect(merged[0]!.line).toBe(3);
  });

  test('the merged plan rewrites', () => {
    const info = {
      name: 'y',
      extents: [{ text: 'N' }],
      storage: 'local',
      declaratorRange: rangeOf(SOURCE, 'y[N]'),
      declarationRange: rangeOf(SOURCE, 'double y[N];'),
    } as unknown as ArrayInfo;
    const array = arrayRewrite(
      info,
      [row([1], 2)],
      [
        { access: access('y[i]', 'read'), statement: S, rowRanges: [within(0, 9)] },
        { access: access('y[i]', 'write'), statement: S, rowRanges: [within(0, 9)] },
        { access: access('y[i - 1]', 'read'), statement: S, rowRanges: [within(-1, 8)] },
      ],
    );
    expect(array.extentTexts).toEqual(['N']);
    expect(array.fileScope).toBe(false);
    const out = rewrite({ source: SOURCE, arrays: [array], modulo: 'exact', annotate: false });
    expect(out.text).toBe(
      // The offset joins the index's constant (issue 29): `((i - 1) + 2) % 2` before.
      'void f(void) {\n  double y[2];\n  y[i % 2] += y[(i + 1) % 2];\n}\n',
    );
  });
});

describe('rows from a mapping (M, b)', () => {
  const extents = [
    { text: 'N', value: 100n },
    { text: 'N', value: 100n },
  ];
  test.each<{ M: number[][]; b: number[]; texts: string[]; inBounds: boolean[] }>([
    {
      M: [
        [1, 0],
        [0, 1],
      ],
      b: [100, 2],
      texts: ['N', '2'],
      inBounds: [true, false],
    },
    { M: [[2, 1]], b: [197], texts: ['197'], inBounds: [false] },
    {
      M: [
        [1, 0],
        [0, 1],
      ],
      b: [1, 2],
      texts: ['2'],
      inBounds: [false],
    },
    { M: [[-1, 0]], b: [100], texts: ['100'], inBounds: [false] },
  ])('$M mod $b', ({ M, b, texts, inBounds }) => {
    const rows = rowForms(
      M.map((r) => r.map(BigInt)),
      b.map(BigInt),
      extents,
    );
    expect(rows.map((r) => r.modulus.text)).toEqual(texts);
    expect(rows.map((r) => copiesInBounds(r, extents))).toEqual(inBounds);
  });

  test('a modulus of 0 is refused', () => {
    expect(() => rowForms([[1n]], [0n], extents)).toThrow(/modulus 0/);
  });
});
