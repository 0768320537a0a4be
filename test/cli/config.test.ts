/**
 * Configuration files: found by walking up from each file, `beeclak` key of package.json,
 * per-glob overrides, command-line precedence, exclude, and clear errors for bad keys.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { ConfigError, ConfigFinder, parseConfig, valuesFor } from '../../src/cli/config.js';
import { globToRegExp, matchesGlob } from '../../src/cli/files.js';
import { codeOf } from '../../src/model/reasons.js';

const TWO = `#define N 8
void kernel(const int a[N], int b[N]) {
  int t[N];
  int u[N];
  for (int i = 0; i < N; i++) { t[i] = a[i] + 1; u[i] = t[i] * 2; b[i] = u[i]; }
}
`;

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-config-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), text);
  }
  return dir;
}

describe('globs', () => {
  it.each([
    ['*.c', 'a.c', true],
    ['*.c', 'src/deep/a.c', true],
    ['gen', 'src/gen/a.c', true],
    ['src/*.c', 'src/a.c', true],
    ['src/*.c', 'src/x/a.c', false],
    ['src/**/*.c', 'src/x/y/a.c', true],
    ['src/**/*.c', 'src/a.c', true],
    ['src/gen', 'src/gen/x/a.c', true],
    ['*_{test,bench}.c', 'x/k_bench.c', true],
    ['[ab].c', 'c.c', false],
  ])('%s matches %s: %s', (glob, file, expected) => {
    expect(matchesGlob(file, glob, '/base')).toBe(expected);
    expect(globToRegExp(glob)).toBeInstanceOf(RegExp);
  });
});

describe('parseConfig', () => {
  it('reads every long option and the overrides', () => {
    const c = parseConfig(
      {
        define: { N: 100, M: '-3' },
        temporary: ['kernel:t', 'u'],
        heuristic: 'opt',
        modulo: 'pow2',
        minGain: 2,
        privateStack: 131072,
        hls: true,
        exclude: ['gen/**'],
        overrides: [{ files: 'dsp/*.c', define: { M: 4 }, modulo: 'exact' }],
      },
      '/p/beeclak.json',
    );
    expect(valuesFor(c, '/p/dsp/f.c')).toMatchObject({
      define: { N: 100n, M: 4n },
      modulo: 'exact',
      heuristic: 'opt',
      hls: true,
      privateStack: 131072,
    });
    expect(valuesFor(c, '/p/other/f.c')).toMatchObject({
      define: { N: 100n, M: -3n },
      modulo: 'pow2',
    });
  });

  it.each([
    [{ heuristc: 'opt' }, "unknown key 'heuristc'"],
    [{ heuristic: 'best' }, "'heuristic' must be one of"],
    [{ define: { N: 1.5 } }, "'define.N' must be an integer"],
    [{ define: { '2x': 1 } }, "'2x' is not a C identifier"],
    [{ overrides: [{ modulo: 'pow2' }] }, "'overrides[0].files' is missing"],
    [{ overrides: [{ files: '*.c', exclude: ['x'] }] }, "'overrides[0].exclude' is only allowed"],
    [{ overrides: [{ files: '*.c', moduli: 'pow2' }] }, "unknown key 'overrides[0].moduli'"],
    [{ minGain: 200 }, "'minGain' must be a number from 0 to 100"],
    [{ privateStack: -1 }, "'privateStack' must be a number from 0"],
  ])('%j is refused: %s', (raw, message) => {
    expect(() => parseConfig(raw, '/p/beeclak.json')).toThrow(ConfigError);
    expect(() => parseConfig(raw, '/p/beeclak.json')).toThrow(message);
  });

  it('the nearest configuration wins; a package.json without the key is passed over', () => {
    const dir = tree('finder', {
      'beeclak.json': '{"heuristic": "h1"}',
      'a/package.json': '{"name": "x"}',
      'a/b/package.json': '{"beeclak": {"heuristic": "h2"}}',
      'a/b/c/k.c': '',
    });
    const f = new ConfigFinder();
    expect(f.forFile(path.join(dir, 'a/b/c/k.c'))?.values.heuristic).toBe('h2');
    expect(f.forFile(path.join(dir, 'a/k.c'))?.values.heuristic).toBe('h1');
  });
});

describe('contract with a configuration', () => {
  const CONFIG = JSON.stringify({
    only: ['t'],
    exclude: ['gen'],
    overrides: [{ files: 'special/*.c', only: ['u'] }],
  });

  it('applies the file, the overrides and exclude; the command line wins', () => {
    const dir = tree('apply', {
      'beeclak.json': CONFIG,
      'k.c': TWO,
      'special/k.c': TWO,
      'gen/k.c': TWO,
    });
    const r = runCli(['contract', '--list', '.', '--no-cache'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^k\.c:3:\d+: t in kernel/m);
    expect(r.stdout).not.toMatch(/^k\.c:4:\d+: u/m);
    expect(r.stdout).toMatch(/^special\/k\.c:4:\d+: u in kernel/m);
    expect(r.stdout).not.toMatch(/^special\/k\.c:3/m);
    expect(r.stdout).not.toContain('gen/');
    const typed = runCli(['contract', '--list', '.', '--only', 'u', '--no-cache'], { cwd: dir });
    expect(typed.stdout).toMatch(/^k\.c:4:\d+: u in kernel/m);
    expect(typed.stdout).not.toMatch(/^k\.c:3/m);
    // One file without a mode reads the configuration too.
    const one = runCli(['contract', 'k.c', '--report', 'json'], { cwd: dir });
    const arrays = JSON.parse(one.stderr).files[0].arrays;
    expect(arrays.find((a: { name: string }) => a.name === 'u').code).toBe(codeOf('not-selected'));
  });

  it('a "beeclak" key in package.json is a configuration', () => {
    const dir = tree('pkg', {
      'package.json': JSON.stringify({ name: 'x', beeclak: { only: ['u'] } }),
      'k.c': TWO,
    });
    const r = runCli(['contract', '--list', 'k.c', '--no-cache'], { cwd: dir });
    expect(r.stdout).toMatch(/u in kernel/);
    expect(r.stdout).not.toMatch(/t in kernel/);
  });

  it('an invalid key: exit 2, the message names the key and the file, nothing written', () => {
    const dir = tree('invalid', { 'beeclak.json': '{"heuristc": "opt"}', 'k.c': TWO });
    const r = runCli(['contract', '-i', 'k.c', '--no-cache'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path.join(dir, 'beeclak.json')}: error: unknown key 'heuristc'`);
    expect(fs.readFileSync(path.join(dir, 'k.c'), 'utf8')).toBe(TWO);
  });
});
