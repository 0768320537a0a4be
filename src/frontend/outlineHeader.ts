/**
 * The header of a guard's original body made a function of its own (outline.ts), from the
 * text as written: the function's own header, its name renamed and its storage class and
 * `inline` replaced by `static __attribute__((noinline))`, its formatting and comments kept.
 */
import type { FunctionModel, Outline } from '../model/types.js';
import { codeOnly, wordsRegExp } from '../model/identifiers.js';
import { cTokens } from './ctokens.js';
import { withoutSplices } from '../model/lineSplices.js';

/** The suffix of the name of a function beeclak made of an original body. */
export const ORIGINAL_SUFFIX = '__beeclak_original';

const STORAGE = new Set(['static', 'extern', 'inline', '__inline', '__inline__']);
/** What the text may spell under a macro or a skipped branch that the copy would change. */
const IDENTITY = wordsRegExp(['__func__', '__FUNCTION__', '__PRETTY_FUNCTION__']);

/**
 * The names of the file that end as the functions made of original bodies do: read once
 * (a search of the file per function was quadratic in a file of many functions).
 */
export function originalNames(source: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (let at = source.indexOf(ORIGINAL_SUFFIX); at >= 0;) {
    const end = at + ORIGINAL_SUFFIX.length;
    const head = /[\p{ID_Continue}$]*$/u.exec(source.slice(Math.max(0, at - 256), at))![0];
    out.add(head + ORIGINAL_SUFFIX + /^[\p{ID_Continue}$]*/u.exec(source.slice(end))![0]);
    at = source.indexOf(ORIGINAL_SUFFIX, end);
  }
  return out;
}

/** The outline completed from the text, or why the text does not allow it. */
export function outlineHeader(
  source: string,
  fn: FunctionModel,
  outline: Outline,
  taken: ReadonlySet<string>,
): { outline: Outline } | { outlineObstacle: string } {
  const refuse = (why: string) => ({ outlineObstacle: why });
  const body = fn.bodyRange;
  if (!body) return refuse('the function body is not spelled in the file');
  if (IDENTITY.test(codeOnly(source.slice(body.start, body.end))))
    return refuse("its text uses __func__ (its value would be another function's)");
  const name = `${fn.name}${ORIGINAL_SUFFIX}`;
  if (taken.has(name)) return refuse(`the name ${name} is taken`);
  const start = fn.range.start;
  const header = source.slice(start, body.start);
  if (/(^|\n)[ \t]*#/.test(header)) return refuse('its header has a directive');
  const tokens = cTokens(header);
  const named = tokens.filter((t) => t.text === fn.name);
  if (named.length !== 1) return refuse('its name is not spelled once in its header');
  const storage = tokens.filter((t) => t.start < named[0]!.start && STORAGE.has(t.text));
  // A macro may spell them (`#define API static inline`): the copy would repeat them.
  if (storage.length !== outline.storageWords)
    return refuse('its storage class or `inline` is spelled by a macro');
  // The copy goes on lines of its own before the header's line (and a comment on that line).
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  if (/\S/.test(codeOnly(source.slice(lineStart, start))))
    return refuse('its header shares a line with other text');
  // A pragma right before the function may apply to the next declaration (`#pragma omp
  // declare variant(fast) match(...)`): the copy would take it (adversary 2026-11-29e: the
  // parallel region's call ran the kernel instead of its variant, 72 for -9).
  const window = withoutSplices(source.slice(Math.max(0, lineStart - 4096), lineStart));
  const before = codeOnly(window).trimEnd();
  const last = before.slice(before.lastIndexOf('\n') + 1);
  if (/^[ \t]*(?:#|%:|\?\?=)[ \t]*pragma\b|\b_Pragma\s*\(/.test(last))
    return refuse('a #pragma before its header may apply to it (the copy would take it)');
  let text = '';
  let at = 0;
  for (const t of storage) {
    text += header.slice(at, t.start);
    at = t.end;
    // The blank after the word goes with it.
    while (at < header.length && /[ \t]/.test(header[at]!)) at++;
  }
  text += header.slice(at, named[0]!.start) + name + header.slice(named[0]!.end, header.length);
  return {
    outline: { ...outline, name, header: `static __attribute__((noinline)) ${text}` },
  };
}
