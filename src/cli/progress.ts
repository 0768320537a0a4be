/**
 * The progress line of a long run (issue 29, item 3): `beeclak: file.c: function 1234/43000`
 * on stderr, rewritten in place, once the run has taken `after` milliseconds, and only when
 * stderr is a terminal: never in a pipe, a file or a report (the caller leaves it out when
 * the report goes to stderr). The line is erased when the run ends, so what follows starts
 * on a clean line.
 */

/** Where the line goes: a terminal (process.stderr) or a test's stand-in. */
export interface Terminal {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** After each function: how many are done, of how many. */
  readonly step: (done: number, total: number) => void;
  /** Erases the line, if one was written. */
  readonly end: () => void;
}

export interface ProgressOptions {
  /** Milliseconds before the first line (short runs print nothing). */
  readonly after?: number;
  /** Milliseconds between two lines at least. */
  readonly every?: number;
  readonly now?: () => number;
}

const ERASE = '\r\x1b[K';

/** The progress of one file's functions, or nothing when `terminal` is not a terminal. */
export function functionProgress(
  file: string,
  terminal: Terminal = process.stderr,
  options: ProgressOptions = {},
): Progress | undefined {
  if (!terminal.isTTY) return undefined;
  const now = options.now ?? (() => performance.now());
  const after = options.after ?? 2000;
  const every = options.every ?? 200;
  const start = now();
  let shown = false;
  let last = -Infinity;
  return {
    step(done, total) {
      const t = now();
      if (t - start < after || t - last < every) return;
      last = t;
      shown = true;
      terminal.write(`${ERASE}beeclak: ${file}: function ${done}/${total}`);
    },
    end() {
      if (shown) terminal.write(ERASE);
      shown = false;
    },
  };
}
