/**
 * The delinearization stage on small C snippets: which arrays get a multi-dimensional view,
 * with which shape and components, and why the others keep their linear form. A wrong
 * split is a miscompilation (two names for one cell), so every refusal case below is one
 * where a component would leave its row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildModel } from '../../src/frontend/index.js';
import { delinearizeFunction, componentText } from '../../src/delinearize/index.js';
import { formatAffine } from '../../src/poly/affine.js';
import { dynamicLifetimes } from '../../src/dynamic/lifetimes.js';
import * as P from '../../src/poly/index.js';
import * as A from '../../src/poly/affine.js';
import { accessInstances } from '../../src/delinearize/instances.js';
import type { FunctionModel } from '../../src/model/types.js';
import { ROOT } from '../helpers/cli.js';

interface Case {
  /** Which bug or behaviour the case guards. */
  why: string;
  body: string;
  defines?: Record<string, bigint>;
  /** Expected shape, or the start of the reason, or null for "not even tried". */
  shape?: string[];
  components?: string[][];
  reason?: RegExp;
  untried?: true;
}

function wrap(body: string): string {
  return `#define H 6
#define W 5
#define K 4
void use(long);
void f(int n) {
  int i, j, k, t;
  long s = 0;
${body}
  use(s);
}
`;
}

const CASES: Case[] = [
  {
    why: 'constant row size: buf[i * 5 + j] is buf[i][j]',
    body: `  long buf[30];
  for (i = 0; i < 6; i++) for (j = 0; j < 5; j++) buf[i * 5 + j] = i + j;
  for (i = 0; i < 6; i++) for (j = 0; j < 5; j++) s += buf[i * 5 + j];`,
    shape: ['6', '5'],
    components: [['i', 'j']],
  },
  {
    why: 'macro row size: the view keeps the macro names for its sizes',
    body: `  long buf[H * W];
  for (i = 0; i < H; i++) for (j = 0; j < W; j++) buf[i * W + j] = i + j;
  for (i = 0; i < H; i++) for (j = 0; j < W; j++) s += buf[(H - 1 - i) * W + j];`,
    shape: ['H', 'W'],
    components: [
      ['i', 'j'],
      ['-i + H - 1', 'j'],
    ],
  },
  {
    why: 'row size given on the command line for a function argument (-D n=5)',
    body: `  long buf[6 * 5];
  for (i = 0; i < 6; i++) for (j = 0; j < n; j++) buf[i * n + j] = i + j;
  for (i = 0; i < 6; i++) for (j = 0; j < n; j++) s += buf[i * n + j];`,
    defines: { n: 5n },
    shape: ['6', '5'], // the declaration [6 * 5] does not name n
    components: [['i', 'j']],
  },
  {
    why: 'a row size known only at run time: the product is not affine, the array stays linear',
    body: `  long buf[6 * 5];
  for (i = 0; i < 6; i++) for (j = 0; j < n; j++) buf[i * n + j] = i + j;
  for (i = 0; i < 6; i++) for (j = 0; j < n; j++) s += buf[i * n + j];`,
    reason: /is not affine .*-D/,
  },
  {
    why: '3-D: buf[(i * W + j) * K + k] is buf[i][j][k]',
    body: `  long buf[H * W * K];
  for (i = 0; i < H; i++) for (j = 0; j < W; j++) for (k = 0; k < K; k++)
    buf[(i * W + j) * K + k] = i + j + k;
  for (i = 0; i < H; i++) for (j = 0; j < W; j++) for (k = 0; k < K; k++)
    s += buf[(i * W + j) * K + k];`,
    shape: ['H', 'W', 'K'],
    components: [['i', 'j', 'k']],
  },
  {
    why: 'overflow into the next row: j + 1 reaches W for j = W - 1 (buf[i][W] is buf[i+1][0])',
    body: `  long buf[H * W + 1];
  for (i = 0; i < H; i++) for (j = 0; j < W; j++) buf[i * W + j + 1] = i + j;
  for (i = 0; i < H; i++) for (j = 0; j < W; j++) s += buf[i * W + j];`,
    reason: /no row size .* divides/,
  },
  {
    why: 'overflow into the next row with a size that divides: must be refused by the range proof',
    body: `  long buf[H * W];
  for (i = 0; i < H - 1; i++) for (j = 0; j < W; j++) buf[i * W + j + 1] = i + j;
  for (i = 0; i < H - 1; i++) for (j = 0; j < W; j++) s += buf[i * W + j];`,
    reason: /ranges over \[1, 5\], not inside \[0, 4\]/,
  },
  {
    why: 'underflow into the previous row: j - 1 is -1 for j = 0',
    body: `  long buf[H * W];
  for (i = 1; i < H; i++) for (j = 0; j < W; j++) buf[i * W + j - 1] = i + j;
  for (i = 1; i < H; i++) for (j = 0; j < W; j++) s += buf[i * W + j - 1];`,
    reason: /ranges over \[4, 8\], not inside \[0, 4\]/,
  },
  {
    why: 'a shifted index that stays in its row is fine: j + 1 for j < W - 1',
    body: `  long buf[H * W];
  for (i = 0; i < H; i++) for (j = 0; j < W - 1; j++) buf[i * W + j + 1] = i + j;
  for (i = 0; i < H; i++) for (j = 1; j < W; j++) s += buf[i * W + j];`,
    shape: ['H', 'W'],
    components: [
      ['i', 'j + 1'],
      ['i', 'j'],
    ],
  },
  {
    why: 'the t - 1 chain of mot_detect: rows of 4 would be crossed by t - 1, rows of 16 are not',
    body: `  long buf[H * 16];
  for (i = 0; i < H; i++) {
    buf[i * 16] = i;
    for (k = 0; k < 4; k++) for (t = 0; t < 4; t++)
      if (4 * k + t >= 1) buf[i * 16 + 4 * k + t] = buf[i * 16 + 4 * k + t - 1] + 1;
    s += buf[i * 16 + 15];
  }`,
    shape: ['H', '16'],
    components: [
      ['i', '0'],
      ['i', '4 * k + t - 1'],
      ['i', '4 * k + t'],
      ['i', '15'],
    ],
  },
  {
    why: 'a lone strided iterator (x[2i], x[2i+1]) is not a linearized array: not tried',
    body: `  long x[12];
  for (i = 0; i < 6; i++) { x[2 * i] = i; x[2 * i + 1] = i; }
  for (i = 0; i < 6; i++) s += x[2 * i] + x[2 * i + 1];`,
    untried: true,
  },
  {
    why: 'a second loop over i is i_1 in the model: the component must print the C name i',
    body: `  long buf[H * W];
  for (i = 0; i < H; i++) for (j = 0; j < W; j++) buf[i * W + j] = i + j;
  for (i = 0; i < H; i++) for (j = 0; j < W; j++) s += buf[i * W + j];`,
    shape: ['H', 'W'],
    components: [['i', 'j']],
  },
];

/**
 * Brute force over every instance of every access: the components recombine to the written
 * index (R2) and the non-leading ones lie inside their sizes (R3). Returns the violations.
 */
function splitsAtEveryInstance(fn: FunctionModel, name: string): string[] {
  const array = fn.arrays.find((a) => a.name === name)!;
  const strides = array.delinearized!.strides;
  const sizes = array.extents.map((e) => e.value!);
  const values: Record<string, bigint> = {};
  for (const p of fn.parameters) if (p.value !== undefined) values[p.name] = p.value;
  const bad: string[] = [];
  for (const s of fn.statements) {
    for (const a of s.accesses.filter((x) => x.array === name)) {
      const inst = accessInstances(fn, s, a, values);
      const dims = inst.set.space.dims;
      for (const point of P.enumeratePoints(inst.set)) {
        const at: Record<string, bigint> = { ...values };
        dims.forEach((d, k) => (at[d] = point[k]!));
        const linear = A.evaluate(a.linearSubscripts![0]!, at);
        const comps = a.subscripts.map((x) => A.evaluate(x!, at));
        const recombined = comps.reduce((acc, c, k) => acc + c * strides[k]!, 0n);
        const inRows = comps.every((c, k) => k === 0 || (c >= 0n && c < sizes[k]!));
        if (recombined !== linear || !inRows)
          bad.push(`${s.id} at ${point.join(',')}: ${linear} -> [${comps.join(', ')}]`);
      }
    }
  }
  return bad;
}

describe.each(CASES.map((c) => [c.why, c] as const))('%s', (_why, c) => {
  it('gives the expected view or reason', () => {
    const model = buildModel(wrap(c.body), 'snippet.c', { defines: c.defines ?? {} });
    const fn = model.functions.find((f) => f.name === 'f')!;
    const name = fn.arrays.find((a) => a.candidate)!.name;
    const d = delinearizeFunction(fn);
    const outcome = d.outcomes.find((o) => o.array === name);
    if (c.untried) {
      expect(outcome).toBeUndefined();
      return;
    }
    if (c.reason) {
      expect(outcome?.kind).toBe('not-applied');
      expect(outcome?.kind === 'not-applied' ? outcome.reason : '').toMatch(c.reason);
      // Left exactly as it was.
      expect(d.fn.arrays.find((a) => a.name === name)).toBe(fn.arrays.find((a) => a.name === name));
      return;
    }
    expect(outcome?.kind).toBe('applied');
    expect(outcome?.kind === 'applied' ? outcome.sizeTexts : []).toEqual(c.shape);
    const known: Record<string, bigint> = {};
    for (const p of d.fn.parameters) if (p.value !== undefined) known[p.name] = p.value;
    const texts = d.fn.statements.flatMap((s) =>
      s.accesses
        .filter((a) => a.array === name)
        .map((a) =>
          a.subscripts.map((x) =>
            componentText(
              x!,
              [...s.iterators, ...d.fn.parameters.map((p) => p.name)],
              a.sourceNames ?? {},
              known,
            ),
          ),
        ),
    );
    expect(splitsAtEveryInstance(d.fn, name)).toEqual([]);
    // One entry per distinct access text, in source order.
    const distinct = [...new Map(texts.map((t) => [t.join('|'), t])).values()];
    expect(distinct).toEqual(c.components);
  });
});

describe('mot_detect.c', () => {
  const file = path.join(ROOT, 'samples', 'mot_detect.c');
  const source = fs.readFileSync(file, 'utf8');

  it('Delta is seen as Delta[29][29][81]; ODelta (size H*W+1) stays linear', () => {
    const fn = buildModel(source, file).functions[0]!;
    const d = delinearizeFunction(fn);
    expect(d.outcomes.map((o) => [o.array, o.kind])).toEqual([
      ['ODelta', 'not-applied'],
      ['Delta', 'applied'],
    ]);
    const delta = d.fn.arrays.find((a) => a.name === 'Delta')!;
    expect(delta.extents.map((e) => e.value)).toEqual([29n, 29n, 81n]);
    expect(delta.delinearized?.declaredExtents[0]?.text).toBe('H * W * K');
    const subscripts = d.fn.statements.flatMap((s) =>
      s.accesses
        .filter((a) => a.array === 'Delta')
        .map((a) => a.subscripts.map((x) => formatAffine(x!))),
    );
    expect(subscripts.map((s) => s.slice(0, 2))).toEqual(Array(4).fill(['i - RM', 'j - RN']));
  });

  // Soundness of the view at small sizes: every instance of every access recombines to its
  // written index with every inner component inside its row, and the dynamic oracle run on
  // the view finds one cell live at a time (the exact answer, DS = {0}).
  it('small sizes: every access instance splits exactly; the view has DS {0} in a run', () => {
    const values = { M: 4n, N: 4n, RM: 1n, RN: 1n };
    const fn = buildModel(source, file, { defines: values }).functions[0]!;
    const d = delinearizeFunction(fn);
    const delta = d.fn.arrays.find((a) => a.name === 'Delta')!;
    expect(delta.extents.map((e) => e.value)).toEqual([4n, 4n, 9n]);
    expect(splitsAtEveryInstance(d.fn, 'Delta')).toEqual([]);
    const dyn = dynamicLifetimes(d.fn, delta, values, { maxOperations: 1_000_000 });
    expect(dyn.kind === 'done' ? dyn.ds.map((p) => p.join(',')) : dyn.kind).toEqual(['0,0,0']);
  });
});
