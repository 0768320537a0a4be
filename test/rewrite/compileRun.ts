/** Compiles and runs small C programs for end-to-end tests (system `cc`, or `$CC`). */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileCached } from '../../scripts/ccCache.js';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

function exec(file: string, args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(file, args, { encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-rewrite-'));
let counter = 0;
// Registered by each test file that imports this module.
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `source` as NAME.c, compiles it with -O0 and runs it; throws when it does not compile. */
export async function compileAndRun(name: string, source: string): Promise<RunResult> {
  const base = path.join(dir, `${name}-${counter++}`);
  writeFileSync(`${base}.c`, source);
  const cc = process.env.CC ?? 'cc';
  // e.g. BEECLAK_TEST_CFLAGS='-fsanitize=address,undefined' to run everything under sanitizers
  const extra = (process.env.BEECLAK_TEST_CFLAGS ?? '').split(' ').filter(Boolean);
  const built = await compileCached(
    exec,
    cc,
    [...extra, '-O0', '-std=gnu99', '-Wall', '-Werror=unused-function'],
    `${base}.c`,
    base,
  );
  if (built.code !== 0) throw new Error(`${name} does not compile:\n${built.stderr}\n${source}`);
  return exec(base, []);
}
