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
import { InputError } from '../cli/errors.js';
import type { ByteRange, SourceLoc } from '../model/types.js';

export type Node = Parser.SyntaxNode;

const require = createRequire(import.meta.url);

interface TreeSitter {
  Parser: typeof Parser;
  language: unknown;
}

/**
 * Loads tree-sitter once per *process*. Its index.js patches the prototypes of the native
 * classes, which are shared by every module context of the process; loading it a second
 * time (jest gives each test file a fresh module registry) reads the patched getters and
 * leaves `tree.rootNode` undefined (node-tree-sitter issue #181). So the first load is
 * kept on the native binding object itself, which Node shares across contexts, and later
 * contexts reuse it instead of running index.js again.
 */
function treeSitter(): TreeSitter {
  const root = path.dirname(require.resolve('tree-sitter/package.json'));
  const fromTreeSitter = createRequire(path.join(root, 'index.js'));
  const binding = (fromTreeSitter('node-gyp-build') as (dir: string) => Record<string, unknown>)(
    root,
  );
  const cached = binding.__beeclakTreeSitter as TreeSitter | undefined;
  if (cached) return cached;
  const loaded: TreeSitter = { Parser: require('tree-sitter'), language: require('tree-sitter-c') };
  Object.defineProperty(binding, '__beeclakTreeSitter', { value: loaded });
  return loaded;
}

let parser: Parser | undefined;
function cParser(): Parser {
  if (!parser) {
    const ts = treeSitter();
    parser = new ts.Parser();
    parser.setLanguage(ts.language as Parser.Language);
  }
  return parser;
}

/** Source text with a table of line starts, for offsets -> 1-based line/column. */
export class SourceText {
  private readonly lineStarts: number[] = [0];
  constructor(
    readonly text: string,
    readonly file: string,
  ) {
    for (let i = 0; i < text.length; i++)
      if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
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

export function parseTree(text: string): Parser.Tree {
  return cParser().parse(text);
}

function firstError(node: Node): Node | undefined {
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
export function parseC(text: string, file: string): { tree: Parser.Tree; src: SourceText } {
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

/** All descendants (including node itself) in document order. */
export function* walk(node: Node): Generator<Node> {
  yield node;
  for (const c of node.namedChildren) yield* walk(c);
}

/** Integer literal value (decimal, hex, octal, binary, with u/l suffixes); undefined otherwise. */
export function parseIntLiteral(text: string): bigint | undefined {
  let t = text
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
