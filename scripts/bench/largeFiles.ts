/**
 * `npm run bench`, large files (issue 29, item 3): `beeclak contract` in a new process on
 * the generated inputs of scripts/bench/largeInputs.ts (5 MB of data tables, 43,000 small
 * functions, ordinary kernels at 10 KB, 100 KB, 500 KB and 5 MB, 500 KB of them under one
 * `#define N` and in a file set, one function of 20,000 statements), and the same shapes at
 * a tenth of their size to show how cost grows: wall
 * and CPU time, peak RSS, and what became of the arrays. Generated into a temporary folder,
 * never committed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BIN } from './context.js';
import { functionsFile, ordinaryFile, statementsFile, tablesFile } from './largeInputs.js';
import { markdownTable } from './util.js';

export interface LargeFileRow {
  input: string;
  bytes: number;
  wallS: number | null;
  cpuS: number | null;
  rssMb: number | null;
  /** Arrays contracted or scalarized, of the arrays reported. */
  contracted: number | null;
  arrays: number | null;
  /** Reason codes of the arrays left alone, with their counts (`BC1201 x1`). */
  codes: string;
  error?: string;
}

interface Input {
  name: string;
  text: () => string;
  /**
   * Read as a file set with a `main.c` beside it (`contract --list`, a fresh result cache):
   * the set's summaries read every function's configuration (issue 29, item 3).
   */
  set?: true;
}

/** The inputs, smallest of each shape first (`quick`: the small ones only). */
function inputs(quick: boolean): Input[] {
  const all: (Input & { large?: true })[] = [
    { name: 'data tables, 500 KB', text: () => tablesFile(500_000) },
    { name: 'data tables, 5 MB', text: () => tablesFile(5_000_000), large: true },
    { name: '4,300 small functions', text: () => functionsFile(4_300) },
    { name: '43,000 small functions', text: () => functionsFile(43_000), large: true },
    { name: 'ordinary C, 10 KB', text: () => ordinaryFile(10_000) },
    { name: 'ordinary C, 100 KB', text: () => ordinaryFile(100_000) },
    { name: 'ordinary C, 500 KB', text: () => ordinaryFile(500_000), large: true },
    {
      name: 'ordinary C, 500 KB, one #define N',
      text: () => ordinaryFile(500_000, true),
      large: true,
    },
    {
      name: 'ordinary C, 500 KB, in a file set',
      text: () => ordinaryFile(500_000),
      set: true,
      large: true,
    },
    { name: 'ordinary C, 5 MB', text: () => ordinaryFile(5_000_000), large: true },
    { name: 'one function, 2,000 statements', text: () => statementsFile(2_000) },
    { name: 'one function, 20,000 statements', text: () => statementsFile(20_000), large: true },
  ];
  return quick ? all.filter((i) => !i.large) : all;
}

/** `contract FILE -o OUT --report json --report-file R` under /usr/bin/time, when present. */
function runOne(dir: string, input: Input): LargeFileRow {
  const text = input.text();
  const file = join(dir, 'input.c');
  writeFileSync(file, text);
  const [out, report, time, main, cache] = ['out.c', 'report.json', 'time', 'main.c', 'cache'].map(
    (f) => join(dir, f),
  );
  rmSync(cache, { recursive: true, force: true });
  if (input.set) writeFileSync(main, 'int main(void) { return 0; }\n');
  const what = input.set ? ['--list', file, main, '--cache-dir', cache] : [file, '-o', out];
  const args = [BIN, 'contract', ...what, '--report', 'json', '--report-file', report];
  const haveTime = existsSync('/usr/bin/time');
  const t0 = performance.now();
  const r = haveTime
    ? spawnSync('/usr/bin/time', ['-f', '%U %S %M', '-o', time, process.execPath, ...args], {
        encoding: 'utf8',
      })
    : spawnSync(process.execPath, args, { encoding: 'utf8' });
  const wallS = (performance.now() - t0) / 1000;
  const row: LargeFileRow = {
    input: input.name,
    bytes: text.length,
    wallS,
    cpuS: null,
    rssMb: null,
    contracted: null,
    arrays: null,
    codes: '',
  };
  if (haveTime && existsSync(time)) {
    const m = /([\d.]+) ([\d.]+) (\d+)\s*$/.exec(readFileSync(time, 'utf8'));
    if (m) [row.cpuS, row.rssMb] = [Number(m[1]) + Number(m[2]), Number(m[3]) / 1024];
  }
  if (r.status !== 0 || !existsSync(report))
    return { ...row, error: (r.stderr || `exit ${r.status}`).split('\n').slice(-3).join(' ') };
  const doc = JSON.parse(readFileSync(report, 'utf8')) as {
    files: { arrays: { status: string; code?: string }[] }[];
  };
  const arrays = doc.files.flatMap((f) => f.arrays);
  const codes = new Map<string, number>();
  for (const a of arrays)
    if (a.code && a.status !== 'contracted' && a.status !== 'scalarized')
      codes.set(a.code, (codes.get(a.code) ?? 0) + 1);
  return {
    ...row,
    arrays: arrays.length,
    contracted: arrays.filter((a) => a.status === 'contracted' || a.status === 'scalarized').length,
    codes: [...codes]
      .sort()
      .map(([c, n]) => `${c} x${n}`)
      .join(', '),
  };
}

export function benchLargeFiles(quick: boolean, log: (s: string) => void): LargeFileRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'beeclak-large-'));
  try {
    return inputs(quick).map((input) => {
      const row = runOne(dir, input);
      log(
        `large files: ${row.input}: ${row.wallS?.toFixed(1)} s, CPU ${row.cpuS?.toFixed(1)} s, ` +
          `${row.rssMb?.toFixed(0)} MB${row.error ? `, FAILED ${row.error}` : ''}`,
      );
      return row;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fixed = (x: number | null, digits: number) => (x === null ? null : x.toFixed(digits));

export function largeFilesTable(rows: readonly LargeFileRow[]): string {
  return markdownTable(
    [
      'input',
      'KB:',
      'wall (s):',
      'CPU (s):',
      'peak RSS (MB):',
      'arrays contracted:',
      'arrays:',
      'left alone (codes)',
    ],
    rows.map((r) => [
      r.input,
      Math.round(r.bytes / 1000),
      fixed(r.wallS, 1),
      fixed(r.cpuS, 1),
      fixed(r.rssMb, 0),
      r.contracted,
      r.arrays,
      r.error ? `FAILED: ${r.error}` : r.codes || '—',
    ]),
  );
}
