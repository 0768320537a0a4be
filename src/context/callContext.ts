/**
 * The state of one call (isl's `isl_ctx`): the work budget, memo tables, scratch and
 * counters that the stages keep while they run, one set per call of the library, per
 * command of the command line, per worker of a multi-file run. Two calls overlapping in one
 * process (two `contract()` awaiting at once) then never share any: before, they shared one
 * work budget, and a call's overrun was charged to the other (issue 25, class 8).
 *
 * The context travels with the call through its awaits by AsyncLocalStorage, so that the
 * polyhedral core's inner loops and the frontend's walks need no extra parameter. A module
 * that keeps state for a call declares a slot and reads it there:
 *
 *     const memo = new CallSlot(() => new Memo());
 *     memo.current()   // this call's Memo (made on first use); undefined outside any call
 *
 * Outside any call (a test of one stage, a script) a module does without its state: no
 * budget, no memo, scratch of its own. A context serves one computation at a time: the calls
 * that share one (the files of one worker) run one after the other.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a module keeps for one call: made on the call's first use. */
export class CallSlot<T> {
  constructor(readonly make: () => T) {}

  /** This call's value, or undefined outside any call. */
  current(): T | undefined {
    return active.getStore()?.valueOf(this);
  }
}

export class CallContext {
  private readonly values = new Map<CallSlot<unknown>, unknown>();

  valueOf<T>(slot: CallSlot<T>): T {
    let v = this.values.get(slot) as T | undefined;
    if (v === undefined) this.values.set(slot, (v = slot.make()));
    return v;
  }
}

// The carrier, not a store: each call's context lives with that call's asynchronous
// resources, and the carrier itself holds none.
const active = new AsyncLocalStorage<CallContext>();

/** Runs `fn` (and everything it awaits) in `context`: a fresh one unless one is given. */
export function withCallContext<T>(fn: () => T, context: CallContext = new CallContext()): T {
  return active.run(context, fn);
}

/** Runs `fn` in the current call's context, or in a fresh one when it is the call itself. */
export function inCallContext<T>(fn: () => T): T {
  return active.getStore() ? fn() : active.run(new CallContext(), fn);
}
