/**
 * The cheap "no saving" proof (src/lifetime/allLive.ts): an instant at which every cell
 * holds a value still to be read. It may only ever skip work: where it finds nothing, the
 * full analysis runs and may contract.
 */
import { buildModel } from '../../src/frontend/index.js';
import { allCellsLive } from '../../src/lifetime/allLive.js';
import { analyzeSource } from '../../src/pipeline/analysis.js';
import { analysisOptions } from '../helpers/analysisOptions.js';
import { codeOf } from '../../src/model/reasons.js';

function witness(body: string, array = 't') {
  const src = `void f(int n, const float *a, const float *b, float *o) { ${body} }`;
  const fn = buildModel(src, 'allLive.c', {}).functions.find((x) => x.name === 'f')!;
  return allCellsLive(
    fn,
    fn.arrays.find((x) => x.name === array)!,
  );
}

const DSP = `float t[4];
  for (int l = 0; l < n; l++) {
    t[0] = a[0]; t[1] = a[1];
    t[2] = a[2]; t[3] = a[3];
    o[0] = t[0] + t[2]; o[1] = t[1] + t[3];
    o[2] = t[0] - t[2]; o[3] = t[1] - t[3];
  }`;

it.each([
  ['the DSP style: four cells written, then read', DSP, 4],
  [
    'straight-line code outside loops',
    'float t[2]; t[0] = a[0]; t[1] = a[1]; o[0] = t[0] * t[1];',
    1,
  ],
  // Guards the simulation's value intervals: each cell is read before the next is written.
  [
    'one value at a time (contractible)',
    'float t[2]; t[0] = a[0]; o[0] = t[0]; t[1] = a[1]; o[1] = t[1];',
    undefined,
  ],
  // Guards the window cuts: without them, t[0]'s first value (never read: the nested loop
  // overwrites it) would be counted live next to t[1], and a contractible array called
  // "no saving".
  [
    'a write in a nested loop cuts the window',
    'float t[2]; t[0] = a[0]; t[1] = a[1]; o[0] = t[1]; for (int k = 0; k < 1; k++) t[0] = b[0]; o[1] = t[0];',
    undefined,
  ],
  // Guards "certain accesses only": a write under a data-dependent condition may not happen.
  [
    'a write under a data-dependent condition',
    'float t[2]; t[0] = a[0]; if (a[1] > 0) t[1] = a[1]; o[0] = t[0] + t[1];',
    undefined,
  ],
  [
    'a subscript that is not a constant',
    'float t[2]; for (int i = 0; i < 2; i++) t[i] = a[i]; o[0] = t[0] + t[1];',
    undefined,
  ],
])('%s', (_, body, line) => {
  const w = witness(body);
  if (line === undefined) expect(w).toBeUndefined();
  else expect(w?.loc.line).toBe(line);
});

it('the pipeline reports "no saving" with the witness, and still contracts the rest', async () => {
  const src = `void f(int n, const float *a, const float *b, float *o) {\n${DSP}\n}\nvoid g(const float *a, const float *b, float *o) {\n  float t[2]; t[0] = a[0]; t[1] = a[1]; o[0] = t[1];\n  for (int k = 0; k < 1; k++) t[0] = b[0];\n  o[1] = t[0];\n}\n`;
  const r = await analyzeSource(src, 'allLive.c', analysisOptions({ compiler: false }));
  const f = r.report.arrays.find((x) => x.function === 'f' && x.name === 't')!;
  expect(f.status).toBe('unchanged');
  expect(f.code).toBe(codeOf('no-saving'));
  // The evidence: the cells live at once, and where.
  expect(f.reason).toMatch(
    /^no saving: all 4 cells hold values still to be read at once \(after line 5\)/,
  );
  const g = r.report.arrays.find((x) => x.function === 'g' && x.name === 't')!;
  expect(g.status).toBe('scalarized');
});
