/**
 * beeclak's own C units (the trace runtime of `profile`, `contract --profiled` and
 * `check --trace`; the owner check's helpers) built with the program's own `-include`: a
 * compilation database's `-include cfg.h` whose cfg.h defines `size_t`, or `exit` as a macro
 * for a function of the program's, stopped their builds at <stdio.h> / <stdlib.h>
 * ("conflicting types for 'size_t'", "... for 'my_exit'"): each command failed on a program
 * the compiler builds. They are now compiled apart, with the target's flags only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-own-units-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const KERNEL = 'int printf(const char *, ...);\n';
const MAIN = `int main(void) {
  int t[64];
  long s = 0;
  for (int i = 0; i < 64; i++) t[i] = 2 * i;
  for (int i = 0; i < 64; i++) s += t[i];
  printf("%ld\\n", s);
  return END;
}
`;
/** The header forced in, and what the program adds to use it. */
const HEADERS: [string, string, string][] = [
  ['size_t', 'typedef unsigned int size_t;\n', '#define END (int)(sizeof(size_t) - 4)\n'],
  [
    'exit',
    '#define exit my_exit\nint my_exit(int code);\n',
    'int my_exit(int code) { return code; }\n#define END exit(0)\n',
  ],
];
const COMMANDS: [string, string[]][] = [
  ['profile', ['profile']],
  ['check --trace', ['check', '--trace', '--no-sanitize']],
  ['contract --profiled', ['contract', '--profiled', '-o', 'out.c']],
];

describe.each(HEADERS)('a compilation database forcing a header that defines %s', (name, h, p) => {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'cfg.h'), h);
  fs.writeFileSync(path.join(dir, 'prog.c'), KERNEL + p + MAIN);
  const entry = {
    directory: dir,
    file: 'prog.c',
    arguments: ['cc', '-include', 'cfg.h', '-c', 'prog.c'],
  };
  fs.writeFileSync(path.join(dir, 'compile_commands.json'), JSON.stringify([entry]));
  it.each(COMMANDS)('%s builds the program with it', (_, args) => {
    const r = runCli([...args, '-p', '.', 'prog.c'], { cwd: dir });
    expect(r.stderr).not.toContain('does not compile');
    expect(r.code).toBe(0);
  });
});
