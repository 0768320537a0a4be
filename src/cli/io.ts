/** Where commands print, and how a command ends with a non-zero exit code without throwing. */
import type { Command } from 'commander';

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export const processIo: Io = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
};

/** Lets a command finish with a non-zero exit code without throwing (e.g. `check` found a difference). */
export function setExitCode(cmd: Command, code: number): void {
  let root: Command = cmd;
  while (root.parent) root = root.parent;
  (root as unknown as { _beeclakExit?: number })._beeclakExit = code;
}
