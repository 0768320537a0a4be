/**
 * The error every stage throws for input the tool refuses: exit code 1 at the command line,
 * printed as `file:line:col: error: message` (docs/design.md, "Interfaces"). It lives with the
 * model so that stages can throw it without reaching up into the command line.
 */
import type { SourceLoc } from './types.js';

export class InputError extends Error {
  readonly exitCode = 1;
  constructor(
    message: string,
    readonly file?: string,
    readonly loc?: SourceLoc,
  ) {
    super(message);
  }
  /**
   * `file:line:col: error: message`, the form editors and CI logs recognise; without a file,
   * `beeclak: error: message`, as every error of the command line.
   */
  format(): string {
    const where = this.file
      ? this.loc
        ? `${this.file}:${this.loc.line}:${this.loc.column}: `
        : `${this.file}: `
      : 'beeclak: ';
    return `${where}error: ${this.message}`;
  }
}
