/**
 * Finds the ranges a plan needs in small C snippets by searching the text, so tests read
 * as C rather than as offsets.
 */
import type { ByteRange } from '../../src/model/types.js';

/** Offset of the n-th (0-based) occurrence of `text`; throws when there is none. */
function nth(source: string, text: string, n = 0): number {
  let at = -1;
  for (let k = 0; k <= n; k++) {
    at = source.indexOf(text, at + 1);
    if (at < 0) throw new Error(`occurrence ${n} of ${JSON.stringify(text)} not found`);
  }
  return at;
}

/** The range of the n-th occurrence of `text`. */
export function rangeOf(source: string, text: string, n = 0): ByteRange {
  const start = nth(source, text, n);
  return { start, end: start + text.length };
}

/**
 * The n-th occurrence of an access such as `y[i][k]` or `a[b[i]]`: its range and the ranges
 * of its top-level index expressions.
 */
export function accessAt(
  source: string,
  text: string,
  n = 0,
): { range: ByteRange; indexRanges: ByteRange[] } {
  const range = rangeOf(source, text, n);
  const indexRanges: ByteRange[] = [];
  let depth = 0;
  let open = -1;
  for (let p = range.start; p < range.end; p++) {
    const c = source[p];
    if (c === '[') {
      if (depth === 0) open = p + 1;
      depth++;
    } else if (c === ']') {
      depth--;
      if (depth === 0) indexRanges.push({ start: open, end: p });
    }
  }
  return { range, indexRanges };
}
