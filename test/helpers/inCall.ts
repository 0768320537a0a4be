/**
 * A test body run as one call (src/context/callContext.ts): what the call counts (work
 * spent, overflows, enumerated points, the memo) is read within it. Outside any call nothing
 * is counted.
 *
 *     it('...', inCall(() => { ... }));
 */
import { withCallContext } from '../../src/context/callContext.js';

export const inCall =
  <A extends unknown[], T>(fn: (...args: A) => T): ((...args: A) => T) =>
  (...args) =>
    withCallContext(() => fn(...args));
