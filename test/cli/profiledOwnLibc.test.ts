/**
 * `contract --profiled` on a program that defines what the C library defines (TACLeBench's
 * `typedef unsigned int size_t;`, `#define int32_t int`) or includes <stdio.h> itself: the
 * trace build included <stdio.h>, <stdlib.h> and <string.h> into the program's own unit,
 * after its definitions, and stopped ("conflicting types for 'size_t'"): `profile` and
 * `contract --profiled` failed, exit 1. The BEECLAK_VERIFY build of the written file did
 * the same. The trace runtime is now a unit of its own, and the verify build's helpers
 * reach the C library by symbol, with no system header (the <stdio.h> case guards that
 * those declarations live with the program's own includes).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-profiled-libc-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// n is 32 without arguments, 64 with one: the profiled run (no argument) gives t 32 slots,
// and a run with an argument then reads a clobbered slot (the verify build stops, 97).
const KERNEL = `int32_t buf_sum(int32_t n) {
  int32_t t[256];
  int32_t s = 0;
  size_t i;
  for (i = 0; i < (size_t)n; i++) t[(i * 7) % n] = (int32_t)i;
  for (i = 0; i < (size_t)n; i++) s += t[i] * (int32_t)i;
  return s;
}
`;
const CASES: [string, string, string][] = [
  [
    'ownlibc.c',
    'typedef unsigned int size_t;\n#define int32_t int\n',
    'int main(int argc, char **argv) { (void)argv; return buf_sum(argc > 1 ? 64 : 32) % 100; }\n',
  ],
  [
    'stdio.c',
    '#include <stdio.h>\n#include <stdlib.h>\n#include <stdint.h>\n',
    'int main(int argc, char **argv) { (void)argv; printf("%d\\n", (int)buf_sum(argc > 1 ? 64 : 32)); return 0; }\n',
  ],
];

function build(file: string, flags: string[] = []): string {
  const exe = file.replace(/\.c$/, '') + flags.join('');
  const r = spawnSync('cc', ['-Wall', ...flags, '-o', exe, file], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return exe;
}
const run = (exe: string, args: string[]) => {
  const r = spawnSync(exe, args, { encoding: 'utf8' });
  return [r.status, r.stdout];
};

it.each(CASES)(
  'contract --profiled %s: the traced and the verify builds compile',
  (name, head, tail) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, head + KERNEL + tail);
    const out = path.join(tmp, `out-${name}`);
    const r = runCli(['contract', '--profiled', file, '-o', out]);
    expect(r.stderr).not.toContain('does not compile');
    expect(r.code).toBe(0);
    const text = fs.readFileSync(out, 'utf8');
    expect(text).toContain('PROFILED, NOT PROVED');
    const orig = build(file);
    const folded = build(out);
    const verify = build(out, ['-DBEECLAK_VERIFY']);
    expect(run(folded, [])).toEqual(run(orig, []));
    expect(run(verify, [])).toEqual(run(orig, []));
    // The profiled mapping is wrong for this input: the verify build says so.
    const wrong = spawnSync(verify, ['x'], { encoding: 'utf8' });
    expect(wrong.status).toBe(97);
    expect(wrong.stderr).toContain('beeclak check: clobbered read of t[');
  },
);
