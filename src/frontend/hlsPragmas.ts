/** The `#pragma HLS` lines of the text, in any spelling (model/pragmas.ts), read once. */
import type { ByteRange } from '../model/types.js';
import { pragmasIn, type HlsPragma } from '../model/pragmas.js';

/** Every `#pragma HLS` of `source` inside `within` (default: the whole text), in any spelling. */
export function hlsPragmas(source: string, within?: ByteRange): HlsPragma[] {
  const out: HlsPragma[] = [];
  const start = within?.start ?? 0;
  const stop = within?.end ?? source.length;
  for (const p of pragmasIn(source)) {
    if (p.start < start || p.start >= stop) continue;
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
      line: source.slice(0, p.start).split('\n').length,
    });
  }
  return out;
}
