/**
 * The memory a built program uses, measured three ways (the footprint step of `npm run bench`
 * and scripts/realPrograms.ts): peak resident memory (GNU time's `%M`, the smallest of several
 * runs: one run varies by some 100 KB), the heap's exact peak (valgrind's massif), and the
 * sections of an object or executable (`size`, Berkeley format).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { timed } from './util.js';

/** The smallest peak RSS (KB) of `runs` runs of `cmd` in `cwd`, and the last run's result. */
export function peakRssKb(cmd: string[], cwd: string, runs: number, shellPrefix = '') {
  let best: number | null = null;
  let last = timed(cmd, cwd, shellPrefix);
  for (let k = 0; k < runs; k++) {
    if (k > 0) last = timed(cmd, cwd, shellPrefix);
    if (last.rssKb !== null) best = best === null ? last.rssKb : Math.min(best, last.rssKb);
  }
  return { peakKb: best, run: last };
}

/** The largest heap size (bytes) of one run of `cmd` under massif, or null without valgrind. */
export function heapPeakBytes(cmd: string[], cwd: string, out: string): number | null {
  const r = spawnSync(
    'valgrind',
    ['--tool=massif', '--stacks=no', `--massif-out-file=${out}`, ...cmd],
    { encoding: 'utf8', maxBuffer: 256 << 20, cwd },
  );
  if (r.error || !existsSync(out)) return null;
  const sizes = [...readFileSync(out, 'utf8').matchAll(/mem_heap_B=(\d+)/g)].map((m) =>
    Number(m[1]),
  );
  return sizes.length > 0 ? Math.max(...sizes) : null;
}

export interface Sections {
  text: number;
  data: number;
  bss: number;
}

/** `size FILE...` summed over the files (Berkeley format), or null when `size` fails. */
export function sections(files: readonly string[]): Sections | null {
  if (files.length === 0) return { text: 0, data: 0, bss: 0 };
  const r = spawnSync('size', [...files], { encoding: 'utf8' });
  if (r.status !== 0 || r.error) return null;
  const sum: Sections = { text: 0, data: 0, bss: 0 };
  for (const line of r.stdout.split('\n').slice(1)) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s/.exec(line);
    if (!m) continue;
    sum.text += Number(m[1]);
    sum.data += Number(m[2]);
    sum.bss += Number(m[3]);
  }
  return sum;
}

/** The storage classes of the report (`storage`), in the order tables show them. */
export const STORAGE_CLASSES = ['stack', 'static', 'global', 'heap', 'parameter'] as const;

/** Report entries, as far as these scripts read them. */
export interface ReportArray {
  name: string;
  function: string;
  status: string;
  code?: string;
  storage?: string;
  savedBytes?: number | string;
  originalCells?: unknown;
  originalBytes?: unknown;
  compressedCells?: unknown;
  maxLive?: number | null;
  elementType?: string;
}

/** The bytes saved per storage class (the report's `savedBytes` summed by `storage`). */
export function savedByStorage(arrays: readonly ReportArray[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of arrays) {
    const b = Number(a.savedBytes ?? 0);
    if (!Number.isFinite(b) || b === 0) continue;
    const k = a.storage ?? 'unknown';
    out.set(k, (out.get(k) ?? 0) + b);
  }
  return out;
}

/** `stack 12, heap 3112` (classes with no saving left out; `—` when none saves). */
export function storageText(saved: ReadonlyMap<string, number>): string {
  const known: readonly string[] = STORAGE_CLASSES;
  const keys = [...STORAGE_CLASSES, ...[...saved.keys()].filter((k) => !known.includes(k))];
  const parts = keys.filter((k) => (saved.get(k) ?? 0) !== 0).map((k) => `${k} ${saved.get(k)}`);
  return parts.length > 0 ? parts.join(', ') : '—';
}

/** Whether the report changed the array. */
export const isChanged = (a: ReportArray) => a.status === 'contracted' || a.status === 'scalarized';
