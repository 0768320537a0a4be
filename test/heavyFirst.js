/**
 * Jest's test order for a fresh clone (issue 17). Jest runs the suites it has timed before
 * longest first, but a clone has no timings, and Jest then orders by file size: the CPU-heavy
 * poly/properties.test.ts (a short file) ran last, alone on one core, at the end of the run.
 * Suites never timed go here heaviest first by the list below (CPU of a run on 2 cores,
 * 2026-11-28, after the long sweeps left: self plus the compilers and CLI processes they
 * start), then as Jest orders them.
 * A stale list only costs some idle time at the end, never a test.
 */
import Sequencer from '@jest/test-sequencer';

const Base = Sequencer.default ?? Sequencer;

const HEAVY = [
  'adversarial/adversarial',
  'adversarial/multiFile',
  'decision/sameReports',
  'cli/multiFile',
  'cli/codebase',
  'cli/acrossFiles',
  'precommit/hooks',
  'library/package',
  'cli/reportSchema',
  'adversarial/cppPrograms',
  'e2e/storage',
  'fuzz/generate',
  'configurations/configurations',
  'cli/regressions',
  'adversarial/nonAsciiNames',
  'cli/fileSet',
  'dynamic/traceCheck',
  'hls/cppSamples',
  'lifetime/samples',
  'cli/checkAgainst',
  'cli/trace',
  'dynamic/profile',
  'frontend/startupPaths',
  'poly/properties',
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
