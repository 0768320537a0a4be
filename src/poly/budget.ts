/**
 * A cooperative work budget for the polyhedral core.
 *
 * The Omega test is exact but can blow up (Fourier-Motzkin squares the number of
 * constraints, splinters multiply systems), e.g. on linearized subscripts with large
 * coefficients. A caller that prefers "too expensive, left alone" to exhausting memory runs
 * its queries under `withWorkBudget`; the core spends units as it creates constraints and
 * systems, and throws `BudgetExceeded` when they run out. Counting work rather than time
 * keeps answers reproducible: the same input gives the same result on any machine. Each call
 * has budgets of its own (src/context/callContext.ts): a call running beside another is
 * charged only its own work.
 */
import { CallSlot, withCallContext } from '../context/callContext.js';

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
const UNBOUNDED: Owner = Object.freeze({ units: Number.POSITIVE_INFINITY });

interface Saved {
  readonly remaining: number;
  readonly granted: number;
  readonly owner: Owner;
  /** This budget's own identity (owner of the overruns of its own units). */
  readonly frame: Owner;
}

/** What spends and counts work: a call's budgets, or nothing outside any call. */
export interface Meter {
  spend(units: number): void;
  /** Gives back work spent on a computation that is redone identically. */
  refund(units: number): void;
  /** Work spent in the call so far (for benchmarks and calibration). */
  readonly spent: number;
}

const NO_METER: Meter = Object.freeze({ spend() {}, refund() {}, spent: 0 });

/** One call's budgets (src/context/callContext.ts): what is left, and who runs out. */
class WorkMeter implements Meter {
  remaining = Number.POSITIVE_INFINITY;
  granted = Number.POSITIVE_INFINITY;
  owner: Owner = UNBOUNDED;
  spent = 0;

  enter(units: number): Saved {
    const saved = {
      remaining: this.remaining,
      granted: this.granted,
      owner: this.owner,
      frame: { units },
    };
    // A nested budget never extends an outer one: when the outer has less left, the outer's
    // limit is the one in force, and running out is the outer's overrun.
    if (units < this.remaining) {
      this.granted = units;
      this.owner = saved.frame;
    } else this.granted = this.remaining;
    this.remaining = this.granted;
    return saved;
  }

  leave(saved: Saved): void {
    const used = this.granted - this.remaining;
    this.granted = saved.granted;
    this.owner = saved.owner;
    this.remaining = saved.remaining - used;
  }

  spend(units: number): void {
    this.remaining -= units;
    this.spent += units;
    if (this.remaining < 0) throw new BudgetExceeded(this.owner.units, this.owner);
  }

  refund(units: number): void {
    this.remaining += units;
    this.spent -= units;
  }
}

const meter = new CallSlot(() => new WorkMeter());

function leaving(saved: Saved, e: unknown): void {
  if (e instanceof BudgetExceeded) e.leftOwner = e.owner === saved.frame;
}

/**
 * Runs `fn` with `units` of work available (nested budgets never extend an outer one). A
 * `BudgetExceeded` out of it is this budget's own overrun when `isOwnOverrun` says so;
 * otherwise an enclosing budget ran out, and the caller must let it through: answering it
 * locally (a candidate "dropped", an integer program "unknown") would let the outer
 * computation go on with every later step failing at once. Outside any call, `fn` is a
 * call of its own.
 */
export function withWorkBudget<T>(units: number, fn: () => T): T {
  const m = meter.current();
  if (!m) return withCallContext(() => withWorkBudget(units, fn));
  const saved = m.enter(units);
  try {
    return fn();
  } catch (e) {
    leaving(saved, e);
    throw e;
  } finally {
    m.leave(saved);
  }
}

/** Whether `e` is the overrun of the budget the caller just ran `fn` under (see withWorkBudget). */
export function isOwnOverrun(e: unknown): e is BudgetExceeded {
  return e instanceof BudgetExceeded && e.leftOwner;
}

/**
 * This call's meter, for code that spends often (the Omega test's engines keep it for the
 * call); outside any call one that counts nothing (no budget can run out there).
 */
export function meterHere(): Meter {
  return meter.current() ?? NO_METER;
}

/** Called by the core for every unit of work (a constraint built, a system visited). */
export function spendWork(units: number): void {
  meterHere().spend(units);
}

/** Work spent in this call so far (for benchmarks and calibration; 0 outside any call). */
export function workSpent(): number {
  return meterHere().spent;
}

/**
 * Work left to the innermost budget in force (infinite outside any budget): a computation
 * run again from the same state spends the same and ends the same (src/lattice/choose.ts
 * reuses a mapping choice only for the same input and the same work left).
 */
export function workRemaining(): number {
  return meter.current()?.remaining ?? Number.POSITIVE_INFINITY;
}

/**
 * `withWorkBudget` for an async computation. Other calls may run while it awaits (each has
 * its own context), but within this call nothing else may use the core meanwhile (the
 * analysis runs one array at a time).
 */
export async function withWorkBudgetAsync<T>(units: number, fn: () => Promise<T>): Promise<T> {
  const m = meter.current();
  if (!m) return withCallContext(() => withWorkBudgetAsync(units, fn));
  const saved = m.enter(units);
  try {
    return await fn();
  } catch (e) {
    leaving(saved, e);
    throw e;
  } finally {
    m.leave(saved);
  }
}

/**
 * Gives back work spent on a computation that is redone identically (the small-integer
 * path of src/poly/omega.ts after an overflow), or on a test whose cost must not change the
 * decision's budget (the full-box shortcut of src/lattice/choose.ts), so that it is charged once.
 */
export function refundWork(units: number): void {
  meterHere().refund(units);
}
