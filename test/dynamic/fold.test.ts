/**
 * Folding of (iteration vector, label) streams (src/dynamic/fold): tables of small loop
 * nests that must fold to one piece with the exact domain and affine labels, and property
 * tests against brute force on random nests (the pieces hold exactly the streamed points,
 * the labels reproduce every streamed label, a ⊤ label's range holds every value).
 */
import fc from 'fast-check';
import {
  Folder,
  affineLabel,
  contains,
  evaluateAffine,
  pointsOf,
  type FoldResult,
} from '../../src/dynamic/fold/index.js';

type Stream = { iv: number[]; labels: number[] }[];

/** Canonical counters of a nest whose trip counts are given as functions of the outer counters. */
function nest(trips: ((outer: number[]) => number)[], label: (iv: number[]) => number[]): Stream {
  const out: Stream = [];
  const rec = (prefix: number[]) => {
    if (prefix.length === trips.length) {
      out.push({ iv: prefix, labels: label(prefix) });
      return;
    }
    const n = trips[prefix.length]!(prefix);
    for (let c = 0; c < n; c++) rec([...prefix, c]);
  };
  rec([]);
  return out;
}

function fold(stream: Stream, dims: number, labels: number, opts = {}): FoldResult {
  const f = new Folder(dims, labels, opts);
  for (const p of stream) f.addPoint(p.iv, p.labels);
  return f.finish();
}

const key = (p: number[]) => p.join(',');

/** Pieces hold exactly the streamed points, and each exact label reproduces the stream. */
function expectExact(r: FoldResult, stream: Stream): void {
  const expected = new Map(stream.map((p) => [key(p.iv), p.labels]));
  const seen = new Set<string>();
  for (const piece of r.pieces) {
    const fs = piece.label.top.map((_, c) => affineLabel(piece.label, c));
    for (const x of pointsOf(piece)) {
      const k = key(x);
      expect(expected.has(k)).toBe(true);
      expect(seen.has(k)).toBe(false);
      seen.add(k);
      fs.forEach((f, c) => {
        const want = expected.get(k)![c]!;
        if (f) expect(evaluateAffine(f, x)).toBe(BigInt(want));
        expect(piece.label.min[c]! <= want && want <= piece.label.max[c]!).toBe(true);
      });
    }
  }
  expect(seen.size).toBe(expected.size);
  expect(r.points).toBe(stream.length);
}

function rowText(r: readonly number[], names: string[]): string {
  const d = r.length - 1;
  const terms: string[] = [];
  for (let k = 0; k < d; k++) if (r[k]) terms.push(`${r[k] === 1 ? '' : r[k]}${names[k]}`);
  if (r[d] || terms.length === 0) terms.push(String(r[d]));
  return terms.join(' + ');
}

function describe1(r: FoldResult, names: string[]): string[] {
  return r.pieces.map((p) => {
    const dom = names.map(
      (n, j) => `${rowText(p.lo[j]!, names)} <= ${n} <= ${rowText(p.hi[j]!, names)}`,
    );
    const labs = p.label.top.map((_, c) => {
      const f = affineLabel(p.label, c);
      if (!f) return `T[${p.label.min[c]}..${p.label.max[c]}]`;
      const num = [...f.coeffs.map(Number), Number(f.constant)];
      return f.den === 1n ? rowText(num, names) : `(${rowText(num, names)})/${f.den}`;
    });
    return `${dom.join(', ')} -> ${labs.join('; ')}`;
  });
}

describe('folding tables: one piece, exact domain and labels', () => {
  const cases: [string, Stream, number, number, string[], string[]][] = [
    [
      'rectangle, row-major cell',
      nest([() => 4, () => 5], ([i, j]) => [5 * i! + j!]),
      2,
      1,
      ['i', 'j'],
      ['0 <= i <= 3, 0 <= j <= 4 -> 5i + j'],
    ],
    [
      'triangle j < i',
      nest([() => 5, ([i]) => i!], ([i, j]) => [i! - j!]),
      2,
      1,
      ['i', 'j'],
      // Row 0 is empty: the stream starts at i = 1.
      ['1 <= i <= 4, 0 <= j <= i + -1 -> i + -1j'],
    ],
    [
      'triangle j <= i, two labels (a counter and a cell)',
      nest([() => 4, ([i]) => i! + 1], ([i, j]) => [2 * j! + 1, 7 + i!]),
      2,
      2,
      ['i', 'j'],
      ['0 <= i <= 3, 0 <= j <= i -> 2j + 1; i + 7'],
    ],
    [
      'backprop-like: a column walk, 3 deep',
      nest([() => 2, () => 3, () => 4], ([a, b, c]) => [100 * a! + b! + 3 * c!]),
      3,
      1,
      ['a', 'b', 'c'],
      ['0 <= a <= 1, 0 <= b <= 2, 0 <= c <= 3 -> 100a + b + 3c'],
    ],
    [
      'single loop, constant label (a scalar-like cell)',
      nest([() => 6], () => [9]),
      1,
      1,
      ['i'],
      ['0 <= i <= 5 -> 9'],
    ],
  ];
  it.each(cases)('%s', (_, stream, dims, labels, names, expected) => {
    const r = fold(stream, dims, labels);
    expect(r.gaveUp).toBeUndefined();
    expect(describe1(r, names)).toEqual(expected);
    expectExact(r, stream);
  });

  it('a label that changes its law half-way makes two pieces, each exact', () => {
    const stream = nest([() => 6, () => 3], ([i, j]) => [i! < 3 ? i! + j! : 10 * j!]);
    const r = fold(stream, 2, 1);
    expect(describe1(r, ['i', 'j'])).toEqual([
      '0 <= i <= 2, 0 <= j <= 2 -> i + j',
      '3 <= i <= 5, 0 <= j <= 2 -> 10j',
    ]);
    expectExact(r, stream);
  });

  it('rectangles of runs fold as their points do', () => {
    const f = new Folder(3, 1);
    for (let a = 0; a < 3; a++) f.addRect([a, 0, 0], 5, 4, [100 * a], [2], [10]);
    expect(describe1(f.finish(), ['a', 'i', 'j'])).toEqual([
      '0 <= a <= 2, 0 <= i <= 3, 0 <= j <= 4 -> 100a + 10i + 2j',
    ]);
  });

  it('the runs of the C runtime fold as their points do', () => {
    const f = new Folder(2, 1);
    for (let i = 0; i < 5; i++) f.addRun([i, 0], 7, [3 * i], [2]);
    expect(describe1(f.finish(), ['i', 'j'])).toEqual(['0 <= i <= 4, 0 <= j <= 6 -> 3i + 2j']);
  });
});

describe('non-affine labels and give-up', () => {
  const squares = nest([() => 5, () => 4], ([i, j]) => [i! * j!]);
  it('widening keeps one piece whose range holds every label', () => {
    const r = fold(squares, 2, 1, { widen: true });
    expect(describe1(r, ['i', 'j'])).toEqual(['0 <= i <= 4, 0 <= j <= 3 -> T[0..12]']);
    expectExact(r, squares);
  });
  it('without widening, pieces stay exact', () => {
    expectExact(fold(squares, 2, 1), squares);
  });
  it('too many pieces: the bounding box with ranges, holding every point', () => {
    const noisy = nest([() => 30, () => 30], ([i, j]) => [(i! * 7919 + j! * 104729) % 97]);
    const r = fold(noisy, 2, 1, { maxPieces: 20 });
    expect(r.gaveUp).toBe('too-many-pieces');
    expect(r.pieces).toHaveLength(1);
    const [box] = r.pieces;
    for (const p of noisy) {
      expect(contains(box!, p.iv)).toBe(true);
      expect(box!.label.min[0]! <= p.labels[0]! && p.labels[0]! <= box!.label.max[0]!).toBe(true);
    }
  });
  it('an instance seen twice gives up (the stream is not a function of the counters)', () => {
    const r = fold(
      [
        { iv: [0], labels: [1] },
        { iv: [0], labels: [2] },
      ],
      1,
      1,
    );
    expect(r.gaveUp).toBe('not-lexicographic');
    expect(r.pieces[0]!.label.min[0]).toBe(1);
    expect(r.pieces[0]!.label.max[0]).toBe(2);
  });
});

/**
 * The stream as the C runtime sends it (rewrite/traceInstrument.ts): runs along the innermost
 * counter, then rectangles of runs one step apart along the next counter.
 */
function feedAsRuntime(f: Folder, stream: Stream): void {
  type Run = { iv: number[]; n: number; first: number[]; stride: number[] };
  type Rect = Run & { rows: number; rowStride: number[] };
  let run: Run | undefined;
  let rect: Rect | undefined;
  let lastIv: number[] = [];
  let last: number[] = [];
  const d = stream[0]?.iv.length ?? 0;
  const emit = () => {
    if (rect) f.addRect(rect.iv, rect.n, rect.rows, rect.first, rect.stride, rect.rowStride);
    rect = undefined;
  };
  const flush = () => {
    if (!run) return;
    const r = run;
    let join = !!rect && d >= 2 && r.n === rect.n;
    join &&= r.iv.every((x, j) => x === rect!.iv[j]! + (j === d - 2 ? rect!.rows : 0));
    join &&= r.stride.every((x, c) => x === rect!.stride[c]);
    if (join && rect!.rows === 1) rect!.rowStride = r.first.map((x, c) => x - rect!.first[c]!);
    else join &&= r.first.every((x, c) => x === rect!.first[c]! + rect!.rows * rect!.rowStride[c]!);
    if (join) rect!.rows++;
    else {
      emit();
      rect = { ...r, rows: 1, rowStride: r.first.map(() => 0) };
    }
    run = undefined;
  };
  for (const { iv, labels } of stream) {
    let same = !!run && iv.every((x, j) => (j < d - 1 ? x === lastIv[j] : x === lastIv[j]! + 1));
    if (same && run!.n === 1) run!.stride = labels.map((x, c) => x - last[c]!);
    else same &&= labels.every((x, c) => x === last[c]! + run!.stride[c]!);
    if (same) run!.n++;
    else {
      flush();
      run = { iv, n: 1, first: labels, stride: labels.map(() => 0) };
    }
    lastIv = iv;
    last = labels;
  }
  flush();
  emit();
}

describe('property: random affine nests against brute force', () => {
  const affine = (dims: number) =>
    fc.array(fc.integer({ min: -4, max: 4 }), { minLength: dims + 1, maxLength: dims + 1 });
  const arb = fc.integer({ min: 1, max: 3 }).chain((dims) =>
    fc.record({
      dims: fc.constant(dims),
      // trip count of level j: base + slope * (counter of level j - 1), at least 0
      trips: fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: -1, max: 1 })), {
        minLength: dims,
        maxLength: dims,
      }),
      labels: fc.array(affine(dims), { minLength: 1, maxLength: 2 }),
      guard: fc.option(
        fc.tuple(fc.integer({ min: 0, max: dims - 1 }), fc.integer({ min: 0, max: 3 })),
      ),
      hole: fc.option(fc.integer({ min: 0, max: 40 })),
    }),
  );
  it('pieces hold exactly the streamed points; labels reproduce them', () => {
    fc.assert(
      fc.property(arb, ({ dims, trips, labels, guard, hole }) => {
        const fns = trips.map(
          ([base, slope], j) =>
            (outer: number[]) =>
              Math.max(0, base + slope * (j > 0 ? outer[j - 1]! : 0)),
        );
        let stream = nest(fns, (iv) =>
          labels.map((l) => l.slice(0, dims).reduce((s, c, k) => s + c * iv[k]!, l[dims]!)),
        );
        // An affine guard (x_g >= v) and a missing instance (an `if` the data decides).
        if (guard) stream = stream.filter((p) => p.iv[guard[0]]! >= guard[1]);
        if (hole !== null) stream = stream.filter((_, k) => k !== hole);
        const r = fold(stream, dims, labels.length);
        expect(r.gaveUp).toBeUndefined();
        expectExact(r, stream);
        for (const p of r.pieces) expect(p.label.top.every((t) => !t)).toBe(true);
        // The same stream in runs and rectangles, as the C runtime sends it.
        const f = new Folder(dims, labels.length);
        feedAsRuntime(f, stream);
        const rr = f.finish();
        expect(rr.gaveUp).toBeUndefined();
        expectExact(rr, stream);
      }),
      { numRuns: 300, seed: 18 },
    );
  });
});
