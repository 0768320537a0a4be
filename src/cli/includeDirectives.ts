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

const DIRECTIVE = /^[ \t\f\v]*(?:#|%:|\?\?=)[ \t\f\v]*(include_next|include|import)\b(.*)$/gm;
const DEFINITION =
  /^[ \t\f\v]*(?:#|%:|\?\?=)[ \t\f\v]*define[ \t\f\v]+([A-Za-z_]\w*)(?![\w(])[ \t\f\v]*("[^"]*"|<[^>]*>)[ \t\f\v]*$/gm;

/** A file's include directives and the header names its macros are defined to. */
export interface FileIncludes {
  readonly directives: readonly IncludeDirective[];
  /** Macro -> the names its `#define`s in the file give (a string or `<...>` alone). */
  readonly definitions: ReadonlyMap<string, readonly { name: string; quoted: boolean }[]>;
}

/** The directives of `text` that include a file, and its macros defined to header names. */
export function includeDirectives(text: string): FileIncludes {
  if (!/include|import|define/.test(text) && !text.includes('\\'))
    return { directives: [], definitions: new Map() };
  const code = withoutComments(withoutSplices(text));
  const definitions = new Map<string, { name: string; quoted: boolean }[]>();
  for (const m of code.matchAll(DEFINITION)) {
    const value = m[2]!;
    const named = { name: value.slice(1, -1), quoted: value.startsWith('"') };
    const list = definitions.get(m[1]!);
    if (list) list.push(named);
    else definitions.set(m[1]!, [named]);
  }
  const directives: IncludeDirective[] = [];
  for (const m of code.matchAll(DIRECTIVE)) {
    const rest = m[2]!.trim();
    const next = m[1] === 'include_next';
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
  for (let k = 0; k < text.length;) {
    const e = commentEnd(text, k);
    if (e > k) {
      out += `${text.slice(from, k)} `;
      k = from = e;
    } else if (text[k] === '"' || text[k] === "'") k = literalEnd(text, k);
    else k++;
  }
  return out + text.slice(from);
}
