/**
 * What C++ changes in the effects of a function body (issue 30), for the model builder that
 * reads C:
 *
 * - A call may take an argument by reference: `f(n)` may change `n`, `f(t[i])` may write the
 *   element or keep its address. Only a callee whose every parsed declaration takes that
 *   argument by value (cpp/unit.ts) copies it, as C's calls do; and `s.write(x)` on an
 *   `hls::stream` reads `x` (its parameter is `const T &`).
 * - A reference declared in the body (`int &r = n;`, `int &e = t[i];`) is another name of its
 *   object: writes through it are not seen as writes of the object.
 * - `s >> x` on a stream writes `x`; a method call or member access `x.f(...)` may change x.
 * - A lambda's body runs where the lambda is called, with what it captured by reference.
 *
 * Scalars so reached count as written (they are then no symbolic constant of the model), and
 * an array whose element is so reached, or whose element type is a class with constructors
 * and operators of its own, is no candidate, with the reason. Arrays used by a lambda and
 * exceptions are refused for the whole function (cpp/subset.ts).
 */
import { type Node, child, parenthesizedAround } from '../parse.js';
import { type FunctionState, key, reason } from '../state.js';
import { arrayUses, chainOf } from '../references.js';
import type { CppUnit } from './unit.js';

/** The call whose argument `e` is, with the argument's position, if any. */
function callOfArgument(e: Node): { call: Node; index: number } | undefined {
  const list = e.parent;
  if (list?.type !== 'argument_list' || list.parent?.type !== 'call_expression') return undefined;
  return { call: list.parent, index: list.namedChildren.findIndex((c) => c.id === e.id) };
}

/** The type an identifier use was declared with (its declaration's type), as spelled. */
function declaredTypeOf(st: FunctionState, use: Node): string | undefined {
  let d: Node | null | undefined = st.bindings.get(key(use));
  while (d && d.type !== 'declaration' && d.type !== 'parameter_declaration') d = d.parent;
  return d ? child(d, 'type')?.text : undefined;
}

const STREAM = /^(hls::)?stream</;
const STREAM_READS_ARGUMENT = new Set(['write', 'write_nb']);

/** Whether the call copies (or only reads) its argument `index`. */
function takesByValue(st: FunctionState, unit: CppUnit, call: Node, index: number): boolean {
  const f = child(call, 'function');
  if (f?.type === 'identifier') return unit.passing(f.text, index) === 'value';
  if (f?.type === 'field_expression') {
    const object = child(f, 'argument');
    const method = child(f, 'field')?.text ?? '';
    const type = object?.type === 'identifier' ? declaredTypeOf(st, object) : undefined;
    return (
      type !== undefined && STREAM.test(unit.resolveType(type)) && STREAM_READS_ARGUMENT.has(method)
    );
  }
  return false;
}

/** Whether `e` (an operand) is the target of `s >> e`, a stream extraction (or may be one). */
function extractedInto(st: FunctionState, e: Node): boolean {
  const p = e.parent;
  if (p?.type !== 'binary_expression' || child(p, 'operator')?.text !== '>>') return false;
  if (child(p, 'right')?.id !== e.id) return false;
  const left = child(p, 'left');
  // An integer shifted: C's `>>`.
  if (left?.type === 'number_literal') return false;
  if (left?.type === 'identifier' && st.varTypes.has(left.text)) return false;
  return true;
}

function insideLambda(n: Node, within: Node): boolean {
  for (let p = n.parent; p && p.id !== within.id; p = p.parent)
    if (p.type === 'lambda_expression') return true;
  return false;
}

/** `e` initializes a reference declared in the body (`int &r = e;`). */
function bindsReference(e: Node): Node | undefined {
  const p = e.parent;
  if (p?.type !== 'init_declarator' || child(p, 'value')?.id !== e.id) return undefined;
  const d = child(p, 'declarator');
  return d && /reference_declarator$/.test(d.type) ? d : undefined;
}

function markWritten(st: FunctionState, name: string): void {
  st.assigned.add(name);
  st.writeCount.set(name, (st.writeCount.get(name) ?? 0) + 1);
}

/** Names a C++ body may change besides C's writes (run before the model reads the body). */
export function cppWrites(st: FunctionState, unit: CppUnit): void {
  for (const n of st.bodyNodes) {
    if (n.type !== 'identifier' || !st.bindings.has(key(n))) continue;
    const e = parenthesizedAround(n);
    const arg = callOfArgument(e);
    const reference = bindsReference(e);
    if (
      (arg && !takesByValue(st, unit, arg.call, arg.index)) ||
      reference ||
      extractedInto(st, e) ||
      (e.parent?.type === 'field_expression' && child(e.parent, 'argument')?.id === e.id) ||
      insideLambda(n, st.body)
    )
      markWritten(st, n.text);
    // The reference is the object under another name: never a constant either.
    const named = reference?.namedChildren.find((c) => c.type === 'identifier');
    if (named) markWritten(st, named.text);
  }
}

/** Arrays whose elements C++ reaches in ways the model does not see (after the sweep). */
export function cppHazards(st: FunctionState, unit: CppUnit): void {
  for (const rec of st.arrays.values()) {
    const kind = unit.elementKind(rec.decl.elementType);
    if (kind.kind === 'class')
      reason(
        rec,
        'class-element',
        `its element type '${kind.type}' is a class: its constructors and operators may do more than hold a value`,
        rec.decl.loc,
      );
  }
  for (const id of arrayUses(st, st.body)) {
    const rec = st.arrays.get(id.text)!;
    const { top, indices } = chainOf(id);
    if (indices.length !== rec.rank) continue; // the sweep refuses rows and extra subscripts
    const e = parenthesizedAround(top);
    const loc = st.src.locOf(id);
    const at = `${loc.line}:${loc.column}`;
    const arg = callOfArgument(e);
    if (arg && !takesByValue(st, unit, arg.call, arg.index))
      reason(
        rec,
        'element-by-reference',
        `an element is passed at ${at} to a call that may take it by reference`,
        loc,
      );
    else if (bindsReference(e))
      reason(rec, 'element-by-reference', `an element is bound to a reference at ${at}`, loc);
    else if (extractedInto(st, e))
      reason(rec, 'stream-extract', `an element is read from a stream with '>>' at ${at}`, loc);
  }
}
