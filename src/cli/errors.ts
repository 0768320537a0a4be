/**
 * Errors that end a command with a stable exit code (docs/design.md, "Interfaces"):
 * 1 for input the tool refuses (InputError, thrown by the stages), 2 for usage.
 */
export { InputError } from '../model/errors.js';

export class UsageError extends Error {
  readonly exitCode = 2;
  format(): string {
    return `beeclak: ${this.message}\nTry 'beeclak --help'.`;
  }
}
