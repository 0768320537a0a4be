/**
 * A C identifier as a whole token of C text, for searches in the source's own text.
 *
 * GNU C allows `$` in identifiers (gcc and clang accept `n$` on most targets). Spliced into
 * a regular expression unescaped, `$` is an end anchor, and with `\b` or `[^A-Za-z0-9_]` as
 * its boundaries, a name ending in `$` never matched while `n` matched inside `n$`: a file-
 * scope `const int n$` lost the run-time guard of a result computed for its value.
 *
 * C99 and later (tree-sitter-c 0.24, gcc, clang) also allow letters beyond ASCII, spelled in
 * UTF-8 (`né`) or as universal character names (`n\u00e9`, `n\U000000e9`), all three the
 * same identifier (C11 6.4.2.1, 6.4.3); the compiler's view prints them as `\U` names. So
 * every character of a name is escaped (a UCN's backslash is not a regex escape), a
 * non-ASCII letter matches in any of its spellings, among them its UTF-8 bytes one
 * character each (the CLI reads a file as latin1, src/cli/sourceFile.ts), and the
 * boundaries are "no identifier character around", not ASCII's `\b` (`nom` is not a
 * mention inside `nomé`): \p{ID_Continue}, `$`, a `\u`/`\U` escape, and any other
 * non-ASCII character, which outside comments and literals only occurs in an identifier
 * (and a UTF-8 byte read as latin1 may be a symbol such as `©`).
 */
import { commentEnd, literalEnd } from './pragmas.js';

/** One character of an identifier (a UCN is identifier text too, see the boundaries). */
const IDENTIFIER_CHARACTER = String.raw`[\p{ID_Continue}$\u{80}-\u{10FFFF}]`;

/** Characters of a regular expression (`u` flag) that stand for something else. */
const SPECIAL = /[\\^$.*+?()[\]{}|/]/g;

const escape = (text: string) => text.replace(SPECIAL, '\\$&');

/** `0e9` -> `0[eE]9`: the hex digits of a UCN in either case. */
const anyCase = (hex: string) =>
  [...hex].map((c) => (/[a-f]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c)).join('');

/** The code points a name spells, its UCNs decoded (`n\u00e9` -> `né`). */
function decode(name: string): string[] {
  const out: string[] = [];
  const ucn = /\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})/y;
  for (let k = 0; k < name.length;) {
    ucn.lastIndex = k;
    const m = ucn.exec(name);
    if (m) {
      const code = parseInt(m[1] ?? m[2]!, 16);
      // An out-of-range UCN is no character: kept as its own text.
      out.push(code <= 0x10ffff ? String.fromCodePoint(code) : m[0]);
      k += m[0].length;
    } else {
      const c = String.fromCodePoint(name.codePointAt(k)!);
      out.push(c);
      k += c.length;
    }
  }
  return out;
}

/** A pattern for the name's text in any spelling of its non-ASCII letters. */
function spellings(name: string): string {
  return decode(name)
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (c.length > 2 || code < 0x80) return escape(c);
      const hex = code.toString(16).padStart(8, '0');
      const short = code <= 0xffff ? `|\\\\u${anyCase(hex.slice(4))}` : '';
      const bytes = String.fromCharCode(...new TextEncoder().encode(c));
      return `(?:${escape(c)}|${escape(bytes)}${short}|\\\\U${anyCase(hex)})`;
    })
    .join('');
}

/**
 * Source of a pattern (for the `u` flag) matching any of `names` as a whole identifier: no
 * identifier character, `$` or UCN on either side.
 */
function identifiersPattern(names: readonly string[]): string {
  const before = `(?<!${IDENTIFIER_CHARACTER}|\\\\(?=[uU]))`;
  const after = `(?!${IDENTIFIER_CHARACTER}|\\\\[uU])`;
  return `${before}(?:${names.map(spellings).join('|')})${after}`;
}

/** Source of a pattern (for the `u` flag) matching `name` as a whole identifier. */
export function identifierPattern(name: string): string {
  return identifiersPattern([name]);
}

/** Whether `text` spells the identifier `name` (comments and strings count: callers strip them). */
export function mentionsIdentifier(text: string, name: string): boolean {
  return new RegExp(identifierPattern(name), 'u').test(text);
}

/**
 * A regular expression (`u` flag, plus `flags`) for the keywords or names `words` as whole
 * identifiers: `\b(const|static)\b` also matched inside a GNU or non-ASCII name (`const$`,
 * `staticé`), as ASCII's `\b` ends a word there.
 */
export function wordsRegExp(words: readonly string[], flags = ''): RegExp {
  return new RegExp(identifiersPattern(words), `u${flags}`);
}

const UCN = String.raw`\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}`;

/** Source of a pattern (for the `u` flag) matching one identifier, in any of its spellings. */
export const IDENTIFIER = `(?:[\\p{ID_Start}_$]|${UCN})(?:${IDENTIFIER_CHARACTER}|${UCN})*`;

/**
 * `text` with its comments and string and character literals blanked (same length, line
 * breaks kept), for searches that must see only code: `const char *s = "const n";` spells
 * no declaration of `n`. With `keepLiterals`, only the comments.
 */
export function codeOnly(text: string, keepLiterals = false): string {
  let out = '';
  let from = 0;
  const blank = (start: number, end: number) => {
    out += text.slice(from, start) + text.slice(start, end).replace(/[^\n]/g, ' ');
    from = end;
  };
  for (let k = 0; k < text.length;) {
    const c = text[k];
    const comment = commentEnd(text, k);
    if (comment > k) {
      blank(k, comment);
      k = comment;
    } else if (c === '"' || c === "'") {
      const end = literalEnd(text, k);
      if (!keepLiterals) blank(k, end);
      k = end;
    } else k++;
  }
  return out + text.slice(from);
}
