/**
 * The functions of a C++ unit as the model has them (issue 30): free functions (also in
 * namespaces and `extern "C"` blocks) are modelled; a function outside the subset
 * (cpp/subset.ts) keeps its arrays, each with the reason; function templates are reported,
 * not analysed (each instantiation would be a function of its own); and no parameter is a
 * temporary across calls, since overloads, templates and references make the calls of a
 * name more than the unit's call graph shows.
 */
import type { Diagnostic, FunctionModel } from '../../model/types.js';
import type { CallGraph } from '../../model/calls.js';
import type { Node, SourceText } from '../parse.js';
import type { SpellingMap } from '../spelling.js';
import { functionName } from '../builtinModel.js';
import { type CppUnit, namespaceLevel } from './unit.js';
import { outsideSubset } from './subset.js';
import type { Unlowered } from './lower.js';
import { notCandidate } from '../../model/reasons.js';

/** The function with the bits of its arrays' elements, where the unit knows them. */
export function withElementBits(fn: FunctionModel, unit: CppUnit): FunctionModel {
  return {
    ...fn,
    arrays: fn.arrays.map((a) => {
      const kind = unit.elementKind(a.elementType);
      return kind.kind !== 'class' && kind.bits !== undefined
        ? { ...a, elementBits: kind.bits }
        : a;
    }),
  };
}

/** Why the function `fn` (its lowered copy) is outside the subset, if it is. */
export function cppOutside(
  fn: Node,
  src: SourceText,
  built: FunctionModel,
  unlowered: readonly Unlowered[],
): string | undefined {
  return outsideSubset(fn, src, new Set(built.arrays.map((a) => a.name)), unlowered);
}

/** The function with every array unchanged for `why` (the function is outside the subset). */
export function refuseFunction(fn: FunctionModel, why: string): FunctionModel {
  return {
    ...fn,
    arrays: fn.arrays.map((a) => ({
      ...a,
      candidate: false,
      reasons: [
        ...a.reasons,
        notCandidate(
          'outside-cpp-subset',
          `function '${fn.name}' is outside the C++ subset beeclak reads: ${why}`,
          a.loc,
        ),
      ],
    })),
  };
}

/** A note for each function template of the main file that declares arrays. */
export function templateDiagnostics(root: Node, map: SpellingMap): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const t of namespaceLevel(root, 'template_declaration')) {
    const fn = t.namedChildren.find((c) => c.type === 'function_definition');
    if (!fn || !map.inMainFile(fn.startIndex)) continue;
    if (fn.descendantsOfType('array_declarator').length === 0) continue;
    const name = functionName(fn);
    out.push({
      severity: 'warning',
      reason: 'template-not-analysed',
      loc: map.loc(t.startIndex),
      message: `function template ${name} is not analysed (templates are outside the C++ subset beeclak reads yet); its arrays are left unchanged`,
    });
  }
  return out;
}

/** Every function of a C++ unit may be called from where the unit does not show. */
export function closedToCalls(graph: CallGraph): CallGraph {
  return {
    functions: graph.functions.map((f) => ({
      ...f,
      internal: false,
      reachedElsewhere: [
        ...f.reachedElsewhere,
        {
          loc: f.loc,
          why: 'a C++ function: overloads, templates and references hide its calls',
        },
      ],
    })),
  };
}
