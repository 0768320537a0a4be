/**
 * Jest's test order for a fresh clone (issue 17). Jest runs the suites it has timed before
 * longest first, but a clone has no timings, and Jest then orders by file size: the CPU-heavy
 * poly/properties.test.ts (a short file) ran last, alone on one core, at the end of the run.
 * Suites never timed go here heaviest first by the list below (CPU of a run on 2 cores,
 * 2026-11-28 late, the CLI run in a thread of the suite's process, the sweeps shared with
 * test:long: self plus the compilers and programs they start; moved on 2026-11-29 by a fresh
 * clone's wall times: structMembers lighter, e2e/dataModel's -m32 builds heavier), then as
 * Jest orders them.
 * A stale list only costs some idle time at the end, never a test.
 */
import Sequencer from '@jest/test-sequencer';

const Base = Sequencer.default ?? Sequencer;

const HEAVY = [
  'adversarial/multiFile',
  'adversarial/adversarial',
  'fuzz/generate',
  'e2e/dataModel',
  'adversarial/structMembers',
  'adversarial/structShrink',
  'cli/reportSchema',
  'cli/codebase',
  'dynamic/profile',
  'decision/sameReports',
  'cli/includedAlone',
  'configurations/configurations',
  'e2e/storage',
  'cli/startup',
  'samples/samples',
  'cli/multiFile',
  'hls/cppSamples',
  'cli/regressions',
  'cli/trace',
  'cli/acrossFiles',
  'dynamic/traceCheck',
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
