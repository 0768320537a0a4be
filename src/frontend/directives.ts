/**
 * The preprocessor pieces that matter for analysis: object-like and simple function-like
 * `#define`s, `enum` and `const int` constants, and `#pragma beeclak ...` / `#pragma scop`.
 *
 * Macros are not expanded textually: a macro body is parsed once as a C expression and the
 * expression converter (expr.ts) substitutes arguments when it meets a use, so the
 * original text and its ranges stay untouched for the rewriter.
 */
import type { SourceLoc } from '../model/types.js';
import {
  type Node,
  type SourceText,
  child,
  hasAttribute,
  namedChildrenOf,
  parseIntLiteral,
  parseTree,
  type TSNode,
} from './parse.js';
import { pragmaBody } from '../model/pragmas.js';

export interface ObjectMacro {
  readonly name: string;
  readonly body: string;
  /** The body as an expression, when it parses as one. */
  readonly expr?: Node;
  /** Integer value when the body is an integer literal (possibly parenthesised/negated). */
  readonly value?: bigint;
  readonly loc: SourceLoc;
}

export interface FunctionMacro {
  readonly name: string;
  readonly params: readonly string[];
  readonly body: string;
  readonly expr?: Node;
  readonly loc: SourceLoc;
}

export interface Constant {
  readonly name: string;
  readonly value: bigint;
  readonly source: 'enum' | 'const';
  readonly loc: SourceLoc;
}

interface TemporaryPragma {
  readonly name: string;
  readonly loc: SourceLoc;
}

export interface Directives {
  readonly objectMacros: Map<string, ObjectMacro>;
  readonly functionMacros: Map<string, FunctionMacro>;
  /** File-scope enumerators and `const` integers. */
  readonly constants: Map<string, Constant>;
  readonly temporaries: readonly TemporaryPragma[];
}

/** Strips comments and line continuations from a macro body. */
function cleanBody(text: string): string {
  return text
    .replace(/\\\r?\n/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/.*$/gm, '')
    .trim();
}

/** Parses `text` as one C expression (its own little tree); undefined if it is not one. */
function parseExpression(text: string): Node | undefined {
  if (text.length === 0) return undefined;
  const tree = parseTree(`int __beeclak_expr = (${text}\n);`);
  if (tree.rootNode.hasError) return undefined;
  const decl = tree.rootNode.namedChildren[0];
  const init = decl && child(decl, 'declarator');
  const value = init && child(init, 'value');
  return value ?? undefined;
}

/** Value of an integer constant expression made of literals, unary minus and parentheses. */
export function literalValue(node: Node | undefined): bigint | undefined {
  if (!node) return undefined;
  if (node.type === 'number_literal') return parseIntLiteral(node.text);
  if (node.type === 'parenthesized_expression' && node.namedChildCount === 1)
    return literalValue(node.namedChildren[0]);
  if (node.type === 'unary_expression') {
    const op = child(node, 'operator')?.text;
    const v = literalValue(child(node, 'argument') ?? undefined);
    if (v === undefined) return undefined;
    return op === '-' ? -v : op === '+' ? v : undefined;
  }
  return undefined;
}

/** `beeclak temporary(A, B)` (a pragma's body) -> ['A', 'B']; undefined for other pragmas. */
export function temporaryPragmaNames(body: string): string[] | undefined {
  const m = /^\s*beeclak\s+temporary\s*\(([^)]*)\)\s*$/.exec(body);
  if (!m) return undefined;
  return m[1]
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** `#pragma scop` / `#pragma endscop` / other, in any spelling (src/model/pragmas.ts). */
export function pragmaKind(node: Node): 'scop' | 'endscop' | 'other' | undefined {
  if (node.type !== 'preproc_call') return undefined;
  const body = pragmaBody(node.text);
  if (body === undefined) return undefined;
  return body === 'scop' ? 'scop' : body === 'endscop' ? 'endscop' : 'other';
}

/** Constants of one `enum { A = 1, B, ... }` body, in order. */
function enumConstants(
  body: Node,
  src: SourceText,
  evalConst: (n: Node) => bigint | undefined,
): Constant[] {
  const out: Constant[] = [];
  let next: bigint | undefined = 0n;
  for (const e of body.namedChildren) {
    if (e.type !== 'enumerator') continue;
    const name = child(e, 'name')?.text;
    const valueNode = child(e, 'value');
    const v: bigint | undefined = valueNode ? evalConst(valueNode) : next;
    if (name && v !== undefined) out.push({ name, value: v, source: 'enum', loc: src.locOf(e) });
    next = v === undefined ? undefined : v + 1n;
  }
  return out;
}

function isIntegralType(typeText: string): boolean {
  return /^(unsigned |signed )?(int|long|short|char|long long|size_t|int\d+_t|uint\d+_t)$/.test(
    typeText.replace(/\s+/g, ' ').trim(),
  );
}

/** `const int N = 100;` (integral type, const qualifier, constant initializer). */
export function constDeclarations(
  decl: Node,
  src: SourceText,
  evalConst: (n: Node) => bigint | undefined,
): Constant[] {
  // An attribute may change what the type holds (mode(QI): `= 256` stores 0).
  if (decl.type !== 'declaration' || hasAttribute(decl)) return [];
  const quals = decl.namedChildren.filter((c) => c.type === 'type_qualifier').map((c) => c.text);
  // C++'s `constexpr` (issue 30) makes a const object too.
  if (!quals.includes('const') && !quals.includes('constexpr')) return [];
  const type = child(decl, 'type');
  if (!type || !isIntegralType(type.text)) return [];
  const out: Constant[] = [];
  for (const d of decl.childrenForFieldName('declarator')) {
    if (d.type !== 'init_declarator') continue;
    const id = child(d, 'declarator');
    const value = child(d, 'value');
    if (id?.type !== 'identifier' || !value) continue;
    const v = evalConst(value);
    if (v !== undefined) out.push({ name: id.text, value: v, source: 'const', loc: src.locOf(d) });
  }
  return out;
}

/**
 * Collects macros (the first definition wins, also inside `#if`/`#ifndef` guards, so that
 * `#ifndef N / #define N 100 / #endif` works), file-scope constants and temporary pragmas.
 */
export function collectDirectives(
  root: TSNode,
  src: SourceText,
  evalConst: (n: Node, d: Directives) => bigint | undefined,
): Directives {
  const d: Directives = {
    objectMacros: new Map(),
    functionMacros: new Map(),
    constants: new Map(),
    temporaries: [],
  };
  const temporaries: TemporaryPragma[] = d.temporaries as TemporaryPragma[];
  const topLevel = (n: Node): void => {
    for (const c of namedChildrenOf(n)) {
      if (c.type === 'preproc_def') {
        const name = child(c, 'name')!.text;
        const body = cleanBody(child(c, 'value')?.text ?? '');
        const expr = parseExpression(body);
        if (!d.objectMacros.has(name) && !d.functionMacros.has(name))
          d.objectMacros.set(name, {
            name,
            body,
            expr,
            value: literalValue(expr),
            loc: src.locOf(c),
          });
      } else if (c.type === 'preproc_function_def') {
        const name = child(c, 'name')!.text;
        const params = (child(c, 'parameters')?.namedChildren ?? [])
          .filter((p) => p.type === 'identifier')
          .map((p) => p.text);
        const body = cleanBody(child(c, 'value')?.text ?? '');
        if (!d.objectMacros.has(name) && !d.functionMacros.has(name))
          d.functionMacros.set(name, {
            name,
            params,
            body,
            expr: parseExpression(body),
            loc: src.locOf(c),
          });
      } else if (/^preproc_(if|ifdef|else|elif|elifdef)$/.test(c.type)) {
        topLevel(c);
      } else if (c.type === 'declaration') {
        // The text first: most declarations of system headers are neither (issue 15: a
        // preprocessed file carries ~1,700 lines of libc declarations).
        const text = src.textOf(c);
        if (text.includes('const'))
          for (const k of constDeclarations(c, src, (n) => evalConst(n, d)))
            if (!d.constants.has(k.name)) d.constants.set(k.name, k);
        // descendantsOfType runs natively: a walk in JavaScript is slow on system headers.
        if (text.includes('enum'))
          for (const e of c.descendantsOfType('enumerator_list'))
            for (const k of enumConstants(e, src, (n) => evalConst(n, d)))
              if (!d.constants.has(k.name)) d.constants.set(k.name, k);
      } else if (
        (c.type === 'type_definition' || c.type === 'enum_specifier') &&
        src.textOf(c).includes('enum')
      ) {
        // descendantsOfType runs natively: a walk in JavaScript is slow on system headers.
        for (const e of c.descendantsOfType('enumerator_list'))
          for (const k of enumConstants(e, src, (n) => evalConst(n, d)))
            if (!d.constants.has(k.name)) d.constants.set(k.name, k);
      }
    }
  };
  topLevel(root);
  for (const { node, body } of pragmaLines(root, src.text)) {
    const names = temporaryPragmaNames(body);
    for (const name of names ?? []) temporaries.push({ name, loc: src.locOf(node) });
  }
  return d;
}

/**
 * The pragmas of the parsed text, in document order, with their bodies: `preproc_call`
 * nodes of a pragma directive in any spelling (`#  pragma`, a comment or a line splice
 * inside), and `_Pragma("...")` read as a call (the built-in reading sees the file's own
 * text; the compiler's output spells them all `#pragma`). Found from the places `text`
 * spells `pragma`: a native search of every node of the unit, system headers included,
 * cost more than the rest of collectDirectives (issue 17).
 */
function pragmaLines(root: TSNode, text: string): { node: Node; body: string }[] {
  const out: { node: Node; body: string }[] = [];
  const seen = new Set<number>();
  for (let i = text.indexOf('ragma'); i >= 1; i = text.indexOf('ragma', i + 1)) {
    const at = i - 1;
    const word = text.slice(at, at + 6);
    const operator = word === 'Pragma' && text[at - 1] === '_';
    if (word !== 'pragma' && !operator) continue;
    const node = operator
      ? pragmaOperatorCall(root.descendantForIndex(at - 1, at + 6))
      : pragmaDirectiveCall(root.descendantForIndex(at, at + 6), at);
    if (!node || seen.has(node.startIndex)) continue;
    const body = pragmaBody(node.text);
    if (body === undefined) continue;
    seen.add(node.startIndex);
    out.push({ node, body });
  }
  return out;
}

/** The `preproc_call` whose directive token (`#pragma`, `#  pragma`) covers `at`. */
function pragmaDirectiveCall(n: TSNode, at: number): Node | undefined {
  const call = n.type === 'preproc_call' ? n : n.parent;
  if (call?.type !== 'preproc_call') return undefined;
  const directive = child(call, 'directive');
  return directive && directive.startIndex <= at && at < directive.endIndex ? call : undefined;
}

/** The call `_Pragma(...)` whose function is the identifier `n`. */
function pragmaOperatorCall(n: TSNode): Node | undefined {
  const call = n.parent;
  const isFunction = call?.type === 'call_expression' && child(call, 'function')?.id === n.id;
  return n.type === 'identifier' && isFunction ? call : undefined;
}
