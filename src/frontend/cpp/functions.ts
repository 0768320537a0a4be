/**
 * The functions of a C++ unit as the model has them (issue 30): free functions (also in
 * namespaces and `extern "C"` blocks) are modelled; a function outside the subset
 * (cpp/subset.ts) keeps its arrays, each with the reason; a function template is modelled
 * once per instantiation (cpp/templates.ts), as the unit's types see it; and no parameter is a
 * temporary across calls, since overloads, templates and references make the calls of a
 * name more than the unit's call graph shows.
 */
import type { FunctionModel } from '../../model/types.js';
import type { CallGraph } from '../../model/calls.js';
import type { Node, SourceText } from '../parse.js';
import type { CppUnit } from './unit.js';
import type { TemplateRefusal } from './templates.js';
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

/** The unit as one template instantiation sees it: its type parameters name their types. */
export function instanceUnit(unit: CppUnit, types: ReadonlyMap<string, string>): CppUnit {
  const bound = (text: string) =>
    text.replace(/[A-Za-z_]\w*/g, (w) => (types.has(w) ? ` ${types.get(w)!} ` : w));
  return {
    passing: (name, index) => unit.passing(name, index),
    elementKind: (text) => unit.elementKind(bound(text)),
    resolveType: (text) => unit.resolveType(bound(text)),
  };
}

/**
 * The function with every array unchanged for `why`: the function is outside the subset, or
 * a template with no instantiation read (cpp/templates.ts).
 */
export function refuseFunction(
  fn: FunctionModel,
  why: string,
  code: TemplateRefusal['reason'] = 'outside-cpp-subset',
  template = false,
): FunctionModel {
  return {
    ...fn,
    arrays: fn.arrays.map((a) => {
      const r = notCandidate(
        code,
        code === 'outside-cpp-subset'
          ? `function '${fn.name}' is outside the C++ subset beeclak reads: ${why}`
          : why,
        a.loc,
      );
      // A template's reason is said first: what else its text shows is of no instantiation.
      return { ...a, candidate: false, reasons: template ? [r, ...a.reasons] : [...a.reasons, r] };
    }),
  };
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
