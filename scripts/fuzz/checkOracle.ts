/**
 * `--oracle dist/scripts/fuzz/checkOracle.js`: the full oracle of contractOracle.ts with one
 * beeclak process per program (`check --keep --report-file` gives the contracted program
 * and the report), for long campaigns. `FUZZ_CONTRACT_ARGS` as for contractOracle.js.
 */
import { contractOracle } from './contractOracle.js';

export const oracle = contractOracle({
  viaCheck: true,
  contractArgs: (process.env.FUZZ_CONTRACT_ARGS ?? '').split(/\s+/).filter(Boolean),
});
