/**
 * Where the array sizes of a function's parameters are spelled in its prototypes (its
 * declarations at file scope other than the definition): a parameter retyped with its
 * callers' storage (pipeline/wholeProgram/callerStorage.ts) is retyped there too, or nowhere.
 */
import type { CallGraph, FunctionCalls, Spelled } from '../model/calls.js';
import { type Node, child, parseTree } from './parse.js';
import { spelled } from './bufferSpelling.js';

/**
 * The sizes of one parameter's array levels, outermost first (`double t[N][M]`: N, M;
 * `double [][M]`: an empty outermost one), or undefined when its declarator has another
 * part (a pointer, parentheses, `static` or a qualifier in the brackets) or none.
 */
function parameterSizes(p: Node): Spelled[] | undefined {
  const sizes: Spelled[] = [];
  let d = child(p, 'declarator');
  while (d && /array_declarator$/.test(d.type)) {
    // `[static N]` (and `[const N]`): a promise about the caller's object that a smaller
    // buffer would break, not a plain size (review 2026-11-28: kept as `[static N]` while the
    // definition and main's buffer became [1][N]).
    if (d.children.some((c) => c.type === 'static' || c.type === 'type_qualifier'))
      return undefined;
    sizes.push(spelled(child(d, 'size'), '[', ']'));
    d = child(d, 'declarator');
  }
  if (d && d.type !== 'identifier') return undefined;
  return sizes.length > 0 ? sizes.reverse() : undefined;
}

/** The function declarator of `name` in a declarator, through pointers (`double *f(...)`). */
function functionDeclarator(d: Node | null, name: string): Node | undefined {
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  return d && child(d, 'declarator')?.text === name ? d : undefined;
}

/**
 * The call graph with each function's prototypeSizes from the unit's file-scope declarations;
 * `kept` holds the records made so far for these declarations (the files read inside one
 * host share them, issue 27).
 */
export function withPrototypes(
  calls: CallGraph,
  declarations: readonly Node[],
  kept?: WeakMap<FunctionCalls, FunctionCalls>,
): CallGraph {
  const sized = (f: FunctionCalls) => {
    const hit = kept?.get(f);
    if (hit) return hit;
    const record = { ...f, prototypeSizes: prototypeSizes(declarations, f.name) };
    kept?.set(f, record);
    return record;
  };
  return { functions: calls.functions.map((f) => (f.prototypes.length > 0 ? sized(f) : f)) };
}

/**
 * Per prototype of `name` among the file-scope declarations, per parameter: its sizes
 * (parameterSizes), or undefined.
 */
function prototypeSizes(declarations: readonly Node[], name: string): (Spelled[] | undefined)[][] {
  const out: (Spelled[] | undefined)[][] = [];
  for (const decl of declarations) {
    if (!decl.text.includes(name)) continue;
    for (const d of decl.childrenForFieldName('declarator')) {
      const f = functionDeclarator(d, name);
      const params = f ? child(f, 'parameters') : null;
      if (!params) continue;
      out.push(
        params.namedChildren.filter((p) => p.type === 'parameter_declaration').map(parameterSizes),
      );
    }
  }
  return out;
}

/** One prototype of a function in a file's own text (not preprocessed). */
export interface WrittenPrototype {
  /** The line of the function's name (1-based). */
  readonly line: number;
  /** Per parameter, its sizes (parameterSizes), with offsets in the text. */
  readonly sizes: readonly (readonly Spelled[] | undefined)[];
  /** Per parameter, its declaration with its name left out and blanks collapsed. */
  readonly spelled: readonly string[];
  /** Declared inside a function's body (a block-scope prototype). */
  readonly inBody?: true;
}

/**
 * The prototypes of `name` a file spells itself, in every branch of its conditionals (a
 * header read as written, for edits across files: pipeline/wholeProgram/crossFilePlan.ts).
 * A prototype a macro spells is not among them; one inside a body is marked.
 */
export function writtenPrototypes(text: string, name: string): WrittenPrototype[] {
  if (!text.includes(name)) return [];
  const root = parseTree(text).rootNode as unknown as Node;
  const out: WrittenPrototype[] = [];
  for (const decl of root.descendantsOfType('declaration'))
    for (const d of decl.childrenForFieldName('declarator')) {
      const f = functionDeclarator(d, name);
      const params = f ? child(f, 'parameters') : null;
      if (!f || !params) continue;
      const ps = params.namedChildren.filter((p) => p.type === 'parameter_declaration');
      out.push({
        line: text.slice(0, child(f, 'declarator')!.startIndex).split('\n').length,
        sizes: ps.map(parameterSizes),
        spelled: ps.map(withoutName),
        ...(insideFunction(decl) ? { inBody: true as const } : {}),
      });
    }
  return out;
}

/** A parameter's declaration without its name, blanks collapsed (`double [N][N]`). */
function withoutName(p: Node): string {
  let d = child(p, 'declarator');
  while (d && d.type !== 'identifier') d = child(d, 'declarator');
  const text = d
    ? p.text.slice(0, d.startIndex - p.startIndex) + p.text.slice(d.endIndex - p.startIndex)
    : p.text;
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s*([[\]()*,])\s*/g, '$1')
    .trim();
}

/** The node is inside a function's definition (a block-scope declaration). */
function insideFunction(n: Node): boolean {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'function_definition') return true;
  return false;
}
