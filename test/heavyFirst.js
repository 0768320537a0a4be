/**
 * Jest's test order for a fresh clone (issue 17). Jest runs the suites it has timed before
 * longest first, but a clone has no timings, and Jest then orders by file size: the CPU-heavy
 * poly/properties.test.ts (a short file) ran last, alone on one core, at the end of the run.
 * Suites never timed go here heaviest first by the list below (CPU of a run on 2 cores,
 * 2026-11-28, the CLI run in a thread of the suite's process: self plus the compilers and
 * programs they start), then as Jest orders them.
 * A stale list only costs some idle time at the end, never a test.
 */
import Sequencer from '@jest/test-sequencer';

const Base = Sequencer.default ?? Sequencer;

const HEAVY = [
  'adversarial/multiFile',
  'adversarial/adversarial',
  'decision/sameReports',
  'adversarial/structShrink',
  'adversarial/structMembers',
  'cli/codebase',
  'adversarial/cppPrograms',
  'cli/acrossFiles',
  'cli/reportSchema',
  'dynamic/traceCheck',
  'cli/multiFile',
  'cli/includedAlone',
  'dynamic/profile',
  'configurations/configurations',
  'poly/properties',
  'cli/regressions',
  'fuzz/generate',
  'e2e/storage',
  'hls/cppSamples',
  'dynamic/compiledOracle',
  'cli/fileSet',
  'adversarial/nonAsciiNames',
  'frontend/startupPaths',
].map((name) => `/test/${name}.test.ts`);

export default class HeavyFirst extends Base {
  async sort(tests) {
    const sorted = await super.sort(tests);
    const rank = (test) => {
      const k = test.duration == null ? HEAVY.findIndex((h) => test.path.endsWith(h)) : -1;
      return k < 0 ? HEAVY.length : k;
    };
    return sorted
      .map((test, order) => ({ test, order, rank: rank(test) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map((x) => x.test);
  }
}
