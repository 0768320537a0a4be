/**
 * C's scopes inside one function definition (C11 6.2.1): parameters, block scopes
 * (compound statements, `for` with a declaration), declarations visible from the end of
 * their declarator on, inner declarations hiding outer ones. Every identifier the body
 * uses is resolved to the name node of the declaration it refers to, or to `null` when no
 * declaration of the function declares it (file scope, or not declared at all).
 *
 * The model and the rewriter only touch references that resolve to an array's own
 * declaration: an inner `double *t = big;` or a block-local array hiding a global of the
 * same name is another object.
 */
import { type Node, child } from './parse.js';

/** Identifier use (by node key) -> the declaration's name node, or null (file scope). */
export type Bindings = ReadonlyMap<string, Node | null>;

const nodeKey = (n: Node): string => `${n.startIndex}:${n.endIndex}`;

/** `typeof`-like type specifiers: their operand names an object, not a type. */
export const TYPEOF_NAMES: ReadonlySet<string> = new Set(['typeof', '__typeof__', '__typeof']);

export function resolveNames(fn: Node): Bindings {
  const out = new Map<string, Node | null>();
  const scopes: Map<string, Node>[] = [];
  const lookup = (name: string): Node | null => {
    for (let k = scopes.length - 1; k >= 0; k--) {
      const d = scopes[k].get(name);
      if (d) return d;
    }
    return null;
  };
  const bind = (id: Node) => scopes[scopes.length - 1].set(id.text, id);

  /** A declarator: sizes are uses (resolved before the name is visible), then the name. */
  const declarator = (d: Node | null): void => {
    if (!d) return;
    switch (d.type) {
      case 'identifier':
        bind(d);
        return;
      case 'init_declarator':
        declarator(child(d, 'declarator'));
        visit(child(d, 'value'));
        return;
      case 'array_declarator':
        visit(child(d, 'size'));
        declarator(child(d, 'declarator'));
        return;
      case 'pointer_declarator':
      case 'function_declarator': // a prototype: its parameters have their own scope
        declarator(child(d, 'declarator'));
        return;
      default:
        for (const c of d.namedChildren)
          if (c.type === 'identifier' || c.type.endsWith('declarator')) declarator(c);
    }
  };

  const visit = (n: Node | null): void => {
    if (!n) return;
    switch (n.type) {
      case 'identifier':
        out.set(nodeKey(n), lookup(n.text));
        return;
      case 'macro_type_specifier': {
        // `__typeof__(t)` parses as a macro type whose argument is a type name `t`.
        const name = child(n, 'name');
        if (name && TYPEOF_NAMES.has(name.text)) {
          for (const x of typeIdentifiers(n)) out.set(nodeKey(x), lookup(x.text));
        }
        visitChildren(n);
        return;
      }
      case 'compound_statement':
      case 'for_statement':
        scopes.push(new Map());
        visitChildren(n);
        scopes.pop();
        return;
      case 'declaration': {
        const declarators = new Set(n.childrenForFieldName('declarator').map((d) => d.id));
        for (const c of n.namedChildren) {
          if (declarators.has(c.id)) declarator(c);
          else visit(c);
        }
        // Enumerators of an enum defined here are block-scope names too.
        return;
      }
      case 'enumerator': {
        visit(child(n, 'value'));
        const name = child(n, 'name');
        if (name) bind(name);
        return;
      }
      case 'field_expression':
        visit(child(n, 'argument'));
        return;
      default:
        visitChildren(n);
    }
  };
  const visitChildren = (n: Node) => {
    for (const c of n.namedChildren) visit(c);
  };

  // Parameters and the body's outermost block share one scope.
  let d = child(fn, 'declarator');
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  scopes.push(new Map());
  for (const p of (d && child(d, 'parameters')?.namedChildren) ?? []) {
    if (p.type !== 'parameter_declaration') continue;
    visit(child(p, 'type'));
    declarator(child(p, 'declarator'));
  }
  const body = child(fn, 'body');
  if (body) visitChildren(body);
  return out;
}

/** The type names spelled inside a `typeof(...)` specifier (candidates for object names). */
function typeIdentifiers(n: Node): Node[] {
  const out: Node[] = [];
  const rec = (x: Node) => {
    if (x.type === 'type_identifier') out.push(x);
    for (const c of x.namedChildren) rec(c);
  };
  for (const c of n.namedChildren) if (c.id !== child(n, 'name')?.id) rec(c);
  return out;
}
