/**
 * The frontend: C source -> ProgramModel (src/model/types.ts).
 *
 *     buildModel(source, file, { defines, temporaries })
 *
 * throws InputError for a syntax error (first ERROR/MISSING node) and returns, per function
 * definition, the arrays it touches, its parameters and its static control parts.
 */
import type { ProgramModel } from '../model/types.js';
import { arrayDecls, type ArrayDecl } from './arrays.js';
import { collectDirectives, literalValue } from './directives.js';
import { type FrontendOptions, FunctionBuilder } from './function.js';
import { type Node, child, parseC, walk } from './parse.js';
import { filePromises, validatePromises } from './promises.js';
import { extractCalls } from './calls.js';

export type { FrontendOptions } from './function.js';
export { formatModel, modelToJson } from './format.js';

function topLevelDeclarations(root: Node): Node[] {
  const out: Node[] = [];
  for (const c of root.namedChildren) {
    if (c.type === 'declaration') out.push(c);
    else if (/^preproc_(if|ifdef|else|elif|elifdef)$/.test(c.type))
      out.push(...topLevelDeclarations(c));
  }
  return out;
}

function functionDefinitions(root: Node): Node[] {
  const out: Node[] = [];
  for (const c of root.namedChildren) {
    if (c.type === 'function_definition') out.push(c);
    else if (/^preproc_(if|ifdef|else|elif|elifdef)$/.test(c.type))
      out.push(...functionDefinitions(c));
  }
  return out;
}

function functionName(fn: Node): string {
  let d = child(fn, 'declarator');
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  return (d && child(d, 'declarator')?.text) ?? '?';
}

export function buildModel(
  source: string,
  file: string,
  options: FrontendOptions = {},
): ProgramModel {
  const { tree, src } = parseC(source, file);
  const root = tree.rootNode;
  const directives = collectDirectives(root, src, (n, d) => {
    const v = literalValue(n);
    if (v !== undefined) return v;
    if (n.type === 'identifier')
      return (
        options.defines?.[n.text] ??
        d.constants.get(n.text)?.value ??
        d.objectMacros.get(n.text)?.value
      );
    return undefined;
  });
  const globals = new Map<string, ArrayDecl>();
  for (const d of topLevelDeclarations(root))
    for (const a of arrayDecls(d, src, 'global')) if (!globals.has(a.name)) globals.set(a.name, a);
  const definitions = functionDefinitions(root);
  const globalUsers = new Map<string, string[]>();
  for (const fn of definitions) {
    const names = new Set<string>();
    for (const n of walk(fn)) if (n.type === 'identifier' && globals.has(n.text)) names.add(n.text);
    const fnName = functionName(fn);
    for (const g of names) globalUsers.set(g, [...(globalUsers.get(g) ?? []), fnName]);
  }
  const promises = filePromises(
    options.temporaries ?? [],
    directives.temporaries,
    definitions.map((fn) => ({
      name: functionName(fn),
      firstLine: src.locOf(fn).line,
      lastLine: src.loc(fn.endIndex).line,
    })),
  );
  const functions = definitions.map((fn) => {
    const b = new FunctionBuilder(
      fn,
      src,
      directives,
      globals,
      { ...options, promises },
      globalUsers,
    );
    b.addGlobals();
    return b.build();
  });
  validatePromises(promises, functions, file);
  return { file, functions, diagnostics: [], calls: extractCalls(src, definitions) };
}
