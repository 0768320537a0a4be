/**
 * The original body kept next to the contracted one (a run-time guard for `-D n=4` on a
 * function argument n) is a copy of the function's text: what cannot be written twice must
 * be seen in the compiler's view (FunctionModel.copyObstacle). Guards, from the review of
 * 2026-11-26: `PERSIST int calls;` with `#define PERSIST static` got a second counter (the
 * result printed "1 1 2" instead of "1 2 3"), and a label after `if (...)` was defined twice
 * (the result did not compile). Programs in test/fixtures/fallbackCopy.
 */
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';

describe('a body that cannot be copied keeps its arrays under a run-time guard', () => {
  it.each(['static-by-macro.c', 'label-after-if.c'])('%s with -D n=4', (f) => {
    const r = runCli(['check', path.join(ROOT, 'test/fixtures/fallbackCopy', f), '-D', 'n=4']);
    expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
      code: 0,
      last: 'ok',
    });
  });
});
