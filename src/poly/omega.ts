/**
 * The Omega test (Pugh, "The Omega test: a fast and practical integer programming algorithm
 * for dependence analysis", 1991/92), used here as an exact integer projection engine.
 *
 * A system has columns [1, kept..., eliminable...]: rows r mean `r . v = 0` (eqs) or
 * `r . v >= 0` (ineqs). `project` removes the eliminable columns exactly over the integers and
 * returns a union of systems in *stride form*: every remaining eliminable column occurs in
 * exactly one equality `g w + f(kept) = 0` (g > 1), i.e. the congruence `f = 0 (mod g)`.
 *
 * Steps, in the order that keeps the work small and independent of constant magnitudes:
 *  1. normalise rows (gcd, integer tightening of inequalities, opposite pairs -> equalities);
 *  2. equalities: a unimodular change of the eliminable variables (column Euclid) leaves one
 *     eliminable variable with coefficient g; g = 1 is substituted, g > 1 becomes a stride
 *     (the variable is removed from all other rows by positive scaling);
 *  3. inequalities: a variable bounded on one side only is dropped with its rows; an exact
 *     Fourier-Motzkin step (all lower or all upper coefficients are 1) is taken before anything
 *     else; then a step whose dark shadow equals its real shadow (every dark-only row implied)
 *     is also exact; otherwise the dark shadow plus the splinters (Pugh section 3.2-3.3) give
 *     the exact integer projection as a union.
 * Equalities among kept columns are not eliminated but used as pivots (Gauss-Jordan), so that
 * contradictions between them are found in step 1.
 */
import { CallSlot } from '../context/callContext.js';
import { meterHere } from './budget.js';
import { engineOver, type Engine } from './eliminate.js';
import type { SysOf } from './normalize.js';
import { bigintRing, numberRing, Overflow, toBigRows, toSmallRows } from './ring.js';

/** An Omega system over BigInt, the form the rest of the core uses. */
export type Sys = SysOf<bigint>;

/** A query written once for both backends. */
type Query = <T extends number | bigint>(engine: Engine<T>, sys: SysOf<T>) => SysOf<T>[] | null;

interface MemoEntry {
  readonly tag: string;
  readonly sys: SysOf<number>;
  readonly out: Sys[] | null;
  /** Work units the computation spent (charged again on a hit). */
  readonly work: number;
}

/**
 * Memo of answers on repeated systems (the set algebra builds the same intersections and
 * emptiness tests again and again: subtraction, coalescing, inclusion tests; about half of
 * the queries of a conflict set repeat an earlier one). Keyed by a hash of the exact
 * coefficients, confirmed coefficient by coefficient. A hit charges the work the first
 * computation spent, so budgets answer the same with and without the memo. Cleared when
 * full (most hits are close in time).
 */
const MEMO_LIMIT = 20_000;

/** One call's engines (their scratch tables), memo and counters (src/context/callContext.ts). */
class OmegaState {
  /** The call's work budgets, found once: the engines spend on them at every step. */
  readonly meter = meterHere();
  readonly small = engineOver(numberRing, this.meter);
  private bigEngine: Engine<bigint> | undefined;
  readonly memo = new Map<number, MemoEntry[]>();
  memoSize = 0;
  memoHits = 0;
  /** Systems that overflowed the number backend and were redone on BigInt. */
  overflows = 0;

  /** The BigInt engine, made when first needed (most calls never overflow). */
  get big(): Engine<bigint> {
    return (this.bigEngine ??= engineOver(bigintRing, this.meter));
  }
}

const omegaState = new CallSlot(() => new OmegaState());

/** This call's state; outside any call, one of its own for each query (no memo across). */
const stateHere = (): OmegaState => omegaState.current() ?? new OmegaState();

function hashRows(h: number, rows: readonly (readonly number[])[], sep: number): number {
  for (const r of rows) {
    h = Math.imul(h ^ sep, 0x01000193);
    for (let i = 0; i < r.length; i++) {
      const x = r[i];
      h = Math.imul(h ^ (x | 0) ^ ((x / 4294967296) | 0), 0x01000193);
    }
  }
  return h;
}

const sameRows = (a: readonly (readonly number[])[], b: readonly (readonly number[])[]) =>
  a.length === b.length && a.every((r, k) => r.every((x, i) => x === b[k][i]));

/**
 * Runs `q` on native numbers when every coefficient of `input` is a safe integer, and again
 * on BigInt when the number run overflows (src/poly/ring.ts; isl's "sioimath" does the same
 * per integer). Both runs do the same steps on the same values until the overflow, so the
 * work the number run spent is refunded: budgets give the same answers as a BigInt-only core.
 */
/** Stands for each piece of an answer whose rows nobody reads (the emptiness test). */
const UNREAD: Sys = { n: 0, nKeep: 0, eqs: [], ineqs: [] };

function query(tag: string, input: Sys, q: Query, rows = true): Sys[] | null {
  const state = stateHere();
  const eqs = toSmallRows(input.eqs);
  const ineqs = eqs && toSmallRows(input.ineqs);
  if (!eqs || !ineqs) return q(state.big, input);
  const sys: SysOf<number> = { n: input.n, nKeep: input.nKeep, eqs, ineqs };
  let h = 0x811c9dc5 ^ sys.n ^ (sys.nKeep << 16);
  for (let i = 0; i < tag.length; i++) h = Math.imul(h ^ tag.charCodeAt(i), 0x01000193);
  h = hashRows(hashRows(h, eqs, 1), ineqs, 2);
  const memo = state.memo;
  const bucket = memo.get(h);
  const hit = bucket?.find(
    (e) =>
      e.tag === tag &&
      e.sys.n === sys.n &&
      e.sys.nKeep === sys.nKeep &&
      sameRows(e.sys.eqs, eqs) &&
      sameRows(e.sys.ineqs, ineqs),
  );
  if (hit) {
    state.memoHits++;
    state.meter.spend(hit.work);
    return hit.out;
  }
  const before = state.meter.spent;
  let out: Sys[] | null;
  try {
    const r = q(state.small, sys);
    out =
      r &&
      r.map((s) =>
        rows
          ? { n: s.n, nKeep: s.nKeep, eqs: toBigRows(s.eqs), ineqs: toBigRows(s.ineqs) }
          : UNREAD,
      );
  } catch (e) {
    if (!(e instanceof Overflow)) throw e;
    state.overflows++;
    state.meter.refund(state.meter.spent - before);
    out = q(state.big, input);
  }
  if (state.memoSize >= MEMO_LIMIT) {
    memo.clear();
    state.memoSize = 0;
  }
  const entry: MemoEntry = { tag, sys, out, work: state.meter.spent - before };
  if (bucket && memo.has(h)) bucket.push(entry);
  else memo.set(h, [entry]);
  state.memoSize++;
  return out;
}

/** Systems of this call that overflowed the number backend and were redone on BigInt (tests, benches). */
export function overflowCount(): number {
  return omegaState.current()?.overflows ?? 0;
}

/** Forgets this call's memoised answers (benchmarks measure cold queries); returns the hits so far. */
export function clearOmegaMemo(): number {
  const state = omegaState.current();
  if (!state) return 0;
  state.memo.clear();
  state.memoSize = 0;
  return state.memoHits;
}

/** Exact integer projection onto the kept columns: a union of systems in stride form. */
export function project(input: Sys): Sys[] {
  return query('all', input, (e, s) => e.run(s, false, false, Infinity))!;
}

/**
 * `project`, or null as soon as the union would have more than `maxPieces` pieces (finished
 * plus pending systems): for callers that only want the projection when it stays small.
 */
export function projectBounded(input: Sys, maxPieces: number): Sys[] | null {
  return query(`max${maxPieces}`, input, (e, s) => e.run(s, false, false, maxPieces));
}

/**
 * A relaxation of `project`: inexact steps keep only the real shadow (integer tightening and
 * equalities stay exact). The result contains the integer projection: good for upper bounds,
 * and an empty result proves emptiness.
 */
export function projectRelaxed(input: Sys): Sys[] {
  return query('relaxed', input, (e, s) => e.run(s, false, true, Infinity))!;
}

/** True when the system has an integer point (all columns but the constant eliminated). */
export function feasible(sys: Sys): boolean {
  // Only the number of pieces is read: the answer's rows are not converted back to BigInt.
  const input = { ...sys, nKeep: 1 };
  return query('feasible', input, (e, s) => e.run(s, true, false, Infinity), false)!.length > 0;
}

/**
 * `feasible` for a system already on numbers (every value a safe integer), without the memo:
 * for callers that build many distinct systems from pieces they converted once (the pairs of
 * a squared relation, where no system repeats). `onBig` answers instead when the number run
 * overflows (its work is refunded, as in `query`).
 */
export function feasibleSmall(sys: SysOf<number>, onBig: () => boolean): boolean {
  const state = stateHere();
  const before = state.meter.spent;
  try {
    return state.small.run(sys, true, false, Infinity)!.length > 0;
  } catch (e) {
    if (!(e instanceof Overflow)) throw e;
    state.overflows++;
    state.meter.refund(state.meter.spent - before);
    return onBig();
  }
}

/** Exact elimination only where it costs nothing: normalisation and the equality steps. */
export function simplifyEqualities(input: Sys): Sys | null {
  const out = query('equalities', input, (e, s) => {
    const r = e.simplifyEqualities(s);
    return r && [r];
  });
  return out && out[0];
}
