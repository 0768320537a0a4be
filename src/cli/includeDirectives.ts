/**
 * The `#include` directives of a file as the preprocessor reads them, for the index of who
 * includes whom (includers.ts): line splices first (translation phase 2: `#inc\` / `lude
 * "kern.c"`), then each comment one blank (phase 3: `#include /* kernel *\/ "kern.c"`, a
 * block comment across lines joins them), then the directives (`#`, `%:` or `??=`;
 * `include`, `include_next`, and GCC's `import`). Each of those spellings was no directive to
 * the index's first reading, which took the file to be included by nothing, and a file it
 * included was contracted alone (review 2026-11-29: its host read the buffer after the call).
 *
 * A name a macro spells (`#include KERN_FILE`) is what the macro holds: the name of each
 * string or `<...>` definition of it in the file (in any branch: `#ifndef CFG` / `#define CFG
 * "plain.h"`). A macro the file never defines so is looked up in the other files of the
 * program (a header's `#define FT_FREETYPE_H <freetype/freetype.h>`, includers.ts), and one
 * no file defines (a `-D` of the build) may name any file. What a `-D` gives a macro the file
 * defines only under `#ifndef` is not read (docs/limits.md).
 */
import { withoutSplices } from '../model/lineSplices.js';
import { commentEnd, literalEnd } from '../model/pragmas.js';

/** A header name as written, or the macro that spells one (its definitions not in the file). */
type IncludeDirective =
  | { readonly name: string; readonly quoted: boolean; readonly next: boolean }
  | { readonly macro: string; readonly next: boolean };

const DIRECTIVE =
  /^[ \t\f\v]*(?:#|%:|\?\?=)[ \t\f\v]*(include_next|include|import|define)\b(.*)$/gm;
/** A definition's name and body when the body is a header name alone. */
const HEADER_NAME_VALUE =
  /^[ \t\f\v]+([A-Za-z_]\w*)(?![\w(])[ \t\f\v]*("[^"]*"|<[^>]*>)[ \t\f\v]*$/;

/** A file's include directives and the header names its macros are defined to. */
export interface FileIncludes {
  readonly directives: readonly IncludeDirective[];
  /** Macro -> the names its `#define`s in the file give (a string or `<...>` alone). */
  readonly definitions: ReadonlyMap<string, readonly { name: string; quoted: boolean }[]>;
}

/** The directives of `text` that include a file, and its macros defined to header names. */
export function includeDirectives(text: string): FileIncludes {
  const spliced = text.includes('\\');
  if (!/include|import|define/.test(text) && !spliced)
    return { directives: [], definitions: new Map() };
  const code = withoutComments(spliced ? withoutSplices(text) : text);
  const definitions = new Map<string, { name: string; quoted: boolean }[]>();
  const found: { rest: string; next: boolean }[] = [];
  // (one pass: definitions of header names, and the directives that include)
  for (const m of code.matchAll(DIRECTIVE)) {
    if (m[1] !== 'define') {
      found.push({ rest: m[2]!.trim(), next: m[1] === 'include_next' });
      continue;
    }
    const v = HEADER_NAME_VALUE.exec(m[2]!);
    if (!v) continue;
    const named = { name: v[2]!.slice(1, -1), quoted: v[2]!.startsWith('"') };
    const list = definitions.get(v[1]!);
    if (list) list.push(named);
    else definitions.set(v[1]!, [named]);
  }
  const directives: IncludeDirective[] = [];
  for (const { rest, next } of found) {
    const named = /^"([^"]*)"|^<([^>]*)>/.exec(rest);
    const macro = /^([A-Za-z_]\w*)$/.exec(rest)?.[1];
    if (named)
      directives.push({ name: named[1] ?? named[2]!, quoted: named[1] !== undefined, next });
    else if (macro && definitions.has(macro))
      for (const d of definitions.get(macro)!) directives.push({ ...d, next });
    // (a function-like macro's call, or a macro defined elsewhere: includers.ts looks it up)
    else directives.push({ macro: macro ?? '', next });
  }
  return { directives, definitions };
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
