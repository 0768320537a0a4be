/** Runs the built CLI the way users do (`node bin/beeclak.js ...`); `npm test` builds first. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin', 'beeclak.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { cwd?: string; input?: string; env?: Record<string, string> } = {},
): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input,
    encoding: 'utf8',
    env: { ...process.env, BEECLAK_DEBUG: '', ...opts.env },
    // A hang fails its test (code -1) instead of holding the whole run until CI's limit:
    // a synchronous spawn is out of reach of Jest's own timeout (a mutation of the name
    // records made `check` loop for 15 minutes).
    timeout: 180_000,
    killSignal: 'SIGKILL',
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
