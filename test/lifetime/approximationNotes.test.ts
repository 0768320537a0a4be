/**
 * The report's approximation lines say why each access was over-approximated, once per place:
 * `hist[(int)(in[i] * 8.0)] += 1` (affine loop, non-affine subscript) was reported twice as
 * "a loop bound or condition is not affine", and a data-dependent loop bound keeps its reason.
 * (w is read in the iteration that writes it: were all its cells live at once, "no saving"
 * would be found before any conflict set, src/pipeline/decision/noSaving.ts, and it would have none.)
 */
import { analyzeSource } from '../../src/pipeline/analysis.js';
import { analysisOptions } from '../helpers/analysisOptions.js';

const SOURCE = `#define N 16
static double k(const double in[N]) {
  int hist[8];
  double w[N];
  double s = 0;
  int n = 0;
  for (int i = 0; i < 8; i++) hist[i] = 0;
  for (int i = 0; i < N; i++) hist[(int)(in[i] * 7.0)] += 1;
  for (int i = 0; i < 8; i++) s += hist[i];
  while (n < N && in[n] > 0) { w[n] = in[n]; s += w[n] * w[n]; n++; }
  return s;
}
int main(void) { double in[N] = {0}; return (int)k(in); }
`;

it('one line per place, with the reason of the access itself', async () => {
  const a = await analyzeSource(SOURCE, 'notes.c', analysisOptions({ compiler: false }));
  const notes = (name: string) => a.report.arrays.find((x) => x.name === name)!.ds!.approximations;
  expect(notes('hist')).toEqual([
    '8:31: access hist[(int)(in[i] * 7.0)] += 1;: a subscript is not affine',
  ]);
  expect(notes('w').length).toBeGreaterThan(0);
  expect(notes('w').every((l) => l.endsWith('a loop bound or condition is not affine'))).toBe(true);
});
