/**
 * Waiting, in a blocked thread, for another thread to set a shared flag (test/helpers/cli.ts
 * waits so for the CLI thread's answer).
 */

/**
 * Whether `flag[0]` became non-zero within `ms`. A wake is no answer: the other thread sets
 * the flag and then notifies, two steps, and one descheduled between them (a loaded machine)
 * notified the *next* call's wait, before that call's answer: runCli found no message ("the
 * CLI thread answered nothing", about 10 tests of a run under heavy load). Only the flag says.
 */
export function flagSet(flag: Int32Array, ms: number): boolean {
  const end = performance.now() + ms;
  for (;;) {
    if (Atomics.load(flag, 0) !== 0) return true;
    const left = end - performance.now();
    if (left <= 0) return false;
    Atomics.wait(flag, 0, 0, left);
  }
}
