/**
 * A list of cases split between `npm test` and `npm run test:long` (issue 29, item 6: the
 * default within its minutes on 2 cores): the default runs every `every`-th case, the long
 * suite the others. Both take the list in the same order, so that each case runs in exactly one
 * of them (CI runs both); in a list sorted by kind (a name's prefix), each run of `every` or
 * more cases alike keeps one in the default.
 */
export function fastShare<T>(cases: readonly T[], every: number): T[] {
  return cases.filter((_, k) => k % every === 0);
}

/** The cases of `cases` that fastShare leaves to the long suite. */
export function longShare<T>(cases: readonly T[], every: number): T[] {
  return cases.filter((_, k) => k % every !== 0);
}
