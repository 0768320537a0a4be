/**
 * Where a trace build reports accesses (`beeclak check --trace`, `beeclak profile`): every
 * subscript of a chosen local array, with the loops around it, read from the syntax tree
 * alone (no affine model needed: this is what lets `profile` handle code the model
 * refuses, and what makes a trace an independent witness of the model).
 *
 * Loops are every `for`, `while` and `do` between the access and its function: each gets
 * a canonical counter in the trace build (folding paper, section 4.1: "canonical iterators
 * in every loop"). A `for` whose update steps one variable also names that variable, whose
 * value the trace records as a label (an induction variable in the paper's sense).
 */
import type {
  TraceAccess,
  TraceArray,
  TraceFunction,
  TraceLoop,
  TraceSites,
} from '../model/trace.js';
import { arrayDecls } from './arrays.js';
import { child, parseC, walk, type Node, type SourceText } from './parse.js';
import {
  benignArrayUse,
  pointerWalks,
  type PointerWalks,
  type WalkedArray,
} from './pointerWalks.js';
import { resolveNames, type Bindings } from './scopes.js';
import { touchesAnyMemory } from './asm.js';
import { wordsRegExp } from '../model/identifiers.js';

const key = (n: Node): string => `${n.startIndex}:${n.endIndex}`;

/** The identifier a declarator declares. */
function declaredName(d: Node): Node | undefined {
  let n: Node | null = d;
  while (n && n.type !== 'identifier') n = child(n, 'declarator');
  return n ?? undefined;
}

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement']);
/** `++`, `--`, an assignment or a call: an expression that must be evaluated once. */
const SIDE_EFFECT = /\+\+|--|(^|[^=!<>])=($|[^=])|[\w)]\s*\(/;

function functionName(fn: Node): string | undefined {
  let d = child(fn, 'declarator');
  while (d && d.type !== 'identifier') d = child(d, 'declarator');
  return d?.text;
}

/** Type words of a parameter that is no integer (whole words: `doubleé` is a typedef name). */
const NOT_INTEGER = wordsRegExp(['float', 'double', 'struct', 'union', 'enum', 'void']);

/** The function's parameters declared as plain integer variables (`int n`, `size_t m`). */
function integerParams(fn: Node): string[] {
  let d = child(fn, 'declarator');
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  const list = d && child(d, 'parameters');
  if (!list) return [];
  return list.namedChildren.flatMap((p) => {
    const id = p.type === 'parameter_declaration' ? child(p, 'declarator') : null;
    const type = child(p, 'type')?.text ?? '';
    const integer = !NOT_INTEGER.test(type) && !type.includes('*');
    return id?.type === 'identifier' && integer ? [id.text] : [];
  });
}

/** The variable a `for` update steps: `i++`, `--i`, `i += 2`, `i = i + 1`. */
function forCounter(loop: Node): string | undefined {
  const u = child(loop, 'update');
  if (!u) return undefined;
  const target =
    u.type === 'update_expression'
      ? child(u, 'argument')
      : u.type === 'assignment_expression'
        ? child(u, 'left')
        : null;
  return target?.type === 'identifier' ? target.text : undefined;
}

/** The outermost subscript chain `A[i][j]` rooted at an identifier, with its dimension count. */
function subscriptRoot(node: Node): { name: string; dims: number } | undefined {
  let dims = 0;
  let n: Node | null = node;
  while (n && n.type === 'subscript_expression') {
    dims++;
    n = child(n, 'argument');
  }
  return n?.type === 'identifier' ? { name: n.text, dims } : undefined;
}

/** The identifier at the root of a subscript chain. */
function rootIdentifier(node: Node): Node | undefined {
  let n: Node | null = node;
  while (n && n.type === 'subscript_expression') n = child(n, 'argument');
  return n?.type === 'identifier' ? n : undefined;
}

/**
 * The identifiers each macro of the file may expand to (through the macros it uses in
 * turn), without a function macro's parameters.
 */
function macroTokens(root: Node): Map<string, Set<string>> {
  const direct = new Map<string, Set<string>>();
  for (const n of walk(root)) {
    if (n.type !== 'preproc_def' && n.type !== 'preproc_function_def') continue;
    const name = child(n, 'name')?.text;
    if (!name) continue;
    const tokens = new Set(child(n, 'value')?.text.match(/[A-Za-z_]\w*/g) ?? []);
    for (const p of child(n, 'parameters')?.namedChildren ?? []) tokens.delete(p.text);
    direct.set(name, new Set([...(direct.get(name) ?? []), ...tokens]));
  }
  const out = new Map<string, Set<string>>();
  for (const name of direct.keys()) {
    const all = new Set<string>();
    const todo = [name];
    while (todo.length > 0) {
      for (const t of direct.get(todo.pop()!) ?? [])
        if (!all.has(t)) {
          all.add(t);
          if (direct.has(t)) todo.push(t);
        }
    }
    out.set(name, all);
  }
  return out;
}

/** Whether an identifier is the array of a subscript chain or its declarator. */
function isSubscriptRoot(id: Node): boolean {
  const p = id.parent;
  if (!p) return false;
  if (p.type === 'subscript_expression' && child(p, 'argument')?.id === id.id) return true;
  return p.type.endsWith('declarator') && child(p, 'declarator')?.id === id.id;
}

/** The index expressions of a subscript chain, outermost dimension first. */
function indexRanges(node: Node): Node[] {
  const out: Node[] = [];
  for (
    let n: Node | null = node;
    n && n.type === 'subscript_expression';
    n = child(n, 'argument')
  ) {
    const i = child(n, 'index') ?? n.namedChildren[1];
    if (i) out.unshift(i);
  }
  return out;
}

function enclosingStatement(node: Node): Node {
  let n = node;
  while (n.parent && !n.type.endsWith('statement') && n.type !== 'declaration') n = n.parent;
  return n;
}

/**
 * The lvalue an access is part of: through parentheses and member selections (`A[i].x`,
 * `(A[i]).y[2]`); `partial` when it is only a part of the cell.
 */
function enclosingLvalue(node: Node): { n: Node; partial: boolean } {
  let n = node;
  let partial = false;
  for (;;) {
    const p = n.parent;
    if (p?.type === 'parenthesized_expression') n = p;
    else if (p?.type === 'field_expression' && child(p, 'argument')?.id === n.id) {
      n = p;
      partial = true;
    } else if (p?.type === 'subscript_expression' && child(p, 'argument')?.id === n.id) {
      n = p;
      partial = true;
    } else return { n, partial };
  }
}

/** A write of part of a cell also keeps the rest of it: read and write. */
function accessKind(node: Node): TraceAccess['kind'] {
  const { n, partial } = enclosingLvalue(node);
  const p = n.parent;
  if (!p) return 'read';
  if (p.type === 'update_expression') return 'readwrite';
  if (p.type === 'assignment_expression' && child(p, 'left')?.id === n.id) {
    return child(p, 'operator')?.text === '=' && !partial ? 'write' : 'readwrite';
  }
  return 'read';
}

/** The trace sites found so far, in the order they are found (ids are positions). */
interface Found {
  functions: TraceFunction[];
  arrays: TraceArray[];
  loops: TraceLoop[];
  /** Tree node id of a loop -> its index in `loops`. */
  loopIds: Map<number, number>;
  accesses: TraceAccess[];
}

/** What the helpers below need of the function being traced. */
interface FunctionTrace {
  src: SourceText;
  out: Found;
  fn: Node;
  name: string;
  /** Declarator key -> the array (its index in `out.arrays`). */
  chosen: Map<string, number>;
  bindings: Bindings;
  walks: PointerWalks;
  /** The pointers that walk a chosen array (they are no loop counters). */
  walkerNames: Set<string>;
}

/** The local arrays a function declares that are traced: appended to `out.arrays`. */
function chooseArrays(
  src: SourceText,
  out: Found,
  body: Node,
  name: string,
  only: ReadonlySet<string> | undefined,
): { chosen: Map<string, number>; walked: Map<string, WalkedArray>; seen: Map<string, number> } {
  const chosen = new Map<string, number>();
  const walked = new Map<string, WalkedArray>();
  const seen = new Map<string, number>();
  for (const n of walk(body)) {
    if (n.type !== 'declaration') continue;
    for (const a of arrayDecls(n, src, 'local')) {
      if (a.isPointer || a.sizeNodes.length === 0 || a.storage !== 'local') continue;
      if (only && !only.has(a.name)) continue;
      const id = declaredName(a.node);
      if (!id) continue;
      out.arrays.push({
        name: a.name,
        function: name,
        dims: a.sizeNodes.length,
        elementType: a.elementType,
        loc: a.loc,
        declaratorRange: a.declaratorRange,
        declarationRange: a.declarationRange,
        extentTexts: a.sizeNodes.map((n) => (n ? src.textOf(n) : '')),
      });
      chosen.set(key(id), out.arrays.length - 1);
      walked.set(key(id), {
        key: key(id),
        dims: a.sizeNodes.length,
        typeText: child(n, 'type')?.text ?? '',
      });
      seen.set(a.name, (seen.get(a.name) ?? 0) + 1);
    }
  }
  return { chosen, walked, seen };
}

/** Marks array `k` as escaping at `at` (the first reason found is kept). */
function escape(src: SourceText, arrays: TraceArray[], k: number, at: Node, why: string): void {
  if (!arrays[k]!.escapes) arrays[k] = { ...arrays[k]!, escapes: src.locOf(at), escapesWhy: why };
}

/** Escapes of the arrays the trace build cannot follow: same names, macros, inline assembly. */
function markHiddenAccesses(
  src: SourceText,
  arrays: TraceArray[],
  body: Node,
  chosen: ReadonlyMap<string, number>,
  seen: ReadonlyMap<string, number>,
  bindings: Bindings,
  macroNames: ReadonlyMap<string, Set<string>>,
): void {
  // Two arrays of one name in one function: the rest of the pipeline names arrays by
  // (function, name), so neither is traced.
  for (const k of chosen.values())
    if (seen.get(arrays[k]!.name)! > 1)
      escape(src, arrays, k, body, 'another array of the function has its name');
  // An array named inside a macro the body uses is accessed where the tree cannot see.
  for (const n of walk(body)) {
    const names = n.type === 'identifier' ? macroNames.get(n.text) : undefined;
    if (!names) continue;
    for (const k of chosen.values())
      if (names.has(arrays[k]!.name))
        escape(
          src,
          arrays,
          k,
          n,
          `it is named in macro '${n.text}', whose accesses the trace build cannot see`,
        );
  }
  // Inline assembly writes what the trace build cannot see: its output operands, and any
  // memory when it clobbers "memory" (the profiled mapping changed the very run profiled).
  for (const n of walk(body)) {
    if (n.type !== 'gnu_asm_expression') continue;
    if (touchesAnyMemory(n))
      for (const k of chosen.values())
        escape(src, arrays, k, n, 'an asm statement may write any memory');
    const outputs = child(n, 'output_operands');
    for (const id of outputs ? walk(outputs) : []) {
      const b = id.type === 'identifier' ? bindings.get(key(id)) : undefined;
      const k = b ? chosen.get(key(b)) : undefined;
      if (k !== undefined) escape(src, arrays, k, id, 'an asm statement writes it');
    }
  }
}

/**
 * Records the pointer walks of the chosen arrays (their walkers and escapes); returns the
 * walkers' names.
 */
function markWalks(
  src: SourceText,
  arrays: TraceArray[],
  fn: Node,
  body: Node,
  chosen: ReadonlyMap<string, number>,
  bindings: Bindings,
  walks: PointerWalks,
): Set<string> {
  for (const [a, { at, why }] of walks.escapes) escape(src, arrays, chosen.get(a)!, at, why);
  // The trace build names a walked array at each dereference (`&t`): no other object of
  // the function may have its name there.
  const declared = new Map<string, number>();
  for (const n of walk(fn))
    if (n.type === 'identifier' && bindings.get(key(n)) === undefined)
      declared.set(n.text, (declared.get(n.text) ?? 0) + 1);
  const walkerNames = new Set<string>();
  for (const w of walks.walkers.values()) {
    const k = chosen.get(w.array)!;
    if (declared.get(arrays[k]!.name)! > 1)
      escape(src, arrays, k, body, `it is walked by '${w.name}' and another object has its name`);
    arrays[k] = { ...arrays[k]!, walkers: [...(arrays[k]!.walkers ?? []), w.name] };
    walkerNames.add(w.name);
  }
  return walkerNames;
}

/** The id of a loop, recorded in `out.loops` the first time it is met. */
function loopOf(t: FunctionTrace, l: Node): number {
  const { src, out } = t;
  const known = out.loopIds.get(l.id);
  if (known !== undefined) return known;
  const b = child(l, 'body')!;
  const id = out.loops.length;
  const counter = l.type === 'for_statement' ? forCounter(l) : undefined;
  out.loops.push({
    id,
    range: src.range(l),
    body: src.range(b),
    bodyIsBlock: b.type === 'compound_statement',
    // A pointer stepped by the loop is not a counter (its value is an address).
    counter: counter && !t.walkerNames.has(counter) ? counter : undefined,
    loc: src.locOf(l),
  });
  out.loopIds.set(l.id, id);
  return id;
}

/** The chosen array an identifier names, if any. */
function arrayOf(t: FunctionTrace, id: Node): number | undefined {
  const b = t.bindings.get(key(id));
  return b ? t.chosen.get(key(b)) : undefined;
}

/**
 * Escapes for a use of a chosen array other than a traced access: any other use (address
 * taken, a pointer, sizeof, a partial subscript) means that what is done with the array is
 * not all in its traced subscripts.
 */
function markOtherUse(t: FunctionTrace, n: Node): void {
  // `__typeof__(t) u;`: u has the type of t, which a mapping of t would change.
  if (n.type === 'type_identifier') {
    const k = arrayOf(t, n);
    if (k !== undefined)
      escape(
        t.src,
        t.out.arrays,
        k,
        n,
        'its type is named by typeof, which a mapping would change',
      );
  }
  if (n.type === 'identifier' && !isSubscriptRoot(n)) {
    const k = arrayOf(t, n);
    if (k !== undefined && !benignArrayUse(n, t.walks))
      escape(
        t.src,
        t.out.arrays,
        k,
        n,
        'it is used as a pointer other than by a regular walk (passed, stored, its address taken)',
      );
  }
}

/** The array (undefined: none chosen) and subscript count of a dereference or subscript. */
function accessedArray(
  t: FunctionTrace,
  n: Node,
  deref: { walker: string } | undefined,
): { k: number | undefined; dims: number } {
  if (deref) {
    const w = t.walks.walkers.get(deref.walker)!;
    const k = t.chosen.get(w.array);
    return { k, dims: t.out.arrays[k!]!.dims };
  }
  const root = subscriptRoot(n);
  const id = root && rootIdentifier(n);
  return { k: id ? arrayOf(t, id) : undefined, dims: root?.dims ?? 0 };
}

/**
 * Whether an access of array `k` with `dims` subscripts is traced; when it is not (partial,
 * address taken, under sizeof) the array escapes, except for a benign `&A[i]...`.
 */
function isTraced(t: FunctionTrace, n: Node, k: number, dims: number, deref: boolean): boolean {
  const array = t.out.arrays[k]!;
  const p = enclosingLvalue(n).n.parent;
  const address = p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&';
  if (!deref && address && dims === array.dims && benignArrayUse(p, t.walks)) return false;
  if (dims !== array.dims || p?.type === 'sizeof_expression' || address) {
    escape(
      t.src,
      t.out.arrays,
      k,
      n,
      dims !== array.dims
        ? 'a partial subscript'
        : address
          ? 'the address of a cell is taken'
          : 'under sizeof',
    );
    return false;
  }
  return true;
}

/** The loops whose body holds `n`, outermost first, and whether a loop header holds it. */
function loopsAround(t: FunctionTrace, n: Node): { around: number[]; inLoopHeader: boolean } {
  const around: number[] = [];
  let inLoopHeader = false;
  for (let a = n.parent; a && a.id !== t.fn.id; a = a.parent) {
    const b = LOOPS.has(a.type) ? child(a, 'body') : null;
    // Inside the loop's body (not its condition or header): one instance per iteration.
    if (b && b.startIndex <= n.startIndex && n.endIndex <= b.endIndex) around.unshift(loopOf(t, a));
    else if (b) inLoopHeader = true;
  }
  return { around, inLoopHeader };
}

/** Records the access `n` (a subscript or a walker's dereference) of array `k`. */
function pushAccess(
  t: FunctionTrace,
  n: Node,
  k: number,
  dims: number,
  deref: { walker: string } | undefined,
): void {
  const { src, out } = t;
  const { around, inLoopHeader } = loopsAround(t, n);
  out.accesses.push({
    id: out.accesses.length,
    array: out.arrays[k]!.name,
    function: t.name,
    kind: accessKind(n),
    range: src.range(n),
    dims,
    loops: around,
    loc: src.locOf(n),
    text: src.textOf(n),
    indexRanges: deref ? [] : indexRanges(n).map((x) => src.range(x)),
    statement: src.range(enclosingStatement(n)),
    ...(src.textOf(enclosingStatement(n)).trimEnd().endsWith(';')
      ? { endsWithSemicolon: true }
      : {}),
    ...(!deref && indexRanges(n).some((x) => SIDE_EFFECT.test(src.textOf(x)))
      ? { indexSideEffects: true }
      : {}),
    ...(deref ? { walker: t.walks.walkers.get(deref.walker)!.name } : {}),
    ...(inLoopHeader ? { inLoopHeader } : {}),
  });
}

/** Traces one node of the function's body: other uses, then an access it is. */
function traceNode(t: FunctionTrace, n: Node): void {
  markOtherUse(t, n);
  const deref = t.walks.derefs.get(key(n));
  if (n.type !== 'subscript_expression' && !deref) return;
  if (
    !deref &&
    n.parent?.type === 'subscript_expression' &&
    child(n.parent, 'argument')?.id === n.id
  )
    return;
  const { k, dims } = accessedArray(t, n, deref);
  if (k === undefined) return;
  if (!isTraced(t, n, k, dims, deref !== undefined)) return;
  pushAccess(t, n, k, dims, deref);
}

/** Traces one function definition into `out` (nothing when it declares no chosen array). */
function traceFunction(
  src: SourceText,
  out: Found,
  fn: Node,
  only: ReadonlySet<string> | undefined,
  macroNames: ReadonlyMap<string, Set<string>>,
): void {
  const name = functionName(fn);
  const body = child(fn, 'body');
  if (!name || !body) return;
  const { chosen, walked, seen } = chooseArrays(src, out, body, name, only);
  if (chosen.size === 0) return;
  const bindings = resolveNames(fn);
  markHiddenAccesses(src, out.arrays, body, chosen, seen, bindings, macroNames);
  const walks = pointerWalks(body, bindings, walked);
  const walkerNames = markWalks(src, out.arrays, fn, body, chosen, bindings, walks);
  out.functions.push({ name, bodyStart: body.startIndex + 1, params: integerParams(fn) });
  const t: FunctionTrace = { src, out, fn, name, chosen, bindings, walks, walkerNames };
  for (const n of walk(body)) traceNode(t, n);
}

/**
 * The trace sites of `source` for the local arrays named in `only` (all local arrays when
 * absent). Names are resolved through C's scopes (scopes.ts): an inner `double *t = big;`
 * is not the array t. A use of the array under `&` or `sizeof`, or through a pointer that
 * is not a regular walk (pointerWalks.ts), is not traced: the array is marked as escaping
 * (`escapes`). A dereference of a walking pointer (`*p++`, `p[k]`) is an access of its array.
 */
export function traceSites(source: string, file: string, only?: ReadonlySet<string>): TraceSites {
  const { tree, src } = parseC(source, file);
  const out: Found = { functions: [], arrays: [], loops: [], loopIds: new Map(), accesses: [] };
  const macroNames = macroTokens(tree.rootNode);
  for (const fn of tree.rootNode.namedChildren)
    if (fn.type === 'function_definition') traceFunction(src, out, fn, only, macroNames);
  const { functions, arrays, loops, accesses } = out;
  return { functions, arrays, loops, accesses };
}
