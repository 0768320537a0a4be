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
// function ran for minutes and out of memory before the budget noticed.
it('a function too long for its budget: the array unchanged, with the budget code', async () => {
  const a = await analyzeSource(straightLine(300), 'long.c', options);
  const t = a.report.arrays.find((x) => x.name === 't')!;
  expect(t.status).toBe('rejected');
  expect(t.code).toBe(codeOf('lifetime-budget'));
});

it('a short one is still contracted', async () => {
  const a = await analyzeSource(straightLine(40), 'short.c', options);
  expect(a.report.arrays.find((x) => x.name === 't')!.status).toBe('scalarized');
});
