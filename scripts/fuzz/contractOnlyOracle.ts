/**
 * `--oracle dist/scripts/fuzz/contractOnlyOracle.js`: contractOracle.ts without the
 * `beeclak check` step (contract, compile and run both with sanitizers, compare, mapping
 * against the exact dynamic DS, size against maxLive): about half the cost per program,
 * for campaigns on a loaded machine.
 */
import { contractOracle } from './contractOracle.js';

export const oracle = contractOracle({
  runCheck: false,
  contractArgs: (process.env.FUZZ_CONTRACT_ARGS ?? '').split(/\s+/).filter(Boolean),
});
