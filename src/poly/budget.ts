/**
 * A cooperative work budget for the polyhedral core.
 *
 * The Omega test is exact but can blow up (Fourier-Motzkin squares the number of
 * constraints, splinters multiply systems), e.g. on linearized subscripts with large
 * coefficients. A caller that prefers "too expensive, left alone" to exhausting memory runs
 * its queries under `withWorkBudget`; the core spends units as it creates constraints and
 * systems, and throws `BudgetExceeded` when they run out. Counting work rather than time
 * keeps answers reproducible: the same input gives the same result on any machine.
 */
export class BudgetExceeded extends Error {
  /**
   * Whether the error has just left the budget that ran out (set as it leaves each budget):
   * true, its catcher may answer for it; false while it leaves budgets nested inside that
   * one, whose catchers must let it through (see `isOwnOverrun`).
   */
  leftOwner = false;
  constructor(
    readonly units: number,
    /** The budget that ran out (an enclosing one, when it capped the innermost). */
    readonly owner: object,
  ) {
    super(`the polyhedral computation needed more than ${units} work units`);
  }
}

/** The budget that runs out when `remaining` goes below 0, and the units it was given. */
interface Owner {
  readonly units: number;
}
const UNBOUNDED: Owner = { units: Number.POSITIVE_INFINITY };

let remaining = Number.POSITIVE_INFINITY;
let granted = Number.POSITIVE_INFINITY;
let owner: Owner = UNBOUNDED;

interface Saved {
  readonly remaining: number;
  readonly granted: number;
  readonly owner: Owner;
  /** This budget's own identity (owner of the overruns of its own units). */
  readonly frame: Owner;
}

function enter(units: number): Saved {
  const saved = { remaining, granted, owner, frame: { units } };
  // A nested budget never extends an outer one: when the outer has less left, the outer's
  // limit is the one in force, and running out is the outer's overrun.
  if (units < remaining) {
    granted = units;
    owner = saved.frame;
  } else granted = remaining;
  remaining = granted;
  return saved;
}

function leave(saved: Saved): void {
  const used = granted - remaining;
  granted = saved.granted;
  owner = saved.owner;
  remaining = saved.remaining - used;
}

function leaving(saved: Saved, e: unknown): void {
  if (e instanceof BudgetExceeded) e.leftOwner = e.owner === saved.frame;
}

/**
 * Runs `fn` with `units` of work available (nested budgets never extend an outer one). A
 * `BudgetExceeded` out of it is this budget's own overrun when `isOwnOverrun` says so;
 * otherwise an enclosing budget ran out, and the caller must let it through: answering it
 * locally (a candidate "dropped", an integer program "unknown") would let the outer
 * computation go on with every later step failing at once.
 */
export function withWorkBudget<T>(units: number, fn: () => T): T {
  const saved = enter(units);
  try {
    return fn();
  } catch (e) {
    leaving(saved, e);
    throw e;
  } finally {
    leave(saved);
  }
}

/** Whether `e` is the overrun of the budget the caller just ran `fn` under (see withWorkBudget). */
export function isOwnOverrun(e: unknown): e is BudgetExceeded {
  return e instanceof BudgetExceeded && e.leftOwner;
}

/** Called by the core for every unit of work (a constraint built, a system visited). */
export function spendWork(units: number): void {
  remaining -= units;
  spentTotal += units;
  if (remaining < 0) throw new BudgetExceeded(owner.units, owner);
}

let spentTotal = 0;
/** Work spent since the process started (for benchmarks and calibration). */
export function workSpent(): number {
  return spentTotal;
}

/**
 * `withWorkBudget` for an async computation. Only sound when nothing else uses the core
 * while it awaits (the CLI analyses one array at a time).
 */
export async function withWorkBudgetAsync<T>(units: number, fn: () => Promise<T>): Promise<T> {
  const saved = enter(units);
  try {
    return await fn();
  } catch (e) {
    leaving(saved, e);
    throw e;
  } finally {
    leave(saved);
  }
}

/**
 * Gives back work spent on a computation that is redone identically (the small-integer
 * path of src/poly/omega.ts after an overflow), so that it is charged once.
 */
export function refundWork(units: number): void {
  remaining += units;
  spentTotal -= units;
}
