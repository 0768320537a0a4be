/**
 * Suites that need a system tool beyond Node and a C compiler (pre-commit, Chromium). A fresh
 * machine must pass `npm test`: there such a suite is skipped, its title saying which tool is
 * missing and how to install it, and test/toolNotice.js prints that once, above Jest's summary.
 * Under BEECLAK_REQUIRE_TOOLS=1 (CI, .ci/run) a missing tool fails the suite instead, so the
 * suites cannot pass unseen where they are meant to run.
 */

export interface OptionalTool {
  /** The command's name, as the notice prints it. */
  readonly name: string;
  /** Whether it runs here (probed by the suite, e.g. `pre-commit --version`). */
  readonly found: boolean;
  /** What to install, e.g. `apt-get install pre-commit`. */
  readonly install: string;
}

/** The mark test/toolNotice.js finds in the title of a suite skipped for want of a tool. */
const SKIPPED_MARK = 'skipped, not installed:';

const toolsRequired = (): boolean => process.env.BEECLAK_REQUIRE_TOOLS === '1';

/** `describe(title, body)` when the tool runs here; else skipped, or failed when required. */
export function describeWithTool(tool: OptionalTool, title: string, body: () => void): void {
  if (tool.found) {
    describe(title, body);
    return;
  }
  if (toolsRequired()) {
    describe(title, () => {
      it(`needs ${tool.name}`, () => {
        throw new Error(
          `${tool.name} is not installed (${tool.install}); BEECLAK_REQUIRE_TOOLS=1 makes that a failure`,
        );
      });
    });
    return;
  }
  describe.skip(`${title} [${SKIPPED_MARK} ${tool.name}: ${tool.install}]`, body);
}
