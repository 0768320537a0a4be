/**
 * The footprint step of `npm run bench`: the memory whole programs use before and after
 * contraction, next to what the report says it saves and to the bound maxLive gives.
 *
 * - PolyBench/C 4.2.1 at MEDIUM_DATASET (a copy fetched separately, never committed, given by
 *   `--polybench DIR` or $BEECLAK_POLYBENCH; without one the table says so): every kernel whose
 *   report has a temporary (an array contracted, or one whose values are all live at once),
 *   preprocessed as scripts/polybench.ts does, contracted with no flag, both built with
 *   utilities/polybench.c at -O2 and run: outputs compared, peak RSS (GNU time, smallest of
 *   the runs), heap peak (massif). The bound: each temporary's maxLive from the dynamic oracle
 *   (`--oracle`, the kernel's size arguments fixed by `-D`, a second analysis used for nothing
 *   else), i.e. original − Σ (bytes − maxLive × element size).
 * - The static samples (samples/storage/static_filter.c, global_stages.c): `.bss` of the built
 *   object (`size`) before and after, next to the report's savedBytes and maxLive.
 *
 * The check (issue 26): a kernel with a temporary uses no more memory after contraction, and
 * its peak is within 10% of (original − bytes saved). Judged on the heap's peak where massif
 * ran (exact), and on resident memory; a failure is listed under the table, never hidden.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { BIN, CC, SAMPLES, type BenchContext } from './context.js';
import { errText, markdownTable, type Cell } from './util.js';
import {
  heapPeakBytes,
  isChanged,
  peakRssKb,
  savedByStorage,
  sections,
  storageText,
  type ReportArray,
} from './memory.js';

const DATASET = 'MEDIUM_DATASET';
const ORACLE_OPS = '200000000';
/** The check's tolerance: within 10% of (original − bytes saved). */
const TOLERANCE = 0.1;
/** Run-to-run noise of GNU time's peak RSS for one binary (KB). */
const RSS_NOISE_KB = 128;

export interface KernelFootprint {
  kernel: string;
  changed: string;
  savedBytes: number;
  /** Bytes the temporaries' maxLive would allow saving (null when the oracle gave none). */
  maxLiveBytes: number | null;
  peakBeforeKb: number | null;
  peakAfterKb: number | null;
  heapBefore: number | null;
  heapAfter: number | null;
  identical: boolean | null;
  /** Why the check fails (empty when it holds). */
  failures: string[];
  note?: string;
}

export interface StaticFootprint {
  sample: string;
  changed: string;
  saved: string;
  savedBytes: number;
  maxLiveBytes: number | null;
  bssBefore: number | null;
  bssAfter: number | null;
  identical: boolean | null;
  note?: string;
}

export interface FootprintResults {
  /** Null: no PolyBench copy was given (the notice says how to give one). */
  polybench: KernelFootprint[] | null;
  polybenchRoot?: string;
  statics: StaticFootprint[];
}

/** `--polybench DIR`, else $BEECLAK_POLYBENCH. */
export function polybenchRoot(argv: readonly string[]): string | undefined {
  const k = argv.indexOf('--polybench');
  const dir = k >= 0 ? argv[k + 1] : process.env.BEECLAK_POLYBENCH;
  return dir && existsSync(join(dir, 'utilities', 'polybench.c')) ? dir : undefined;
}

/** Kernel sources of a PolyBench/C 4.2.1 tree: `<category>/.../<name>/<name>.c`. */
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

function contract(src: string, out: string, report: string, extra: string[] = []): ReportArray[] {
  const r = spawnSync(
    process.execPath,
    [BIN, 'contract', src, '-o', out, '--report-file', report, '--no-cache', ...extra],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`contract exit ${r.status}: ${r.stderr.split('\n')[0]}`);
  return JSON.parse(readFileSync(report, 'utf8')).files[0]?.arrays ?? [];
}

/**
 * The size arguments of a PolyBench 4.2.1 kernel at `dataset`: each size macro of its header
 * (`N`, `TSTEPS`) is passed by main as the argument of the same name in lower case.
 */
function sizeArguments(kernelFile: string, utilities: string, dataset: string): string[] {
  const header = kernelFile.replace(/\.c$/, '.h');
  const r = spawnSync(CC, ['-E', '-dM', `-D${dataset}`, '-I', utilities, header], {
    encoding: 'utf8',
  });
  const out: string[] = [];
  const own = new Set(
    [...readFileSync(header, 'utf8').matchAll(/#\s*define\s+([A-Z][A-Z0-9_]*)\s+\d+/g)].map(
      (m) => m[1]!,
    ),
  );
  for (const m of (r.stdout ?? '').matchAll(/^#define ([A-Z][A-Z0-9_]*) (\d+)$/gm))
    if (own.has(m[1]!) && !m[1]!.includes('DATASET'))
      out.push('-D', `${m[1]!.toLowerCase()}=${m[2]}`);
  return out;
}

/**
 * Σ (bytes − maxLive × element size) over the temporaries the oracle measured. One buffer seen
 * by several functions (a file-scope array, a caller's buffer passed to parameters of one
 * name, as PolyBench's main passes `y` to init_array and the kernel) needs the most any of
 * them keeps live: counted once, with the largest maxLive (they run in sequence).
 */
function maxLiveSavable(arrays: readonly ReportArray[]): number | null {
  const byBuffer = new Map<string, ReportArray>();
  for (const a of arrays) {
    if (typeof a.maxLive !== 'number') continue;
    const k =
      a.storage === 'global' || a.storage === 'parameter' ? a.name : `${a.function}:${a.name}`;
    const b = byBuffer.get(k);
    if (!b || a.maxLive > (b.maxLive ?? 0)) byBuffer.set(k, a);
  }
  let sum = 0;
  for (const a of byBuffer.values()) {
    const cells = Number(a.originalCells);
    const bytes = Number(a.originalBytes);
    if (!(cells > 0) || !Number.isFinite(bytes)) return null;
    sum += bytes - a.maxLive! * (bytes / cells);
  }
  return byBuffer.size > 0 ? sum : null;
}

/** A temporary in the default report: changed, or left because all its values are live. */
const hasTemporary = (arrays: readonly ReportArray[]) =>
  arrays.some((a) => isChanged(a) || a.code === 'BC1301');

function runKernel(ctx: BenchContext, file: string, root: string, work: string) {
  const name = basename(file, '.c');
  const utilities = join(root, 'utilities');
  const pre = join(work, `${name}.c`);
  const out = join(work, `${name}.contracted.c`);
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
      `-D${DATASET}`,
      file,
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  if (e.status !== 0) throw new Error(`cc -E failed: ${e.stderr.split('\n')[0]}`);
  writeFileSync(pre, e.stdout);
  const arrays = contract(pre, out, join(work, `${name}.json`));
  if (!hasTemporary(arrays)) return null;
  const changed = arrays.filter(isChanged);
  const row: KernelFootprint = {
    kernel: name,
    changed: changed.map((a) => `${a.function}:${a.name}`).join(', ') || 'none',
    savedBytes: arrays.reduce((s, a) => s + Number(a.savedBytes ?? 0), 0),
    maxLiveBytes: null,
    peakBeforeKb: null,
    peakAfterKb: null,
    heapBefore: null,
    heapAfter: null,
    identical: null,
    failures: [],
  };
  // The bound: a second analysis with the oracle on and the sizes fixed (its result unused).
  try {
    const sizes = sizeArguments(file, utilities, DATASET);
    const oracle = contract(
      pre,
      join(work, `${name}.oracle.c`),
      join(work, `${name}.oracle.json`),
      ['--oracle', ORACLE_OPS, ...sizes],
    );
    row.maxLiveBytes = maxLiveSavable(oracle);
  } catch (err) {
    row.note = `oracle: ${errText(err)}`;
  }
  const build = (src: string, exe: string) =>
    spawnSync(
      CC,
      [
        '-O2',
        '-I',
        utilities,
        '-DPOLYBENCH_DUMP_ARRAYS',
        `-D${DATASET}`,
        '-o',
        exe,
        src,
        join(utilities, 'polybench.c'),
        '-lm',
      ],
      { encoding: 'utf8' },
    );
  const exeBefore = join(work, `${name}.orig`);
  const exeAfter = join(work, `${name}.new`);
  const bo = build(pre, exeBefore);
  const bc = build(out, exeAfter);
  if (bo.status !== 0 || bc.status !== 0)
    throw new Error('build failed: ' + (bc.stderr || bo.stderr).split('\n')[0]);
  const before = peakRssKb([exeBefore], work, ctx.binRuns);
  const after = peakRssKb([exeAfter], work, ctx.binRuns);
  row.peakBeforeKb = before.peakKb;
  row.peakAfterKb = after.peakKb;
  row.identical =
    before.run.status === after.run.status &&
    before.run.stdout === after.run.stdout &&
    before.run.stderr === after.run.stderr;
  row.heapBefore = heapPeakBytes([exeBefore], work, `${exeBefore}.massif`);
  row.heapAfter = heapPeakBytes([exeAfter], work, `${exeAfter}.massif`);
  row.failures = footprintFailures(row);
  return row;
}

/**
 * Why a kernel fails the check: more memory after contraction, or a peak more than 10% away
 * from (original − bytes saved). A kernel with nothing changed is the same program: only its
 * output is judged. The heap's peak is exact; resident memory moves by some 100 KB from run
 * to run of one binary, so it is given a slack of 128 KB on top of either bound.
 */
export function footprintFailures(r: KernelFootprint): string[] {
  const out: string[] = [];
  if (r.identical === false) out.push('outputs differ');
  if (r.changed === 'none') return out;
  const judge = (
    what: string,
    before: number | null,
    after: number | null,
    saved: number,
    slack: number,
  ) => {
    if (before === null || after === null) return;
    if (after > before + slack) out.push(`${what} grows (${before} -> ${after})`);
    const expected = before - saved;
    if (Math.abs(after - expected) > TOLERANCE * expected + slack)
      out.push(`${what} ${after} not within 10% of ${Math.round(expected)} (original − saved)`);
  };
  judge('heap', r.heapBefore, r.heapAfter, r.savedBytes, 0);
  judge('RSS KB', r.peakBeforeKb, r.peakAfterKb, r.savedBytes / 1024, RSS_NOISE_KB);
  return out;
}

function runStatic(ctx: BenchContext, file: string, work: string): StaticFootprint {
  const name = basename(file, '.c');
  const src = join(SAMPLES, file);
  const out = join(work, `${name}.contracted.c`);
  const arrays = contract(src, out, join(work, `${name}.json`));
  const oracle = contract(src, join(work, `${name}.oracle.c`), join(work, `${name}.oracle.json`), [
    '--oracle',
    ORACLE_OPS,
  ]);
  const changed = arrays.filter(isChanged);
  const row: StaticFootprint = {
    sample: `storage/${file.replace(/^storage\//, '')}`,
    changed: changed.map((a) => `${a.function}:${a.name}`).join(', ') || 'none',
    saved: storageText(savedByStorage(arrays)),
    savedBytes: arrays.reduce((s, a) => s + Number(a.savedBytes ?? 0), 0),
    maxLiveBytes: maxLiveSavable(oracle),
    bssBefore: null,
    bssAfter: null,
    identical: null,
  };
  const obj = (c: string, o: string) =>
    spawnSync(CC, ['-O2', '-c', '-o', o, c], { encoding: 'utf8' });
  const exe = (c: string, o: string) =>
    spawnSync(CC, ['-O2', '-o', o, c, '-lm'], { encoding: 'utf8' });
  const [ob, oa] = [join(work, `${name}.orig.o`), join(work, `${name}.new.o`)];
  if (obj(src, ob).status !== 0 || obj(out, oa).status !== 0) throw new Error('build failed');
  row.bssBefore = sections([ob])?.bss ?? null;
  row.bssAfter = sections([oa])?.bss ?? null;
  const [eb, ea] = [join(work, `${name}.orig`), join(work, `${name}.new`)];
  if (exe(src, eb).status === 0 && exe(out, ea).status === 0) {
    const rb = peakRssKb([eb], work, 1).run;
    const ra = peakRssKb([ea], work, 1).run;
    row.identical = rb.status === ra.status && rb.stdout === ra.stdout && rb.stderr === ra.stderr;
  }
  void ctx;
  return row;
}

export function runFootprint(ctx: BenchContext, argv: readonly string[]): FootprintResults {
  const work = mkdtempSync(join(tmpdir(), 'beeclak-footprint-'));
  const result: FootprintResults = { polybench: null, statics: [] };
  try {
    for (const file of ['storage/static_filter.c', 'storage/global_stages.c'])
      try {
        result.statics.push(runStatic(ctx, file, work));
      } catch (e) {
        ctx.errors.push({ sample: file, stage: 'footprint', error: errText(e) });
      }
    const root = polybenchRoot(argv);
    if (!root) {
      ctx.log(
        'footprint: PolyBench skipped: no copy given (--polybench DIR or BEECLAK_POLYBENCH=DIR, ' +
          'a PolyBench/C 4.2.1 tree such as github:MatthiasJReisinger/PolyBenchC-4.2.1)',
      );
      return result;
    }
    result.polybench = [];
    result.polybenchRoot = basename(root);
    for (const file of kernels(root))
      try {
        const row = runKernel(ctx, file, root, work);
        if (!row) continue;
        result.polybench.push(row);
        ctx.log(
          `footprint: ${row.kernel}: saved ${row.savedBytes} B, RSS ${row.peakBeforeKb} -> ${row.peakAfterKb} KB` +
            `, heap ${row.heapBefore} -> ${row.heapAfter}${row.failures.length ? ` FAILS: ${row.failures.join('; ')}` : ''}`,
        );
      } catch (e) {
        ctx.errors.push({ sample: basename(file), stage: 'footprint', error: errText(e) });
      }
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The footprint section's tables and the check's verdict. */
export function footprintTables(f: FootprintResults | undefined): string {
  if (!f) return 'not run';
  const parts: string[] = [];
  if (f.polybench === null)
    parts.push(
      '(PolyBench not run: no copy given. Fetch PolyBench/C 4.2.1, e.g. github:MatthiasJReisinger/PolyBenchC-4.2.1, ' +
        'and run `npm run bench -- --polybench DIR` or set `BEECLAK_POLYBENCH=DIR`.)',
    );
  else {
    parts.push(
      markdownTable(
        [
          'kernel',
          'changed (function:array)',
          'bytes saved (report):',
          'maxLive allows (bytes):',
          'peak RSS KB before:',
          'after:',
          'bound by saved (KB):',
          'bound by maxLive (KB):',
          'heap peak before:',
          'after:',
          'identical output',
          'check',
        ],
        f.polybench.map((r): Cell[] => [
          r.kernel,
          r.changed,
          r.savedBytes,
          r.maxLiveBytes === null ? null : Math.round(r.maxLiveBytes),
          r.peakBeforeKb,
          r.peakAfterKb,
          r.peakBeforeKb === null ? null : (r.peakBeforeKb - r.savedBytes / 1024).toFixed(0),
          r.peakBeforeKb === null || r.maxLiveBytes === null
            ? null
            : (r.peakBeforeKb - r.maxLiveBytes / 1024).toFixed(0),
          r.heapBefore,
          r.heapAfter,
          r.identical === null ? null : r.identical ? 'yes' : 'NO',
          r.failures.length === 0 ? 'holds' : r.failures.join('; '),
        ]),
      ),
    );
    const failing = f.polybench.filter((r) => r.failures.length > 0);
    parts.push(
      `${f.polybench.length} kernels with a temporary (${DATASET}); ` +
        (failing.length === 0
          ? 'every one uses no more memory after contraction and is within 10% of (original − bytes saved).'
          : `check fails for ${failing.map((r) => r.kernel).join(', ')} (see the check column).`),
    );
  }
  parts.push(
    markdownTable(
      [
        'sample',
        'changed',
        'bytes saved by storage (report)',
        'maxLive allows (bytes):',
        '.bss before:',
        '.bss after:',
        'identical output',
      ],
      f.statics.map((r): Cell[] => [
        r.sample,
        r.changed,
        r.saved,
        r.maxLiveBytes === null ? null : Math.round(r.maxLiveBytes),
        r.bssBefore,
        r.bssAfter,
        r.identical === null ? null : r.identical ? 'yes' : 'NO',
      ]),
    ),
  );
  return parts.join('\n\n');
}
