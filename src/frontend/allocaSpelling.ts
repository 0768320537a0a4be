/**
 * Where the size of an `alloca` call is spelled in the file. glibc defines
 * `#define alloca(size) __builtin_alloca (size)`, so the preprocessed call's parentheses come
 * from the macro's body and the usual framing (relocate.ts `frame`) finds no file text for
 * its argument. The argument is then the text between the parentheses of the file's `alloca(`
 * ... `)` invocation, when the macro is that one-parameter spelling and the lines of the
 * call hold one invocation of it.
 */
import type { ByteRange } from '../model/types.js';
import type { OffsetRange } from '../model/calls.js';
import type { SpellingMap } from './spelling.js';

const ALLOCA_BODY = /^\s*__builtin_alloca\s*\(\s*(\w+)\s*\)\s*$/;

export function allocaArgumentInFile(
  map: SpellingMap,
  source: string,
  hole: OffsetRange,
): ByteRange | undefined {
  // The tokens of an invocation are not lined up one by one (spelling.ts): its line is.
  const uses = map.usesOnLines(hole).filter((u) => u.name === 'alloca');
  const use = uses.length === 1 ? uses[0] : undefined;
  const d = use?.definition;
  const m = d ? ALLOCA_BODY.exec(d.body) : null;
  if (!use || !d || d.params?.length !== 1 || m?.[1] !== d.params[0]) return undefined;
  const open = source.indexOf('(', use.start);
  const close = source.lastIndexOf(')', use.end - 1);
  if (open < 0 || close <= open) return undefined;
  let start = open + 1;
  let end = close;
  while (start < end && /\s/.test(source[start]!)) start++;
  while (end > start && /\s/.test(source[end - 1]!)) end--;
  return start < end ? { start, end } : undefined;
}
