/**
 * The trace build (rewrite/traceInstrument.ts), its folding, and `check --trace`
 * (pipeline/checking/traceCheck.ts): every other sample's run agrees with its model (the
 * others: traceCheckSamples.long.test.ts), the adversarial programs of test/fixtures/trace
 * are confirmed or refused, and a model made wrong on purpose is flagged.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildModel } from '../../src/frontend/index.js';
import { traceProgram } from '../../src/pipeline/checking/traceRun.js';
import { traceCheck } from '../../src/pipeline/checking/traceCheck.js';
import { affineLabel } from '../../src/dynamic/fold/index.js';
import type { Affine } from '../../src/poly/affine.js';
import type { ProgramModel } from '../../src/model/types.js';
import { TRACEABLE, traceAdversarial } from './traceAdversarial.js';
import { SAMPLE_FILES, SHARE, traceSample } from './traceSamples.js';
import { fastShare } from '../helpers/longShare.js';

const FIXTURES = path.resolve('test/fixtures/trace');

async function check(file: string) {
  const source = readFileSync(file, 'utf8');
  return traceCheck(source, file, buildModel(source, file, {}), { runs: [[]] });
}

describe('trace build', () => {
  it('reports every access with its counters and cell, folded exactly, output unchanged', async () => {
    const source = [
      '#include <stdio.h>',
      'int main(int argc, char **argv) {',
      '  double t[10][10]; int k = 0;',
      '  for (int i = 0; i < 10; i++)',
      '    for (int j = 0; j <= i; j++)',
      '      t[i][j] = i + j;',
      '  while (k < argc * 2) { t[k][2 * k] = k; k++; }',
      '  printf("%g\\n", t[1][2] + t[9][3]);',
      '  return 0;',
      '}',
    ].join('\n');
    const out = await traceProgram(source, 'a.c', { runs: [[], ['x']] });
    const [one, two] = out.runs;
    expect(one!.exit.stdout).toBe('13\n');
    expect(two!.exit.stdout).toBe('13\n');
    const texts = out.sites.accesses.map((a) => a.text);
    expect(texts).toEqual(['t[i][j]', 't[k][2 * k]', 't[1][2]', 't[9][3]']);
    // t[i][j]: one triangle; labels i, j (counters) then the cell (i, j).
    const tri = one!.folds[0]!;
    expect(tri.points).toBe(55);
    expect(tri.pieces).toHaveLength(1);
    const p = tri.pieces[0]!;
    expect(p.hi[2]).toEqual([0, 1, 0, 0]); // 0 <= c2 <= c1
    expect(affineLabel(p.label, 2)!.coeffs).toEqual([0n, 1n, 0n]);
    // The while loop: a dynamic counter only, cell (c, 2c); twice as long in the second run.
    const walk = out.streams[1]!;
    expect(walk.counterLoops).toEqual([]);
    expect(one!.folds[1]!.points).toBe(2);
    expect(two!.folds[1]!.points).toBe(4);
    expect(affineLabel(two!.folds[1]!.pieces[0]!.label, 1)!.coeffs).toEqual([0n, 2n]);
  });
});

// Guards the bounded folding time of irregular streams: past maxRecords records the runtime
// keeps only a bounding box (a give-up that contains every point), and still notices
// instances that repeat (recursion), which profile refuses.
describe('record limit of the trace runtime', () => {
  const irregular = [
    '#include <stdio.h>',
    'int main(void) {',
    '  int t[64]; long s = 0;',
    '  for (int r = 0; r < 50; r++)',
    '    for (int j = 0; j < 8; j++) t[(j * j + r) % 64] = r + j;',
    '  for (int i = 0; i < 64; i++) s += t[i];',
    '  printf("%ld\\n", s);',
    '  return 0;',
    '}',
  ].join('\n');
  it('past the limit a stream folds to the box of all its points', async () => {
    const exact = await traceProgram(irregular, 'a.c', { runs: [[]] });
    const boxed = await traceProgram(irregular, 'a.c', { runs: [[]], maxRecords: 4 });
    expect(boxed.runs[0]!.exit.stdout).toBe(exact.runs[0]!.exit.stdout);
    const e = exact.runs[0]!.folds[0]!;
    const b = boxed.runs[0]!.folds[0]!;
    expect([e.gaveUp, b.gaveUp]).toEqual([undefined, 'too-many-records']);
    expect(b.points).toBe(400);
    expect(e.points).toBe(400);
    const box = b.pieces[0]!;
    expect(box.count).toBe(400);
    // call 0, r in 0..49, j in 0..7; labels r, j, then the cell in 0..63.
    expect(box.lo.map((r) => r.at(-1))).toEqual([0, 0, 0]);
    expect(box.hi.map((r) => r.at(-1))).toEqual([0, 49, 7]);
    expect([box.label.min, box.label.max]).toEqual([
      [0, 0, 0],
      [49, 7, 63],
    ]);
  });
  it('a repeated instance is still noticed in box mode', async () => {
    const recursive = [
      '#include <stdio.h>',
      'static long f(int d) {',
      '  int t[4]; long s = 0;',
      '  for (int i = 0; i < 4; i++) t[i] = d + i;',
      '  if (d > 0) s += f(d - 1);',
      '  for (int i = 0; i < 4; i++) s += t[i];',
      '  return s;',
      '}',
      'int main(void) { printf("%ld\\n", f(5)); return 0; }',
    ].join('\n');
    const out = await traceProgram(recursive, 'r.c', { runs: [[]], maxRecords: 1 });
    const read = out.sites.accesses.find((a) => a.kind === 'read')!;
    expect(out.runs[0]!.folds[read.id]!.gaveUp).toBe('not-lexicographic');
  });
});

// Every other sample (the others: traceCheckSamples.long.test.ts, `npm run test:long`).
describe('check --trace on the samples: the run agrees with the model', () => {
  it.each(fastShare(SAMPLE_FILES, SHARE))('%s', traceSample);
});

/** The model of `file` with one access's subscripts replaced: a wrong model, on purpose. */
function withSubscript(
  file: string,
  statement: number,
  access: number,
  subscripts: readonly (Affine | null)[],
): { source: string; model: ProgramModel } {
  const source = readFileSync(file, 'utf8');
  const model = structuredClone(buildModel(source, file, {})) as ProgramModel;
  const main = model.functions.find((fn) => fn.name === 'main')!;
  const st = main.statements[statement]!;
  (st.accesses[access] as { subscripts: readonly (Affine | null)[] }).subscripts = subscripts;
  return { source, model };
}

const affine = (coeffs: Record<string, bigint>, constant = 0n): Affine => ({ coeffs, constant });

describe('check --trace catches a model that is wrong', () => {
  // Guards the unpredicted-cell check: the model the frontend had before it knew unsigned
  // wrap-around (t[i + 4294967295] instead of t[i - 1]) is flagged at the first instance.
  it('wrap.c under the old, wrapless model: the run touches a cell the model does not predict', async () => {
    const file = path.join(FIXTURES, 'wrap.c');
    const { source, model } = withSubscript(file, 0, 0, [affine({ i: 1n }, 4294967295n)]);
    const r = await traceCheck(source, file, model, { runs: [[]] });
    const t = r.arrays.find((a) => a.name === 't')!;
    expect(t.status).toBe('unsafe');
    expect(t.findings.find((x) => x.kind === 'unpredicted')!.message).toContain(
      'touched t[0] at i = 1',
    );
  });
  // Guards the must-write check: a model that predicts writes of t[2i] where the run writes t[i]
  // is flagged for the predicted write the run did not perform.
  it('a must-write the run does not perform is reported with its instance', async () => {
    const file = path.join(FIXTURES, 'global_bound.c');
    const { source, model } = withSubscript(file, 0, 0, [affine({ i: 2n })]);
    const r = await traceCheck(source, file, model, { runs: [[]] });
    const t = r.arrays.find((a) => a.name === 't')!;
    expect(t.status).toBe('unsafe');
    expect(t.findings.map((x) => x.kind)).toContain('not-executed');
    expect(t.findings.find((x) => x.kind === 'not-executed')!.message).toContain(
      'write t[2] at i = 1',
    );
  });
});

describe('check --trace on adversarial programs', () => {
  // These programs broke the model before the C-semantics frontend (issue 13); the run now
  // confirms each model, or the frontend refuses the array for the reason the run shows.
  it('wrap.c: the wrapped subscript is over-approximated, and the run agrees', async () => {
    const r = await check(path.join(FIXTURES, 'wrap.c'));
    expect(r.arrays.find((a) => a.name === 't')!.status).toBe('agrees');
  });
  it.each([
    ['counter_pointer.c', "the address of loop counter 'i' is taken"],
    ['counter_pointer_param.c', "the address of loop counter 'i' is taken"],
    ['narrow_counter.c', "'c' may pass its type's limit"],
  ])('%s: t is not a candidate (%s), so there is nothing to trace', async (f, why) => {
    const file = path.join(FIXTURES, f);
    const source = readFileSync(file, 'utf8');
    const model = buildModel(source, file, {});
    const t = model.functions.flatMap((fn) => fn.arrays).find((a) => a.name === 't')!;
    expect(t.candidate).toBe(false);
    expect(t.reasons.map((x) => x.message).join('; ')).toContain(why);
    const r = await traceCheck(source, file, model, { runs: [[]] });
    expect(r.arrays.find((a) => a.name === 't')).toBeUndefined();
  });
  // A global bound changed by a call: the model leaves the bound free (sound), and the run agrees.
  it('global_bound.c: no false alarm where the model over-approximates', async () => {
    const r = await check(path.join(FIXTURES, 'global_bound.c'));
    expect(r.arrays.find((a) => a.name === 't')!.status).toBe('agrees');
  });
  // The model treats the cast as non-affine (any cell): sound, and the run agrees.
  it('cast.c: an over-approximated subscript is confirmed', async () => {
    const r = await check(path.join(FIXTURES, 'cast.c'));
    expect(r.arrays.find((a) => a.name === 't')!.status).toBe('agrees');
  });
});

// Guards the scope bug of the trace build: an inner `double *t` or a block-local `t` hiding a
// global was traced as the candidate t, and the run "disagreed" with a right model (found by
// the sweep over every adversarial program, traceCheckAdversarial.long.test.ts).
describe('check --trace on the adversarial programs of scopes', () => {
  const SCOPES = TRACEABLE.filter((f) => f.startsWith('scope-'));
  it('are there', () => expect(SCOPES.length).toBeGreaterThanOrEqual(3));
  it.each(SCOPES)('%s', traceAdversarial);
});
