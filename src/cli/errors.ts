/**
 * Errors that end a command with a stable exit code (docs/design.md, "Interfaces"):
 * 1 for input the tool refuses (InputError, thrown by the stages), 2 for usage.
 *
 * One style for every message: `file:line:col: error: ...` (or `file: error: ...`) where the
 * error is in a file, `beeclak: error: ...` otherwise; a usage error adds USAGE_HINT.
 */
export { InputError } from '../model/errors.js';

export const USAGE_HINT = "Try 'beeclak --help'.";

export class UsageError extends Error {
  readonly exitCode = 2;
  format(): string {
    return `beeclak: error: ${this.message}\n${USAGE_HINT}`;
  }
}
