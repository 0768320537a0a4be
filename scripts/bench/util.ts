/**
 * Helpers of `npm run bench` (scripts/bench.ts and its steps): statistics, markdown, results
 * splice, error text, and the wall time and peak memory of a child process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { tableMarkers } from '../docTables.js';

/** Median (mean of the two middle values for an even count); NaN for no values. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export type Cell = string | number | null | undefined;

/** A cell as markdown: null/undefined as an em dash, numbers as they are, `|` escaped. */
export function cellText(c: Cell): string {
  if (c === null || c === undefined || (typeof c === 'number' && Number.isNaN(c))) return '—';
  return String(c).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A GitHub markdown table; columns whose header ends in ':' are right-aligned (the ':' is dropped). */
export function markdownTable(
  headers: readonly string[],
  rows: readonly (readonly Cell[])[],
): string {
  const right = headers.map((h) => h.endsWith(':'));
  const names = headers.map((h) => (h.endsWith(':') ? h.slice(0, -1) : h));
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(names.map(cellText)),
    line(right.map((r) => (r ? '---:' : '---'))),
    ...rows.map((r) => line(names.map((_, k) => cellText(r[k])))),
  ].join('\n');
}

/** Milliseconds rounded for display: one decimal below 10, integers above. */
export function ms(x: number | null | undefined): string | null {
  if (x === null || x === undefined || Number.isNaN(x)) return null;
  return x < 10 ? x.toFixed(1) : String(Math.round(x));
}

/** A ratio with two decimals, or null when either side is missing or the divisor is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): string | null {
  if (a === null || a === undefined || b === null || b === undefined || b === 0) return null;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return null;
  return (a / b).toFixed(2);
}

export const START_MARKER = tableMarkers('bench').start;
export const END_MARKER = tableMarkers('bench').end;

/**
 * Replaces the text between the bench markers with `body`. Without markers, appends a
 * `## Results` section holding them, before the next section after `beforeHeading` if given
 * and present, else at the end. Markers are kept, so a rerun replaces the same region.
 */
export function spliceResults(doc: string, body: string, beforeHeading?: string): string {
  const block = `${START_MARKER}\n${body.trim()}\n${END_MARKER}`;
  const s = doc.indexOf(START_MARKER);
  const e = doc.indexOf(END_MARKER);
  if (s >= 0 && e > s) return doc.slice(0, s) + block + doc.slice(e + END_MARKER.length);
  if (s >= 0 || e >= 0) throw new Error('the document has only one of the bench markers');
  const section = `## Results\n\n${block}\n`;
  if (beforeHeading) {
    const at = doc.indexOf(`\n${beforeHeading}\n`);
    if (at >= 0) return doc.slice(0, at + 1) + section + '\n' + doc.slice(at + 1);
  }
  return (doc.endsWith('\n') ? doc : doc + '\n') + '\n' + section;
}

/** The first line of an error's message, at most 160 characters (for a table cell). */
export const errText = (e: unknown) =>
  ((e as Error)?.message ?? String(e)).split('\n')[0].slice(0, 160);

/**
 * Wall time and peak RSS of a child process run by /bin/sh in `cwd` (RSS through
 * /usr/bin/time when present); `shellPrefix` runs before it in the same shell (e.g. `ulimit`).
 */
export function timed(cmd: string[], cwd: string, shellPrefix = '') {
  const dir = mkdtempSync(join(tmpdir(), 'beeclak-bench-'));
  const tfile = join(dir, 'time');
  const haveTime = existsSync('/usr/bin/time');
  const quoted = cmd.map((c) => `'${c.replace(/'/g, `'\\''`)}'`).join(' ');
  const script =
    shellPrefix +
    (haveTime ? `exec /usr/bin/time -f %M -o '${tfile}' ${quoted}` : `exec ${quoted}`);
  const t = performance.now();
  const r = spawnSync('/bin/sh', ['-c', script], { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = performance.now() - t;
  let rssKb: number | null = null;
  if (haveTime && existsSync(tfile)) {
    const m = /(\d+)\s*$/.exec(readFileSync(tfile, 'utf8').trim());
    if (m) rssKb = Number(m[1]);
  }
  rmSync(dir, { recursive: true, force: true });
  return { wall, rssKb, status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/**
 * The step selection of `--skip` and `--only` (comma-separated step names): for each step
 * name, why it does not run (`--skip`, `not in --only`), or null when it runs. An unknown
 * name in `--only` throws (it would otherwise run nothing); unknown `--skip` names are ignored.
 */
export function stepFilter(
  steps: readonly string[],
  skip: string,
  only: string,
): (step: string) => string | null {
  const set = (s: string) => new Set(s.split(',').filter(Boolean));
  const [skipped, chosen] = [set(skip), set(only)];
  const unknown = [...chosen].filter((s) => !steps.includes(s));
  if (unknown.length > 0)
    throw new Error(`--only: unknown step(s) ${unknown.join(', ')} (steps: ${steps.join(', ')})`);
  return (step) =>
    skipped.has(step) ? '--skip' : chosen.size > 0 && !chosen.has(step) ? 'not in --only' : null;
}
