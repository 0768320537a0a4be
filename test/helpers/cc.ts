/** Compiles C text with `cc -Wall -Werror` and runs it: what every contracted output must pass. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Ran {
  readonly compiled: boolean;
  readonly diagnostics: string;
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number | null;
}

const CC = process.env.CC?.trim() || 'cc';

export function compileAndRun(text: string, name: string, extraFlags: string[] = []): Ran {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-cc-'));
  try {
    const src = path.join(dir, `${name}.c`);
    const exe = path.join(dir, name);
    fs.writeFileSync(src, text);
    const c = spawnSync(
      CC,
      ['-std=gnu99', '-O1', '-Wall', '-Werror', '-o', exe, src, ...extraFlags, '-lm'],
      { encoding: 'utf8' },
    );
    if (c.status !== 0)
      return { compiled: false, diagnostics: c.stderr, stdout: '', stderr: '', status: null };
    const r = spawnSync(exe, [], { encoding: 'utf8', cwd: dir });
    return {
      compiled: true,
      diagnostics: c.stderr,
      stdout: r.stdout,
      stderr: r.stderr,
      status: r.status,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
