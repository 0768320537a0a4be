/**
 * A unity build of `n` kernels (issue 27, "the cost stays per file"): `main.c` defines the
 * kernels' type and size and `#include`s `k000.c` ... one after the other, as CHStone's main
 * files do; each kernel uses the host's `real` and `N` (so the compiler refuses it alone: it
 * is compiled only inside `main.c`) and holds one contractible temporary. The bench runs
 * `contract --list` and `contract -i` over the host and its kernels for several `n`: each
 * kernel is read inside the host, whose unit must be read once for all of them.
 *
 *   node dist/scripts/bench/unityHost.js OUTDIR N   writes main.c and its N kernels into OUTDIR
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { markdownTable } from './util.js';

const kernelName = (k: number) => `k${String(k).padStart(3, '0')}`;

/** One kernel: a temporary written and read in one iteration (contracted to one cell). */
function kernel(k: number): string {
  const f = kernelName(k);
  return [
    `real ${f}(const real in[N]) {`,
    `  real t[N], s = 0;`,
    `  for (int i = 0; i < N; i++) {`,
    `    t[i] = in[i] * ${k + 1};`,
    `    s += t[i] * t[i];`,
    `  }`,
    `  return s;`,
    `}`,
    '',
  ].join('\n');
}

/** The host: the kernels' type and size, every kernel included, a main that calls each. */
function host(n: number): string {
  const names = Array.from({ length: n }, (_, k) => kernelName(k));
  return [
    '#include <stdio.h>',
    'typedef double real;',
    '#define N 64',
    ...names.map((f) => `#include "${f}.c"`),
    '',
    'int main(void) {',
    '  real in[N], s = 0;',
    '  for (int i = 0; i < N; i++) in[i] = i;',
    ...names.map((f) => `  s += ${f}(in);`),
    '  printf("%g\\n", s);',
    '  return 0;',
    '}',
    '',
  ].join('\n');
}

/** The program's files by name: `main.c` and its `n` kernels. */
export function unityHostFiles(n: number): Map<string, string> {
  const files = new Map<string, string>([['main.c', host(n)]]);
  for (let k = 0; k < n; k++) files.set(`${kernelName(k)}.c`, kernel(k));
  return files;
}

export function writeUnityHost(dir: string, n: number): string[] {
  mkdirSync(dir, { recursive: true });
  const files = unityHostFiles(n);
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return [...files.keys()];
}

/** One run's wall seconds, CPU seconds (user + system, the compiler's included), peak RSS (MB). */
export interface Timed {
  readonly s: number;
  readonly cpuS?: number;
  readonly mb?: number;
}

export interface UnityHostRow {
  readonly kernels: number;
  /** `contract --list` over the host and its kernels. */
  readonly list: Timed;
  /** `contract -i` over them (on a copy). */
  readonly inPlace: Timed;
  readonly summary: string;
}

/** A run of the CLI in `cwd`, timed by GNU time when there is one (else the wall time alone). */
function timed(root: string, args: string[], cwd: string): Timed & { stderr: string } {
  const cli = [join(root, 'bin', 'beeclak.js'), ...args];
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, ...cli], {
    encoding: 'utf8',
    cwd,
  });
  const m = /^TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)$/m.exec(r.stderr ?? '');
  if (m)
    return {
      s: Number(m[1]),
      cpuS: Number(m[2]) + Number(m[3]),
      mb: Number(m[4]) / 1024,
      stderr: r.stderr,
    };
  const u = performance.now();
  const p = spawnSync(process.execPath, cli, { encoding: 'utf8', cwd });
  return { s: (performance.now() - u) / 1000, stderr: p.stderr ?? '' };
}

/** The kernels of the bench's hosts (`--quick`: the two smallest). */
export const UNITY_SIZES = [25, 50, 100, 200];

/** `contract --list` and `contract -i` (no cache) over hosts of each size in `sizes`. */
export function benchUnityHost(root: string, sizes: readonly number[]): UnityHostRow[] {
  const work = mkdtempSync(join(tmpdir(), 'beeclak-unity-host-'));
  try {
    return sizes.map((n) => {
      const src = join(work, `n${n}`);
      const files = writeUnityHost(src, n);
      const { stderr: _, ...list } = timed(
        root,
        ['contract', '--list', '--no-cache', ...files],
        src,
      );
      const copy = join(work, `n${n}-i`);
      cpSync(src, copy, { recursive: true });
      const { stderr, ...inPlace } = timed(root, ['contract', '-i', '--no-cache', ...files], copy);
      const summary = (stderr.match(/^beeclak: \d+ files?,.*$/m) ?? [''])[0];
      return { kernels: n, list, inPlace, summary };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const cell = (x: number | undefined, digits = 1) => (x === undefined ? '—' : x.toFixed(digits));

export function unityHostTable(rows: readonly UnityHostRow[]): string {
  return markdownTable(
    [
      'kernels',
      '--list wall (s):',
      '--list CPU (s):',
      '--list peak RSS (MB):',
      '-i wall (s):',
      '-i CPU (s):',
      '-i peak RSS (MB):',
      'summary (-i)',
    ],
    rows.map((r) => [
      r.kernels,
      cell(r.list.s),
      cell(r.list.cpuS),
      cell(r.list.mb, 0),
      cell(r.inPlace.s),
      cell(r.inPlace.cpuS),
      cell(r.inPlace.mb, 0),
      r.summary,
    ]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, n] = process.argv.slice(2);
  if (!dir || !n) {
    console.error('usage: node dist/scripts/bench/unityHost.js OUTDIR N');
    process.exit(2);
  }
  writeUnityHost(dir, Number(n));
}
