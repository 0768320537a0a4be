/**
 * A conflict set that holds its whole box (every cell conflicts with every other: a scratch
 * array written in full by one nest and read by the next) needs as many cells as the array
 * has: the search is not run to confirm it (issue 29, item 3: it cost an ordinary kernel's
 * 80 x 80 scratch array about a second of its budget, listing DS and searching it).
 */
import { chooseMapping, enumerationStats, formatMapping } from '../../src/lattice/index.js';
import { parseSet } from '../../src/poly/index.js';
import { inCall } from '../helpers/inCall.js';

// Guards the shortcut in chooseMapping (holdsItsBox): without it, DS is listed point by point.
it(
  'DS = its box: the axis-aligned mapping, nothing listed',
  inCall(async () => {
    const ds = parseSet('{ [d0, d1] : -79 <= d0 <= 79 and -79 <= d1 <= 79 }');
    const before = enumerationStats();
    const c = await chooseMapping(ds, { heuristic: 'auto' });
    expect(enumerationStats()).toEqual(before);
    expect(c.size).toBe(6400n);
    expect(formatMapping(c.mapping, ['d0', 'd1'])).toBe('(d0 mod 80, d1 mod 80)');
  }),
);

it(
  'DS short of its box (one corner missing): listed and searched as before',
  inCall(async () => {
    const ds = parseSet(
      '{ [d0, d1] : -3 <= d0 <= 3 and -3 <= d1 <= 3 and d0 + d1 <= 5 and -5 <= d0 + d1 }',
    );
    const before = enumerationStats();
    await chooseMapping(ds, { heuristic: 'auto' });
    expect(enumerationStats().points).toBeGreaterThan(before.points);
  }),
);
