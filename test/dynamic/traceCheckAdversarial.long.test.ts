/**
 * `check --trace` on every adversarial program (test/dynamic/traceAdversarial.ts), a long
 * suite (`npm run test:long`): a second oracle over the whole folder, whose programs
 * test/adversarial/adversarial.test.ts already builds and runs. traceCheck.test.ts keeps the
 * programs of the trace build's scope bug in `npm test`.
 */
import { TRACEABLE, traceAdversarial } from './traceAdversarial.js';

describe('check --trace on every adversarial program', () => {
  it('the table covers the folder', () => {
    expect(TRACEABLE.length).toBeGreaterThanOrEqual(26);
  });
  it.each(TRACEABLE)('%s', traceAdversarial);
});
