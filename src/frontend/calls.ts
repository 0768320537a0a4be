/**
 * Call sites and caller buffers, read from the syntax tree (src/model/calls.ts): the input
 * of the whole-program decision "this parameter is a temporary of its function".
 *
 * Names are matched by spelling inside one function body; a buffer name declared more than
 * once there (shadowing) is marked `other` rather than resolved, which only ever loses
 * candidates.
 */
import type {
  BufferUse,
  CallGraph,
  CallerBuffer,
  FunctionCalls,
  SourceLoc,
} from '../model/calls.js';
import { type Node, type SourceText, child, walk } from './parse.js';

/**
 * Functions known to return fresh memory that nothing else points to. PolyBench's
 * allocator is listed because its benchmarks allocate every array through it.
 */
export const ALLOCATORS: readonly string[] = [
  'malloc',
  'calloc',
  'aligned_alloc',
  'polybench_alloc_data',
];

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement']);

function same(a: Node | null | undefined, b: Node | null | undefined): boolean {
  return (
    !!a && !!b && a.type === b.type && a.startIndex === b.startIndex && a.endIndex === b.endIndex
  );
}

function declaratorName(fnDef: Node): { name?: string; declarator?: Node } {
  let d = child(fnDef, 'declarator');
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  return { name: d ? child(d, 'declarator')?.text : undefined, declarator: d ?? undefined };
}

/** `(T)(x)`, `((x))` -> x. */
function stripCasts(n: Node): Node {
  for (;;) {
    if (n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChildren[0]!;
    else if (n.type === 'cast_expression' && child(n, 'value')) n = child(n, 'value')!;
    else return n;
  }
}

/** The identifier an argument passes: `A`, `*A`, `(double *)A`, `(*A)`; undefined otherwise. */
function argumentBase(arg: Node): Node | undefined {
  let n = stripCasts(arg);
  while (n.type === 'pointer_expression' && child(n, 'operator')?.text === '*')
    n = stripCasts(child(n, 'argument')!);
  return n.type === 'identifier' ? n : undefined;
}

function isAllocation(value: Node | null): boolean {
  if (!value) return false;
  const v = stripCasts(value);
  return v.type === 'call_expression' && ALLOCATORS.includes(child(v, 'function')?.text ?? '');
}

function classify(n: Node, body: Node, src: SourceText): BufferUse {
  const base = { loc: src.locOf(n), offset: n.startIndex, loop: outermostLoop(n, body) };
  let x: Node = n;
  for (;;) {
    const p = x.parent;
    if (!p) break;
    if (
      (p.type === 'parenthesized_expression' && p.namedChildCount === 1) ||
      (p.type === 'cast_expression' && same(child(p, 'value'), x)) ||
      (p.type === 'pointer_expression' &&
        child(p, 'operator')?.text === '*' &&
        same(child(p, 'argument'), x))
    )
      x = p;
    else break;
  }
  const p = x.parent!;
  if (p.type === 'argument_list' && p.parent?.type === 'call_expression') {
    const callee = child(p.parent, 'function');
    const name = callee?.type === 'identifier' ? callee.text : undefined;
    const argIndex = p.namedChildren.findIndex((c) => same(c, x));
    if (name === 'free') return { ...base, kind: 'free' };
    return { ...base, kind: 'call-arg', callee: name, argIndex, callEnd: p.parent.endIndex };
  }
  if (p.type === 'subscript_expression' && same(child(p, 'argument'), x))
    return { ...base, kind: 'access' };
  if (
    p.type === 'assignment_expression' &&
    same(x, n) &&
    same(child(p, 'left'), n) &&
    child(p, 'operator')?.text === '=' &&
    isAllocation(child(p, 'right'))
  )
    return { ...base, kind: 'alloc' };
  if (p.type === 'sizeof_expression') return { ...base, kind: 'inert' };
  if (/declarator$/.test(n.parent?.type ?? '') && same(child(n.parent!, 'declarator'), n)) {
    // The declaration itself; an initializer counts as what it is.
    let d: Node = n.parent!;
    while (d.parent && /declarator$/.test(d.parent.type) && d.type !== 'init_declarator')
      d = d.parent;
    if (d.type === 'init_declarator')
      return { ...base, kind: isAllocation(child(d, 'value')) ? 'alloc' : 'escape' };
    return { ...base, kind: 'inert' };
  }
  return { ...base, kind: 'escape' };
}

function outermostLoop(n: Node, body: Node): BufferUse['loop'] {
  let found: Node | undefined;
  for (let p = n.parent; p && !same(p, body); p = p.parent) if (LOOPS.has(p.type)) found = p;
  return found ? { start: found.startIndex, end: found.endIndex } : undefined;
}

/** How `name` is declared in the function: its origin as a buffer. */
function origin(
  name: string,
  fnDef: Node,
  mentions: readonly Node[],
): Pick<CallerBuffer, 'origin' | 'why'> {
  const { declarator } = declaratorName(fnDef);
  const params = declarator ? child(declarator, 'parameters') : null;
  for (const q of params ? walk(params) : [])
    if (q.type === 'identifier' && q.text === name)
      return { origin: 'other', why: `'${name}' is a parameter of its function` };
  const declared = mentions.filter(
    (n) => /declarator$/.test(n.parent?.type ?? '') && same(child(n.parent!, 'declarator'), n),
  );
  if (declared.length === 0)
    return { origin: 'other', why: `'${name}' is not declared in its function` };
  if (declared.length > 1) return { origin: 'other', why: `'${name}' is declared more than once` };
  const id = declared[0]!;
  let decl: Node | null = id.parent;
  while (decl && decl.type !== 'declaration') decl = decl.parent;
  if (
    decl?.namedChildren.some(
      (c) => c.type === 'storage_class_specifier' && /static|extern/.test(c.text),
    )
  )
    return { origin: 'other', why: `'${name}' is static` };
  let wrapper = id.parent!;
  while (wrapper.type === 'parenthesized_declarator') wrapper = wrapper.parent!;
  if (wrapper.type === 'array_declarator') return { origin: 'array' };
  if (wrapper.type === 'pointer_declarator') return { origin: 'heap' };
  return { origin: 'other', why: `'${name}' is neither a local array nor allocated here` };
}

/**
 * The call graph of a translation unit: per function definition its calls and buffers.
 *
 * With `relevant` (the functions whose parameters the whole-program step may ask about), only
 * those and the functions whose text names one of them (their possible callers) are walked,
 * and only buffers passed to one of them are classified: the verdicts of crossCall.ts read
 * nothing else, and a walk over every function of a large file costs seconds.
 */
export function extractCalls(
  src: SourceText,
  allDefinitions: readonly Node[],
  relevant?: ReadonlySet<string>,
): CallGraph {
  const mentionsRelevant = (d: Node) => {
    if (!relevant) return true;
    const name = declaratorName(d).name;
    if (name !== undefined && relevant.has(name)) return true;
    const text = src.textOf(d);
    for (const r of relevant) if (text.includes(r)) return true;
    return false;
  };
  const definitions = allDefinitions.filter(mentionsRelevant);
  const names = new Set(
    definitions
      .map((d) => declaratorName(d).name)
      .filter((n): n is string => n !== undefined && (!relevant || relevant.has(n))),
  );
  const addressTaken = addressesTaken(src, names);
  const functions = definitions.map((fnDef): FunctionCalls => {
    const name = declaratorName(fnDef).name ?? '?';
    const body = child(fnDef, 'body')!;
    const internal = fnDef.namedChildren.some(
      (c) => c.type === 'storage_class_specifier' && c.text === 'static',
    );
    let unstructured = false;
    const passed = new Set<string>();
    const calls: FunctionCalls['calls'][number][] = [];
    // Native searches of the body (a walk in JavaScript costs far more on large files): the
    // calls and jumps first, then the mentions of the buffers passed to a relevant callee.
    if (body.descendantsOfType('goto_statement').length > 0) unstructured = true;
    for (const n of body.descendantsOfType('call_expression')) {
      const f = child(n, 'function')?.text ?? '';
      if (/^(_?setjmp|sigsetjmp|longjmp)$/.test(f)) unstructured = true;
      if (child(n, 'function')?.type === 'identifier')
        calls.push({
          callee: f,
          loc: src.locOf(n),
          start: n.startIndex,
          end: n.endIndex,
          buffers: (child(n, 'arguments')?.namedChildren ?? []).map((a) => argumentBase(a)?.text),
        });
      if (!relevant || relevant.has(f))
        for (const a of child(n, 'arguments')?.namedChildren ?? []) {
          const b = argumentBase(a);
          if (b) passed.add(b.text);
        }
    }
    const mentions = new Map<string, Node[]>();
    if (passed.size > 0)
      for (const n of body.descendantsOfType('identifier')) {
        if (!passed.has(n.text)) continue;
        const list = mentions.get(n.text);
        if (list) list.push(n);
        else mentions.set(n.text, [n]);
      }
    const buffers: CallerBuffer[] = [...passed].map((b) => {
      const named = mentions.get(b) ?? [];
      return {
        name: b,
        ...origin(b, fnDef, named),
        uses: named.map((n) => classify(n, body, src)),
      };
    });
    return {
      name,
      loc: src.locOf(fnDef),
      internal,
      addressTaken: addressTaken.get(name) ?? [],
      unstructured,
      parameterNames: parameterNames(fnDef),
      calls,
      buffers,
    };
  });
  return { functions };
}

function parameterNames(fnDef: Node): string[] {
  const { declarator } = declaratorName(fnDef);
  const params = declarator ? child(declarator, 'parameters') : null;
  return (params?.namedChildren ?? [])
    .filter((p) => p.type === 'parameter_declaration')
    .map((p) => {
      let d = child(p, 'declarator');
      while (d && d.type !== 'identifier')
        d =
          child(d, 'declarator') ??
          d.namedChildren.find((c) => /declarator$|^identifier$/.test(c.type)) ??
          null;
      return d?.text ?? '';
    });
}

/**
 * Where a defined function's name is spelled other than right before `(` (a call, or its own
 * declaration): `fp = kernel;`, `&kernel`, a macro body. Read from the text (comments and
 * literals blanked), not the tree: a walk over every node of a preprocessed file costs far more,
 * and any other spelling (a macro argument, `(kernel)(x)`) only makes the answer more cautious.
 */
function addressesTaken(src: SourceText, names: ReadonlySet<string>): Map<string, SourceLoc[]> {
  const out = new Map<string, SourceLoc[]>();
  if (names.size === 0) return out;
  const re = /[A-Za-z_][A-Za-z0-9_]*/g;
  // Comments and literals blanked (offsets kept): a mention there takes no address.
  const text = src.text.replace(
    /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g,
    (m) => m.replace(/[^\n]/g, ' '),
  );
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!names.has(m[0])) continue;
    const next = /\S/.exec(text.slice(re.lastIndex, re.lastIndex + 200));
    if (next?.[0] === '(') continue;
    out.set(m[0], [...(out.get(m[0]) ?? []), src.loc(m.index)]);
  }
  return out;
}
