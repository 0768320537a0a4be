/**
 * The owner-check build of a program that defines what the C library defines (TACLeBench's
 * wcc headers: `typedef unsigned int size_t;`, `#define int32_t int`, no system header):
 * the check's helpers included <stdio.h>, <stdlib.h> and <string.h> into the program's own
 * unit, after its definitions, and the build stopped ("conflicting types for 'size_t'",
 * "two or more data types"): `check` failed, exit 3, on a sound contraction ("the
 * owner-check build does not compile (a beeclak bug)"). The helpers are now a unit apart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-check-libc-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const PROGRAM = `typedef unsigned int size_t;
#define int32_t int
#define u_int32_t unsigned int
int32_t sum_rows(void) {
  int32_t t[64][8];
  int32_t s = 0;
  size_t i, j;
  for (i = 0; i < 64; i++) {
    for (j = 0; j < 8; j++) t[i][j] = (int32_t)(i * j);
    for (j = 0; j < 8; j++) s += t[i][j];
  }
  return s;
}
int main(void) { return sum_rows() == 28 * 2016 ? 0 : 1; }
`;

it('check builds the owner check of a program with its own size_t and int32_t', () => {
  const file = path.join(tmp, 'ownlibc.c');
  fs.writeFileSync(file, PROGRAM);
  const r = runCli(['check', file, '--no-sanitize']);
  expect(r.stdout).toContain('owner check: every read found its own cell in its slot');
  expect(r.code).toBe(0);
});
