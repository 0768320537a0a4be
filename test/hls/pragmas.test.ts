/**
 * `#pragma HLS` lines read (src/frontend/hlsPragmas.ts) and updated for a contracted array's
 * shape (src/pipeline/decision/hlsPragmaUpdates.ts).
 */
import { applyEdits } from '../../src/rewrite/edits.js';
import { hlsPragmas } from '../../src/frontend/hlsPragmas.js';
import {
  deniesDependence,
  hlsPragmaEdits,
  partitionAfter,
  type PragmaEdit,
} from '../../src/pipeline/decision/hlsPragmaUpdates.js';

const apply = (text: string, edits: readonly PragmaEdit[]) =>
  applyEdits(
    text,
    edits.map((e) => ({ range: e.range, holes: [], render: () => e.text, what: e.what })),
  );

/** y[8][16] contracted to rows: keep dim 2 (extent 16 -> 4 by mod 4) and drop dim 1. */
const Y_DIM2_MOD4 = { name: 'y', rows: [{ coefficients: [0n, 1n], extent: 4n }] };
/** y folded by a skewed row (i + j) mod 8. */
const Y_SKEWED = { name: 'y', rows: [{ coefficients: [1n, 1n], extent: 8n }] };
/** y[8][16] kept as [8][4] (dim 2 mod 4). */
const Y_BOTH = {
  name: 'y',
  rows: [
    { coefficients: [1n, 0n], extent: 8n },
    { coefficients: [0n, 1n], extent: 4n },
  ],
};
const Y_SCALAR = { name: 'y', rows: [] };

type Target = Omit<Parameters<typeof hlsPragmaEdits>[0][number], 'pragmas'>;
const update = (line: string, target: Target) => {
  const { edits } = hlsPragmaEdits([{ ...target, pragmas: hlsPragmas(line) }]);
  return apply(line, edits);
};

describe('hlsPragmaEdits', () => {
  it.each([
    [
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=2',
      Y_DIM2_MOD4,
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=1',
    ],
    [
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=8 dim=2',
      Y_DIM2_MOD4,
      '#pragma HLS ARRAY_PARTITION variable=y complete dim=1',
    ],
    [
      '#pragma HLS array_partition variable=y type=block factor=4 dim=2',
      Y_DIM2_MOD4,
      '#pragma HLS array_partition variable=y type=complete dim=1',
    ],
    [
      '#pragma HLS ARRAY_RESHAPE variable=y block factor=2 dim=2',
      Y_BOTH,
      '#pragma HLS ARRAY_RESHAPE variable=y block factor=2 dim=2',
    ],
    [
      '#pragma HLS ARRAY_PARTITION variable=y complete dim=0',
      Y_DIM2_MOD4,
      '#pragma HLS ARRAY_PARTITION variable=y complete dim=0',
    ],
    [
      '#pragma HLS ARRAY_PARTITION variable=y complete dim=1',
      Y_DIM2_MOD4,
      "/* beeclak: removed '#pragma HLS ARRAY_PARTITION variable=y complete dim=1': dimension 1 of y no longer exists */",
    ],
    [
      '#pragma HLS ARRAY_PARTITION variable=y complete dim=1',
      Y_SKEWED,
      "/* beeclak: removed '#pragma HLS ARRAY_PARTITION variable=y complete dim=1': dimension 1 of y is mixed with another by the mapping */",
    ],
    [
      '#pragma HLS RESOURCE variable=y core=RAM_1P',
      Y_SCALAR,
      "/* beeclak: removed '#pragma HLS RESOURCE variable=y core=RAM_1P': y is now a scalar */",
    ],
    [
      '#pragma HLS BIND_STORAGE variable=y type=ram_2p',
      Y_DIM2_MOD4,
      '#pragma HLS BIND_STORAGE variable=y type=ram_2p',
    ],
    [
      '#pragma HLS ARRAY_PARTITION variable=yy complete dim=1',
      Y_SCALAR,
      '#pragma HLS ARRAY_PARTITION variable=yy complete dim=1',
    ],
  ])('%s', (line, target, expected) => {
    expect(update(line, target)).toBe(expected);
  });

  it('only pragmas inside the array scope are touched; each is noted', () => {
    const src =
      'void f() {\n#pragma HLS RESOURCE variable=y core=RAM_1P\n}\nvoid g() {\n#pragma HLS RESOURCE variable=y core=RAM_1P\n}\n';
    const scope = { start: 0, end: src.indexOf('void g') };
    const { edits, notes } = hlsPragmaEdits([{ ...Y_SCALAR, pragmas: hlsPragmas(src, scope) }]);
    const out = apply(src, edits);
    expect(out.split('\n')[1]).toMatch(/^\/\* beeclak: removed/);
    expect(out.split('\n')[4]).toBe('#pragma HLS RESOURCE variable=y core=RAM_1P');
    expect(notes).toEqual([
      {
        array: 'y',
        message: "line 2: removed '#pragma HLS RESOURCE variable=y core=RAM_1P': y is now a scalar",
      },
    ]);
  });

  it('reads options with spaces around =, bare words, and trailing comments', () => {
    const [p] = hlsPragmas('  #  pragma HLS dependence variable = w inter false // why\n');
    expect(p!.directive).toBe('DEPENDENCE');
    expect(Object.fromEntries(p!.options)).toEqual({ variable: 'w', inter: '', false: '' });
  });

  // Guards the spellings of a pragma (src/model/pragmas.ts): on 4e1b2a8 only a
  // `#pragma HLS` line was found, so the other spellings kept a stale dim (or a pragma on a
  // scalar) in the contracted program.
  it.each([
    [
      '%:pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=2',
      '%:pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=1',
    ],
    [
      '#pragma /* c */ HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=2',
      '#pragma /* c */ HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=1',
    ],
    [
      '# /* c */ pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=2',
      '# /* c */ pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=1',
    ],
    [
      '#pragma HLS ARRAY_PARTITION \\\n  variable=y cyclic factor=2 dim=2',
      '#pragma HLS ARRAY_PARTITION \\\n  variable=y cyclic factor=2 dim=1',
    ],
    [
      '_Pragma("HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=2")',
      '_Pragma("HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=1")',
    ],
    [
      '_Pragma(L"HLS ARRAY_PARTITION variable=y cyclic factor=2")',
      '_Pragma(L"HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=1")',
    ],
  ])('%s: updated in its own spelling', (line, expected) => {
    const target = { ...Y_DIM2_MOD4, rows: [{ coefficients: [1n, 0n], extent: 4n }] };
    expect(update(line, line.includes('dim=2') ? Y_DIM2_MOD4 : target)).toBe(expected);
  });

  // Guards the rewrite of bodies whose options are split by a line splice or hide behind a
  // comment (review 2026-11-26): the edit of the spelled text kept `dim \\⏎= 2` and renumbered
  // the `dim = 1` of a comment, leaving a pragma for a dimension the array no longer has. Such
  // a body is written from its tokens.
  it.each([
    [
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim \\\n= 2',
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=1',
    ],
    [
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 d\\\nim = 2',
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=1',
    ],
    [
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 /* dim = 1 */ dim = 2',
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=2 dim=1',
    ],
  ])('%j: dim 2 becomes dim 1', (line, expected) => {
    expect(update(line, Y_DIM2_MOD4)).toBe(expected);
  });

  it.each([
    '%:pragma HLS RESOURCE variable=y core=RAM_1P',
    'int k; _Pragma("HLS RESOURCE variable=y core=RAM_1P")',
  ])('%s: removed when y became a scalar', (line) => {
    expect(update(line, Y_SCALAR)).toMatch(
      /\/\* beeclak: removed '.*RESOURCE variable=y.*': y is now a scalar \*\/$/,
    );
  });

  it('a pragma spelled inside a comment or a literal is none', () => {
    const src =
      '/*\n#pragma HLS RESOURCE variable=y core=RAM_1P\n*/\nconst char *s = "_Pragma(\\"HLS RESOURCE variable=y\\")";\n// _Pragma("HLS RESOURCE variable=y")\n';
    expect(hlsPragmas(src)).toEqual([]);
  });
});

describe('partitions as the engineer means them (issue 30)', () => {
  // Cyclic banks of a folded index are the original's only when the factor divides the new
  // extent: `cyclic factor=3` on rows folded to 4 put two of a 3x3 window's rows in one bank.
  it.each([
    ['cyclic', 3n, 4n, { type: 'complete' }],
    ['cyclic', 3n, 8n, { type: 'cyclic', factor: 4n }],
    ['cyclic', 2n, 8n, { type: 'cyclic', factor: 2n }],
    ['cyclic', 8n, 8n, { type: 'complete' }],
    ['cyclic', 5n, 48n, { type: 'cyclic', factor: 6n }],
    ['block', 3n, 8n, { type: 'block', factor: 3n }],
    ['block', 9n, 8n, { type: 'complete' }],
  ] as const)('%s factor %s on %s cells', (type, factor, extent, expected) => {
    expect(partitionAfter(type, factor, extent)).toEqual(expected);
  });

  it.each([
    [
      // Guards issue 30: with --min-gain 60 the result was rows[4][W] while `cyclic factor=3`
      // stayed on an extent of 4.
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=3 dim=2',
      Y_DIM2_MOD4,
      '#pragma HLS ARRAY_PARTITION variable=y complete dim=1',
    ],
    [
      // Guards issue 30: a factor spelled by a macro was never compared with the extent.
      '#pragma HLS ARRAY_PARTITION variable=y cyclic factor=BANKS dim=2',
      { ...Y_DIM2_MOD4, values: { BANKS: 6n } },
      '#pragma HLS ARRAY_PARTITION variable=y complete dim=1',
    ],
    [
      '#pragma HLS ARRAY_PARTITION variable=y type=cyclic factor=BANKS dim=2',
      { ...Y_DIM2_MOD4, rows: [{ coefficients: [0n, 1n], extent: 16n }], values: { BANKS: 3n } },
      '#pragma HLS ARRAY_PARTITION variable=y type=cyclic factor=4 dim=1',
    ],
  ])('%s', (line, target, expected) => {
    expect(update(line, target)).toBe(expected);
  });

  // Guards issue 30: the newer spelling `dependent=false` was not recognised, and an array
  // was contracted against the engineer's statement.
  it.each([
    ['#pragma HLS DEPENDENCE variable=y inter false', true],
    ['#pragma HLS dependence variable=y type=inter direction=RAW dependent=false', true],
    ['#pragma HLS DEPENDENCE variable = y type = inter dependent = FALSE', true],
    ['#pragma HLS DEPENDENCE variable=y inter true', false],
    ['#pragma HLS dependence variable=y type=inter dependent=true', false],
  ])('%s denies a dependence: %s', (line, denies) => {
    expect(deniesDependence(hlsPragmas(line)[0]!)).toBe(denies);
  });
});
