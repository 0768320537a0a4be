/**
 * No function in src/ is longer than MAX_LINES (issue 28): the ones that grew past it held
 * several steps that a reader could not take in at once (the Omega test's engine and
 * normaliser were one closure each, 420 and 290 lines). Read from the syntax trees (no type
 * checker): every function declaration, function expression, arrow function, method,
 * constructor and accessor, from its first token to its last (its doc comment not counted);
 * a function nested in another counts on its own and within its parent. The only long ones
 * are the data tables listed below, each with the reason it stays whole.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from '../helpers/sourceFiles.js';

const SRC = path.resolve('src');
const MAX_LINES = 100;

/** Long functions that are data tables, by `file::name`, each with the reason. */
const DATA_TABLES: Record<string, string> = {
  'rewrite/traceInstrument.ts::runtime':
    'the C runtime of a trace build, one C text in C order (a list of lines with a few sizes filled in)',
};

/** A function's name: its own, or that of the variable or property it is the value of. */
function nameOf(fn: ts.FunctionLikeDeclaration): string {
  if (fn.name) return fn.name.getText();
  if (ts.isConstructorDeclaration(fn)) return 'constructor';
  const parent = fn.parent;
  const named =
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent);
  if (named) return parent.name.getText();
  return `(anonymous, line ${lineAt(fn.getSourceFile(), fn.getStart())})`;
}

const lineAt = (source: ts.SourceFile, pos: number): number =>
  source.getLineAndCharacterOfPosition(pos).line + 1;

/** `file::name` and length of each function of `text` longer than MAX_LINES. */
function longFunctions(file: string, text: string): { key: string; lines: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { key: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const lines = lineAt(source, fn.getEnd()) - lineAt(source, fn.getStart()) + 1;
      if (lines > MAX_LINES) out.push({ key: `${file}::${nameOf(fn)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const found = sourceFiles(SRC).flatMap((file) =>
  longFunctions(path.relative(SRC, file).split(path.sep).join('/'), readFileSync(file, 'utf8')),
);

describe('functions in src/', () => {
  it(`are at most ${MAX_LINES} lines, except the data tables`, () => {
    const unlisted = found.filter((f) => !(f.key in DATA_TABLES));
    expect(unlisted.map((f) => `${f.key} (${f.lines} lines)`)).toEqual([]);
  });

  it('lists only data tables that are still long', () => {
    const long = new Set(found.map((f) => f.key));
    expect(Object.keys(DATA_TABLES).filter((k) => !long.has(k))).toEqual([]);
  });
});

describe('the long-function finder', () => {
  /** `head`, then `n - 2` statement lines, then `tail`: a function of n lines. */
  const ofLines = (n: number, head: string, tail = '}') =>
    [head, ...Array.from({ length: n - 2 }, (_, i) => `  x += ${i};`), tail].join('\n');
  const cases: [string, string, string[]][] = [
    ['passes a declaration of 100 lines', ofLines(100, 'function f() {'), []],
    ['finds a declaration of 101 lines', ofLines(101, 'function f() {'), ['t.ts::f']],
    ['finds an arrow', ofLines(101, 'const g = () => {', '};'), ['t.ts::g']],
    ['finds a method', `class C {\n${ofLines(101, 'm() {')}\n}`, ['t.ts::m']],
    ['finds an object method', `const o = {\n${ofLines(101, 'p() {')}\n};`, ['t.ts::p']],
    ['finds a callback', ofLines(101, 'xs.map((x) => {', '});'), ['t.ts::(anonymous, line 1)']],
    [
      'finds a long function nested in another',
      `function outer() {\n${ofLines(101, 'function inner() {')}\n}`,
      ['t.ts::outer', 't.ts::inner'],
    ],
  ];
  it.each(cases)('%s', (_, text, want) => {
    expect(longFunctions('t.ts', text).map((f) => f.key)).toEqual(want);
  });
});
