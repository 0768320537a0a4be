/** Where commands print, and how a command ends with a non-zero exit code without throwing. */
import type { Command } from 'commander';

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** A program text read by readSource (one character per byte), written as those bytes. */
  stdoutBytes?: (s: string) => void;
}

export const processIo: Io = {
  stdout: (s) => process.stdout.write(s),
  stdoutBytes: (s) => process.stdout.write(Buffer.from(s, 'latin1')),
  stderr: (s) => process.stderr.write(s),
};

/** Lets a command finish with a non-zero exit code without throwing (e.g. `check` found a difference). */
export function setExitCode(cmd: Command, code: number): void {
  let root: Command = cmd;
  while (root.parent) root = root.parent;
  (root as unknown as { _beeclakExit?: number })._beeclakExit = code;
}
