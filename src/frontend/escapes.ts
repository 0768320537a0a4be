/**
 * Effects and escapes: the names the body writes (or takes the address of), so that they
 * are no model parameters, and the sweep over every use of every array that finds where an
 * array escapes (address taken, passed, returned, stored, sizeof) or is used outside a
 * modelled statement, making it no candidate.
 */
import { type Node, child, parenthesizedAround, unparenthesized, walk } from './parse.js';
import { TYPEOF_NAMES } from './scopes.js';
import { arrayUses, chainOf } from './references.js';
import { isUnevaluated } from './unevaluated.js';
import { elementField } from './fieldAccess.js';
import { type ArrayRec, type FunctionState, inRegion, key, reason } from './state.js';
import { pragmaBody, pragmaNamespace } from '../model/pragmas.js';

/** What `n` writes (or may write through a pointer): `x = ...`, `x++`, `&x`; else null. */
export function writeTarget(n: Node): Node | null {
  const target =
    n.type === 'assignment_expression'
      ? child(n, 'left')
      : n.type === 'update_expression'
        ? child(n, 'argument')
        : n.type === 'pointer_expression' && child(n, 'operator')?.text === '&'
          ? child(n, 'argument')
          : // An output operand of inline assembly is written (review 2026-11-26: `"=r"(i)`
            // changed a loop counter the model did not see change).
            n.type === 'gnu_asm_output_operand'
            ? child(n, 'value')
            : null;
  // `sizeof(i++)` writes nothing.
  if (!target || isUnevaluated(n)) return null;
  // `(i)--`, `--(i)`, `(i) -= 1`, `&(x)` write or expose i as well (review: a counter
  // written through parentheses was not seen, and its loop's array miscompiled).
  return unparenthesized(target);
}

/**
 * The variables a write target (see writeTarget) may change: the name itself, or, for a
 * target that is a call or a cast, every name inside it. `(T)(i)--` with T a typedef is
 * `(T)((i)--)` in C, a decrement of i, which tree-sitter reads as `((T)(i))--` (review: the
 * decrement was missed and the loop's array miscompiled). An element (`t[i]`, `*p`, `s.f`)
 * changes no variable.
 */
export function writtenNames(target: Node | null): string[] {
  if (!target) return [];
  if (target.type === 'identifier') return [target.text];
  if (target.type === 'call_expression' || target.type === 'cast_expression')
    return walk(target)
      .filter((x) => x.type === 'identifier')
      .map((x) => x.text);
  return [];
}

/** Names assigned, incremented or whose address is taken anywhere in the body. */
export function collectAssigned(st: FunctionState): void {
  for (const n of st.bodyNodes) {
    const target = writeTarget(n);
    for (const name of writtenNames(target)) {
      st.assigned.add(name);
      st.writeCount.set(name, (st.writeCount.get(name) ?? 0) + 1);
      if (n.type === 'pointer_expression') st.addressTaken.add(name);
    }
  }
}

/** Every use of every array: escapes, partial subscripts, and uses no statement covers. */
export function sweep(st: FunctionState): void {
  refuseCleanups(st);
  for (const id of arrayUses(st, st.body)) {
    const rec = st.arrays.get(id.text)!;
    const loc = st.src.locOf(id);
    const at = `${loc.line}:${loc.column}`;
    const { top, indices } = chainOf(id);
    // Unevaluated, but its value is the size left in the object, which contraction changes.
    if (objectSizeQuery(id)) {
      reason(rec, 'size-read', `the object size of '${rec.decl.name}' is read at ${at}`, loc);
      continue;
    }
    // `&(t[i])` takes an element's address as `&t[i]` does.
    const p = parenthesizedAround(top).parent;
    if (indices.length > rec.rank) {
      reason(rec, 'too-many-subscripts', `more subscripts than dimensions at ${at}`, loc);
      continue;
    }
    if (indices.length === rec.rank && rec.rank > 0) {
      // Never evaluated (`sizeof(&t[i])`): no address is taken, the element's type stays.
      const evaluated = !isUnevaluated(top);
      if (evaluated && p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&') {
        reason(rec, 'element-address-taken', `address of an element taken at ${at}`, loc);
      } else if (evaluated && p?.type === 'field_expression' && fieldRefused(st, rec, top)) {
        const why = fieldRefused(st, rec, top);
        reason(rec, 'element-field', `field of an element accessed at ${at}: ${why}`, loc);
      } else if (!st.covered.has(key(top)) && !st.uncoveredWhy.has(key(id))) {
        // (Uses in refused constructs already carry the construct's reason.)
        reason(
          rec,
          'access-not-modelled',
          inRegion(st, id)
            ? `access at ${at} is not in a modelled statement`
            : `accessed outside the analysed region at ${at}`,
          loc,
        );
      }
      continue;
    }
    // `typeof(t)` (also `__typeof__`, `__typeof`): a type that changes when t shrinks.
    if (id.type === 'type_identifier' || isTypeofOperand(top)) {
      reason(rec, 'size-read', `typeof of '${rec.decl.name}' at ${at} would change`, loc);
      continue;
    }
    // The array (or a row of it) used as a pointer.
    const use = indices.length === 0 ? `'${rec.decl.name}'` : `row of '${rec.decl.name}'`;
    const ctxType = p?.type;
    if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&')
      reason(rec, 'address-taken', `address of ${use} taken at ${at}`, loc);
    else if (
      ctxType === 'sizeof_expression' ||
      (ctxType === 'parenthesized_expression' && p?.parent?.type === 'sizeof_expression')
    )
      reason(rec, 'size-read', `sizeof ${use} at ${at} would change`, loc);
    else if (ctxType === 'argument_list')
      reason(rec, 'passed-to-call', `${use} passed to a call at ${at}`, loc);
    else if (ctxType === 'return_statement')
      reason(rec, 'returned', `${use} returned at ${at}`, loc);
    else if (
      ctxType === 'initializer_list' ||
      ctxType === 'initializer_pair' ||
      ctxType === 'field_expression'
    )
      reason(rec, 'stored-in-struct', `${use} stored in a struct or initializer at ${at}`, loc);
    else if (ctxType === 'assignment_expression' && child(p!, 'left')?.type === 'field_expression')
      reason(rec, 'stored-in-struct', `${use} stored in a struct at ${at}`, loc);
    else if (ctxType === 'assignment_expression' || ctxType === 'init_declarator')
      reason(rec, 'assigned-to-pointer', `${use} assigned to a pointer at ${at}`, loc);
    else if (indices.length > 0)
      reason(rec, 'partial-subscript', `partial subscript ${use} used as a pointer at ${at}`, loc);
    else reason(rec, 'used-as-pointer', `${use} used as a pointer at ${at}`, loc);
  }
  // Arrays reached through macros are invisible in the tree: refuse them.
  for (const n of st.bodyNodes) {
    const name =
      n.type === 'identifier' && st.dir.objectMacros.has(n.text)
        ? n.text
        : n.type === 'call_expression' && child(n, 'function')?.type === 'identifier'
          ? child(n, 'function')!.text
          : undefined;
    const om = name ? st.dir.objectMacros.get(name) : undefined;
    const fm = name && !om ? st.dir.functionMacros.get(name) : undefined;
    const body = om?.body ?? fm?.body;
    if (!body) continue;
    const tokens = new Set(body.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
    for (const p of fm?.params ?? []) tokens.delete(p);
    for (const rec of st.arrays.values()) {
      if (tokens.has(rec.decl.name)) {
        const loc = st.src.locOf(n);
        reason(
          rec,
          'accessed-through-macro',
          `accessed through macro '${name}' at ${loc.line}:${loc.column}`,
          loc,
        );
      }
    }
  }
}

/** Why a field selected after the element reference `top` cannot be analysed, if so. */
function fieldRefused(st: FunctionState, rec: ArrayRec, top: Node): string | undefined {
  const f = elementField(st, rec, top);
  return f && 'refused' in f ? f.refused : undefined;
}

/**
 * `__attribute__((cleanup(f)))` on a declaration calls `f(&t)` when t's block ends: the
 * array's address escapes there (f read every cell of a scalarized t).
 */
function refuseCleanups(st: FunctionState): void {
  for (const rec of st.arrays.values()) {
    let decl: Node | null = rec.decl.node;
    while (decl && decl.type !== 'declaration') decl = decl.parent;
    const attribute = decl && cleanupAttribute(decl);
    if (!attribute) continue;
    const loc = st.src.locOf(attribute);
    reason(
      rec,
      'address-taken',
      `address of '${rec.decl.name}' passed to the cleanup function of the attribute at ${loc.line}:${loc.column}`,
      loc,
    );
  }
}

/** The `cleanup` attribute of a declaration (usesOf.ts: a caller's buffer escapes there). */
export function cleanupAttribute(decl: Node): Node | undefined {
  return [
    ...decl.descendantsOfType('attribute_specifier'),
    ...decl.descendantsOfType('attribute_declaration'),
  ].find((a) => /\b(__cleanup__|cleanup)\b/.test(a.text));
}

const OBJECT_SIZE: ReadonlySet<string> = new Set([
  '__builtin_object_size',
  '__builtin_dynamic_object_size',
]);

/** `x` is inside the operand of `__builtin_object_size` (also what `_FORTIFY_SOURCE` adds). */
function objectSizeQuery(x: Node): boolean {
  for (let n: Node | null = x; n && n.type !== 'function_definition'; n = n.parent) {
    const f = n.type === 'call_expression' ? child(n, 'function') : null;
    if (f?.type === 'identifier' && OBJECT_SIZE.has(f.text)) return true;
  }
  return false;
}

/** `x` is the operand of a `typeof(...)` parsed as a call (`sizeof(typeof(t))`). */
function isTypeofOperand(x: Node): boolean {
  const call = x.parent?.type === 'argument_list' ? x.parent.parent : null;
  const f = call?.type === 'call_expression' ? child(call, 'function') : null;
  return !!f && TYPEOF_NAMES.has(f.text);
}

/**
 * Pragmas under which the statement that follows may not share cells: an OpenMP or OpenACC
 * construct runs it on threads at the same time (a data race on a shared slot), and the
 * vectorization assertions (`GCC ivdep`, Intel's `ivdep` and `simd`, MSVC's `loop(ivdep)`,
 * clang's `vectorize(assume_safety)`) let the compiler ignore dependences between
 * iterations, which a folded array creates: `#pragma GCC ivdep` over `t[i % 2] = ...;
 * ... t[(i - 1) % 2]` built with -O3 -march=native computed 16876342 instead of 16795382
 * (2026-11-26). The model is sequential.
 */
const SHARING_PRAGMAS: readonly { test: (body: string) => boolean; why: string }[] = [
  {
    test: (body) => /^(omp|acc)$/.test(pragmaNamespace(body)),
    why: 'threads would share its cells',
  },
  {
    test: (body) =>
      /^(GCC\s+ivdep|ivdep|simd|loop\s*\(\s*ivdep|clang\s+loop\b.*\bvectorize\s*\(\s*assume_safety)\b/.test(
        body,
      ),
    why: 'the compiler may ignore the dependences between iterations that shared cells create',
  },
];

/**
 * Arrays used inside a construct of one of SHARING_PRAGMAS (the statement after the pragma)
 * are not candidates.
 */
export function refuseParallelConstructs(st: FunctionState): void {
  for (const p of st.bodyNodes) {
    const body = p.type === 'preproc_call' ? pragmaBody(p.text) : undefined;
    const sharing = body === undefined ? undefined : SHARING_PRAGMAS.find((k) => k.test(body));
    if (!sharing) continue;
    let construct = p.nextNamedSibling;
    while (construct && (construct.type === 'comment' || construct.type === 'preproc_call'))
      construct = construct.nextNamedSibling;
    if (!construct) continue;
    const where = st.src.locOf(p);
    // As the compiler reads it, whatever its spelling (`#  pragma`, a line splice, ...).
    const pragma = `#pragma ${body}`;
    for (const id of arrayUses(st, construct))
      reason(
        st.arrays.get(id.text)!,
        'shared-by-threads',
        `accessed inside '${pragma}' at ${where.line}:${where.column}: ${sharing.why}`,
        where,
      );
  }
}
