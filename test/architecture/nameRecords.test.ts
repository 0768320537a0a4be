/**
 * Records keyed by C names are built with `nameRecord` (src/poly/nameRecord.ts): an ordinary
 * object has Object.prototype, and a C name `__proto__`, `constructor` or `toString` is then
 * no plain key (a loop counter `__proto__` lost its coefficients and its temporary was
 * scalarized; a parameter `toString` read a function as its value). Read from the sources
 * (their syntax trees, no type checker): an ordinary object (`{}`, `{ ...x }`, `{ a: 1 }`,
 * `Object.fromEntries`, `Object.assign({}, ...)`) that becomes a string-keyed record type
 * (`Record<string, T>`, `{ [k: string]: T }`, through Readonly/Partial/unions and type
 * aliases) by a declared type, an `as`/`satisfies`, a declared return type or a type
 * argument, or that fills a field declared with such a type, is listed with file:line,
 * unless the allow-list says its keys are not C names. Not seen, for want of a type checker
 * (a whole-program check costs seconds): an object passed straight to a parameter of record
 * type (`f({})`), or one whose record type is only inferred.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from '../helpers/sourceFiles.js';
import ts from 'typescript';

const SRC = path.resolve('src');

/**
 * Records whose keys are not C names, by `file::name` (the declaration's name, or the
 * function's for a returned record), each with the reason.
 */
const ALLOWED: Record<string, string> = {
  'frontend/parse.ts::WRAPPED':
    "tree-sitter's class names (Tree, Node, ...) and their members, written here as literals",
  'frontend/parse.ts::out':
    "the same classes' native members (snapshotNatives), keyed by WRAPPED's names",
  'cli/commands/index.ts::COMMANDS':
    "beeclak's subcommand names, written as literals; looked up with Object.hasOwn",
  'frontend/statements.ts::UNMODELLED':
    "tree-sitter node types (grammar names, not the program's names), written as literals",
  'cli/config.ts::out': "configuration keys (beeclak's option names), not C names",
  'model/reasons.ts::REASONS': "beeclak's reason names (a constant table), not C names",
  'cli/batch/cache.ts::includes': 'file paths of included headers (the cache key), not C names',
};

const WRAPPERS = new Set(['Readonly', 'Partial', 'Required', 'NonNullable']);

/** Whether `type` is a record keyed by any string (`aliases`: names of such type aliases). */
function isStringRecord(type: ts.TypeNode | undefined, aliases: ReadonlySet<string>): boolean {
  if (!type) return false;
  if (ts.isParenthesizedTypeNode(type)) return isStringRecord(type.type, aliases);
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type))
    return type.types.some((t) => isStringRecord(t, aliases));
  if (ts.isTypeOperatorNode(type)) return isStringRecord(type.type, aliases);
  if (ts.isTypeLiteralNode(type))
    return type.members.some(
      (m) =>
        ts.isIndexSignatureDeclaration(m) &&
        m.parameters[0]?.type?.kind === ts.SyntaxKind.StringKeyword,
    );
  if (ts.isTypeReferenceNode(type)) {
    const name = type.typeName.getText();
    const args = type.typeArguments ?? [];
    if (name === 'Record') return args[0]?.kind === ts.SyntaxKind.StringKeyword;
    if (WRAPPERS.has(name)) return isStringRecord(args[0], aliases);
    return aliases.has(name);
  }
  return false;
}

/**
 * Whether `e` evaluates to an ordinary object (one with Object.prototype) built here.
 * `recordLike`: only objects built the way records are (`{}`, spreads, computed keys,
 * `Object.fromEntries`), not literals with fixed keys (`{ ds, maxLive }`, a struct).
 */
function buildsOrdinaryObject(e: ts.Expression, recordLike = false): boolean {
  if (ts.isObjectLiteralExpression(e))
    return (
      !recordLike ||
      e.properties.every(
        (p) =>
          ts.isSpreadAssignment(p) ||
          (ts.isPropertyAssignment(p) && ts.isComputedPropertyName(p.name)),
      )
    );
  if (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isTypeAssertionExpression(e) ||
    ts.isNonNullExpression(e)
  )
    return buildsOrdinaryObject(e.expression, recordLike);
  if (ts.isConditionalExpression(e))
    return (
      buildsOrdinaryObject(e.whenTrue, recordLike) || buildsOrdinaryObject(e.whenFalse, recordLike)
    );
  if (
    ts.isBinaryExpression(e) &&
    [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(e.operatorToken.kind)
  )
    return buildsOrdinaryObject(e.left, recordLike) || buildsOrdinaryObject(e.right, recordLike);
  if (ts.isCallExpression(e)) {
    const callee = e.expression.getText();
    if (callee === 'Object.fromEntries') return true;
    if (callee === 'Object.assign') return !!e.arguments[0] && buildsOrdinaryObject(e.arguments[0]);
  }
  return false;
}

/**
 * Names of the string-keyed record types (`type Values = Record<string, bigint>`) and of the
 * fields of that type (`coeffs`, `values`: a literal `{ coeffs: {} }` fills one) declared
 * in the files.
 */
function recordNames(files: readonly ts.SourceFile[]): RecordNames {
  const aliases = recordAliases(files);
  const fields = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) &&
      isStringRecord(node.type, aliases)
    )
      fields.add(node.name.getText());
    ts.forEachChild(node, visit);
  };
  for (const f of files) visit(f);
  return { aliases, fields };
}

interface RecordNames {
  readonly aliases: ReadonlySet<string>;
  readonly fields: ReadonlySet<string>;
}

function recordAliases(files: readonly ts.SourceFile[]): Set<string> {
  const aliases = new Set<string>();
  // Aliases of aliases: until nothing changes.
  for (let grown = true; grown;) {
    grown = false;
    for (const f of files)
      for (const s of f.statements)
        if (
          ts.isTypeAliasDeclaration(s) &&
          !aliases.has(s.name.text) &&
          isStringRecord(s.type, aliases)
        ) {
          aliases.add(s.name.text);
          grown = true;
        }
  }
  return aliases;
}

interface Finding {
  /** `file::name`, the allow-list's key. */
  key: string;
  where: string;
  text: string;
}

/** The ordinary objects made into string-keyed records in `file` (path relative to src/). */
function findOrdinaryRecords(
  file: ts.SourceFile,
  rel: string,
  { aliases, fields }: RecordNames,
): Finding[] {
  const out: Finding[] = [];
  const report = (node: ts.Node, name: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    const text = node.getText(file).split('\n')[0]!.slice(0, 100);
    out.push({ key: `${rel}::${name}`, where: `src/${rel}:${line + 1}`, text });
  };
  const nameOf = (n: ts.Node): string => {
    for (let p: ts.Node | undefined = n; p; p = p.parent) {
      if (
        (ts.isVariableDeclaration(p) ||
          ts.isPropertyDeclaration(p) ||
          ts.isParameter(p) ||
          ts.isFunctionDeclaration(p) ||
          ts.isMethodDeclaration(p) ||
          ts.isPropertyAssignment(p)) &&
        p.name
      )
        return p.name.getText(file);
    }
    return '(anonymous)';
  };
  /** The declared return type of the function a `return` belongs to. */
  const returnType = (n: ts.Node): ts.TypeNode | undefined => {
    for (let p: ts.Node | undefined = n.parent; p; p = p.parent)
      if (ts.isFunctionLike(p)) return p.type;
    return undefined;
  };
  const visit = (node: ts.Node): void => {
    if (
      (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node)) &&
      node.initializer &&
      isStringRecord(node.type, aliases) &&
      buildsOrdinaryObject(node.initializer)
    )
      report(node, node.name.getText(file));
    if (
      (ts.isAsExpression(node) ||
        ts.isSatisfiesExpression(node) ||
        ts.isTypeAssertionExpression(node)) &&
      isStringRecord(node.type, aliases) &&
      buildsOrdinaryObject(node.expression)
    )
      report(node, nameOf(node));
    if (
      ts.isReturnStatement(node) &&
      node.expression &&
      isStringRecord(returnType(node), aliases) &&
      buildsOrdinaryObject(node.expression)
    )
      report(node, nameOf(node));
    if (
      ts.isArrowFunction(node) &&
      !ts.isBlock(node.body) &&
      isStringRecord(node.type, aliases) &&
      buildsOrdinaryObject(node.body)
    )
      report(node, nameOf(node));
    // A field of a record type filled in an object literal (`{ coeffs: {}, constant: 0n }`;
    // the type is guessed from the field's name, so only objects built as records count).
    if (
      ts.isPropertyAssignment(node) &&
      fields.has(node.name.getText(file)) &&
      buildsOrdinaryObject(node.initializer, true)
    )
      report(node, node.name.getText(file));
    if (
      (ts.isCallExpression(node) || ts.isNewExpression(node)) &&
      node.typeArguments?.some((t) => isStringRecord(t, aliases)) &&
      node.arguments?.some(buildsOrdinaryObject)
    )
      report(node, nameOf(node));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const parse = (name: string, text: string) =>
  ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);

describe('records keyed by C names are name records', () => {
  const files = sourceFiles(SRC).map((f) => ({
    rel: path.relative(SRC, f).split(path.sep).join('/'),
    file: parse(f, readFileSync(f, 'utf8')),
  }));
  const names = recordNames(files.map((f) => f.file));
  const findings = files.flatMap((f) => findOrdinaryRecords(f.file, f.rel, names));

  // Guards nameRecord.ts in new code: nothing enforced it, and a record of C names built
  // with `{}` breaks on a variable named `constructor` or `__proto__`.
  it('src/ builds no string-keyed record from an ordinary object, except the allowed ones', () => {
    const unlisted = findings
      .filter((f) => !(f.key in ALLOWED))
      .map(
        (f) => `${f.where}: ${f.text} (build it with nameRecord, or allow ${f.key} with a reason)`,
      );
    expect(unlisted).toEqual([]);
  });

  it('every allow-list entry still matches something, and gives a reason', () => {
    const found = new Set(findings.map((f) => f.key));
    expect(Object.keys(ALLOWED).filter((k) => !found.has(k))).toEqual([]);
    expect(Object.values(ALLOWED).filter((r) => r.trim().length < 10)).toEqual([]);
  });

  // The scanner itself, on the forms it must see (and not see).
  it.each([
    ['const r: Record<string, bigint> = {};', true],
    ['const r: Readonly<Record<string, bigint>> = { ...values };', true],
    ['const r: Record<string, bigint> | undefined = x ? {} : undefined;', true],
    ['const r: { [name: string]: number } = {};', true],
    ['type V = Record<string, bigint>; type W = V; let r: W = Object.fromEntries(e);', true],
    ['const r = Object.fromEntries(e) as Record<string, bigint>;', true],
    ['function f(): Record<string, bigint> { return { ...a, ...b }; }', true],
    ['const f = (): Record<string, number> => ({});', true],
    ['const r = xs.reduce<Record<string, number>>((a, x) => a, {});', true],
    ['class C { m: Partial<Record<string, bigint>> = Object.assign({}, x); }', true],
    ['function g(v: Record<string, bigint> = {}) {}', true],
    ['interface A { coeffs: Record<string, bigint> } const a: A = { coeffs: {} };', true],
    ['interface A { coeffs: Record<string, bigint> } const a = { coeffs: { ...b.coeffs } };', true],
    ['interface A { coeffs: Record<string, bigint> } const a = { coeffs: nameRecord() };', false],
    [
      'interface A { values: Record<string, bigint> } const r = { values: { ds, maxLive } };',
      false,
    ],
    ['const r: Record<string, bigint> = nameRecord();', false],
    ['const r: Record<string, bigint> = nameRecord({ ...values });', false],
    ['const r: Record<Kind, number> = { a: 1 };', false],
    ['const r: Options = {};', false],
    ['const m = new Map<string, bigint>();', false],
  ])('%s: %s', (text, flagged) => {
    const f = parse('snippet.ts', text);
    expect(findOrdinaryRecords(f, 'snippet.ts', recordNames([f])).length > 0).toBe(flagged);
  });
});
