/**
 * A field of an element of an array of structs (`a[i].re`, `(a[i]).pos.x`): the member
 * selections after the element reference, the scalar fields (leaves of the element's
 * layout, elementStruct.ts) they reach, and whether the analysis may take it as an access
 * of those fields of cell `a[i]` (src/lifetime/fieldView.ts), or why not.
 *
 * The selection stops at a leaf (`a[i].p[k]` reads the pointer field p, `a[i].re` is the
 * field re); a selection that stops at a nested struct (`a[i].pos = q`) touches every leaf
 * under it. Refused: an address taken of a field or of a nested struct (`&a[i].re`: storage
 * reached through a pointer the analysis does not follow), `->` on an element, a name the
 * layout does not have.
 */
import { type Node, child, parenthesizedAround } from './parse.js';
import { type ElementLayout, elementStruct } from './elementStruct.js';
import { isUnevaluated } from './unevaluated.js';
import { sizeOfType } from './constants.js';
import type { ArrayRec, FunctionState } from './state.js';

export interface FieldSelection {
  /** The outermost selection (`a[i].pos.x`): the lvalue whose context says read or write. */
  readonly node: Node;
  /** Indices of the leaves touched, in the layout's order. */
  readonly leaves: readonly number[];
}

/**
 * The member selections after the element reference `top` (a full subscript), or undefined
 * when `top` is not followed by one.
 */
function fieldSelection(
  top: Node,
  layout: ElementLayout,
): FieldSelection | { refused: string } | undefined {
  let node = parenthesizedAround(top);
  let path = '';
  for (;;) {
    const p = node.parent;
    if (p?.type !== 'field_expression' || child(p, 'argument')?.id !== node.id) break;
    if (child(p, 'operator')?.text !== '.') return { refused: "'->' on an element" };
    path = path + (path ? '.' : '') + (child(p, 'field')?.text ?? '');
    node = parenthesizedAround(p);
    if (layout.leaves.includes(path)) break;
  }
  if (!path) return undefined;
  const leaves = layout.leaves.flatMap((l, k) =>
    l === path || l.startsWith(`${path}.`) ? [k] : [],
  );
  if (leaves.length === 0) return { refused: `no scalar field '${path}' is known` };
  const q = node.parent;
  if (
    q?.type === 'pointer_expression' &&
    child(q, 'operator')?.text === '&' &&
    !isUnevaluated(node)
  )
    return { refused: 'the address of a field is taken' };
  return { node, leaves };
}

/**
 * The field selection after the element reference `top` of `rec` when the analysis can
 * take it (an array declared in the function, of analysable structs), `{ refused }` with
 * why not, or undefined when no field is selected.
 */
export function elementField(
  st: FunctionState,
  rec: ArrayRec,
  top: Node,
): FieldSelection | { refused: string } | undefined {
  const lvalue = parenthesizedAround(top);
  const p = lvalue.parent;
  if (p?.type !== 'field_expression' || child(p, 'argument')?.id !== lvalue.id) return undefined;
  // (C++: a struct may have bases, members with their own assignment, methods.)
  if (st.options.cpp) return { refused: 'arrays of structs are analysed in C only' };
  // (A static or file-scope array keeps its values across calls, a parameter is the
  // caller's: the analyses across calls do not know fields.)
  if (rec.decl.storage !== 'local')
    return { refused: 'arrays of structs are analysed only as automatic local arrays' };
  if (rec.structElement === undefined) {
    let decl: Node | null = rec.decl.node;
    while (decl && decl.type !== 'declaration') decl = decl.parent;
    // (`struct S *p[N]`: the type names the struct, the elements are pointers.)
    const type = decl && !/\*\s*$/.test(rec.decl.elementType) ? child(decl, 'type') : null;
    rec.structElement =
      (type && elementStruct(type, rec.decl.isVolatile, st.fn, st.body, st.typedefs)) ?? null;
  }
  const s = rec.structElement;
  if (!s) return { refused: 'the element is no struct this reading knows' };
  if ('refused' in s) return s;
  return fieldSelection(top, s.layout);
}

/**
 * The model's facts of an element: its bytes (a struct's from its layout, when known) and,
 * for an array whose fields are accessed, the fields (ArrayInfo.fields).
 */
export function elementFacts(
  st: FunctionState,
  rec: ArrayRec,
): { elementBytes?: number; fields?: readonly string[] } {
  const layout =
    rec.structElement && 'layout' in rec.structElement ? rec.structElement.layout : undefined;
  const bytes = layout?.bytes ?? sizeOfType(rec.decl.elementType, st.typedefs);
  return {
    ...(bytes !== undefined ? { elementBytes: Number(bytes) } : {}),
    ...(layout && rec.fieldAccessed ? { fields: layout.leaves } : {}),
  };
}
