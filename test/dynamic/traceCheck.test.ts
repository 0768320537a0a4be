/**
 * The trace build (rewrite/traceInstrument.ts), its folding, and `check --trace`
 * (pipeline/traceCheck.ts): every sample's run agrees with its model, and the adversarial
 * programs of test/fixtures/trace, whose models are wrong, are flagged.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { buildModel } from '../../src/frontend/index.js';
import { traceProgram } from '../../src/pipeline/traceRun.js';
import { traceCheck } from '../../src/pipeline/traceCheck.js';
import { affineLabel } from '../../src/dynamic/fold/index.js';

const FIXTURES = path.resolve('test/fixtures/trace');
const SAMPLES = path.resolve('samples');

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

describe('check --trace on the samples: the run agrees with the model', () => {
  const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.c'));
  it.each(files)('%s', async (f) => {
    const r = await check(path.join(SAMPLES, f));
    expect(r.arrays.length).toBeGreaterThan(0);
    for (const a of r.arrays)
      expect([a.name, a.findings.map((x) => x.message)]).toEqual([a.name, []]);
  });
});

describe('check --trace on adversarial programs', () => {
  // Guards the unsigned wrap-around the model takes for a huge cell (it scalarizes t).
  it('wrap.c: unsigned wrap in the subscript is an unpredicted cell', async () => {
    const r = await check(path.join(FIXTURES, 'wrap.c'));
    const t = r.arrays.find((a) => a.name === 't')!;
    expect(t.status).toBe('unsafe');
    const f = t.findings.find((x) => x.kind === 'unpredicted')!;
    expect(f.message).toContain('touched t[0] at i = 1');
  });
  // Guards a counter stepped through a pointer: the model's must-writes of odd cells never happen.
  it('counter_pointer.c: predicted writes that the run does not perform', async () => {
    const r = await check(path.join(FIXTURES, 'counter_pointer.c'));
    const t = r.arrays.find((a) => a.name === 't')!;
    expect(t.status).toBe('unsafe');
    expect(t.findings.map((x) => x.kind)).toContain('not-executed');
    expect(t.findings[0]!.message).toContain('write t[1] at i = 1');
  });
  // Guards the parameter streams: the bound is a function argument, known only per call,
  // and the model's must-writes are checked for the values of each call.
  it('counter_pointer_param.c: the same with the bound an argument of two calls', async () => {
    const r = await check(path.join(FIXTURES, 'counter_pointer_param.c'));
    const t = r.arrays.find((a) => a.name === 't')!;
    expect(t.findings.map((x) => x.message)).toEqual([
      '11:5: the model has t[i] write t[1] at i = 1, which the run did not perform',
    ]);
  });
  // Guards a narrow counter that wraps (unsigned char from 250 to 3): the model has no such instances.
  it('narrow_counter.c: a wrapping unsigned char counter is an unpredicted instance', async () => {
    const r = await check(path.join(FIXTURES, 'narrow_counter.c'));
    const t = r.arrays.find((a) => a.name === 't')!;
    expect(t.status).toBe('unsafe');
    expect(t.findings[0]!.message).toContain('touched t[0] at c = 0');
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
