/**
 * A long function is bounded by the work budget (issue 29, item 3): the lifetime analysis
 * orders every pair of accesses, and on straight-line code the pairs, not the polyhedral
 * work on each, were the cost. One function of 20,000 statements ended in a V8
 * out-of-memory abort; it must end with the array left unchanged and its reason code.
 */
import { analyzeSource } from '../../src/pipeline/analysis.js';
import { codeOf } from '../../src/model/reasons.js';

/** One function of `count` statements over one local array (each value read once, next). */
function straightLine(count: number): string {
  const lines = ['void straight(const int *in, int *out)', '{', `    int t[${count}];`];
  for (let k = 0; k < count; k++)
    lines.push(k === 0 ? '    t[0] = in[0];' : `    t[${k}] = t[${k - 1}] + in[${k % 64}];`);
  lines.push(`    out[0] = t[${count - 1}];`, '}', '');
  return lines.join('\n');
}

const options = {
  defines: {},
  temporaries: [],
  only: [],
  heuristic: 'auto' as const,
  modulo: 'exact' as const,
  oracleOperations: 0,
  compiler: false as const,
};

// Guards the pair loops' charge (src/lifetime/instances.ts, happensBefore): without it the
// 300 statements' ~90,000 pairs fit in the budget's polyhedral units, and a longer
// function ran for minutes and out of memory before the budget noticed. And the budget's
// scope: it is one array's, so the next function of the file is served (issue 29, item 3).
it('a function too long for its budget: the array unchanged, with the budget code; the next one contracted', async () => {
  const brief = straightLine(40).replace('straight', 'brief');
  const a = await analyzeSource(straightLine(300) + brief, 'long.c', options);
  const ts = a.report.arrays.filter((x) => x.name === 't');
  expect(ts.map((x) => [x.function, x.status, x.code ?? ''])).toEqual([
    ['straight', 'rejected', codeOf('lifetime-budget')],
    ['brief', 'scalarized', ''],
  ]);
});

it('a short one is still contracted', async () => {
  const a = await analyzeSource(straightLine(40), 'short.c', options);
  expect(a.report.arrays.find((x) => x.name === 't')!.status).toBe('scalarized');
});
