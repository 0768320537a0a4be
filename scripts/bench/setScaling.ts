/**
 * CPU of `contract --check --no-cache` over generated closed worlds of several sizes (issue 27,
 * "a code base of 1,000 files is analysed in time linear in its size"):
 *
 *   node dist/scripts/bench/setScaling.js [SIZE...]      (default: 100 1000)
 *
 * `npm run bench` runs it at SET_SIZES (step `set`).
 *
 * Two shapes, each with `main()` (a closed world: every kernel's parameter is a candidate):
 *   - pairs: per pair a kernel file and a caller file passing it a local buffer; main() calls
 *     nothing, so each file's view of the set holds one other function;
 *   - hub: a ring of kernels, each file's stage calling the next file's kernel, and a main()
 *     calling every stage: the hub is a caller of every file's function.
 * Printed per shape and size: CPU of the CLI and of its preprocessor runs (user + system,
 * the shell's `times`), per file, and the growth over the smallest size. Linear cost keeps
 * the per-file column flat. Also the preprocessor's runs per file (`$CC` is a shell script
 * counting its `-E` runs before it runs the compiler: about 1 ms of CPU each): one per file
 * since each file's summary, analysis and edits across files share one reading.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable } from './util.js';

const KERNEL = (name: string, k: number) => `#define N 16
double ${name}(double t[N]) {
  double s = 0;
  for (int i = 0; i < N; i++) {
    t[i] = i * ${(k % 7) + 1}.0;
    if (i >= 1) s += t[i] * t[i - 1];
  }
  return s;
}
`;

const CALLER = (name: string, kernel: string) => `double ${kernel}(double t[16]);
double ${name}(const double *in) {
  double buf[16];
  double w[16];
  double s = ${kernel}(buf);
  for (int i = 0; i < 16; i++) w[i] = in[i] + s;
  for (int i = 0; i < 16; i++) s += w[15 - i];
  return s;
}
`;

/** The files of a shape with `n` files besides main.c, written into `dir`. */
function generate(shape: 'pairs' | 'hub', n: number, dir: string): void {
  const put = (f: string, text: string) => writeFileSync(join(dir, f), text);
  const id = (k: number) => String(k).padStart(5, '0');
  if (shape === 'pairs') {
    for (let j = 0; j < n / 2; j++) {
      put(`k${id(j)}.c`, KERNEL(`kern_${j}`, j));
      put(`m${id(j)}.c`, CALLER(`mod_${j}`, `kern_${j}`));
    }
    put('main.c', 'int main(void) { return 0; }\n');
    return;
  }
  for (let k = 0; k < n; k++)
    put(`f${id(k)}.c`, KERNEL(`kern_${k}`, k) + CALLER(`stage_${k}`, `kern_${(k + 1) % n}`));
  const calls = Array.from({ length: n }, (_, k) => `  s += stage_${k}(in);\n`).join('');
  const decls = Array.from({ length: n }, (_, k) => `double stage_${k}(const double *in);\n`);
  put(
    'main.c',
    `#include <stdio.h>\n${decls.join('')}int main(void) {\n  double in[16], s = 0;\n` +
      `  for (int i = 0; i < 16; i++) in[i] = i;\n${calls}  printf("%f\\n", s);\n  return 0;\n}\n`,
  );
}

/** User + system seconds of the shell's children (the last line of `times`). */
function childSeconds(times: string): number {
  const rows = times.trim().split('\n');
  return [...(rows[rows.length - 1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (s, m) => s + Number(m[1]) * 60 + Number(m[2]),
    0,
  );
}

/** A `$CC` that counts its `-E` runs in `log`, then runs the compiler the CLI would. */
function countingCompiler(dir: string, log: string): string {
  const cc = join(dir, 'counting-cc.sh');
  const real = process.env.CC ?? 'cc';
  writeFileSync(
    cc,
    `#!/bin/sh\ncase " $* " in *" -E "*) echo >> '${log}' ;; esac\nexec ${real} "$@"\n`,
  );
  chmodSync(cc, 0o755);
  return cc;
}

/** The CLI's CPU seconds (with its compiler runs) and its preprocessor runs over `dir`. */
function cpuSeconds(root: string, dir: string): { cpuS: number; preprocessed: number } {
  const log = join(dir, 'cc-runs.log');
  const cmd = `'${process.execPath}' '${join(root, 'bin', 'beeclak.js')}' contract --check --no-cache *.c`;
  const r = spawnSync('sh', ['-c', `${cmd} >/dev/null 2>&1; times`], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CC: countingCompiler(dir, log) },
  });
  const runs = existsSync(log) ? readFileSync(log, 'utf8').split('\n').length - 1 : 0;
  return { cpuS: childSeconds(r.stdout), preprocessed: runs };
}

/** One shape at one size: the CLI's CPU with its compiler runs. */
export interface SetScalingRow {
  readonly shape: 'pairs' | 'hub';
  readonly files: number;
  readonly cpuS: number;
  readonly msPerFile: number;
  /** Per file over the smallest size's per file. */
  readonly growth: number;
  /** The preprocessor's runs per file (`cc -E`). */
  readonly preprocessedPerFile: number;
}

/** The sizes `npm run bench` measures (minutes on 2 cores; the script takes any). */
export const SET_SIZES = [100, 300];

/** Both shapes at each size of `sizes` (files besides main.c), with `root`'s CLI. */
export function benchSetScaling(
  root: string,
  sizes: readonly number[],
  log: (line: string) => void = () => undefined,
): SetScalingRow[] {
  const rows: SetScalingRow[] = [];
  for (const shape of ['pairs', 'hub'] as const) {
    let base: number | undefined;
    for (const n of sizes) {
      const dir = mkdtempSync(join(tmpdir(), `beeclak-set-${shape}-`));
      try {
        generate(shape, n, dir);
        const { cpuS: s, preprocessed } = cpuSeconds(root, dir);
        const perFile = (s * 1000) / (n + 1);
        base ??= perFile;
        rows.push({
          shape,
          files: n + 1,
          cpuS: s,
          msPerFile: perFile,
          growth: perFile / base,
          preprocessedPerFile: preprocessed / (n + 1),
        });
        log(`${shape} ${n + 1} files: ${s.toFixed(1)} s CPU, ${preprocessed} cc -E runs`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  return rows;
}

export function setScalingTable(rows: readonly SetScalingRow[]): string {
  return markdownTable(
    ['shape', 'files', 'CPU s', 'CPU ms per file', 'per file / smallest size', 'cc -E per file'],
    rows.map((r) => [
      r.shape,
      r.files,
      r.cpuS.toFixed(1),
      r.msPerFile.toFixed(1),
      r.growth.toFixed(2),
      // (rows of results.json made before the count was taken have none)
      r.preprocessedPerFile?.toFixed(2) ?? '',
    ]),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../../../..');
  const sizes = process.argv.slice(2).map(Number);
  const rows = benchSetScaling(root, sizes.length > 0 ? sizes : [100, 1000], (line) =>
    process.stderr.write(`${line}\n`),
  );
  process.stdout.write(setScalingTable(rows) + '\n');
}
