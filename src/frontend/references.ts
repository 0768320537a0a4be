/**
 * References to the function's arrays in the syntax tree: every use of an array name, the
 * subscript chain `a[i][j]` rooted at it, and the full-rank element accesses a modelled
 * statement covers.
 */
import { type Node, child, walk } from './parse.js';
import { type FunctionState, arrayOf } from './state.js';
import { isUnevaluated } from './unevaluated.js';
import { elementField } from './fieldAccess.js';

/** The subscript chain `a[i][j]` rooted at identifier `id`: its top node and index nodes. */
export function chainOf(id: Node): { top: Node; indices: Node[] } {
  let top = id;
  const indices: Node[] = [];
  while (
    top.parent?.type === 'subscript_expression' &&
    child(top.parent, 'argument')?.id === top.id
  ) {
    top = top.parent;
    const idx = child(top, 'index') ?? top.namedChildren[1];
    indices.push(idx);
  }
  return { top, indices };
}

/**
 * Array identifiers used inside `n` (not declarators). Memoized per node while the set of
 * arrays stays the same: every `return` or label re-scans the whole body, which made long
 * functions with many early returns quadratic (stb_vorbis's start_decoder took seconds).
 */
export function arrayUses(st: FunctionState, n: Node): Node[] {
  const cached = st.arrayUsesCache.get(n.id);
  if (cached && cached.arrays === st.arrays.size) return cached.uses;
  const out: Node[] = [];
  for (const x of walk(n)) {
    if (x.type !== 'identifier' && x.type !== 'type_identifier') continue;
    if (arrayOf(st, x)) out.push(x);
  }
  st.arrayUsesCache.set(n.id, { arrays: st.arrays.size, uses: out });
  return out;
}

/** Full-rank element accesses inside `n` that a statement can model. */
export function elementAccesses(
  st: FunctionState,
  n: Node,
): { id: Node; top: Node; indices: Node[] }[] {
  const out: { id: Node; top: Node; indices: Node[] }[] = [];
  for (const id of arrayUses(st, n)) {
    const rec = st.arrays.get(id.text)!;
    const c = chainOf(id);
    if (c.indices.length !== rec.rank || rec.rank === 0) continue;
    // A reference never evaluated (`sizeof t[i]`, `sizeof(&t[i])`) stays an access that
    // never happens: the rewriter still renames it (`sizeof t[i]` left as it was did not
    // compile once t became a scalar).
    const p = c.top.parent;
    if (!isUnevaluated(c.top)) {
      if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&') continue;
      // A field the analysis takes is an access of the element (statementAccesses.ts).
      if (p?.type === 'field_expression') {
        const f = elementField(st, rec, c.top);
        if (!f || 'refused' in f) continue;
      }
    }
    out.push({ id, ...c });
  }
  return out;
}
