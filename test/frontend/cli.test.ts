/** `beeclak model` as users run it: output forms and bad input. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'beeclak-model-'));
// Every run used to leave this folder behind in the system's temporary directory.
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

const KERNEL = `#define N 100
double kernel(double x[N]) {
  double y[N][N], s = 0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k <= i; k++)
      y[i][k] = x[i] + k;
  for (int i = 0; i < N; i++) s += y[i][0];
  return s;
}
`;

describe('beeclak model', () => {
  const good = file('kernel.c', KERNEL);

  it('prints functions, arrays, domains, schedules and accesses (built-in reading)', () => {
    const r = runCli(['model', good, '--builtin']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('function kernel');
    expect(r.stdout).toContain('parameters: N = 100 (define)');
    expect(r.stdout).toContain('y: double y[N][N] = [100][100] (local): candidate');
    expect(r.stdout).toContain("- parameter: 'x' is a parameter");
    expect(r.stdout).toContain('domain:   [N] -> { [i, k] : 0 <= i < N and 0 <= k <= i }');
    expect(r.stdout).toContain('schedule: [1, i_1, 0]');
    expect(r.stdout).toMatch(/write y\[i\]\[k\]\s+\(order 1\)/);
  });

  // Guards `model` showing what the analysis works on: it printed the built-in reading (N
  // symbolic) while contract and analyze read the preprocessed file (N = 100 folded in).
  it("prints the compiler's view by default, with the compiler's flags", () => {
    const r = runCli(['model', good]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('parameters: (none)');
    expect(r.stdout).toContain('domain:   { [i, k] : 0 <= i <= 99 and 0 <= k <= i }');
    const guarded = file(
      'guarded.c',
      KERNEL.replace('#define N 100', '#ifndef N\n#define N 100\n#endif'),
    );
    const seven = runCli(['model', guarded, '-D', 'N=7']);
    expect(seven.stdout).toContain('domain:   { [i, k] : 0 <= i <= 6 and 0 <= k <= i }');
    const flag = runCli(['model', guarded, '-D', 'N=SIZE', '-D', 'SIZE=5']);
    expect(flag.stdout).toContain('domain:   { [i, k] : 0 <= i <= 4 and 0 <= k <= i }');
  });

  it('prints JSON with bigints as strings, and applies -D and --temporary', () => {
    const r = runCli(['model', good, '--builtin', '--json', '-D', 'N=7', '--temporary', 'x']);
    expect(r.code).toBe(0);
    const m = JSON.parse(r.stdout);
    const f = m.functions[0];
    expect(f.parameters[0]).toMatchObject({ name: 'N', value: '7', source: 'command-line' });
    expect(f.arrays.find((a: { name: string }) => a.name === 'x')).toMatchObject({
      markedTemporary: true,
      candidate: true,
    });
    expect(f.statements[0].accesses[1].subscripts[0]).toEqual({
      coeffs: { i: '1' },
      constant: '0',
    });
  });

  it('reports a syntax error as file:line:col with exit 1', () => {
    const bad = file('bad.c', 'void f(void) {\n  int x = ;\n}\n');
    const r = runCli(['model', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: error: expected expression`,
      ),
    );
    expect(r.stderr).not.toContain('    at ');
  });

  it('reports a missing file with exit 1', () => {
    const r = runCli(['model', path.join(dir, 'nope.c')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("cannot read '");
    expect(r.stderr).toContain('no such file');
  });

  it('exits 2 on an unknown option or a bad -D', () => {
    expect(runCli(['model', good, '--frobnicate']).code).toBe(2);
    const r = runCli(['model', good, '-D', '1x=2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-D expects NAME[=VALUE]');
    expect(runCli(['model', good, '--temporary', '1x']).code).toBe(2);
  });
});
