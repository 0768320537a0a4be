/**
 * The guards a result needs: a mapping computed for assumed parameter values (a `#define N
 * 100`, a `-D n=30`) is only proven for those values, so the output checks them: a
 * preprocessor `#if`/`#error` for macros, a negative-size typedef for enum constants, and a
 * run-time check at the top of the function for function arguments (the original body kept
 * as the path for other values). Which one each parameter gets is read from the model.
 */
import type { FunctionModel, Parameter } from '../../model/types.js';
import type { ArrayDecision } from '../decision.js';

export interface Guard {
  readonly kind: 'macro' | 'enum' | 'runtime';
  readonly fn: FunctionModel;
  readonly param: Parameter;
  readonly value: bigint;
}

function guardKind(p: Parameter): Guard['kind'] | undefined {
  switch (p.source) {
    case 'define':
      return 'macro';
    case 'enum':
      return 'enum';
    case 'argument':
      return 'runtime';
    case 'command-line':
      return p.inSignature ? 'runtime' : 'macro';
    case 'const':
      // A file-scope constant (the model says which: in the file or in a header, under any
      // macro spelling of `const`) is visible at the top of the function; a local one is part
      // of the function text itself, which the contracted output reproduces. (A search of the
      // text before the function missed a header's `const` under #ifdef BIG, so a result for
      // its other value ran unguarded; and took a prototype's `const int *p, int nom` or a
      // string for a declaration: the guard then named a local before its declaration.)
      // C++'s file-scope constants are constant expressions: guarded at compile time.
      return p.fileScope ? (p.constantExpression ? 'enum' : 'runtime') : undefined;
    default:
      return undefined;
  }
}

/** The guards of the decisions, one per function and parameter. */
export function guards(decisions: readonly ArrayDecision[]): Guard[] {
  const out: Guard[] = [];
  for (const d of decisions) {
    for (const [name, value] of Object.entries(d.assumes)) {
      if (out.some((g) => g.fn === d.fn && g.param.name === name)) continue;
      const param = d.fn.parameters.find((p) => p.name === name);
      if (!param) continue;
      const kind = guardKind(param);
      if (kind) out.push({ kind, fn: d.fn, param, value });
    }
  }
  return out;
}

/**
 * The facts of the unit's data model a decision rests on (frontend/modelVariants.ts): its
 * function's own, and those of the parameter values it assumes (a value every call passes,
 * `12 - sizeof(long)`), each as the C condition that holds in a build where it does not.
 */
export function dataModelFacts(d: ArrayDecision): string[] {
  const assumed = d.fn.parameters.filter((p) => p.name in d.assumes);
  const all = new Set([
    ...(d.fn.dataModelFacts ?? []),
    ...assumed.flatMap((p) => p.dataModelFacts ?? []),
  ]);
  return [...all].sort();
}

/** The condition that holds where a data model fact (dataModelFacts) is true. */
export function factHolds(differs: string): string {
  if (differs === '(char)-1 > 0') return '(char)-1 < 0';
  if (differs === '(char)-1 < 0') return '(char)-1 > 0';
  return differs.replace(' != ', ' == ');
}
