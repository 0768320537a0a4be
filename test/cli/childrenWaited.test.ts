/**
 * Every compiler `beeclak` starts has ended when `beeclak` ends (issue 29, item 6: `cc -E`
 * preprocessors were seen running at the end of test suites). The compiler is a script that
 * logs its start, waits, runs `cc` and logs its end: a run the tool did not wait for is still
 * in its wait when the tool exits, and its start has no end in the log. The binary itself,
 * in a process of its own: a run in the CLI's thread could not tell (the test's process
 * lives on). Guards compilerView.ts's preprocessor started while the parser loads: a parser
 * that failed to load left it running after the exit (an error thrown there, all three
 * cases fail).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-children-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const LOG = path.join(tmp, 'cc.log');
const CC = path.join(tmp, 'slow-cc');
fs.writeFileSync(
  CC,
  `#!/bin/sh
echo "start $$" >> "$CC_LOG"
sleep 0.5
cc "$@"
status=$?
echo "end $$" >> "$CC_LOG"
exit $status
`,
  { mode: 0o755 },
);

const KERNEL = (n: number) => `#define N 8
int out${n}[N];
void kernel${n}(const int a[N]) {
  int t[N];
  for (int i = 0; i < N; i++) { t[i] = a[i] + ${n}; out${n}[i] = t[i] * 2; }
}
`;
for (const n of [1, 2]) fs.writeFileSync(path.join(tmp, `k${n}.c`), KERNEL(n));
fs.writeFileSync(path.join(tmp, 'refused.c'), '#error "not this one"\nint x;\n');

/** The compilers a run of `beeclak args` started that had not ended when it ended. */
function leftRunning(args: string[]): { code: number | null; running: string[]; runs: number } {
  fs.writeFileSync(LOG, '');
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: tmp,
    encoding: 'utf8',
    env: { ...process.env, BEECLAK_DEBUG: '', CC, CC_LOG: LOG },
  });
  const lines = fs.readFileSync(LOG, 'utf8').split('\n');
  const started = lines.filter((l) => l.startsWith('start ')).map((l) => l.slice(6));
  const ended = new Set(lines.filter((l) => l.startsWith('end ')).map((l) => l.slice(4)));
  return { code: r.status, running: started.filter((p) => !ended.has(p)), runs: started.length };
}

describe('beeclak ends after every compiler it started', () => {
  it.each([
    ['one file (the preprocessor runs while the parser loads)', ['contract', 'k1.c', '-o', 'o.c']],
    ['two files on two worker threads', ['contract', '--jobs', '2', 'k1.c', 'k2.c', '--list']],
    ['a file the compiler refuses', ['contract', 'refused.c', '-o', 'o.c']],
  ])('%s', (_, args) => {
    const r = leftRunning(args);
    expect(r.runs).toBeGreaterThan(0);
    expect(r.running).toEqual([]);
  });
});
