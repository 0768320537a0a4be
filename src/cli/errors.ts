/**
 * Errors that end a command with a stable exit code (DESIGN.md, "Interfaces"):
 * 1 for input the tool refuses (with file:line:col where there is one), 2 for usage.
 */
import type { SourceLoc } from '../model/types.js';

export class InputError extends Error {
  readonly exitCode = 1;
  constructor(
    message: string,
    readonly file?: string,
    readonly loc?: SourceLoc,
  ) {
    super(message);
  }
  /** `file:line:col: error: message`, the form editors and CI logs recognise. */
  format(): string {
    const where = this.file
      ? this.loc
        ? `${this.file}:${this.loc.line}:${this.loc.column}: `
        : `${this.file}: `
      : '';
    return `${where}error: ${this.message}`;
  }
}

export class UsageError extends Error {
  readonly exitCode = 2;
  format(): string {
    return `beeclak: ${this.message}\nTry 'beeclak --help'.`;
  }
}
