/**
 * Where new lines go and what they look like: the file's own line ending, a line's
 * indentation, and the place for file-level helpers (after the includes they may need).
 */

/** `\r\n` when the file's first line break is one, else `\n`. */
export function lineEnding(source: string): string {
  const nl = source.indexOf('\n');
  return nl > 0 && source[nl - 1] === '\r' ? '\r\n' : '\n';
}

/** Offset of the first character of the line containing `offset`. */
export function lineStart(source: string, offset: number): number {
  return source.lastIndexOf('\n', offset - 1) + 1;
}

/** The spaces and tabs that begin the line containing `offset`. */
export function indentation(source: string, offset: number): string {
  const start = lineStart(source, offset);
  return /^[ \t]*/.exec(source.slice(start))![0];
}

interface Line {
  readonly start: number;
  /** Offset just after the line's line break (or the end of the source). */
  readonly next: number;
  /** The line outside block comments that started on earlier lines. */
  readonly text: string;
}

function lines(source: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  let inComment = false;
  while (start < source.length) {
    const nl = source.indexOf('\n', start);
    const next = nl < 0 ? source.length : nl + 1;
    let raw = source.slice(start, next);
    // Only what lies outside block comments can be a directive.
    let text = '';
    while (raw.length > 0) {
      if (inComment) {
        const close = raw.indexOf('*/');
        if (close < 0) raw = '';
        else {
          raw = raw.slice(close + 2);
          inComment = false;
        }
      } else {
        const open = raw.indexOf('/*');
        if (open < 0) {
          text += raw;
          raw = '';
        } else {
          text += raw.slice(0, open) + ' ';
          raw = raw.slice(open + 2);
          inComment = true;
        }
      }
    }
    out.push({ start, next, text });
    start = next;
  }
  return out;
}

/**
 * Where to put file-level helpers used first at offset `firstUse`: after the last
 * `#include` before that use, moved past the `#endif` when the include is conditional;
 * the top of the file when there is none.
 */
export function helperInsertionPoint(source: string, firstUse: number): number {
  let depth = 0;
  let point = 0;
  let pendingInclude = false;
  for (const line of lines(source)) {
    if (line.start >= firstUse) break;
    const directive = /^\s*#\s*([a-z]+)/.exec(line.text)?.[1];
    if (directive === 'if' || directive === 'ifdef' || directive === 'ifndef') depth++;
    else if (directive === 'endif') depth = Math.max(0, depth - 1);
    if (directive === 'include') {
      pendingInclude = true;
    }
    if (pendingInclude && depth === 0) {
      point = line.next;
      pendingInclude = false;
    }
  }
  return point;
}
