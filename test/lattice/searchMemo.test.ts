/**
 * A lattice search made once per call for one input (issue 29, item 3: 100 KB of kernels
 * searched the same conflict sets again and again, a third of its CPU). Reused only for the
 * same DS, options and work left, charged again, and never shared between two arrays' results.
 */
import { chooseMapping, enumerationStats, formatMapping } from '../../src/lattice/index.js';
import { parseSet } from '../../src/poly/index.js';
import { BudgetExceeded, withWorkBudget, workSpent } from '../../src/poly/budget.js';
import { inCall } from '../helpers/inCall.js';

const hexagon = () =>
  parseSet('{ [d0, d1] : -3 <= d0 <= 3 and -3 <= d1 <= 3 and d0 + d1 <= 5 and -5 <= d0 + d1 }');

const spentBy = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const before = workSpent();
  const r = await f();
  return [r, workSpent() - before];
};

it(
  'the second search of one DS lists nothing, answers the same and is charged the same',
  inCall(async () => {
    const [first, w1] = await spentBy(() => chooseMapping(hexagon(), { heuristic: 'auto' }));
    const listed = enumerationStats();
    const [second, w2] = await spentBy(() => chooseMapping(hexagon(), { heuristic: 'auto' }));
    expect(enumerationStats()).toEqual(listed);
    expect(w2).toBe(w1);
    expect({ ...second, timings: null }).toEqual({ ...first, timings: null });
  }),
);

it(
  'another DS, another option or less work left: searched again',
  inCall(async () => {
    await chooseMapping(hexagon(), { heuristic: 'auto' });
    for (const again of [
      () =>
        chooseMapping(
          parseSet(
            '{ [d0, d1] : -4 <= d0 <= 4 and -3 <= d1 <= 3 and d0 + d1 <= 5 and -5 <= d0 + d1 }',
          ),
          {
            heuristic: 'auto',
          },
        ),
      () => chooseMapping(hexagon(), { heuristic: 'auto', minGain: 0.2 }),
      () => withWorkBudget(1e9, () => chooseMapping(hexagon(), { heuristic: 'auto' })),
    ]) {
      const before = enumerationStats().points;
      await again();
      expect(enumerationStats().points).toBeGreaterThan(before);
    }
  }),
);

it(
  'a budget too small for the search still runs out when the search was kept',
  inCall(async () => {
    const [, w] = await spentBy(() => chooseMapping(hexagon(), { heuristic: 'auto' }));
    await expect(
      withWorkBudget(w - 1, () => chooseMapping(hexagon(), { heuristic: 'auto' })),
    ).rejects.toBeInstanceOf(BudgetExceeded);
  }),
);

it(
  'a result changed by its caller leaves the next ones as searched',
  inCall(async () => {
    const shown = formatMapping((await chooseMapping(hexagon(), { heuristic: 'auto' })).mapping, [
      'd0',
      'd1',
    ]);
    for (let k = 0; k < 2; k++) {
      const c = await chooseMapping(hexagon(), { heuristic: 'auto' });
      expect(formatMapping(c.mapping, ['d0', 'd1'])).toBe(shown);
      expect(c.candidates.length).toBeGreaterThan(0);
      c.mapping.b[0] = 999n;
      c.candidates.length = 0;
    }
  }),
);
