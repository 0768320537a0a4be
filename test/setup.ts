/**
 * Property tests are deterministic in CI: one fixed seed for every fast-check run, unless
 * FC_SEED asks for another (e.g. `FC_SEED=$RANDOM npm test` to explore).
 */
import fc from 'fast-check';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261122) });

// Compiled C programs are shared between suites and runs (scripts/ccCache.ts); `BEECLAK_CC_CACHE=`
// (empty) builds everything afresh.
process.env.BEECLAK_CC_CACHE ??= join(tmpdir(), `beeclak-cc-cache-${userInfo().uid}`);
