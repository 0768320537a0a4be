/**
 * Warnings about the run rather than about one array (the compiler a compilation database
 * names is missing, a file has no entry of its own), each with its reason code
 * (docs/reasons.md): printed on stderr as `beeclak: warning: ... [BC0201 compiler-fallback]`,
 * each once per run however many files it concerns.
 */
import { codeOf, type ReasonName } from '../model/reasons.js';
import type { Io } from './io.js';

export class RunNotices {
  private readonly said = new Set<string>();

  constructor(private readonly io: Pick<Io, 'stderr'>) {}

  /** Says `message` unless a warning of the same `key` (default: the message) was said. */
  warn(reason: ReasonName, message: string, key: string = message): void {
    if (this.said.has(key)) return;
    this.said.add(key);
    this.io.stderr(`beeclak: warning: ${message} [${codeOf(reason)} ${reason}]\n`);
  }
}
