/**
 * `npm run polybench -- --root /path/to/PolyBenchC-4.2.1 [--dataset MINI_DATASET] [--only a,b]
 *                       [--docs]`
 *
 * For every kernel of a PolyBench/C 4.2.1 tree: preprocess it with its own headers
 * (`cc -E -P -I utilities -I <kernel dir> -DPOLYBENCH_DUMP_ARRAYS -D<dataset>`), contract the
 * preprocessed file with no flag (timed, wall clock, start-up included), build the original
 * and the contracted program with utilities/polybench.c (`-Wall`: the contracted build must
 * add no warning), run both and compare their dumps (stderr) and exit status. Prints a
 * markdown table; `--docs` puts it into docs/whole-programs.md between the polybench markers
 * (scripts/docTables.ts). Not part
 * of `npm test` (it needs the PolyBench tree, fetched separately; never committed).
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { markdownTable, type Cell } from './bench/util.js';
import { writeTable } from './docTables.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'bin', 'beeclak.js');
const CC = process.env.CC ?? 'cc';
const GNU_TIME = '/usr/bin/time';
const PEAK_RUNS = 7;

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

/** Kernel sources: `<category>/.../<name>/<name>.c`. */
function kernels(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) {
        if (e !== 'utilities' && !e.startsWith('.')) visit(p);
      } else if (e === `${basename(dir)}.c`) out.push(p);
    }
  };
  visit(root);
  return out.sort((a, b) => basename(a).localeCompare(basename(b)));
}

interface Row {
  kernel: string;
  contracted: string;
  before: number | null;
  after: number | null;
  identical: string;
  warnings: string;
  ms: number;
  /** User + system CPU time of `contract` and its children (null when not measured). */
  cpuMs: number | null;
  /** Bytes the report says the program saves (savedBytes, counted where storage lives). */
  savedBytes: number | null;
  /** Peak resident memory (KB, GNU time's %M) of the original and the contracted program. */
  peakBefore: number | null;
  peakAfter: number | null;
  /** Peak heap (bytes, valgrind's massif) of both, for kernels that changed (with --heap). */
  heapBefore: number | null;
  heapAfter: number | null;
  note?: string;
}

/** The children's line of sh's `times` (the last line: `0m1.234s 0m0.056s`), in ms. */
function childCpuMs(stderr: string): number | null {
  const line = stderr.trim().split('\n').at(-1) ?? '';
  const m = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(line.trim());
  if (!m) return null;
  return Math.round((Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000);
}

function cells(v: unknown): number | null {
  return typeof v === 'number' ? v : null;
}

/**
 * The arrays the analysis looked at and left alone, with a short reason: candidates (locals,
 * or parameters found temporary across calls) with no saving or over a limit, and the
 * parameters of a kernel that is not static (their callers are not all visible).
 */
function leftAlone(arrays: { name: string; function: string; status: string; reason?: string }[]) {
  const short = (r: string): string | undefined => {
    if (r.startsWith('no saving')) return 'no saving (all live at once)';
    if (r.includes('never accesses it')) return undefined;
    if (r.includes('would be on the stack')) return 'private copy over the stack limit';
    if (r.includes('too expensive')) return 'work budget';
    if (/is not static/.test(r)) return 'kernel not static';
    if (!r.startsWith('not a candidate')) return r.split(/[:;(]/)[0]!.trim();
    return undefined;
  };
  const notes = new Map<string, string[]>();
  for (const a of arrays) {
    if (a.status === 'contracted' || a.status === 'scalarized' || !a.reason) continue;
    const why = short(a.reason);
    if (why) notes.set(why, [...(notes.get(why) ?? []), `${a.function}:${a.name}`]);
  }
  return [...notes].map(([why, names]) => `${names.join(', ')}: ${why}`).join('; ');
}

function runKernel(file: string, root: string, dataset: string, work: string): Row {
  const name = basename(file, '.c');
  const utilities = join(root, 'utilities');
  const pre = join(work, `${name}.c`);
  const out = join(work, `${name}.contracted.c`);
  const report = join(work, `${name}.json`);
  const row: Row = {
    kernel: name,
    contracted: '',
    before: null,
    after: null,
    identical: '—',
    warnings: '—',
    ms: 0,
    cpuMs: null,
    savedBytes: null,
    peakBefore: null,
    peakAfter: null,
    heapBefore: null,
    heapAfter: null,
  };
  const e = spawnSync(
    CC,
    [
      '-E',
      '-P',
      '-I',
      utilities,
      '-I',
      dirname(file),
      '-DPOLYBENCH_DUMP_ARRAYS',
      `-D${dataset}`,
      file,
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (e.status !== 0) return { ...row, note: `cc -E failed: ${e.stderr.split('\n')[0]}` };
  writeFileSync(pre, e.stdout);
  const t0 = performance.now();
  // Through sh, whose `times` gives the CPU time of `contract` and of the compiler it runs:
  // unlike wall time, it does not grow with the load of a shared machine.
  const c = spawnSync(
    '/bin/sh',
    [
      '-c',
      '"$@"; s=$?; times >&2; exit $s',
      'sh',
      process.execPath,
      BIN,
      'contract',
      pre,
      '-o',
      out,
      '--report-file',
      report,
    ],
    { encoding: 'utf8' },
  );
  row.ms = Math.round(performance.now() - t0);
  row.cpuMs = childCpuMs(c.stderr);
  if (c.status !== 0)
    return { ...row, note: `contract exit ${c.status}: ${c.stderr.split('\n')[0]}` };
  const arrays = (JSON.parse(readFileSync(report, 'utf8')).files[0]?.arrays ?? []) as {
    name: string;
    function: string;
    status: string;
    originalCells: unknown;
    compressedCells: unknown;
    savedBytes?: number | string;
    storage?: string;
    reason?: string;
  }[];
  row.savedBytes = arrays.reduce((s, a) => s + Number(a.savedBytes ?? 0), 0);
  const changed = arrays.filter((a) => a.status === 'contracted' || a.status === 'scalarized');
  row.contracted = changed.map((a) => `${a.function}:${a.name}`).join(', ') || 'none';
  if (changed.length > 0) {
    row.before = changed.reduce((s, a) => s + (cells(a.originalCells) ?? NaN), 0);
    row.after = changed.reduce((s, a) => s + (cells(a.compressedCells) ?? NaN), 0);
  }
  row.note = leftAlone(arrays) || undefined;
  const build = (src: string, exe: string) =>
    spawnSync(
      CC,
      [
        '-O2',
        '-Wall',
        '-I',
        utilities,
        '-DPOLYBENCH_DUMP_ARRAYS',
        `-D${dataset}`,
        '-o',
        exe,
        src,
        join(utilities, 'polybench.c'),
        '-lm',
      ],
      { encoding: 'utf8' },
    );
  const bo = build(pre, join(work, `${name}.orig`));
  const bc = build(out, join(work, `${name}.new`));
  if (bo.status !== 0 || bc.status !== 0)
    return { ...row, note: 'build failed: ' + (bc.stderr || bo.stderr).split('\n')[0] };
  const extra =
    bc.stderr.split('\n').filter((l) => /warning:/.test(l)).length -
    bo.stderr.split('\n').filter((l) => /warning:/.test(l)).length;
  row.warnings = extra <= 0 ? 'none' : `${extra} new`;
  // Through GNU time when there is one: the peak resident memory of each run (%M, KB), the
  // smallest of PEAK_RUNS runs (one run varies by some 200 KB from run to run).
  const timed = (exe: string, peakFile: string) => {
    const viaTime = existsSync(GNU_TIME);
    let best = Infinity;
    let r = spawnSync(exe, [], { encoding: 'utf8', maxBuffer: 256 << 20, cwd: work });
    for (let k = 0; viaTime && k < PEAK_RUNS; k++) {
      r = spawnSync(GNU_TIME, ['-f', '%M', '-o', peakFile, exe], {
        encoding: 'utf8',
        maxBuffer: 256 << 20,
        cwd: work,
      });
      best = Math.min(best, Number(readFileSync(peakFile, 'utf8').trim().split('\n').pop()));
    }
    return { r, peak: Number.isFinite(best) ? best : null };
  };
  const to = timed(join(work, `${name}.orig`), join(work, `${name}.orig.peak`));
  const tc = timed(join(work, `${name}.new`), join(work, `${name}.new.peak`));
  const ro = to.r;
  const rc = tc.r;
  row.peakBefore = to.peak;
  row.peakAfter = tc.peak;
  // Resident memory moves by some 100 KB between runs of one binary: the heap's peak, exact
  // and the same every run, shows savings of a few KB (PolyBench allocates every array there).
  if (process.argv.includes('--heap') && changed.length > 0) {
    row.heapBefore = heapPeak(join(work, `${name}.orig`), work);
    row.heapAfter = heapPeak(join(work, `${name}.new`), work);
  }
  row.identical =
    ro.status === rc.status && dump(ro.stderr) === dump(rc.stderr) && ro.stdout === rc.stdout
      ? 'yes'
      : 'NO';
  return row;
}

/**
 * The dump in a run's stderr. Some trees of PolyBench 3.2 have utilities/polybench.c print
 * every allocation's size there (`[PolyBench] posix_memalign: request to allocate 8192`):
 * those lines change with the buffers that shrink, they are not the arrays' values.
 */
function dump(stderr: string): string {
  return stderr.replace(/^\[PolyBench\] posix_memalign: request to allocate \d+\n/gm, '');
}

/** The largest heap size (bytes) of one run under valgrind's massif, or null without it. */
function heapPeak(exe: string, work: string): number | null {
  const out = `${exe}.massif`;
  const r = spawnSync(
    'valgrind',
    ['--tool=massif', '--stacks=no', `--massif-out-file=${out}`, exe],
    { encoding: 'utf8', maxBuffer: 256 << 20, cwd: work },
  );
  if (r.status !== 0 || !existsSync(out)) return null;
  const sizes = [...readFileSync(out, 'utf8').matchAll(/mem_heap_B=(\d+)/g)].map((m) =>
    Number(m[1]),
  );
  return sizes.length > 0 ? Math.max(...sizes) : null;
}

function main(): void {
  const root = resolve(arg('--root') ?? '/tmp/pb');
  const dataset = arg('--dataset') ?? 'MINI_DATASET';
  const only = arg('--only')?.split(',');
  const work = mkdtempSync(join(tmpdir(), 'beeclak-polybench-'));
  const rows: Row[] = [];
  try {
    for (const file of kernels(root)) {
      if (only && !only.includes(basename(file, '.c'))) continue;
      const row = runKernel(file, root, dataset, work);
      rows.push(row);
      process.stderr.write(
        `${row.kernel}: ${row.contracted || row.note} (${row.ms} ms, CPU ${row.cpuMs} ms)\n`,
      );
    }
  } finally {
    if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
    else process.stderr.write(`kept ${work}\n`);
  }
  const table = markdownTable(
    [
      'kernel',
      'contracted (function:array)',
      'cells before:',
      'cells after:',
      'identical dumps',
      'new warnings (-Wall)',
      'bytes saved (report):',
      'peak KB before:',
      'peak KB after:',
      'heap peak before:',
      'heap peak after:',
      'time (ms):',
      'CPU (ms):',
      'note',
    ],
    rows.map((r): Cell[] => [
      r.kernel,
      r.contracted,
      r.before,
      r.after,
      r.identical,
      r.warnings,
      r.savedBytes,
      r.peakBefore,
      r.peakAfter,
      r.heapBefore,
      r.heapAfter,
      r.ms,
      r.cpuMs,
      r.note,
    ]),
  );
  const identical = rows.filter((r) => r.identical === 'yes').length;
  // Never more memory: a contracted program's peak above its original's (beyond GNU time's
  // page-granular noise of 2 pages) is reported.
  // Judged on the heap's exact peak where measured, else on resident memory.
  // A kernel left as it was is the same binary: only changed ones are judged.
  const grew = rows.filter((r) =>
    r.contracted === 'none' || r.contracted === ''
      ? false
      : r.heapBefore !== null && r.heapAfter !== null
        ? r.heapAfter > r.heapBefore
        : r.peakBefore !== null && r.peakAfter !== null && r.peakAfter > r.peakBefore + 128,
  );
  const summary =
    `${rows.length} kernels (${dataset}), ${identical} with identical dumps, ` +
    `${rows.filter((r) => r.warnings === 'none').length} with no new warning, ` +
    `${grew.length === 0 ? 'none' : grew.map((r) => r.kernel).join(', ')} with a larger peak memory, ` +
    `slowest ${Math.max(...rows.map((r) => r.ms))} ms (\`contract\` wall time, start-up included), ` +
    `most CPU ${Math.max(...rows.map((r) => r.cpuMs ?? 0))} ms (\`contract\` and the compiler it runs).`;
  process.stdout.write(`${table}\n\n${summary}\n`);
  if (process.argv.includes('--docs')) writeTable(ROOT, 'polybench', `${table}\n\n${summary}`);
}

main();
