/** The `#pragma HLS` lines of the text, in any spelling (model/pragmas.ts), read once. */
import type { ByteRange } from '../model/types.js';
import { pragmasIn, type HlsPragma, type PragmaSpelling } from '../model/pragmas.js';
import { countBelow, lineStarts } from './parse.js';

/** The pragmas of a text, read once, with its line starts (for the pragmas of each function). */
export interface TextPragmas {
  readonly all: readonly PragmaSpelling[];
  readonly lineStarts: readonly number[];
}

export function textPragmas(source: string, starts = lineStarts(source)): TextPragmas {
  return { all: pragmasIn(source), lineStarts: starts };
}

/**
 * Every `#pragma HLS` of `source` inside `within` (default: the whole text), in any spelling.
 * `read` is the text's pragmas read once: a file of many functions asks for each.
 */
export function hlsPragmas(
  source: string,
  within?: ByteRange,
  read: TextPragmas = textPragmas(source),
): HlsPragma[] {
  const out: HlsPragma[] = [];
  const start = within?.start ?? 0;
  const stop = within?.end ?? source.length;
  const all = read.all;
  // The pragmas are in text order: the first inside `within` by a binary search.
  for (let k = firstAtOrAfter(all, start); k < all.length && all[k]!.start < stop; k++) {
    const p = all[k]!;
    const m = /^HLS\s+(\w+)(.*)$/is.exec(p.body);
    if (!m) continue;
    const options = new Map<string, string>();
    // `variable = y`, `dim=2`, `type=cyclic` or the older bare `cyclic`, `false`.
    for (const o of m[2]!.matchAll(/(\w+)\s*=\s*([^\s]+)|(\w+)/g)) {
      if (o[1]) options.set(o[1].toLowerCase(), o[2]!);
      else options.set(o[3]!.toLowerCase(), '');
    }
    let end = p.end;
    while (end > p.bodyEnd && /\s/.test(source[end - 1]!)) end--;
    out.push({
      range: { start: p.start, end },
      text: source.slice(p.start, end),
      bodyRange: { start: p.bodyStart, end: p.bodyEnd },
      body: source.slice(p.bodyStart, p.bodyEnd),
      tokens: p.body,
      directive: m[1]!.toUpperCase(),
      options,
      line: countBelow(read.lineStarts, p.start + 1),
    });
  }
  return out;
}

function firstAtOrAfter(all: readonly PragmaSpelling[], offset: number): number {
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
