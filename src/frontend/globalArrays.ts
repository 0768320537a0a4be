/**
 * The unit's arrays declared at file scope and the functions whose code names each: the
 * compiler view's reading of globals (compilerView.ts), for the model of each function.
 */
import { arrayDecls, type ArrayDecl } from './arrays.js';
import { functionName, topLevel } from './builtinModel.js';
import type { Node, SourceText, TSNode } from './parse.js';
import { fileScopeUses } from './fileScopeUses.js';
import { FILE_SCOPE_USER } from '../model/types.js';

/** The unit's arrays declared at file scope, by name (the first declaration of each). */
export function globalArrays(root: TSNode, ppText: SourceText): Map<string, ArrayDecl> {
  const globals = new Map<string, ArrayDecl>();
  for (const d of topLevel(root, 'declaration')) {
    // An array declarator has brackets: the many prototypes of system headers are skipped
    // without walking their nodes.
    if (!ppText.textOf(d).includes('[')) continue;
    for (const a of arrayDecls(d, ppText, 'global'))
      if (!globals.has(a.name)) globals.set(a.name, a);
  }
  return globals;
}

/** Which functions use which global arrays (by name), and the functions that use any. */
export function globalArrayUsers(
  definitions: readonly TSNode[],
  /** The file-scope declarations (their initializers may take an array's address). */
  declarations: readonly Node[],
  globals: ReadonlyMap<string, ArrayDecl>,
  ppText: SourceText,
  nodesOf: (fn: TSNode) => Node,
): { globalUsers: Map<string, string[]>; usesGlobalArray: Set<Node> } {
  const globalUsers = new Map<string, string[]>();
  const usesGlobalArray = new Set<Node>();
  for (const fn of globals.size > 0 ? definitions : []) {
    const names = new Set<string>();
    // The text first: only a function whose text spells a global's name can use it.
    const text = ppText.textOf(fn);
    const spelled = spelledGlobals(text, globals);
    if (spelled.size === 0) continue;
    const nodes = nodesOf(fn).descendantsOfType('identifier');
    // Only an identifier as long as a spelled name is read (most are not: no text copied).
    const lengths = new Set([...spelled].map((g) => g.length));
    for (const n of nodes)
      if (lengths.has(n.endIndex - n.startIndex) && spelled.has(n.text)) names.add(n.text);
    const fnName = functionName(fn);
    for (const g of names) globalUsers.set(g, [...(globalUsers.get(g) ?? []), fnName]);
    if (names.size > 0) usesGlobalArray.add(fn);
  }
  for (const g of globals.size > 0
    ? fileScopeUses(declarations, globals, (n) => ppText.textOf(n))
    : [])
    globalUsers.set(g, [...(globalUsers.get(g) ?? []), FILE_SCOPE_USER]);
  return { globalUsers, usesGlobalArray };
}

/**
 * The globals a function's text spells as a word: an identifier of the code is a maximal run
 * of identifier characters (ASCII punctuation and blanks delimit it), so a global it names
 * is one of the text's runs. One pass over the text, where testing each global against it
 * cost globals x functions (a file of many tables and many functions).
 */
function spelledGlobals(text: string, globals: ReadonlyMap<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(IDENTIFIER_RUN)) if (globals.has(m[0])) out.add(m[0]);
  return out;
}

/** Runs of what an identifier may hold (any non-ASCII character: C's ranges are wide). */
const IDENTIFIER_RUN = /(?:[\w$\\]|[\u0080-\uffff])+/g;
