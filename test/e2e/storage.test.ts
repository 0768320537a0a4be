/**
 * Memory where it lives (issue 26): one sample per storage class, each checked end to end
 * (`check`: outputs against the original, the owner check), with the bytes the report says the
 * program saves, by storage class, and for static storage the `.bss` of the built object.
 * Before issue 26 a static or file-scope array was never contracted, and a caller's buffer
 * kept its size while its callee got a private copy (each row below then saved nothing).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { hasWarning } from '../helpers/codes.js';

const sample = (f: string) => path.join(ROOT, 'samples/storage', f);

// [sample, { storage class: bytes saved }]
const cases: [string, Record<string, number>][] = [
  ['static_filter.c', { static: 16352 + 4088 }],
  ['global_stages.c', { global: 65024 }],
  ['heap_work.c', { heap: 130560 }],
  ['main_buffer.c', { stack: 72960 }],
  ['vla_scratch.c', {}],
  // Passed down two levels (run() only passes it on): before, run() kept it from shrinking
  // and its kernels from being temporaries at all.
  ['two_levels.c', { heap: 130048 }],
  // alloca's memory is the caller's stack: before, a pointer from alloca was no buffer.
  ['alloca_scratch.c', { stack: 32256 }],
  // Functions with prototypes: before, a prototype kept the buffer at its size.
  ['prototypes.c', { stack: 51184 }],
  // Sizes known only at run time (the bytes saved are too): before, a VLA kept its size.
  ['vla_columns.c', {}],
];

interface Entry {
  function: string;
  name: string;
  status: string;
  storage?: string;
  savedBytes?: number;
  warnings: { code: string; message: string }[];
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-storage-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('memory where it lives', () => {
  // The bytes saved as the report of the checked run gives them (the report of `analyze
  // --json` is the same, and a second run of the analysis).
  it.each(cases)('%s', (file, saved) => {
    const report = path.join(work, `${file}.json`);
    const r = runCli(['check', sample(file), '--report-file', report]);
    expect(r.stdout).toMatch(/run: identical output/);
    expect(r.stdout).toMatch(/owner check: every read found its own cell in its slot/);
    expect(r.code).toBe(0);
    const arrays = JSON.parse(fs.readFileSync(report, 'utf8')).arrays as Entry[];
    const byClass: Record<string, number> = {};
    for (const x of arrays)
      if (x.savedBytes) byClass[x.storage!] = (byClass[x.storage!] ?? 0) + x.savedBytes;
    expect(byClass).toEqual(saved);
  });

  it('the VLA scratch folds in place, with no private copy', () => {
    const a = runCli(['analyze', sample('vla_scratch.c'), '--json']);
    const t = (JSON.parse(a.stdout).arrays as Entry[]).find((x) => x.name === 't')!;
    expect(t.status).toBe('contracted');
    expect(hasWarning(t, 'folded-in-place')).toBe(true);
  });

  // Before, a VLA kept its size: only constant extents were shrunk.
  it.each([
    ['vla_scratch.c', 'double scratch[1][m];', 'double t[1][m]'],
    ['vla_columns.c', 'double t[n][1];', 'double t[n][1]'],
  ])('%s: the run-time extents shrink where they are spelled', (file, buffer, parameter) => {
    const r = runCli(['contract', sample(file)]);
    expect(r.stdout).toContain(buffer);
    expect(r.stdout).toContain(parameter);
  });

  // A prototype left with the old type would not compile against its retyped definition.
  it('the prototypes are retyped with their definitions', () => {
    const r = runCli(['contract', sample('prototypes.c')]);
    expect(r.stdout).toContain('static double filter(double t[1][2], const double *in);');
    expect(r.stdout).toContain('static double stage(double [][2], const double *);');
    expect(r.stdout).toContain('static double stage(double t[1][2], const double *in) {');
  });

  // `size` of the object files: what the linker places in .bss shrinks with the report.
  it.each([
    ['static_filter.c', 512 * 8 * 5, 4 * 8 + 8],
    ['global_stages.c', 128 * 128 * 4, 128 * 4],
  ])('%s: .bss %d -> %d bytes', (file, before, after) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-bss-'));
    try {
      const out = path.join(dir, 'out.c');
      expect(runCli(['contract', sample(file), '-o', out]).code).toBe(0);
      const bss = (src: string) => {
        const obj = path.join(dir, path.basename(src) + '.o');
        expect(spawnSync('cc', ['-O2', '-c', '-o', obj, src]).status).toBe(0);
        const s = spawnSync('size', [obj], { encoding: 'utf8' }).stdout.split('\n')[1]!.trim();
        return Number(s.split(/\s+/)[2]);
      };
      // main's own static input buffer (4 KiB) is in .bss in both.
      const own = file === 'static_filter.c' ? 512 * 8 : 0;
      expect(bss(sample(file))).toBe(before + own);
      // (alignment may add a few bytes between the small arrays)
      expect(bss(out) - own).toBeGreaterThanOrEqual(after);
      expect(bss(out) - own).toBeLessThan(after + 64);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
