/**
 * A pragma in every spelling C gives it, for every place that recognises one (OpenMP and
 * OpenACC constructs, beeclak's promises, `scop`, HLS directives):
 *
 *     #pragma omp parallel for        #  pragma omp ...      # /* c *\/ pragma omp ...
 *     %:pragma omp parallel for       (the digraph of `#`, C99 6.4.6)
 *     #pragma omp \                   (a line splice: one logical line)
 *       parallel for
 *     _Pragma("omp parallel for")     _Pragma(L"omp parallel for")   (C99 6.10.9)
 *
 * Line splices are removed first (translation phase 2: they may join or split any token)
 * and comments stand for a blank (phase 3, before directives are read), so they may sit
 * anywhere between the tokens. The compiler's preprocessed output (`cc -E`) spells all of
 * them `#pragma ...` on a line of its own, but the built-in reading and the rewriter read
 * the file's own text. A place that knew only `#pragma` could miss an OpenMP loop (its
 * threads would then share a contracted cell) or silently drop the user's promise.
 * `directiveName` reads any directive line the same way (the conditionals of
 * src/frontend/conditionals.ts: a missed `%:ifdef` lost its configuration guard).
 */
import { spliceAt } from './lineSplices.js';

export interface PragmaSpelling {
  /** Offsets in the text: the first character (`#`, `%:`, `_Pragma`) and the end (the
   * logical line's, without its line break, or after the operator's `)`). */
  readonly start: number;
  readonly end: number;
  /** The pragma's tokens as the compiler reads them: `omp parallel for` (comments, line
   * splices and extra blanks gone; the operator's string destringized). */
  readonly body: string;
  /** Where the body is spelled (the directive's text after `pragma`; the operator's string
   * without its quotes), for edits that keep the spelling around it. */
  readonly bodyStart: number;
  readonly bodyEnd: number;
}

/** A `#pragma HLS` line of a function (src/frontend/hlsPragmas.ts reads them). */
export interface HlsPragma {
  /** The whole pragma as spelled, `#` (`%:`, `_Pragma`) to the end of the line or `)`. */
  readonly range: { readonly start: number; readonly end: number };
  readonly text: string;
  /** Its body as spelled (`HLS array_partition ...`, inside the quotes of `_Pragma`). */
  readonly bodyRange: { readonly start: number; readonly end: number };
  readonly body: string;
  /** Its body as the compiler reads it: line splices and comments gone, blanks collapsed. */
  readonly tokens: string;
  /** Upper case: ARRAY_PARTITION, DEPENDENCE, DATAFLOW, ... */
  readonly directive: string;
  /** `key=value` options, keys lower case; bare words (`cyclic`, `false`) map to ''. */
  readonly options: ReadonlyMap<string, string>;
  readonly line: number;
}

/** The first word of a pragma's body: `omp`, `acc`, `beeclak`, `HLS`, `scop`, ... */
export function pragmaNamespace(body: string): string {
  return /^[^\s(]*/.exec(body)![0];
}

const isBlank = (c: string | undefined) =>
  c === ' ' || c === '\t' || c === '\f' || c === '\v' || c === '\r';
const WORD = /[\p{ID_Continue}$\\]/u;
// ASCII answered without the Unicode class: the scan visits every character of the file.
const isWordChar = (c: string | undefined) => {
  if (c === undefined) return false;
  const x = c.charCodeAt(0);
  if (x < 128)
    return (
      (x >= 97 && x <= 122) ||
      (x >= 65 && x <= 90) ||
      (x >= 48 && x <= 57) ||
      x === 95 ||
      x === 36 ||
      x === 92
    );
  return WORD.test(c);
};

/** The end of a comment starting at `k` (`/*` or `//`), or `k` when none starts there. */
export function commentEnd(text: string, k: number): number {
  if (text[k] !== '/') return k;
  if (text[k + 1] === '*') {
    const close = text.indexOf('*/', k + 2);
    return close < 0 ? text.length : close + 2;
  }
  if (text[k + 1] === '/') {
    // A comment has no escapes: a backslash ends a line only right before its break (blanks
    // between, as gcc reads them), and `// C:\\dir\\` continues onto the next line, whose
    // `#define CHECK` is comment (adversary 2026-11-28d: it was read as a definition).
    let e = k + 2;
    while (e < text.length && text[e] !== '\n') e += (text[e] === '\\' && spliceAt(text, e)) || 1;
    return Math.min(e, text.length);
  }
  return k;
}

/** `k` past blanks, comments and line splices (not past a line break). */
function skipBlanks(text: string, k: number): number {
  for (;;) {
    if (isBlank(text[k])) k++;
    else if (spliceAt(text, k) > 0) k += spliceAt(text, k);
    else {
      const e = commentEnd(text, k);
      if (e === k) return k;
      k = e;
    }
  }
}

/**
 * The end of a string or character literal starting at `k` (its quote); an unclosed one ends
 * at its line break, which stays outside it (review 2026-11-26: `#pragma foo'x` took the next
 * line into the pragma, and a directive there went unseen).
 */
export function literalEnd(text: string, k: number): number {
  const quote = text[k];
  let e = k + 1;
  while (e < text.length && text[e] !== quote && text[e] !== '\n') e += text[e] === '\\' ? 2 : 1;
  if (text[e] === '\n') return e;
  return Math.min(e + 1, text.length);
}

/** The end of the logical line from `k` (comments may span lines), before its line break. */
function lineEnd(text: string, k: number): number {
  while (k < text.length && text[k] !== '\n') {
    if (text[k] === '\\') k += text[k + 1] === '\r' ? 3 : 2;
    else if (text[k] === '"' || text[k] === "'") k = literalEnd(text, k);
    else {
      const e = commentEnd(text, k);
      k = e === k ? k + 1 : e;
    }
  }
  k = Math.min(k, text.length);
  return text[k - 1] === '\r' ? k - 1 : k;
}

/** A directive's tokens (its line splices removed): comments as blanks, blanks collapsed. */
function tokensOf(text: string): string {
  let out = '';
  for (let k = 0; k < text.length;) {
    const e = skipBlanks(text, k);
    if (e > k) {
      out += ' ';
      k = e;
    } else if (text[k] === '"' || text[k] === "'") {
      const end = literalEnd(text, k);
      out += text.slice(k, end);
      k = end;
    } else out += text[k++];
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * `text` without its line splices (translation phase 2: `omp\` + line break + `for` is
 * `ompfor`, `pra\` + line break + `gma` is `pragma`), and where each of its offsets was.
 */
function unspliced(text: string): { text: string; offset: (j: number) => number } {
  if (!text.includes('\\')) return { text, offset: (j) => j };
  let out = '';
  const at: number[] = [];
  for (let k = 0; k < text.length;) {
    const splice = spliceAt(text, k);
    if (splice > 0) {
      k += splice;
      continue;
    }
    out += text[k];
    at.push(k++);
  }
  at.push(text.length);
  return { text: out, offset: (j) => at[j]! };
}

/** `#` or `%:`, blanks and comments, the directive's name (line splices removed). */
const DIRECTIVE =
  /^(?:#|%:)(?:[ \t\f\v]|\/\*[\s\S]*?\*\/)*([\p{ID_Start}_$][\p{ID_Continue}$]*)(?![\p{ID_Continue}$\\])/u;

/**
 * The name of the directive a line starts with (`if`, `ifdef`, `pragma`, ...), in any of
 * C's spellings: `#` or `%:`, blanks or comments around it, line splices anywhere (the
 * line given with its continuation lines).
 */
export function directiveName(line: string): string | undefined {
  const text = unspliced(line).text;
  return DIRECTIVE.exec(text.slice(skipBlanks(text, 0)))?.[1];
}

/** A `#pragma` / `%:pragma` directive whose `#` or `%:` is at `k` (blanks before it skipped by the caller). */
function directiveAt(text: string, k: number): PragmaSpelling | undefined {
  if (text[k] !== '#' && !(text[k] === '%' && text[k + 1] === ':')) return undefined;
  const end = lineEnd(text, k);
  const line = unspliced(text.slice(k, end));
  const m = DIRECTIVE.exec(line.text);
  if (m?.[1] !== 'pragma') return undefined;
  let from = m[0].length;
  while (from < line.text.length) {
    const e = skipBlanks(line.text, from);
    if (e === from) break;
    from = e;
  }
  const body = tokensOf(line.text.slice(from));
  const bodyStart = k + line.offset(from);
  let bodyEnd = end;
  while (bodyEnd > bodyStart && isBlank(text[bodyEnd - 1])) bodyEnd--;
  return { start: k, end, body, bodyStart: Math.min(bodyStart, bodyEnd), bodyEnd };
}

/** A `_Pragma ( string-literal )` operator whose `_Pragma` is at `k`. */
function operatorAt(text: string, k: number): PragmaSpelling | undefined {
  if (!text.startsWith('_Pragma', k) || isWordChar(text[k - 1]) || isWordChar(text[k + 7]))
    return undefined;
  let i = skipBlanksAndBreaks(text, k + 7);
  if (text[i] !== '(') return undefined;
  i = skipBlanksAndBreaks(text, i + 1);
  const prefix = /^(?:u8|[LuU])?"/.exec(text.slice(i, i + 3));
  if (!prefix) return undefined;
  const quote = i + prefix[0].length - 1;
  const close = literalEnd(text, quote);
  if (text[close - 1] !== '"') return undefined;
  const after = skipBlanksAndBreaks(text, close);
  if (text[after] !== ')') return undefined;
  // Destringized (C99 6.10.9): the prefix and quotes deleted, \" and \\ unescaped.
  const content = unspliced(text.slice(quote + 1, close - 1)).text;
  const body = tokensOf(content.replace(/\\(["\\])/g, '$1'));
  return { start: k, end: after + 1, body, bodyStart: quote + 1, bodyEnd: close - 1 };
}

/** Blanks, comments, line splices and line breaks: the operator's tokens may span lines. */
function skipBlanksAndBreaks(text: string, k: number): number {
  for (;;) {
    const e = skipBlanks(text, k);
    if (text[e] === '\n') k = e + 1;
    else return e;
  }
}

/**
 * The pragma `text` starts with, in any spelling (blanks and comments before it allowed):
 * a directive (one logical line, as a `preproc_call` node's text or a line of the
 * compiler's output) or a `_Pragma` operator.
 */
export function pragmaAt(text: string): PragmaSpelling | undefined {
  const k = skipBlanksAndBreaks(text, 0);
  return directiveAt(text, k) ?? operatorAt(text, k);
}

/** The pragma's body if `text` starts with one (see pragmaAt). */
export function pragmaBody(text: string): string | undefined {
  return pragmaAt(text)?.body;
}

/**
 * Every pragma of a C text, in order: directives at the start of a line (after blanks and
 * comments) and `_Pragma` operators anywhere, none inside a comment or a literal.
 */
export function pragmasIn(text: string): PragmaSpelling[] {
  const out: PragmaSpelling[] = [];
  let lineStart = true;
  for (let k = 0; k < text.length;) {
    const c = text[k]!;
    if (c === '\n') {
      lineStart = true;
      k++;
      continue;
    }
    const e = skipBlanks(text, k);
    if (e > k) {
      k = e;
      continue;
    }
    if (lineStart && (c === '#' || c === '%')) {
      const d = directiveAt(text, k);
      if (d) out.push(d);
      // Any other directive is skipped whole: its text is no C code.
      if (d || c === '#' || text[k + 1] === ':') {
        k = lineEnd(text, k);
        continue;
      }
    }
    lineStart = false;
    if (c === '"' || c === "'") {
      k = literalEnd(text, k);
    } else if (c === '_' && !isWordChar(text[k - 1])) {
      const o = operatorAt(text, k);
      if (o) out.push(o);
      k = o ? o.end : k + 1;
    } else if (isWordChar(c)) {
      while (k < text.length && isWordChar(text[k])) k++;
    } else k++;
  }
  return out;
}

/** Whether `text` starts with a pragma (see pragmaAt) whose first word is one of `namespaces`. */
export function startsPragma(text: string, ...namespaces: string[]): boolean {
  const body = pragmaBody(text);
  return body !== undefined && namespaces.includes(pragmaNamespace(body));
}
