/**
 * Nested work budgets (src/poly/budget.ts): an inner budget answers its own overrun, while an
 * enclosing budget's overrun propagates through the inner ones to its owner (a review of
 * issue 17: a candidate check that ran out of the array's budget was answered "dropped", the
 * array's analysis went on with every later check failing at once, and it got the box
 * mapping instead of being refused with a reason).
 */
import {
  BudgetExceeded,
  isOwnOverrun,
  spendWork,
  withWorkBudget,
  withWorkBudgetAsync,
} from '../../src/poly/budget.js';

/**
 * Runs `fn` under `units` as a correct catcher does: 'own' for its own overrun, an outer
 * one re-thrown, else 'done'.
 */
function answer(units: number, fn: () => void): 'done' | 'own' {
  try {
    withWorkBudget(units, fn);
    return 'done';
  } catch (e) {
    if (!isOwnOverrun(e)) throw e;
    return 'own';
  }
}

describe('nested work budgets', () => {
  it('an inner budget answers its own overrun, and the outer goes on with what is left', () => {
    const seen = withWorkBudget(100, () => {
      const inner = answer(10, () => spendWork(20));
      spendWork(70); // 100 - 20 used inside: still within the outer budget
      return inner;
    });
    expect(seen).toBe('own');
  });

  it("an outer budget's overrun is not the inner catcher's own: it goes on to the outer", () => {
    const seen: string[] = [];
    try {
      withWorkBudget(10, () => {
        try {
          withWorkBudget(100, () => spendWork(20));
        } catch (e) {
          seen.push(isOwnOverrun(e) ? 'own' : 'outer');
          throw e;
        }
      });
    } catch (e) {
      seen.push(isOwnOverrun(e) ? 'own' : 'outer');
      // The message names the budget that ran out.
      expect((e as BudgetExceeded).units).toBe(10);
    }
    expect(seen).toEqual(['outer', 'own']);
  });

  it('once an inner overrun has used up the outer budget, the next inner overrun is the outer one', () => {
    const seen: string[] = [];
    const outer = answer(30, () => {
      seen.push(answer(25, () => spendWork(26))); // 26 of 30 used
      seen.push(answer(25, () => spendWork(5))); // capped at the outer's 4
    });
    expect(seen).toEqual(['own']);
    expect(outer).toBe('own');
  });

  it('the same for async budgets', async () => {
    let inner: boolean | undefined;
    let outer: boolean | undefined;
    try {
      await withWorkBudgetAsync(10, async () => {
        try {
          await withWorkBudgetAsync(100, async () => spendWork(20));
        } catch (e) {
          inner = isOwnOverrun(e);
          throw e;
        }
      });
    } catch (e) {
      outer = isOwnOverrun(e);
    }
    expect([inner, outer]).toEqual([false, true]);
  });
});

// Guards issue 25, class 8: the budget was one per process, so a call that awaited inside its
// budget (the lattice search does) shared it with any call that ran meanwhile. The second
// call was capped by what the first had left, and its overrun was the first call's.
describe('the budgets of calls that overlap', () => {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** A call that spends `steps` one after the other under `units`, awaiting between them. */
  const call = (units: number, steps: readonly number[]) =>
    withWorkBudgetAsync(units, async () => {
      for (const s of steps) {
        spendWork(s);
        await turn();
      }
      return 'done';
    }).catch((e: unknown) => (isOwnOverrun(e) ? 'own overrun' : 'outer overrun'));

  it('are their own: each spends only its own units', async () => {
    const alone = [await call(100, [30, 30, 30]), await call(1000, [300, 300, 300])];
    expect(alone).toEqual(['done', 'done']);
    const together = await Promise.all([call(100, [30, 30, 30]), call(1000, [300, 300, 300])]);
    expect(together).toEqual(alone);
  });

  it("one call's small budget runs out without touching the other's", async () => {
    const together = await Promise.all([call(100, [50, 50, 50]), call(1000, [300, 300, 300])]);
    expect(together).toEqual(['own overrun', 'done']);
  });
});
