/** The reason codes of a report entry's warnings, for tests that ask which ones it has. */
import { codeOf, type ReasonName } from '../../src/model/reasons.js';

/** Whether `a` has a warning with this reason. */
export function hasWarning(
  a: { warnings: readonly { code: string }[] },
  reason: ReasonName,
): boolean {
  return a.warnings.some((w) => w.code === codeOf(reason));
}

/** The messages of `a`'s warnings, one text (for a check of the evidence a message gives). */
export function warningText(a: { warnings: readonly { message: string }[] }): string {
  return a.warnings.map((w) => w.message).join('\n');
}
