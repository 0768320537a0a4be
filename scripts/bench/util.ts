/** Pure helpers of `npm run bench` (scripts/bench.ts): statistics, markdown, README splice. */

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

export const START_MARKER = '<!-- bench:start -->';
export const END_MARKER = '<!-- bench:end -->';

/**
 * Replaces the text between the bench markers with `body`. Without markers, appends a
 * `## Results` section holding them, before the next section after `beforeHeading` if given
 * and present, else at the end. Markers are kept, so a rerun replaces the same region.
 */
export function spliceReadme(readme: string, body: string, beforeHeading?: string): string {
  const block = `${START_MARKER}\n${body.trim()}\n${END_MARKER}`;
  const s = readme.indexOf(START_MARKER);
  const e = readme.indexOf(END_MARKER);
  if (s >= 0 && e > s) return readme.slice(0, s) + block + readme.slice(e + END_MARKER.length);
  if (s >= 0 || e >= 0) throw new Error('README has only one of the bench markers');
  const section = `## Results\n\n${block}\n`;
  if (beforeHeading) {
    const at = readme.indexOf(`\n${beforeHeading}\n`);
    if (at >= 0) return readme.slice(0, at + 1) + section + '\n' + readme.slice(at + 1);
  }
  return (readme.endsWith('\n') ? readme : readme + '\n') + '\n' + section;
}
