/**
 * A C preprocessing-token scanner, enough to line up the file's tokens with the compiler's
 * preprocessed text (spelling.ts): identifiers, pp-numbers, string and character literals,
 * punctuators (longest match); comments, whitespace and backslash-newlines are skipped, and
 * the tokens of directive lines (`#...` first on a line) are left out.
 */

export interface CToken {
  readonly start: number;
  readonly end: number;
  /** 1-based physical line of the token's first character. */
  readonly line: number;
  readonly text: string;
}

const PUNCTUATORS = [
  '%:%:',
  '...',
  '<<=',
  '>>=',
  '->',
  '++',
  '--',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '*=',
  '/=',
  '%=',
  '+=',
  '-=',
  '&=',
  '^=',
  '|=',
  '##',
  '<:',
  ':>',
  '<%',
  '%>',
  '%:',
];

/**
 * The punctuators by their first character, in the order of the list: the first one that
 * matches is the list's first match (issue 17: trying all of them at every punctuator was
 * most of the scan of a large macro-expanded file).
 */
const PUNCTUATORS_BY_FIRST = new Map<number, string[]>();
for (const p of PUNCTUATORS) {
  const list = PUNCTUATORS_BY_FIRST.get(p.charCodeAt(0));
  if (list) list.push(p);
  else PUNCTUATORS_BY_FIRST.set(p.charCodeAt(0), [p]);
}

/**
 * Runs of blanks and of identifier characters, matched natively (issue 17: a loop over every
 * character runs interpreted in short runs; the macro-expanded text of a large file is long).
 */
const BLANKS = /[ \t\r\f\v]*/y;
const ID_CHARS = /[A-Za-z0-9_$]*/y;

/** Where the run of `re` that starts at `from` ends, at `n` at the latest. */
function runEnd(re: RegExp, text: string, from: number, n: number): number {
  re.lastIndex = from;
  re.exec(text);
  return Math.min(re.lastIndex, n);
}

function isIdStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}
function isIdChar(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Tokens of `text` outside comments and directive lines; or of the lines from offset `from`
 * (a line start, line number `firstLine`) up to offset `to`.
 */
export function cTokens(text: string, from = 0, to = text.length, firstLine = 1): CToken[] {
  const out: CToken[] = [];
  scanTokens(text, from, to, firstLine, (start, end, line) =>
    out.push({ start, end, line, text: text.slice(start, end) }),
  );
  return out;
}

/**
 * Tokens as columns of offsets and lines: the spelling map of a large file holds millions,
 * and as objects (with their text copied) they were most of its memory (issue 29, item 3).
 */
export class TokenColumns {
  constructor(
    private readonly source: string,
    readonly starts: Int32Array,
    readonly ends: Int32Array,
    readonly lines: Int32Array,
  ) {}

  get length(): number {
    return this.starts.length;
  }

  text(k: number): string {
    return this.source.slice(this.starts[k], this.ends[k]);
  }

  /** Whether token `k` exists and is the one character `c` (a char code). */
  isChar(k: number, c: number): boolean {
    const start = this.starts[k];
    return start !== undefined && this.ends[k] === start + 1 && this.source.charCodeAt(start) === c;
  }

  /** Whether token `k` starts like an identifier (or a keyword). */
  isWord(k: number): boolean {
    return isIdStart(this.source.charCodeAt(this.starts[k]!));
  }

  token(k: number): CToken {
    return { start: this.starts[k]!, end: this.ends[k]!, line: this.lines[k]!, text: this.text(k) };
  }
}

/** Columns filled run after run (the main file's stretches of a preprocessed unit). */
export class ColumnsBuilder {
  private starts = new Int32Array(1024);
  private ends = new Int32Array(1024);
  private lines = new Int32Array(1024);
  private count = 0;

  constructor(private readonly source: string) {}

  /** The tokens of `source` from `from` (a line start, line `firstLine`) up to `to`. */
  scan(from = 0, to = this.source.length, firstLine = 1): this {
    scanTokens(this.source, from, to, firstLine, (start, end, line) => {
      if (this.count === this.starts.length) this.grow();
      this.starts[this.count] = start;
      this.ends[this.count] = end;
      this.lines[this.count++] = line;
    });
    return this;
  }

  private grow(): void {
    const wider = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    [this.starts, this.ends, this.lines] = [
      wider(this.starts),
      wider(this.ends),
      wider(this.lines),
    ];
  }

  done(): TokenColumns {
    const n = this.count;
    const cut = (a: Int32Array) => a.slice(0, n);
    return new TokenColumns(this.source, cut(this.starts), cut(this.ends), cut(this.lines));
  }
}

/** The scanner: `emit` gets each token's offsets and line. */
function scanTokens(
  text: string,
  from: number,
  to: number,
  firstLine: number,
  emit: (start: number, end: number, line: number) => void,
): void {
  let i = from;
  let line = firstLine;
  const n = to;
  // A UTF-8 byte order mark (read as bytes or as one character) is not a token.
  if (from === 0 && text.startsWith('\xEF\xBB\xBF')) i = 3;
  else if (from === 0 && text.startsWith('\uFEFF')) i = 1;
  let atLineStart = true;
  let inDirective = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      i++;
      atLineStart = true;
      inDirective = false;
      continue;
    }
    if (c === 92 && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
      i += text[i + 1] === '\n' ? 2 : 3;
      line++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      i = runEnd(BLANKS, text, i + 1, n);
      continue;
    }
    if (c === 47 && text[i + 1] === '/') {
      // A line comment ends at a newline that is not spliced.
      i += 2;
      while (i < n && text[i] !== '\n') {
        if (text[i] === '\\' && text[i + 1] === '\n') {
          line++;
          i += 2;
        } else if (text[i] === '\\' && text[i + 1] === '\r' && text[i + 2] === '\n') {
          line++;
          i += 3;
        } else i++;
      }
      continue;
    }
    if (c === 47 && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? n : close + 2;
      for (let k = i; k < end; k++) if (text.charCodeAt(k) === 10) line++;
      i = end;
      continue;
    }
    const start = i;
    if (atLineStart && (c === 35 || text.startsWith('%:', i))) inDirective = true;
    atLineStart = false;
    if (isIdStart(c)) {
      i = runEnd(ID_CHARS, text, i + 1, n);
      // An encoding prefix (`L"..."`, `u8'x'`): the quote is tested first, it is rare.
      if ((text[i] === '"' || text[i] === "'") && /^(L|u|U|u8)$/.test(text.slice(start, i)))
        i = quoted(text, i);
    } else if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        const exponent = d === 101 || d === 69 || d === 112 || d === 80; // e E p P
        if (exponent && (text[i + 1] === '+' || text[i + 1] === '-')) i += 2;
        else if (isIdChar(d) || d === 46 || (d === 39 && isIdChar(text.charCodeAt(i + 1)))) i++;
        else break;
      }
    } else if (c === 34 || c === 39) {
      i = quoted(text, i);
    } else {
      const p = PUNCTUATORS_BY_FIRST.get(c)?.find((q) => text.startsWith(q, i));
      i += p ? p.length : 1;
    }
    if (!inDirective) emit(start, i, line);
  }
}

/** End of the string or character literal starting at `i` (at the quote). */
function quoted(text: string, i: number): number {
  const q = text[i];
  let k = i + 1;
  while (k < text.length && text[k] !== q && text[k] !== '\n') k += text[k] === '\\' ? 2 : 1;
  return Math.min(k + 1, text.length);
}
