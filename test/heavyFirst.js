/**
 * Jest's test order for a fresh clone (issue 17). Jest runs the suites it has timed before
 * longest first, but a clone has no timings, and Jest then orders by file size: the CPU-heavy
 * poly/properties.test.ts (a short file) ran last, alone on one core, at the end of the run.
 * Suites never timed go here heaviest first by the list below (CPU of a run on 2 cores,
 * 2026-11-28 late, the CLI run in a thread of the suite's process, the sweeps shared with
 * test:long: self plus the compilers and programs they start; moved on 2026-11-29 by a fresh
 * clone's wall times: structMembers lighter, e2e/dataModel's -m32 builds heavier; on
 * 2026-11-29 at 10:00 by each suite's CPU, its own and its children's, in a fresh clone
 * (`BEECLAK_SUITE_CPU=FILE`, test/environment.js): unityGuards, cppPrograms,
 * configurationMacros, checkAgainst and compiledOracle, 4 to 13 s each, were missing and ran
 * in file-size order), then as Jest orders them.
 * A stale list only costs some idle time at the end, never a test.
 */
import Sequencer from '@jest/test-sequencer';

const Base = Sequencer.default ?? Sequencer;

const HEAVY = [
  'adversarial/adversarial',
  'cli/unityGuards',
  'adversarial/structShrink',
  'adversarial/multiFile',
  'e2e/dataModel',
  'fuzz/generate',
  'adversarial/structMembers',
  'configurations/configurations',
  'cli/includedAlone',
  'adversarial/cppPrograms',
  'decision/sameReports',
  'cli/reportSchema',
  'cli/codebase',
  'cli/startup',
  'dynamic/profile',
  'cli/multiFile',
  'cli/regressions',
  'hls/cppSamples',
  'dynamic/traceCheck',
  'e2e/storage',
  'cli/acrossFiles',
  'frontend/startupPaths',
  'adversarial/configurationMacros',
  'cli/checkAgainst',
  'adversarial/nonAsciiNames',
  'samples/samples',
  'frontend/lineDirectives',
  'dynamic/compiledOracle',
  'cli/trace',
  'adversarial/macroGuards',
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
