/**
 * The part of a C++ translation unit that is parsed (issue 30): the main file's lines and
 * those of the headers in its own folder (the kernel's `example.h`, with its typedefs and
 * prototypes); the library headers (`<iostream>`, `ap_int.h`, `hls_stream.h`) count as blank.
 * Their text is tens of thousands of lines of templates that tree-sitter's C++ grammar parses
 * slowly and with errors (the GNU headers' attributes), and the model reads nothing from them:
 * what a library declares is unknown to it, and taken for the worst (cpp/unit.ts).
 */
import path from 'node:path';
import type { Range } from 'tree-sitter';
import { lineStarts } from '../parse.js';
import type { TranslationUnit } from '../preprocess.js';

const EMPTY: Range = {
  startIndex: 0,
  endIndex: 0,
  startPosition: { row: 0, column: 0 },
  endPosition: { row: 0, column: 0 },
};

/** Whether a header (as the compiler names it) lies in the main file's folder or below. */
function ownHeader(file: string, folder: string, cwd: string | undefined): boolean {
  if (file.startsWith('<')) return false;
  const rel = path.relative(folder, path.resolve(cwd ?? '.', file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** The ranges of `tu.text` to parse (see the header comment). */
export function ownRanges(tu: TranslationUnit, file: string, cwd?: string): Range[] {
  const folder = path.dirname(path.resolve(cwd ?? '.', file));
  const starts = lineStarts(tu.text);
  const verdicts = new Map<string, boolean>();
  const kept = (k: number): boolean => {
    const origin = tu.lines[k];
    if (!origin || origin.line === 0) return false;
    if (origin.main) return true;
    let v = verdicts.get(origin.file);
    if (v === undefined) verdicts.set(origin.file, (v = ownHeader(origin.file, folder, cwd)));
    return v;
  };
  const ranges: Range[] = [];
  let open: number | undefined;
  const close = (row: number) => {
    if (open === undefined) return;
    ranges.push({
      startIndex: starts[open]!,
      endIndex: starts[row] ?? tu.text.length,
      startPosition: { row: open, column: 0 },
      endPosition: { row, column: 0 },
    });
    open = undefined;
  };
  for (let k = 0; k < tu.lines.length; k++) {
    if (kept(k)) open ??= k;
    else close(k);
  }
  close(tu.lines.length);
  return ranges.length > 0 ? ranges : [EMPTY];
}
