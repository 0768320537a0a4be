/**
 * Property tests are deterministic in CI: one fixed seed for every fast-check run, unless
 * FC_SEED asks for another (e.g. `FC_SEED=$RANDOM npm test` to explore).
 */
import fc from 'fast-check';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261122) });

// Compiled C programs are shared between suites and runs (scripts/ccCache.ts); `BEECLAK_CC_CACHE=`
// (empty) builds everything afresh.
process.env.BEECLAK_CC_CACHE ??= join(tmpdir(), `beeclak-cc-cache-${userInfo().uid}`);

// Each suite compiles the modules it imports afresh, in a context of its own, and V8 then
// optimizes the same functions again in every suite, most of them on background threads
// for a suite about to end. Fifteen times V8's interrupt budget (as bin/beeclak.js does for
// the CLI, which explains the flag) leaves the hot loops optimized: on 2 cores, 12 suites
// of analysis took 15 to 18 % less CPU for the same wall time (issue 29, item 6). Set here,
// in each worker, it holds however Jest is started; a budget given to node is left alone.
if (
  !/--interrupt[-_]budget/.test(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`)
)
  v8.setFlagsFromString('--interrupt-budget=1013760');
