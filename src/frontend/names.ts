/**
 * Names and scopes of one function: the arrays and integer variables it declares, how an
 * identifier in a bound, condition, subscript or size resolves (iterator, macro, constant,
 * argument, set-once local), the model parameters that resolution creates, and fresh names
 * for iterators and quotients.
 */
import type { Affine } from '../poly/affine.js';
import { evaluate } from '../poly/affine.js';
import type { Parameter } from '../model/types.js';
import { type ArrayDecl, arrayDecls } from './arrays.js';
import { constDeclarations } from './directives.js';
import { type ExprScope, toPwAff } from './expr.js';
import { isIntegralType } from './integers.js';
import { type Node, child, walk } from './parse.js';
import { type PwAff, pwVar } from './pwaff.js';
import { type ArrayRec, type FunctionState, reason } from './state.js';

/** Every identifier spelled in the function (fresh names must avoid them). */
export function collectIdentifiers(st: FunctionState): void {
  for (const n of walk(st.fn)) if (n.type === 'identifier') st.identifiers.add(n.text);
}

export function addArray(st: FunctionState, decl: ArrayDecl): void {
  const existing = st.arrays.get(decl.name);
  if (existing) {
    reason(
      existing,
      'not-analysable',
      `'${decl.name}' is declared more than once in '${st.name}'`,
      decl.loc,
    );
    return;
  }
  const rec: ArrayRec = {
    decl,
    extents: [],
    reasons: [],
    marked: false,
    rank: decl.sizeNodes.length,
    // A file-scope array is used where no declaration of the function hides it.
    nameNode: st.globals.get(decl.name) === decl ? null : declaredName(decl.node),
  };
  st.arrays.set(decl.name, rec);
  st.arrayOrder.push(decl.name);
}

export function collectParameters(st: FunctionState, list: Node | null): void {
  for (const p of list?.namedChildren ?? []) {
    if (p.type !== 'parameter_declaration') continue;
    const decls = arrayDecls(p, st.src, 'parameter');
    for (const a of decls) addArray(st, a);
    const id = child(p, 'declarator');
    const type = child(p, 'type')?.text ?? '';
    if (id?.type === 'identifier' && isIntegralType(type)) st.intArgs.set(id.text, p);
  }
}

export function collectLocals(st: FunctionState): void {
  for (const n of walk(st.body)) {
    if (n.type !== 'declaration') continue;
    for (const name of declaredNames(n)) st.declCount.set(name, (st.declCount.get(name) ?? 0) + 1);
    for (const a of arrayDecls(n, st.src, 'local')) addArray(st, a);
    for (const k of constDeclarations(n, st.src, (e) => constValueOf(st, e)))
      st.localConsts.set(k.name, { value: k.value, loc: k.loc });
    if (n.parent?.id === st.body.id) {
      const type = child(n, 'type')?.text ?? '';
      if (!isIntegralType(type)) continue;
      for (const d of n.childrenForFieldName('declarator')) {
        const id = d.type === 'init_declarator' ? child(d, 'declarator') : null;
        if (id?.type === 'identifier' && !st.assigned.has(id.text)) st.onceLocals.set(id.text, d);
      }
    }
  }
}

export function constValueOf(st: FunctionState, n: Node): bigint | undefined {
  const v = toPwAff(n, exprScope(st, new Map()));
  if (!v) return undefined;
  const a = v.length === 1 && v[0].constraints.length === 0 ? v[0].value : undefined;
  if (!a) return undefined;
  try {
    return evaluate(a, knownValues(st));
  } catch {
    return undefined;
  }
}

export function knownValues(st: FunctionState): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const p of st.params.values()) if (p.value !== undefined) out[p.name] = p.value;
  return out;
}

export function uniqueName(st: FunctionState, base: string): string {
  let name = base;
  for (let k = 1; st.usedNames.has(name) || (name !== base && st.identifiers.has(name)); k++)
    name = `${base}_${k}`;
  st.usedNames.add(name);
  return name;
}

export function fresh(st: FunctionState): string {
  let name: string;
  do name = `_q${st.freshCount++}`;
  while (st.identifiers.has(name));
  return name;
}

export function useParam(st: FunctionState, p: Parameter): PwAff {
  if (!st.params.has(p.name)) st.params.set(p.name, p);
  return pwVar(p.name);
}

/** Resolution of identifiers in bounds, conditions, subscripts and sizes. */
export function exprScope(st: FunctionState, iterators: ReadonlyMap<string, string>): ExprScope {
  const expanding = new Set<string>();
  const identifier = (name: string): PwAff | undefined => {
    const it = iterators.get(name);
    if (it) return pwVar(it);
    if (st.arrays.has(name)) return undefined;
    const cl = st.options.defines?.[name];
    if (cl !== undefined) return useParam(st, { name, value: cl, source: 'command-line' });
    const m = st.dir.objectMacros.get(name);
    if (m) {
      if (m.value !== undefined)
        return useParam(st, { name, value: m.value, source: 'define', loc: m.loc });
      if (!m.expr || expanding.has(name)) return undefined;
      expanding.add(name);
      try {
        return toPwAff(m.expr, scope);
      } finally {
        expanding.delete(name);
      }
    }
    const declared = st.declCount.get(name) ?? 0;
    const lc = st.localConsts.get(name);
    if (lc && declared === 1)
      return useParam(st, { name, value: lc.value, source: 'const', loc: lc.loc });
    const k = st.dir.constants.get(name);
    if (k && declared === 0)
      return useParam(st, { name, value: k.value, source: k.source, loc: k.loc });
    const arg = st.intArgs.get(name);
    if (arg && declared === 0 && !st.assigned.has(name))
      return useParam(st, { name, source: 'argument', loc: st.src.locOf(arg) });
    const once = st.onceLocals.get(name);
    if (once && declared === 1)
      return useParam(st, { name, source: 'vla', loc: st.src.locOf(once) });
    return undefined;
  };
  const scope: ExprScope = {
    identifier,
    functionMacros: st.dir.functionMacros,
    fresh: () => fresh(st),
    knownValue: (name) => st.params.get(name)?.value,
  };
  return scope;
}

/** A single affine form without guards, or undefined. */
export function affineOf(
  st: FunctionState,
  n: Node,
  iterators: ReadonlyMap<string, string>,
): Affine | undefined {
  const v = toPwAff(n, exprScope(st, iterators));
  if (!v || v.length !== 1 || v[0].constraints.length > 0 || v[0].exists.length > 0)
    return undefined;
  return v[0].value;
}

/** The identifier a declarator declares. */
export function declaredName(d: Node): Node | null {
  let n: Node | null = d;
  while (n && n.type !== 'identifier')
    n =
      child(n, 'declarator') ??
      n.namedChildren.find((c) => /declarator$|^identifier$/.test(c.type)) ??
      null;
  return n;
}

/** Names declared by a declaration (scalars, arrays, pointers). */
export function declaredNames(decl: Node): string[] {
  const out: string[] = [];
  for (const d of decl.childrenForFieldName('declarator')) {
    const n = declaredName(d);
    if (n) out.push(n.text);
  }
  return out;
}
