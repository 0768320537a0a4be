/**
 * tree-sitter parsing, syntax-error reporting and source positions.
 *
 * node-tree-sitter parses a JavaScript string as UTF-16, and `startIndex` / `endIndex`
 * are then UTF-16 code-unit offsets, which is exactly what `source.slice` expects (a
 * test with non-ASCII text guards this). Line and column are computed here from the
 * offsets rather than taken from `startPosition`, whose column counts bytes.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type Parser from 'tree-sitter';
import { CallSlot } from '../context/callContext.js';
import { InputError } from '../model/errors.js';
import type { ByteRange, SourceLoc } from '../model/types.js';
import { CompactNode, type Node } from './compactTree.js';
import type { SourceLanguage } from './language.js';

export type { Node } from './compactTree.js';
/** tree-sitter's own node (members the frontend's `Node` does not list). */
export type TSNode = Parser.SyntaxNode;

const require = createRequire(import.meta.url);

/**
 * This context's tree-sitter: the parser class and, captured right after loading, the
 * wrappers we call explicitly (another load in the process replaces the ones on the
 * shared prototypes with its own, which keep their state under other symbols).
 */
interface TreeSitter {
  Parser: typeof Parser;
  language: unknown;
  parse: (
    this: Parser,
    input: string,
    oldTree?: Parser.Tree,
    options?: { includedRanges?: Parser.Range[] },
  ) => Parser.Tree;
  setLanguage: (this: Parser, language: unknown) => Parser;
  getLanguage: (this: Parser) => unknown;
  rootNode: (this: Parser.Tree) => Parser.SyntaxNode;
}

function capture(P: typeof Parser, binding: Binding, language: unknown): TreeSitter {
  const parserProto = P.prototype as unknown as Record<string, unknown>;
  const treeProto = prototypeOf(binding, 'Tree')!;
  // Read as an instance would (a guarded member gives the prototype itself the native).
  const member = (name: string) => Reflect.get(parserProto, name, Object.create(parserProto));
  return {
    Parser: P,
    language,
    parse: member('parse') as TreeSitter['parse'],
    setLanguage: member('setLanguage') as TreeSitter['setLanguage'],
    getLanguage: member('getLanguage') as TreeSitter['getLanguage'],
    rootNode: Object.getOwnPropertyDescriptor(treeProto, 'rootNode')!.get as TreeSitter['rootNode'],
  };
}

/**
 * Members of the native classes that tree-sitter's index.js wraps. They live on prototypes
 * shared by every module context of the process, so a second load of index.js (jest gives
 * each test file a fresh module registry; another module may require tree-sitter itself)
 * would read the first load's wrappers instead of the natives and break: `tree.rootNode`
 * becomes undefined (node-tree-sitter issue #181).
 */
const WRAPPED: Record<string, string[]> = {
  Tree: ['rootNode', 'rootNodeWithOffset', 'edit'],
  Parser: ['parse', 'setLanguage'],
  TreeCursor: ['startPosition', 'endPosition', 'currentNode'],
  Query: ['_matches', '_captures'],
};

type Binding = Record<string, { prototype: object }> & { __beeclakNatives?: Natives };
type Natives = Record<string, Record<string, unknown>>;

function prototypeOf(binding: Binding, cls: string): Record<string, unknown> | undefined {
  return binding[cls]?.prototype as Record<string, unknown> | undefined;
}

/** The native members, if no index.js has wrapped them yet in this process. */
function snapshotNatives(binding: Binding): Natives | undefined {
  const tree = prototypeOf(binding, 'Tree');
  const d = tree && Object.getOwnPropertyDescriptor(tree, 'rootNode');
  if (!d || !('value' in d)) return undefined;
  const out: Natives = {};
  for (const [cls, names] of Object.entries(WRAPPED)) {
    const proto = prototypeOf(binding, cls);
    if (!proto) continue;
    out[cls] = {};
    for (const n of names) out[cls][n] = Object.getOwnPropertyDescriptor(proto, n)?.value;
  }
  return out;
}

/**
 * After a load: each wrapped member answers a read *on the prototype itself* (which is how
 * index.js captures the natives) with the native, and reads on instances with the current
 * wrapper; assignments install a newer wrapper. So any later load wraps natives again.
 */
function guardNatives(binding: Binding, natives: Natives): void {
  for (const [cls, names] of Object.entries(WRAPPED)) {
    const proto = prototypeOf(binding, cls);
    if (!proto || !natives[cls]) continue;
    for (const n of names) {
      const native = natives[cls][n];
      const cur = Object.getOwnPropertyDescriptor(proto, n);
      if (!cur || native === undefined) continue;
      if (cur.get) {
        const wrapper = cur.get;
        Object.defineProperty(proto, n, {
          get(this: unknown) {
            return this === proto ? native : wrapper.call(this);
          },
          configurable: true,
        });
      } else {
        let current = cur.value as unknown;
        Object.defineProperty(proto, n, {
          get(this: unknown) {
            return this === proto ? native : current;
          },
          set(v: unknown) {
            current = v;
          },
          configurable: true,
        });
      }
    }
  }
}

/** Puts the natives back, so that the index.js about to run wraps them (and not wrappers). */
function restoreNatives(binding: Binding, natives: Natives): void {
  for (const [cls, members] of Object.entries(natives)) {
    const proto = prototypeOf(binding, cls);
    if (!proto) continue;
    for (const [n, value] of Object.entries(members))
      if (value !== undefined)
        Object.defineProperty(proto, n, { value, writable: true, configurable: true });
  }
}

type Language = { nodeSubclasses?: unknown[] };

/**
 * The C grammar: tree-sitter-c's native module, loaded as its index.js loads it but without
 * the index.js itself, which also parses an 83 KB node-types.json that only the classes
 * below would read (issue 17, start-up). The same object as `require('tree-sitter-c')`.
 */
function cLanguage(loadNative: (dir: string) => Language): Language {
  return loadNative(path.dirname(require.resolve('tree-sitter-c/package.json')));
}

/**
 * The node classes tree-sitter's `setLanguage` would make (one per named node type, whose
 * `type` is then a plain property, not a call into the binding), made here when the
 * language has none yet. tree-sitter makes each with `new Function` (a compilation each,
 * ~4 ms per process, never in the code cache) and adds field getters we never call; the
 * `type` of every node is the same either way: the name of its symbol (the binding's
 * `type` is that name too).
 */
function addNodeClasses(binding: Binding, P: typeof Parser, language: Language): void {
  if (language.nodeSubclasses) return;
  const syntaxNode = (P as unknown as { SyntaxNode: new (...a: unknown[]) => object }).SyntaxNode;
  const names = (
    binding as unknown as { getNodeTypeNamesById: (l: Language) => (string | null)[] }
  ).getNodeTypeNamesById(language);
  language.nodeSubclasses = names.map((type) => {
    if (!type) return syntaxNode;
    const cls = class extends syntaxNode {};
    Object.defineProperty(cls.prototype, 'type', { value: type, enumerable: true });
    return cls;
  });
}

/**
 * The C++ grammar (issue 30: HLS kernels), loaded the same way from tree-sitter-cpp. Its node
 * types are C's for what the two languages share (src/frontend/cpp/ reads the rest).
 */
function cppLanguage(loadNative: (dir: string) => Language): Language {
  return loadNative(path.dirname(require.resolve('tree-sitter-cpp/package.json')));
}

/**
 * Loads tree-sitter and a grammar so that repeated loads in one process keep working. The
 * second grammar of a module context reuses the first one's tree-sitter (`loadedBefore`):
 * index.js runs once per context (`require` has it cached), so putting the natives back for
 * it to wrap left them unwrapped, and every parse after it failed ("Input must be a
 * function": `contract --jobs 1 a.c b.cpp`, the library called on C then on C++).
 */
function treeSitter(grammar: SourceLanguage, loadedBefore?: TreeSitter): TreeSitter {
  const root = path.dirname(require.resolve('tree-sitter/package.json'));
  const fromTreeSitter = createRequire(path.join(root, 'index.js'));
  const loadNative = fromTreeSitter('node-gyp-build') as (dir: string) => unknown;
  const binding = loadNative(root) as Binding;
  const language = (grammar === 'c++' ? cppLanguage : cLanguage)(
    loadNative as (dir: string) => Language,
  );
  if (loadedBefore) {
    addNodeClasses(binding, loadedBefore.Parser, language);
    return { ...loadedBefore, language };
  }
  if (!binding.__beeclakNatives) {
    const natives = snapshotNatives(binding);
    if (!natives) {
      // Someone loaded tree-sitter before us without keeping the natives: reuse their
      // wrappers (loading again would break both).
      return capture(binding.Parser as unknown as typeof Parser, binding, language);
    }
    Object.defineProperty(binding, '__beeclakNatives', { value: natives });
  }
  restoreNatives(binding, binding.__beeclakNatives!);
  const P = require('tree-sitter') as typeof Parser;
  addNodeClasses(binding, P, language);
  const loaded = capture(P, binding, language);
  guardNatives(binding, binding.__beeclakNatives!);
  return loaded;
}

/**
 * The parser of each language, loaded when first needed (C++ only for C++ files), once per
 * process and not per call (src/context/callContext.ts): it is the native grammar and
 * binding, which every call would load the same, and it holds nothing of a call between
 * parses (a parse is synchronous, and sets its own included ranges: none when none are given).
 */
const loaded = new Map<SourceLanguage, { ts: TreeSitter; parser: Parser }>();

/** Whether the parser is loaded already (later files of a multi-file run). */
export function parserLoaded(language: SourceLanguage = 'c'): boolean {
  return loaded.has(language);
}

/** Loads the parser now (a new process spends ~5 ms on it), if not done yet. */
export function loadParser(language: SourceLanguage = 'c'): { ts: TreeSitter; parser: Parser } {
  let done = loaded.get(language);
  if (!done) {
    const ts = treeSitter(language, [...loaded.values()][0]?.ts);
    const parser = new ts.Parser();
    // Own property: the wrappers of this context find the language where they put it.
    Object.defineProperty(parser, 'getLanguage', { value: ts.getLanguage });
    ts.setLanguage.call(parser, ts.language);
    loaded.set(language, (done = { ts, parser }));
  }
  return done;
}

/**
 * Parses `text`, or only its `ranges` (as if the rest were blank: nodes keep the text's
 * offsets, and nothing outside the ranges is read), as C or as C++.
 */
export function parseTree(
  text: string,
  ranges?: readonly Parser.Range[],
  language: SourceLanguage = 'c',
): { rootNode: Parser.SyntaxNode } {
  const loaded = loadParser(language);
  const tree = ranges
    ? loaded.ts.parse.call(loaded.parser, text, undefined, { includedRanges: [...ranges] })
    : loaded.ts.parse.call(loaded.parser, text);
  return { rootNode: loaded.ts.rootNode.call(tree) };
}

/**
 * Lets the event loop turn once. node-tree-sitter frees a tree's native memory in a
 * finalizer that only runs between event-loop turns; a process that parses file after file
 * without one (a batch run, the corpus script) grew by megabytes per file (3.7 MB for a
 * 100 KB text) until it was done. Await this between files.
 */
export function releaseParsedTrees(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Offsets at which the lines of `text` start. `indexOf` finds the newlines natively: a loop
 * over every character runs interpreted in a new process (issue 17: ~1 ms per 15 KB).
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** How many of the sorted `starts` are below `offset`. */
export function countBelow(starts: readonly number[], offset: number): number {
  return firstIndex(starts, (s) => s >= offset);
}

/** The first index of `xs` at which `at` holds, `at` false then true along `xs` (a binary search). */
export function firstIndex<T>(xs: ArrayLike<T>, at: (x: T) => boolean): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(xs[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Source text with a table of line starts, for offsets -> 1-based line/column. */
export class SourceText {
  private readonly lineStarts: number[];
  constructor(
    readonly text: string,
    readonly file: string,
  ) {
    this.lineStarts = lineStarts(text);
  }
  loc(offset: number): SourceLoc {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }
  locOf(node: Node): SourceLoc {
    return this.loc(node.startIndex);
  }
  range(node: Node): ByteRange {
    return { start: node.startIndex, end: node.endIndex };
  }
  textOf(node: Node): string {
    return this.text.slice(node.startIndex, node.endIndex);
  }
}

export function firstError(node: Node): Node | undefined {
  if (!node.hasError && !node.isMissing) return undefined;
  if (node.type === 'ERROR' || node.isMissing) {
    // Prefer a more precise MISSING child, if any.
    for (const c of node.children) if (c.isMissing) return c;
    return node;
  }
  for (const c of node.children) {
    const e = firstError(c);
    if (e) return e;
  }
  return node.hasError ? node : undefined;
}

/** Parses a C file; throws InputError at the first ERROR or MISSING node. */
export function parseC(
  text: string,
  file: string,
): { tree: { rootNode: TSNode }; src: SourceText } {
  const src = new SourceText(text, file);
  const tree = parseTree(text);
  const err = firstError(tree.rootNode);
  if (err) {
    const what = err.isMissing
      ? `missing '${err.type}'`
      : `unexpected '${src.textOf(err).split('\n')[0].slice(0, 40)}'`;
    throw new InputError(`syntax error: ${what}`, file, src.locOf(err));
  }
  return { tree, src };
}

export function child(node: Node, field: string): Node | null {
  return node.childForFieldName(field);
}

/**
 * Named children per node id, per tree, kept for the call (src/context/callContext.ts;
 * outside any call, not kept). Each `namedChildren` crosses into the native binding and
 * builds new node objects, and the model builder walks a function body several times
 * (names, writes, statements, escapes): from the second walk on, the children come from here
 * (issue 17: long functions of real files, such as stb_vorbis's, cost seconds otherwise).
 */
const childrenCache = new CallSlot(() => new WeakMap<object, Map<number, Node[]>>());

export function namedChildrenOf(node: Node): Node[] {
  // A compact node keeps its children itself.
  if (node instanceof CompactNode) return node.namedChildren;
  const tree = (node as { tree?: object }).tree;
  const cache = childrenCache.current();
  if (!tree || !cache) return node.namedChildren;
  let byId = cache.get(tree);
  if (!byId) cache.set(tree, (byId = new Map()));
  const id = node.id;
  let children = byId.get(id);
  if (!children) byId.set(id, (children = node.namedChildren));
  return children;
}

/**
 * Whether `node` or a descendant has this type, read with one cursor: no node is wrapped
 * (tree-sitter's `descendantsOfType` wraps each one it finds, ~0.4 KB of native memory kept
 * to the end of a synchronous run, issue 29 item 3). Stops at the first one found; a long
 * search costs a few native calls per node, where `descendantsOfType` costs one.
 */
export function hasDescendantOfType(node: TSNode, type: string): boolean {
  const cursor = node.walk();
  let depth = 0;
  for (;;) {
    if (cursor.nodeType === type) return true;
    if (cursor.gotoFirstChild()) {
      depth++;
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (depth === 0 || !cursor.gotoParent()) return false;
      depth--;
    }
    if (depth === 0) return false;
  }
}

/**
 * All descendants (including node itself) in document order, as an array. A loop with a
 * stack: nested `yield*` passed every node up through each level of the tree, and even one
 * generator cost a resumption per node, which the short runs (mostly interpreted code, see
 * bin/beeclak.js) paid in full (issue 17).
 */
export function walk(node: Node): Node[] {
  const out: Node[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    const children = namedChildrenOf(n);
    for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]!);
  }
  return out;
}

/** Integer literal value (decimal, hex, octal, binary, with u/l suffixes); undefined otherwise. */
export function parseIntLiteral(text: string): bigint | undefined {
  const t = text
    .replace(/[uUlL]+$/, '')
    .replace(/'/g, '')
    .trim();
  // tree-sitter-c folds a leading sign into the literal in some positions (`(-7)`).
  const negative = t.startsWith('-');
  if (negative || t.startsWith('+')) {
    const v = parseIntLiteral(t.slice(1));
    return v === undefined ? undefined : negative ? -v : v;
  }
  if (/^0[xX][0-9a-fA-F]+$/.test(t) || /^0[bB][01]+$/.test(t)) return BigInt(t);
  if (/^0[0-7]+$/.test(t)) return BigInt('0o' + t.slice(1));
  if (/^[0-9]+$/.test(t)) return BigInt(t);
  return undefined;
}

/** `n` without the parentheses around it: `((t[i]))` is `t[i]`. */
export function unparenthesized(n: Node): Node {
  while (n.type === 'parenthesized_expression' && n.namedChildren.length === 1)
    n = n.namedChildren[0]!;
  return n;
}

/**
 * The outermost of the parenthesized expressions that are `n` (`n` itself when none): what
 * an operator around `(t[i])` sees as its operand.
 */
export function parenthesizedAround(n: Node): Node {
  while (n.parent?.type === 'parenthesized_expression') n = n.parent;
  return n;
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

/**
 * The names a node declares in its block: a declaration's declarators, or an enumerator's
 * constant. `enum { k = 10 };` in an inner block hides a variable k as `int k = 10;` would
 * (also from inside a cast or a `sizeof`), so a count of a name's declarations counts both.
 */
export function namesDeclaredBy(n: Node): string[] {
  if (n.type === 'declaration') return declaredNames(n);
  const name = n.type === 'enumerator' ? child(n, 'name') : null;
  return name ? [name.text] : [];
}

/**
 * Whether a declaration carries an attribute (`__attribute__((mode(QI)))`, ...): one may
 * change its type (mode(QI) makes an 8-bit `int`), which the model then does not know.
 */
export function hasAttribute(decl: Node): boolean {
  return decl.descendantsOfType('attribute_specifier').length > 0;
}
