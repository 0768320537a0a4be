/**
 * Markdown tables of the `npm run bench` steps whose measuring code returns plain rows and
 * holds no markdown: start-up (startup.ts), many files (many.ts), the polyhedral core
 * (scripts/bench-poly.ts), conflict sets and isl (scripts/bench-conflict.ts), trace folding
 * (scripts/bench-trace.ts). The steps measured in this folder render their own tables.
 */
import type { BenchRow as PolyRow } from '../bench-poly.js';
import { islMissing, type ConflictRow } from '../bench-conflict.js';
import type { TraceBenchRow } from '../bench-trace.js';
import type { ManyFilesRow } from './many.js';
import type { StartupRow } from './startup.js';
import { markdownTable, ms, ratio } from './util.js';

export function startupTable(startup: readonly StartupRow[]): string {
  const node = startup.find((r) => r.way === '');
  return markdownTable(
    ['command', 'loaded as', 'wall (ms):', 'CPU (ms):', 'x wall:', 'x CPU:'],
    startup.map((r) => [
      r.command,
      r.way,
      ms(r.wallMs),
      ms(r.cpuMs),
      ratio(r.wallMs, node?.wallMs),
      ratio(r.cpuMs, node?.cpuMs),
    ]),
  );
}

/** 'not run' without a result. */
export function manyTable(many: ManyFilesRow | undefined): string {
  return many
    ? markdownTable(
        ['files', 'cold (s)', 'warm (s)', 'summary'],
        [[many.source, many.coldS.toFixed(1), many.warmS.toFixed(2), many.summary]],
      )
    : 'not run';
}

export function polyTable(poly: readonly PolyRow[]): string {
  return markdownTable(
    ['operation', 'median (ms):', 'runs:'],
    poly.map((r) => [r.name, r.medianMs.toFixed(2), r.runs]),
  );
}

export function conflictTable(conflict: readonly ConflictRow[]): string {
  return markdownTable(
    [
      'sample',
      'array',
      'lifetimes',
      'DS (ms):',
      'cell-based DS (ms):',
      'isl (ms):',
      'isl ratio:',
      'same set as isl',
    ],
    conflict.map((r) => [
      r.sample,
      r.array,
      r.kind,
      ms(r.medianMs),
      ms(r.cellMs),
      r.islMs === null ? (islMissing ?? '—') : ms(r.islMs),
      r.islMs === null ? (islMissing ?? '—') : ratio(r.cellMs, r.islMs),
      r.islSame === null ? '—' : r.islSame ? 'yes' : '**no**',
    ]),
  );
}

export function traceTable(trace: readonly TraceBenchRow[]): string {
  return markdownTable(
    ['case', 'accesses:', 'records:', 'pieces:', 'wall (ms):', 'CPU (s):', 'peak RSS (MB):'],
    trace.map((r) => [
      r.name,
      r.accesses,
      r.records,
      r.pieces,
      Math.round(r.wallMs),
      r.cpuS?.toFixed(1) ?? '—',
      r.peakRssMb ?? '—',
    ]),
  );
}
