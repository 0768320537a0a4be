/**
 * References evaluated under `?:`, `&&`, `||` and subscripts chosen by `?:`, end to end:
 * the exact model lets them be contracted, and the contracted program (compiled and run,
 * with the owner check) computes what the original did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-cond-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// Boundary handling written with `?:` (clamped neighbour reads, a guarded previous cell, a
// `&&` short-circuit): before exact modelling every such subscript meant "any index" and
// nothing could be contracted.
const CLAMPED = `#include <stdio.h>
#define N 40
#define MAX(a, b) ((a) > (b) ? (a) : (b))
int main(void) {
  int t[N], u[N], w[N][N], s = 0, i, j;
  for (i = 0; i < N; i++) {
    t[i] = (i * 7) % 13;
    s += t[i > 0 ? i - 1 : 0] + t[i];
  }
  for (i = 0; i < N; i++) {
    u[i] = (i * 5) % 11;
    s += (i > 1 && u[i - 2] > 3) ? u[i] : u[MAX(i - 1, 0)];
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      w[i][j] = i ^ j;
      s += j == 0 ? w[i][j] : w[i][j - 1] * 3 + w[i > 0 ? i - 1 : i][j];
    }
  printf("%d\\n", s);
  return 0;
}
`;

describe('conditionally evaluated references', () => {
  const file = path.join(tmp, 'clamped.c');
  fs.writeFileSync(file, CLAMPED);
  const report = path.join(tmp, 'clamped.json');
  const checked = runCli(['check', file, '--report-file', report]);

  it('the contracted program computes the same output and passes the owner check', () => {
    expect({ code: checked.code, ok: checked.stdout.trim().split('\n').pop() }).toEqual({
      code: 0,
      ok: 'ok',
    });
  });

  it('contracts each array to its live window', () => {
    const arrays = (
      JSON.parse(fs.readFileSync(report, 'utf8')) as {
        arrays: { name: string; compressedCells: number }[];
      }
    ).arrays;
    const cells = Object.fromEntries(arrays.map((a) => [a.name, a.compressedCells]));
    // t: t[i-1] and t[i]; u: u[i-2] .. u[i]; w: the previous row plus one cell.
    expect(cells).toEqual({ t: 2, u: 3, w: 41 });
  });
});
