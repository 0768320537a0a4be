/**
 * The syntax nodes the frontend reads, and a compact copy of a subtree in plain JavaScript.
 *
 * tree-sitter's JavaScript nodes are wrappers: each `namedChildren`, `childForFieldName`,
 * `startIndex` or `id` crosses into the native binding and builds new wrapper objects, and
 * the model builder walks each function body about six times (scopes, identifiers, writes,
 * declarations, statements, the final sweep). On large macro-expanded bodies that was most
 * of the run (issue 17: libjpeg-turbo's jchuff.c spent over a second in it). `compactTree`
 * copies a subtree once, with one TreeCursor walk (a few native calls per node, no wrapper),
 * into `CompactNode`s that answer the same questions from plain fields.
 *
 * A compact node answers exactly what tree-sitter's node answers for the members of `Node`
 * (test/frontend/compactTree.test.ts compares them on a table of C snippets): the same type,
 * offsets, text, children, named children, fields and error flags. Its `id` is negative and
 * unique in the call (src/context/callContext.ts; outside any call, in the copy), so it never
 * equals a tree-sitter node's id (a positive address), which no node of another tree or
 * subtree shares either.
 */
import type Parser from 'tree-sitter';
import { CallSlot } from '../context/callContext.js';

/** The members of a syntax node the frontend reads: tree-sitter's nodes and compact ones. */
export interface Node {
  readonly type: string;
  readonly text: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly id: number;
  readonly isNamed: boolean;
  readonly isMissing: boolean;
  readonly hasError: boolean;
  readonly parent: Node | null;
  readonly children: Node[];
  readonly namedChildren: Node[];
  readonly namedChildCount: number;
  readonly nextNamedSibling: Node | null;
  readonly previousNamedSibling: Node | null;
  /** The tree the node was parsed in (its root is the whole translation unit). */
  readonly tree: { readonly rootNode: Node };
  childForFieldName(name: string): Node | null;
  childrenForFieldName(name: string): Node[];
  /** The node itself and its descendants of this type, in document order. */
  descendantsOfType(type: string): Node[];
}

/** What the nodes of one compact copy share: the parsed text and the original tree. */
interface Shared {
  readonly text: string;
  readonly tree: { readonly rootNode: Node };
  /** Some anonymous node of the copy has children (in C's grammar, none has). */
  anonymousParent: boolean;
  /** The types of the copy's anonymous nodes. */
  readonly anonymousTypes: Set<string>;
  /** The counter the copy's ids come from: the call's (`lastId`). */
  readonly ids: { value: number };
}

/** The last id a compact node got in this call (ids count down from -1). */
const lastId = new CallSlot(() => ({ value: 0 }));

/** The children of every leaf (most nodes are leaves: one array for all of them). */
const NONE: CompactNode[] = Object.freeze([]) as unknown as CompactNode[];

export class CompactNode implements Node {
  /** Within the copy, a compact node; the copy's root has the original's parent. */
  parent: Node | null = null;
  children: CompactNode[] = NONE;
  hasError = false;
  /** The position of this node among its parent's children. */
  index = 0;
  /** The field of the parent this node fills, if any. */
  field: string | undefined;
  /** The named children, filled as the copy is made. */
  named: CompactNode[] = NONE;
  /** The copy's root: the node copied (its siblings are not in the copy). */
  origin: Parser.SyntaxNode | undefined;

  constructor(
    readonly id: number,
    readonly type: string,
    readonly isNamed: boolean,
    readonly isMissing: boolean,
    readonly startIndex: number,
    readonly endIndex: number,
    field: string | undefined,
    readonly shared: Shared,
  ) {
    this.field = field;
  }

  get text(): string {
    return this.shared.text.slice(this.startIndex, this.endIndex);
  }

  get tree(): { readonly rootNode: Node } {
    return this.shared.tree;
  }

  get namedChildren(): CompactNode[] {
    return this.named;
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  get nextNamedSibling(): Node | null {
    return this.namedSibling(1);
  }

  get previousNamedSibling(): Node | null {
    return this.namedSibling(-1);
  }

  /**
   * The nearest named node among the parent's children in direction `step`. tree-sitter
   * finds a next sibling by position: one that ends where this node ends (an empty node,
   * only where the parse has an error) is passed over.
   */
  private namedSibling(step: 1 | -1): Node | null {
    if (this.origin)
      return step === 1 ? this.origin.nextNamedSibling : this.origin.previousNamedSibling;
    const siblings = this.parent?.children;
    if (!siblings) return null;
    for (let k = this.index + step; k >= 0 && k < siblings.length; k += step) {
      const s = siblings[k]!;
      if (s.isNamed && (step === -1 || s.endIndex > this.endIndex)) return s;
    }
    return null;
  }

  childForFieldName(name: string): CompactNode | null {
    // An ERROR node has no fields of its own: tree-sitter answers null, though a cursor (and
    // childrenForFieldName) sees the fields of the hidden rules under it.
    if (this.type === 'ERROR') return null;
    for (const c of this.children) if (c.field === name) return c;
    return null;
  }

  childrenForFieldName(name: string): CompactNode[] {
    return this.children.filter((c) => c.field === name);
  }

  descendantsOfType(type: string): CompactNode[] {
    const out: CompactNode[] = [];
    // A type no anonymous node has is found among the named nodes, which are all reached
    // through named nodes when no anonymous node has children: the anonymous leaves are
    // left out of the search (most nodes of large bodies are punctuation).
    const namedOnly = !this.shared.anonymousTypes.has(type) && !this.shared.anonymousParent;
    const stack: CompactNode[] = [this];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n.type === type) out.push(n);
      const next = namedOnly ? n.named : n.children;
      for (let k = next.length - 1; k >= 0; k--) stack.push(next[k]!);
    }
    return out;
  }
}

/**
 * Node type and field names by id, as the binding spells them (filled as they are met), for
 * each grammar (C, C++: the ids of one mean other names in the other; one table for both read
 * a C++ file after a C file with C's names, and its functions were not analysed). Kept for
 * the process, not per call: an id of a grammar has the same name and named-ness whichever
 * call meets it first, so no call can see another in them.
 */
interface GrammarNames {
  readonly types: Map<number, { type: string; named: boolean }>;
  readonly fields: Map<number, string>;
}
const namesByGrammar = new WeakMap<object, GrammarNames>();

function grammarNames(tree: Parser.Tree): GrammarNames {
  const grammar = (tree as unknown as { language: object }).language;
  let names = namesByGrammar.get(grammar);
  if (!names) namesByGrammar.set(grammar, (names = { types: new Map(), fields: new Map() }));
  return names;
}

/**
 * A compact copy of `node` and all its descendants. `text` is the string tree-sitter parsed
 * (offsets are UTF-16 code units in it, as tree-sitter's `text` reads them).
 */
export function compactTree(node: Parser.SyntaxNode, text: string): CompactNode {
  const shared: Shared = {
    text,
    tree: node.tree,
    anonymousParent: false,
    anonymousTypes: new Set(),
    ids: lastId.current() ?? { value: 0 },
  };
  const { types: typeNames, fields: fieldNames } = grammarNames(node.tree);
  const cursor = node.walk();
  // Missing nodes only occur under a node with an error: elsewhere no call per node.
  const errors = node.hasError;
  const make = (): CompactNode => {
    const typeId = cursor.nodeTypeId;
    let kind = typeNames.get(typeId);
    // A type id is one symbol: the same name and the same named-ness every time.
    if (!kind) typeNames.set(typeId, (kind = { type: cursor.nodeType, named: cursor.nodeIsNamed }));
    if (!kind.named) shared.anonymousTypes.add(kind.type);
    const fieldId = cursor.currentFieldId;
    let field: string | undefined;
    if (fieldId !== undefined) {
      field = fieldNames.get(fieldId);
      if (field === undefined) fieldNames.set(fieldId, (field = cursor.currentFieldName));
    }
    const missing = errors && cursor.nodeIsMissing;
    const n = new CompactNode(
      --shared.ids.value,
      kind.type,
      kind.named,
      missing,
      cursor.startIndex,
      cursor.endIndex,
      field,
      shared,
    );
    n.hasError = missing;
    return n;
  };
  const root = make();
  // Outside the copy, the original's surroundings (the function definition's parent).
  root.field = undefined;
  root.origin = node;
  root.parent = node.parent;
  // Depth-first, in document order: `path` holds the nodes whose children are being read.
  const path: CompactNode[] = [root];
  let moved = cursor.gotoFirstChild();
  while (moved) {
    const parent = path[path.length - 1]!;
    const n = make();
    n.parent = parent;
    if (parent.children === NONE) parent.children = [];
    n.index = parent.children.length;
    parent.children.push(n);
    if (n.isNamed) {
      if (parent.named === NONE) parent.named = [];
      parent.named.push(n);
    }
    if (cursor.gotoFirstChild()) {
      if (!n.isNamed) shared.anonymousParent = true;
      path.push(n);
      continue;
    }
    // A leaf is complete: its error goes up. Then up until a node has a next sibling, each
    // node left complete too.
    if (n.hasError) parent.hasError = true;
    while (!(moved = cursor.gotoNextSibling())) {
      if (path.length === 1 || !cursor.gotoParent()) break;
      const done = path.pop()!;
      // tree-sitter's `hasError` is a positive error cost: an ERROR node with children has
      // one, an ERROR leaf (a character the lexer skipped) has none.
      if (done.type === 'ERROR') done.hasError = true;
      if (done.hasError) path[path.length - 1]!.hasError = true;
    }
  }
  root.hasError = errors;
  return root;
}

/**
 * `(T)(x)` where T names a type: a cast, which tree-sitter-c reads as a call of `(T)`. C
 * tells the two apart by its symbol table (T declared by `typedef`), which a grammar has not:
 * tree-sitter knows only the built-in and `<stdint.h>` names as types, so `(u8_t)(i - 1)`
 * came out as a call, its subscript as "any cell" (issue found by the fuzzer's `--typedefs`).
 * The copy is changed in place to the nodes tree-sitter gives `(T)x`: a `cast_expression`
 * with a `type_descriptor` of T and the parenthesized operand as its value, at the same
 * offsets (the text and every edit stay the author's).
 *
 * Only where C leaves no doubt: T is a type name (`isTypeName`: a file-scope typedef of the
 * unit, or one of the function's own), the operand is one expression (no comma), and T is
 * never an ordinary identifier in the function (no variable, parameter or function named T
 * anywhere in it, which could hide the typedef in some block: there `(T)(x)` is a call).
 */
export function readTypedefCasts(fn: CompactNode, isTypeName: (name: string) => boolean): void {
  if (fn.hasError) return;
  const casts = fn.descendantsOfType('call_expression').filter((call) => {
    const f = call.childForFieldName('function');
    const args = call.childForFieldName('arguments');
    return (
      f?.type === 'parenthesized_expression' &&
      f.named.length === 1 &&
      f.named[0]!.type === 'identifier' &&
      f.children.length === 3 &&
      args?.type === 'argument_list' &&
      args.named.length === 1 &&
      args.children.length === 3 &&
      isTypeName(f.named[0]!.text)
    );
  });
  if (casts.length === 0) return;
  const asCast = new Set(casts.map((c) => c.childForFieldName('function')!.named[0]!));
  // A name that is also an ordinary identifier somewhere in the function is left alone.
  const ordinary = new Set(
    fn
      .descendantsOfType('identifier')
      .filter((n) => !asCast.has(n))
      .map((n) => n.text),
  );
  for (const call of casts) {
    const f = call.childForFieldName('function')!;
    const name = f.named[0]!;
    if (ordinary.has(name.text)) continue;
    const args = call.childForFieldName('arguments')!;
    const shared = call.shared;
    const node = (type: string, from: CompactNode, field: string | undefined) =>
      new CompactNode(
        --shared.ids.value,
        type,
        true,
        false,
        from.startIndex,
        from.endIndex,
        field,
        shared,
      );
    const cast = node('cast_expression', call, call.field);
    const typeName = node('type_identifier', name, 'type');
    const descriptor = node('type_descriptor', name, 'type');
    const operand = node('parenthesized_expression', args, 'value');
    adopt(descriptor, [typeName]);
    adopt(operand, args.children);
    adopt(cast, [f.children[0]!, descriptor, f.children[2]!, operand]);
    // The cast takes the call's place among its parent's children.
    const parent = call.parent as CompactNode;
    cast.parent = parent;
    cast.index = call.index;
    parent.children = parent.children.map((c) => (c === call ? cast : c));
    parent.named = parent.named.map((c) => (c === call ? cast : c));
  }
}

/** Makes `children` (in order) the children of `parent`, with their indices and parent. */
export function adopt(parent: CompactNode, children: readonly CompactNode[]): void {
  parent.children = [...children];
  parent.named = children.filter((c) => c.isNamed);
  children.forEach((c, k) => {
    c.parent = parent;
    c.index = k;
  });
}
