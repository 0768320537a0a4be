/**
 * Text edits by range, with nesting: an edit may contain other edits, but only inside
 * one of its "holes" (e.g. the index expressions of `a[b[i]]`), whose rewritten text is
 * handed to the outer edit. Any other overlap is a bug of whoever made the edits: we
 * throw rather than guess which text wins.
 *
 * A zero-width edit (start = end) is an insertion; it may sit at the boundary of another
 * edit but not strictly inside one, unless inside a hole.
 */
import { RewriteError, type ByteRange } from './plan.js';

export interface Edit {
  readonly range: ByteRange;
  /** Sub-ranges whose (rewritten) text the edit reuses; nested edits must lie in one. */
  readonly holes: readonly ByteRange[];
  /** The replacement, given the rewritten text of each hole. */
  render(holeTexts: readonly string[]): string;
  /** For error messages. */
  readonly what: string;
}

interface Node {
  readonly edit: Edit;
  readonly children: Node[];
}

function contains(outer: ByteRange, inner: ByteRange): boolean {
  if (inner.start === inner.end) return outer.start < inner.start && inner.start < outer.end;
  return outer.start <= inner.start && inner.end <= outer.end;
}

function describe(e: Edit): string {
  return `${e.what} [${e.range.start}, ${e.range.end})`;
}

/** Builds the nesting forest; throws on overlaps that are not nestings. */
function nest(edits: readonly Edit[], sourceLength: number): Node[] {
  for (const e of edits) {
    if (e.range.start < 0 || e.range.end < e.range.start || e.range.end > sourceLength)
      throw new RewriteError(`${describe(e)} lies outside the source`);
    for (const h of e.holes)
      if (h.start < e.range.start || h.end > e.range.end || h.end < h.start)
        throw new RewriteError(`${describe(e)} keeps text outside itself`);
  }
  const sorted = [...edits].sort((a, b) => {
    if (a.range.start !== b.range.start) return a.range.start - b.range.start;
    const aw = a.range.end === a.range.start ? 0 : 1;
    const bw = b.range.end === b.range.start ? 0 : 1;
    if (aw !== bw) return aw - bw; // insertions before an edit starting at the same place
    return b.range.end - a.range.end; // outer before inner
  });
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const edit of sorted) {
    const node: Node = { edit, children: [] };
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!.edit.range;
      if (contains(top, edit.range)) break;
      const disjoint =
        edit.range.start >= top.end || (top.start === top.end && edit.range.start >= top.start);
      if (!disjoint)
        throw new RewriteError(
          `overlapping edits: ${describe(stack[stack.length - 1]!.edit)} and ${describe(edit)}`,
        );
      stack.pop();
    }
    const parent = stack[stack.length - 1];
    if (parent) {
      const p = parent.edit.range;
      if (p.start === edit.range.start && p.end === edit.range.end && p.start !== p.end)
        throw new RewriteError(`two edits of the same text: ${describe(edit)}`);
      parent.children.push(node);
    } else roots.push(node);
    stack.push(node);
  }
  return roots;
}

/** The text of source[start, end) with the given (sorted, disjoint) nodes applied. */
function splice(source: string, start: number, end: number, nodes: readonly Node[]): string {
  let out = '';
  let at = start;
  for (const n of nodes) {
    out += source.slice(at, n.edit.range.start) + renderNode(source, n);
    at = n.edit.range.end;
  }
  return out + source.slice(at, end);
}

function renderNode(source: string, node: Node): string {
  const { edit } = node;
  const perHole: Node[][] = edit.holes.map(() => []);
  for (const child of node.children) {
    const h = edit.holes.findIndex((hole) => {
      const r = child.edit.range;
      return hole.start <= r.start && r.end <= hole.end;
    });
    if (h < 0)
      throw new RewriteError(
        `${describe(child.edit)} is nested in ${describe(edit)} outside the text it keeps`,
      );
    perHole[h]!.push(child);
  }
  const texts = edit.holes.map((hole, i) => splice(source, hole.start, hole.end, perHole[i]!));
  return edit.render(texts);
}

/** Applies all edits to `source`; everything outside them is kept byte for byte. */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  return splice(source, 0, source.length, nest(edits, source.length));
}
