/**
 * The calls of a unit moved into a file's coordinates, each function's record moved once per
 * placement for the files read inside one host (issue 27, "the cost stays per file"). A file
 * read inside a host of n kernels holds the calls of every function its host's `main()`
 * reaches; moving all of them for each file cost each file O(n) copies. A place outside the
 * file is its line's origin (spelling.ts `loc`: the line of the main file that includes it,
 * the file and line it comes from, the column of the preprocessed text), which the files of
 * one host read alike but for the including line: kernels before the file are placed at line
 * 1, those after it below its last line. So a record whose every place lies on lines outside
 * the file is moved once per such placement and shared; a record with a place on the file's
 * own lines (where its tokens say where) is moved for each file, as before.
 */
import type { CallGraph, FunctionCalls, SourceLoc } from '../model/calls.js';
import type { LineOrigin } from './preprocess.js';
import type { HostShare } from './hostShare.js';
import { relocateLocs } from './relocate.js';

/** What moves a place of the unit's text into the file (the text's line starts and the map). */
export interface Placing {
  /** The 0-based line of the preprocessed text a place is on. */
  readonly ppLine: (loc: SourceLoc) => number;
  readonly lines: readonly LineOrigin[];
  readonly move: (loc: SourceLoc) => SourceLoc;
}

/** One record moved, with the origins of its lines it was moved with. */
interface Variant<T> {
  readonly origins: readonly (LineOrigin | undefined)[];
  readonly moved: T;
}

/** A record's lines of the preprocessed text (each one once), and its moves so far. */
interface Placed<T> {
  readonly lines: readonly number[];
  readonly variants: Variant<T>[];
}

/** A kept record's moves for the files of one host (a kernel before or after the file: 2). */
const MOST_VARIANTS = 4;

/** The distinct preprocessed lines of every place `relocateLocs` moves in `data`. */
function linesOf(data: unknown, ppLine: Placing['ppLine'], out: Set<number>): void {
  if (Array.isArray(data)) {
    for (const x of data) linesOf(x, ppLine, out);
    return;
  }
  if (data === null || typeof data !== 'object') return;
  for (const [k, v] of Object.entries(data)) {
    if (k === 'loc' && v && typeof v === 'object') out.add(ppLine(v as SourceLoc));
    else if (k === 'indirectCalls' && Array.isArray(v))
      for (const l of v as SourceLoc[]) out.add(ppLine(l));
    else linesOf(v, ppLine, out);
  }
}

/** Whether two line origins move a place alike (outside the main file: spelling.ts fileLoc). */
const sameOrigin = (a: LineOrigin | undefined, b: LineOrigin | undefined) =>
  a === b ||
  (!!a &&
    !!b &&
    !a.main &&
    !b.main &&
    a.file === b.file &&
    a.line === b.line &&
    a.includedAt === b.includedAt);

/** `record` moved by `p`, shared with the other files of the host placed alike. */
function placed<T extends object>(
  record: T,
  p: Placing,
  kept: WeakMap<object, Placed<unknown>>,
): T {
  let entry = kept.get(record) as Placed<T> | undefined;
  if (!entry) {
    const lines = new Set<number>();
    linesOf(record, p.ppLine, lines);
    kept.set(record, (entry = { lines: [...lines], variants: [] }));
  }
  const origins = entry.lines.map((l) => p.lines[l]);
  // (a place on the file's own lines is spelled by its tokens: moved for this file alone)
  if (origins.some((o) => o?.main)) return relocateLocs(record, p.move);
  const hit = entry.variants.find((v) => v.origins.every((o, k) => sameOrigin(o, origins[k])));
  if (hit) return hit.moved;
  const moved = relocateLocs(record, p.move);
  if (entry.variants.length < MOST_VARIANTS) entry.variants.push({ origins, moved });
  return moved;
}

/**
 * The call graph with every place moved by `p.move`: each function's record moved once per
 * placement and kept in `share` when the files read inside one host share it (the same
 * text), else moved as a whole.
 */
export function placedCalls(graph: CallGraph, p: Placing, share?: HostShare, text = ''): CallGraph {
  if (!share) return relocateLocs(graph, p.move);
  const kept = share.once('placed calls', text, () => new WeakMap<object, Placed<unknown>>());
  return { functions: graph.functions.map((f: FunctionCalls) => placed(f, p, kept)) };
}
