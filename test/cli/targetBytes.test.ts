/**
 * Byte counts in the target's data model: the sample code base (test/fixtures/codebase, built
 * for a Cortex-M4 by an arm-none-eabi-gcc that is not installed: ILP32 from the target table)
 * with a file of `long`, pointer, typedef'd `unsigned long` and `double` windows added. Guards:
 * pipeline/elementBytes.ts counted a long or a pointer as 8 bytes for every target, so the
 * report, `--list --sort bytes`, `--min-bytes` and the code-base summary gave an ILP32 program
 * twice the bytes its build saves (`gcc -m32 -fstack-usage`: 1004 bytes of 1024 saved by a
 * 256-cell long window contracted to 5 cells, as reported). Also guards a typedef of float
 * (CMSIS's float32_t) left uncounted: the typedef table held integer types only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-targetbytes-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'codebase'), work, { recursive: true });

// Each window reads 4 cells back: 64 cells contracted to 5, saving 59 elements.
const kernel = (type: string, name: string) => `
${type} ${name}(${type} const *in) {
  ${type} t[64];
  ${type} s = 0;
  for (int i = 0; i < 64; i++) {
    t[i] = in[i];
    if (i >= 4) s = t[i - 4];
  }
  return s;
}`;
fs.writeFileSync(
  path.join(work, 'src', 'history.c'),
  [
    'typedef unsigned long ul;',
    'typedef float real;',
    'typedef real *realp;',
    kernel('long', 'last_long'),
    kernel('int *', 'last_ptr'),
    kernel('ul', 'last_ul'),
    kernel('double', 'last_double'),
    kernel('real', 'last_real'),
    kernel('realp', 'last_realp'),
    kernel('long double', 'last_ld'),
  ].join('\n'),
);

const FILES = ['src/dsp.c', 'src/main.c', 'src/extra.c', 'src/history.c'];
const run = (args: readonly string[]) =>
  runCli(['contract', '--no-cache', '-p', 'build', ...args, ...FILES], { cwd: work });

// function -> bytes saved in ILP32 (59 elements of 4 or 8 bytes)
const SAVED: [string, number][] = [
  ['last_long', 236],
  ['last_ptr', 236],
  ['last_ul', 236],
  ['last_double', 472],
  ['last_real', 236],
  ['last_realp', 236],
];

describe("byte counts in the target's data model", () => {
  it('the report: original, compressed and saved bytes of each array', () => {
    const r = run(['--list', '--report', 'json', '--report-file', 'report.json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(fs.readFileSync(path.join(work, 'report.json'), 'utf8')) as {
      files: {
        arrays: { function: string; name: string; savedBytes?: number; originalBytes?: number }[];
      }[];
      summary: { uncounted: number; byFile: { file: string; bytesSaved: number }[] };
    };
    const arrays = report.files.flatMap((f) => f.arrays).filter((a) => a.name === 't');
    for (const [fn, saved] of SAVED) {
      const a = arrays.find((x) => x.function === fn)!;
      expect([fn, a.originalBytes, a.savedBytes]).toEqual([fn, (saved / 59) * 64, saved]);
    }
    const history = report.summary.byFile.find((f) => f.file.endsWith('history.c'));
    expect(history?.bytesSaved).toBe(236 * 5 + 472);
    // long double: 8, 12 or 16 bytes among ILP32 targets, so not counted, and the summary
    // says how many such arrays there are.
    const ld = arrays.find((x) => x.function === 'last_ld')!;
    expect([ld.originalBytes, ld.savedBytes]).toEqual([undefined, undefined]);
    expect(report.summary.uncounted).toBe(1);
  });

  it('--list --sort bytes and --min-bytes', () => {
    const listed = run(['--list', '--sort', 'bytes']).stdout;
    expect(listed).toContain('t in last_long() could shrink from 256 to 20 bytes');
    expect(listed).toContain('t in last_double() could shrink from 512 to 40 bytes');
    expect(listed).toContain('t in last_real() could shrink from 256 to 20 bytes');
    expect(listed).toContain('t in last_ld() could shrink from 64 to 5 cells of long double');
    expect(run(['--list']).stderr).toContain('1 array whose bytes are not known');
    // 236 bytes saved: at or below the threshold, the long, pointer and ul windows stay.
    const above = run(['--list', '--min-bytes', '300']).stdout;
    expect(above).not.toContain('last_long');
    expect(above).not.toContain('last_ptr');
    expect(above).not.toContain('last_ul');
    expect(above).not.toContain('last_real');
    expect(above).toContain('last_double');
  });
});
