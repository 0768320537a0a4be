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
  constructor(readonly units: number) {
    super(`the polyhedral computation needed more than ${units} work units`);
  }
}

let remaining = Number.POSITIVE_INFINITY;
let granted = Number.POSITIVE_INFINITY;

/** Runs `fn` with `units` of work available (nested budgets never extend an outer one). */
export function withWorkBudget<T>(units: number, fn: () => T): T {
  const savedRemaining = remaining;
  const savedGranted = granted;
  granted = Math.min(units, remaining);
  remaining = granted;
  try {
    return fn();
  } finally {
    const used = granted - remaining;
    granted = savedGranted;
    remaining = savedRemaining - used;
  }
}

/** Called by the core for every unit of work (a constraint built, a system visited). */
export function spendWork(units: number): void {
  remaining -= units;
  spentTotal += units;
  if (remaining < 0) throw new BudgetExceeded(granted);
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
  const savedRemaining = remaining;
  const savedGranted = granted;
  granted = Math.min(units, remaining);
  remaining = granted;
  try {
    return await fn();
  } finally {
    const used = granted - remaining;
    granted = savedGranted;
    remaining = savedRemaining - used;
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
