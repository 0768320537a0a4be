/**
 * The split of a sweep between `npm test` and `npm run test:long` (helpers/longShare.ts):
 * every case runs in exactly one of them, and the adversarial programs of each class keep
 * one in the fast default (issue 29, item 6: no test lost, every class still covered).
 */
import { fastShare, longShare } from '../helpers/longShare.js';
import { PROGRAMS } from '../adversarial/adversarialRuns.js';
import { SHARE } from '../adversarial/programTests.js';

describe('cases split between npm test and npm run test:long', () => {
  it('each case runs in exactly one share', () => {
    const cases = Array.from({ length: 17 }, (_, k) => `case${k}`);
    for (const every of [1, 2, 3, 5]) {
      const fast = fastShare(cases, every);
      const long = longShare(cases, every);
      expect([...fast, ...long].sort()).toEqual([...cases].sort());
      expect(fast.filter((c) => long.includes(c))).toEqual([]);
    }
    expect(longShare(cases, 1)).toEqual([]);
  });

  it('every class of adversarial program keeps a program in npm test', () => {
    const classOf = (p: string) => p.split('-')[0]!;
    const fast = new Set(fastShare(PROGRAMS, SHARE).map(classOf));
    expect([...new Set(PROGRAMS.map(classOf))].filter((c) => !fast.has(c))).toEqual([]);
  });
});
