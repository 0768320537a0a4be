/**
 * Suppression by reason code (issue 28): in the configuration (the `suppress` option, the
 * configuration file's key, `--suppress`), and for one array by a comment next to its
 * declaration (`beeclak: keep`, `beeclak: suppress CODE`) or `#pragma beeclak keep(A)`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract, formatText, OptionError } from '../../src/index.js';
import { codeOf } from '../../src/model/reasons.js';
import { runCli } from '../helpers/cli.js';

/** t is contracted (2 cells); u reads a cell before writing it (a warning). */
const program = (beforeT = '', afterT = '', extra = '') => `#include <stdio.h>
${extra}int main(void) {
${beforeT}  double t[64];${afterT}
  double u[4];
  double s = 0;
  for (int i = 0; i < 64; i++) {
    t[i] = i * 0.5;
    if (i > 0) s += t[i] + t[i - 1];
  }
  s += u[2];
  for (int i = 0; i < 4; i++) u[i] = i;
  printf("%f %f\\n", s, u[1]);
  return 0;
}
`;

const arrays = async (source: string, options = {}) =>
  (await contract(source, { file: 'k.c', compiler: false, ...options })).report;

describe('suppressed by the configuration', () => {
  it('marks the findings of the codes it names, and the text report leaves them out', async () => {
    const plain = await arrays(program());
    const u = plain.arrays.find((a) => a.name === 'u')!;
    expect(u.warnings.map((w) => w.code)).toContain(codeOf('read-before-write'));
    expect(formatText(plain)).toContain('[BC1204 read-before-write]');
    const report = await arrays(program(), { suppress: ['read-before-write'] });
    const w = report.arrays
      .find((a) => a.name === 'u')!
      .warnings.find((x) => x.code === codeOf('read-before-write'))!;
    expect(w.suppressed).toBe('configuration');
    expect(formatText(report)).not.toContain('BC1204');
    // By number too.
    const byCode = await arrays(program(), { suppress: ['BC1204'] });
    expect(formatText(byCode)).not.toContain('BC1204');
  });

  it('refuses a code that is none', async () => {
    await expect(arrays(program(), { suppress: ['BC9999'] })).rejects.toThrow(OptionError);
  });

  it('reads the configuration file and --suppress; SARIF marks the suppression', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-suppress-'));
    try {
      fs.writeFileSync(path.join(dir, 'k.c'), program());
      const json = (args: string[]) => {
        const r = runCli(['contract', 'k.c', '--report', 'json', ...args], { cwd: dir });
        return JSON.parse(r.stderr).files[0] as {
          arrays: { name: string; warnings: { code: string; suppressed?: string }[] }[];
        };
      };
      const code = codeOf('read-before-write');
      const suppressed = (r: ReturnType<typeof json>) =>
        r.arrays.find((a) => a.name === 'u')!.warnings.find((w) => w.code === code)!.suppressed;
      expect(suppressed(json([]))).toBeUndefined();
      expect(suppressed(json(['--suppress', 'BC1204']))).toBe('configuration');
      fs.writeFileSync(path.join(dir, 'beeclak.json'), '{ "suppress": ["read-before-write"] }');
      expect(suppressed(json([]))).toBe('configuration');
      const log = JSON.parse(
        runCli(['contract', 'k.c', '--report', 'sarif'], { cwd: dir }).stderr,
      ) as { runs: { results: { ruleId: string; suppressions?: { kind: string }[] }[] }[] };
      const result = log.runs[0]!.results.find((r) => r.ruleId === code)!;
      expect(result.suppressions).toEqual([{ kind: 'external' }]);
      fs.writeFileSync(path.join(dir, 'beeclak.json'), '{ "suppress": ["no-such-code"] }');
      const bad = runCli(['contract', 'k.c'], { cwd: dir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("'no-such-code' is no reason code");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('suppressed next to a declaration', () => {
  it.each([
    ['a comment after it', '', ' /* beeclak: keep */', ''],
    ['a line comment alone on the line before', '  // beeclak: keep\n', '', ''],
    ['a pragma in the function', '  #pragma beeclak keep(t)\n', '', ''],
    ['a pragma outside, qualified', '', '', '#pragma beeclak keep(main:t)\n'],
  ])('%s keeps t as written, and says nothing of it', async (_what, before, after, extra) => {
    const source = program(before, after, extra);
    const { code, report } = await contract(source, { file: 'k.c', compiler: false });
    const t = report.arrays.find((a) => a.name === 't')!;
    expect([t.status, t.code, t.suppressed]).toEqual(['unchanged', codeOf('kept'), 'source']);
    expect(code).toContain('double t[64];');
    expect(formatText(report)).not.toMatch(/ t \(double\)/);
  });

  it('a keep comment is about its own declaration only', async () => {
    const report = await arrays(
      program('', '', '').replace('double u[4];', 'double u[4]; /* beeclak: keep */'),
    );
    expect(report.arrays.find((a) => a.name === 't')!.status).toBe('contracted');
  });

  it('beeclak: suppress CODE hides that finding of that array', async () => {
    const source = program().replace('double u[4];', 'double u[4]; // beeclak: suppress BC1204');
    const report = await arrays(source);
    const u = report.arrays.find((a) => a.name === 'u')!;
    expect(u.warnings.find((w) => w.code === codeOf('read-before-write'))!.suppressed).toBe(
      'source',
    );
    expect(formatText(report)).not.toContain('BC1204');
  });

  it('a comment naming no code is an error', async () => {
    const source = program().replace('double u[4];', 'double u[4]; // beeclak: suppress BC12O4');
    await expect(arrays(source)).rejects.toThrow(/'BC12O4' is no reason code/);
  });
});

it('a keep pragma that names no array is an error', async () => {
  await expect(arrays(program('  #pragma beeclak keep(tt)\n'))).rejects.toThrow(
    /keep\(main:tt\): no such array/,
  );
});
