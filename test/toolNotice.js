/**
 * A Jest reporter: at the end of the run, just above the summary, one notice per optional
 * tool whose suites were skipped because it is not installed (test/helpers/optionalTool.ts
 * marks their titles), saying what to install. Silent when nothing was skipped for that
 * reason.
 */
import path from 'node:path';

const MARK = /\[skipped, not installed: ([^:\]]+): ([^\]]*)\]/;

export default class ToolNotice {
  constructor(globalConfig) {
    this.root = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const missing = new Map();
    for (const suite of results.testResults) {
      for (const test of suite.testResults) {
        if (test.status !== 'pending') continue;
        const m = test.ancestorTitles.map((t) => MARK.exec(t)).find(Boolean);
        if (!m) continue;
        const entry = missing.get(m[1]) ?? { install: m[2], tests: 0, files: new Set() };
        entry.tests++;
        entry.files.add(path.relative(this.root, suite.testFilePath));
        missing.set(m[1], entry);
      }
    }
    if (missing.size === 0) return;
    const lines = [...missing].map(
      ([tool, e]) =>
        `  ${tool}: ${e.tests} test${e.tests === 1 ? '' : 's'} skipped (${[...e.files].join(', ')}); install: ${e.install}`,
    );
    process.stderr.write(
      [
        '',
        'Note: optional tools are not installed, so these tests were skipped:',
        ...lines,
        '  (BEECLAK_REQUIRE_TOOLS=1 makes a missing tool a failure; bash .ci/run installs the tools and sets it)',
        '',
      ].join('\n') + '\n',
    );
  }
}
