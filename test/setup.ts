/**
 * Property tests are deterministic in CI: one fixed seed for every fast-check run, unless
 * FC_SEED asks for another (e.g. `FC_SEED=$RANDOM npm test` to explore).
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261122) });
