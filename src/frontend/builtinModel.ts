/**
 * The built-in reading of a C file (no preprocessor): the file's own text is parsed, macros
 * are taken from its `#define`s. Used only when no compiler is available and the file has
 * nothing a preprocessor would change (compilerView.builtinEquivalent), and by unit tests of
 * the model builder.
 */
import type { ProgramModel } from '../model/types.js';
import { arrayDecls, type ArrayDecl } from './arrays.js';
import { collectDirectives, literalValue } from './directives.js';
import { type FrontendOptions, FunctionBuilder } from './function.js';
import { followHelpers } from './followHelpers.js';
import { type Node, child, namedChildrenOf, parseC, walk } from './parse.js';
import { filePromises, validatePromises } from './promises.js';
import { extractCalls } from './calls.js';
import { scalarTypedefNames } from './declaredBuffers.js';
import { moveHeapSpelling } from './bufferSpelling.js';
import { withPrototypes } from './prototypeSpelling.js';
import { fileScopeUses } from './fileScopeUses.js';
import { FILE_SCOPE_USER } from '../model/types.js';
import { compactTree } from './compactTree.js';
import { ownValue } from '../poly/affine.js';
import { inCallContext } from '../context/callContext.js';

const CONTAINERS =
  /^(preproc_(if|ifdef|else|elif|elifdef)|linkage_specification|declaration_list)$/;

/**
 * Nodes of a type at file scope, also inside conditional-directive nodes. The children come
 * from parse.ts's cache: a unit's root has hundreds, asked for by several passes.
 */
export function topLevel<T extends Node>(root: T, type: string): T[] {
  const out: T[] = [];
  // The children of a node are of its kind (tree-sitter's nodes or compact ones).
  for (const c of namedChildrenOf(root) as T[]) {
    if (c.type === type) out.push(c);
    else if (CONTAINERS.test(c.type)) out.push(...topLevel(c, type));
  }
  return out;
}

export function functionName(fn: Node): string {
  let d = child(fn, 'declarator');
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  return (d && child(d, 'declarator')?.text) ?? '?';
}

export function buildModel(
  source: string,
  file: string,
  options: FrontendOptions = {},
): ProgramModel {
  // A call of its own unless it runs within one (src/context/callContext.ts).
  return inCallContext(() => modelOfText(source, file, options));
}

function modelOfText(source: string, file: string, options: FrontendOptions): ProgramModel {
  const { tree, src } = parseC(source, file);
  const root = tree.rootNode;
  const directives = collectDirectives(root, src, (n, d) => {
    const v = literalValue(n);
    if (v !== undefined) return v;
    if (n.type === 'identifier')
      return (
        ownValue(options.defines, n.text) ??
        d.constants.get(n.text)?.value ??
        d.objectMacros.get(n.text)?.value
      );
    return undefined;
  });
  const globals = new Map<string, ArrayDecl>();
  for (const d of topLevel(root, 'declaration'))
    for (const a of arrayDecls(d, src, 'global')) if (!globals.has(a.name)) globals.set(a.name, a);
  // Compact copies (compactTree.ts): the model builder walks each body several times.
  // `(T)(x)` stays a call here: macros are not expanded in this reading, and a macro named T
  // would make it one (review: `#define T twice`).
  const definitions = topLevel(root, 'function_definition').map((fn) => compactTree(fn, source));
  const globalUsers = new Map<string, string[]>();
  for (const fn of definitions) {
    const names = new Set<string>();
    for (const n of walk(fn)) if (n.type === 'identifier' && globals.has(n.text)) names.add(n.text);
    const fnName = functionName(fn);
    for (const g of names) globalUsers.set(g, [...(globalUsers.get(g) ?? []), fnName]);
  }
  for (const g of fileScopeUses(topLevel(root, 'declaration'), globals, (n) => n.text))
    globalUsers.set(g, [...(globalUsers.get(g) ?? []), FILE_SCOPE_USER]);
  const promises = filePromises(
    options.temporaries ?? [],
    directives.temporaries,
    definitions.map((fn) => ({
      name: functionName(fn),
      firstLine: src.locOf(fn).line,
      lastLine: src.loc(fn.endIndex).line,
    })),
  );
  const built = definitions.map((fn) => {
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
  const functions = followHelpers(built, src.text);
  validatePromises(promises, functions, file);
  // The text is the file's own: every piece is where it is spelled.
  const calls = moveHeapSpelling(
    withPrototypes(
      extractCalls(src, definitions, {
        ...(options.everyCallee ? { everyCallee: true } : {}),
        ...(typeof options.dataModel === 'object' ? { dataModel: options.dataModel } : {}),
        scalarTypedefs: scalarTypedefNames(topLevel(root, 'type_definition')),
      }),
      topLevel(root, 'declaration'),
    ),
    (s) => (s.range ? { range: s.range } : {}),
  );
  return { file, functions, diagnostics: [], calls };
}
