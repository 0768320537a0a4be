/**
 * The `#include` directives of a file as the preprocessor reads them, for the index of who
 * includes whom (includers.ts): line splices first (translation phase 2: `#inc\` / `lude
 * "kern.c"`), then each comment one blank (phase 3: `#include /* kernel *\/ "kern.c"`, a
 * block comment across lines joins them), then the directives (`#`, `%:` or `??=`;
 * `include`, `include_next`, and GCC's `import`). Each of those spellings was no directive to
 * the index's first reading, which took the file to be included by nothing, and a file it
 * included was contracted alone (review 2026-11-29: its host read the buffer after the call).
 * A trigraph splice (`#inc??/` / `lude "kern.c"`) joins lines only in an ISO mode
 * (`-std=c11`, `-trigraphs`), and a `// ...??/` comment swallows the next line only there:
 * the file is read both ways and the directives of either count (adversary 2026-11-29e: a
 * -std=c11 host's spliced include was missed and its kernel folded).
 *
 * A name a macro spells (`#include KERN_FILE`) is what the macro may hold, from the
 * definitions of every file read (includers.ts): a string, a `<...>` name, another macro
 * (`#define KERN KERN2`: its names), or anything else (any file). The file's own definitions
 * are not taken alone: a header read before may define the macro (adversary 2026-11-29e:
 * `#define KERN KERN2` beside `#define KERN "a.h"` was read as a.h alone).
 */
import { withoutSplices } from '../model/lineSplices.js';
import { commentEnd, literalEnd } from '../model/pragmas.js';

/** A header name as written, or the macro that spells one (`''`: not told which). */
type IncludeDirective =
  | { readonly name: string; readonly quoted: boolean; readonly next: boolean }
  | { readonly macro: string; readonly next: boolean };

/** What an object-like macro's definition gives an `#include` of it. */
export type MacroValue =
  { readonly name: string; readonly quoted: boolean } | { readonly alias: string } | 'other';

const DIRECTIVE =
  /^[ \t\f\v]*(?:#|%:|\?\?=)[ \t\f\v]*(include_next|include|import|define)\b(.*)$/gm;
/** A definition's name and body (the name followed by `(`: a function-like macro). */
const DEFINITION = /^[ \t\f\v]+([A-Za-z_]\w*)(\(?)(.*)$/;
/** A trigraph splice: `??/` is a backslash in an ISO mode. */
const TRIGRAPH_SPLICE = /\?\?\/[ \t\f\v]*\r?\n/g;

/** A file's include directives and the definitions of its macros. */
export interface FileIncludes {
  readonly directives: readonly IncludeDirective[];
  /** Macro -> what its object-like `#define`s in the file give it. */
  readonly definitions: ReadonlyMap<string, readonly MacroValue[]>;
  /** Every macro the file defines (function-like ones too). */
  readonly defined: ReadonlySet<string>;
}

/** The directives of `text` that include a file, and its macros' definitions. */
export function includeDirectives(text: string): FileIncludes {
  const out: Found = { directives: [], definitions: new Map(), defined: new Set() };
  const spliced = text.includes('\\');
  if (!/include|import|define/.test(text) && !spliced && !text.includes('??/')) return out;
  read(text, out);
  // (the ISO reading: trigraph splices joined; directives of both readings count)
  if (text.includes('??/')) read(text.replace(TRIGRAPH_SPLICE, ''), out);
  return out;
}

interface Found {
  directives: IncludeDirective[];
  definitions: Map<string, MacroValue[]>;
  defined: Set<string>;
}

function read(text: string, out: Found): void {
  // (a UTF-8 byte order mark before the first directive, read as latin1 or not: the
  // compiler skips it, and `#include "kern.c"` on the first line was no directive here)
  text = text.replace(/^(?:\xEF\xBB\xBF|\uFEFF)/, '');
  const code = withoutComments(text.includes('\\') ? withoutSplices(text) : text);
  for (const m of code.matchAll(DIRECTIVE)) {
    const next = m[1] === 'include_next';
    if (m[1] !== 'define') out.directives.push(directiveOf(m[2]!.trim(), next));
    else define(m[2]!, out);
  }
}

/** The directive whose text after `include` is `rest`. */
function directiveOf(rest: string, next: boolean): IncludeDirective {
  const named = /^"([^"]*)"|^<([^>]*)>/.exec(rest);
  if (named) return { name: named[1] ?? named[2]!, quoted: named[1] !== undefined, next };
  // (a function-like macro's call, `XSTR(kern.c)`: not told which file)
  return { macro: /^([A-Za-z_]\w*)$/.exec(rest)?.[1] ?? '', next };
}

/** Records the definition whose text after `define` is `rest`. */
function define(rest: string, out: Found): void {
  const d = DEFINITION.exec(rest);
  if (!d) return;
  out.defined.add(d[1]!);
  if (d[2]) return;
  const body = d[3]!.trim();
  const header = /^("[^"]*"|<[^>]*>)$/.exec(body)?.[1];
  const value: MacroValue = header
    ? { name: header.slice(1, -1), quoted: header.startsWith('"') }
    : /^[A-Za-z_]\w*$/.test(body)
      ? { alias: body }
      : 'other';
  const list = out.definitions.get(d[1]!);
  if (list) list.push(value);
  else out.definitions.set(d[1]!, [value]);
}

/** `text` with each comment one blank (its line breaks gone: a block comment joins lines). */
function withoutComments(text: string): string {
  let out = '';
  let from = 0;
  // (only a slash or a quote may start a comment or a literal: the text between is skipped)
  const next = /[/"']/g;
  for (let k = 0; k < text.length;) {
    next.lastIndex = k;
    if (!next.exec(text)) break;
    k = next.lastIndex - 1;
    const e = commentEnd(text, k);
    if (e > k) {
      out += `${text.slice(from, k)} `;
      k = from = e;
    } else if (text[k] === '"' || text[k] === "'") k = literalEnd(text, k);
    else k++;
  }
  return out + text.slice(from);
}
