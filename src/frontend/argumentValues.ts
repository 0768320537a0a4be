/**
 * What the integer arguments of a call pass, read in the caller (model/calls.ts
 * ArgumentValue): an integer constant expression, a parameter of the caller it never changes,
 * or a local it sets once where it declares it. Anything else (a global, a variable written
 * anywhere in the caller or whose address is taken, a name declared twice, an expression of
 * variables) passes a value nothing is known of: the call then fixes nothing.
 *
 * A name holds one value from where it is set to the caller's return only when no statement
 * can change it: no assignment, increment or `&` anywhere in the body (a write between two
 * calls, or a pointer through which a callee writes it, would give two calls two values), not
 * `volatile`, not `static` (a value from a previous call), declared once (a shadowing
 * declaration names another object), and a local declared at the top of the body before the
 * call (its initializer has run by then: nothing jumps over a declaration of the outermost
 * block in a caller without `goto`, which the graph marks unstructured).
 */
import type { ArgumentValue, IntegerType } from '../model/calls.js';
import {
  type Node,
  child,
  declaredNames,
  namesDeclaredBy,
  unparenthesized,
  walk,
} from './parse.js';
import { type CConstant, constantValue, conversionFacts, convert } from './constants.js';
import { factDiffers } from './modelVariants.js';
import { writeTarget, writtenNames } from './escapes.js';
import { declaredIntType, functionTypedefs } from './typedefs.js';
import { literalScope } from './usesOf.js';
import { type DataModel, LP64 } from './dataModel.js';

/** A local set once: where its declaration ends, and its value when a constant. */
interface OnceLocal {
  readonly end: number;
  readonly constant?: {
    readonly value: bigint;
    readonly type: IntegerType;
    readonly dataModelFacts?: readonly string[];
  };
}

/** The names of one caller whose value an argument may carry. */
export interface CallerNames {
  /** Per parameter, its integer type when it is an unchanged plain integer parameter. */
  readonly parameters: readonly (IntegerType | undefined)[];
  readonly parameterNames: readonly string[];
  readonly locals: ReadonlyMap<string, OnceLocal>;
  /** The unit's data model (`f(12 - sizeof(long))`); LP64 when absent. */
  readonly dataModel?: DataModel;
}

const qualified = (decl: Node, word: RegExp) =>
  decl.namedChildren.some(
    (c) =>
      (c.type === 'type_qualifier' || c.type === 'storage_class_specifier') && word.test(c.text),
  );

/** The names the body may change, and how often each is declared in it. */
function bodyFacts(body: Node): { written: Set<string>; declared: Map<string, number> } {
  const written = new Set<string>();
  const declared = new Map<string, number>();
  for (const n of walk(body)) {
    for (const name of writtenNames(writeTarget(n))) written.add(name);
    const names = n.type === 'parameter_declaration' ? declaredNames(n) : namesDeclaredBy(n);
    for (const name of names) declared.set(name, (declared.get(name) ?? 0) + 1);
  }
  return { written, declared };
}

export function callerNames(
  fnDef: Node,
  body: Node,
  parameterNames: readonly string[],
  parameterDecls: readonly Node[],
  model?: DataModel,
): CallerNames {
  const typedefs = functionTypedefs(fnDef, undefined, model);
  const { written, declared } = bodyFacts(body);
  const unchanged = (name: string) => name !== '' && !written.has(name);
  const parameters = parameterDecls.map((p, k) => {
    const name = parameterNames[k] ?? '';
    const d = child(p, 'declarator');
    if (d?.type !== 'identifier' || !unchanged(name) || declared.has(name)) return undefined;
    if (qualified(p, /\bvolatile\b/)) return undefined;
    return declaredIntType(p, typedefs);
  });
  const locals = new Map<string, OnceLocal>();
  for (const decl of body.namedChildren) {
    if (
      decl.type !== 'declaration' ||
      qualified(decl, /\b(volatile|static|extern|_Thread_local|thread_local)\b/)
    )
      continue;
    const type = declaredIntType(decl, typedefs);
    if (!type) continue;
    for (const d of decl.childrenForFieldName('declarator')) {
      const id = d.type === 'init_declarator' ? child(d, 'declarator') : null;
      const init = d.type === 'init_declarator' ? child(d, 'value') : null;
      if (id?.type !== 'identifier' || !init || !unchanged(id.text)) continue;
      if (declared.get(id.text) !== 1 || parameterNames.includes(id.text)) continue;
      const c = constantValue(init, literalScope(model));
      const value = c && convert(c.value, type);
      const facts =
        c && value !== undefined
          ? withFacts(factsOf(c, model), conversionFacts(c.value, type))
          : {};
      locals.set(id.text, {
        end: decl.endIndex,
        ...(value !== undefined ? { constant: { value, type, ...facts } } : {}),
      });
    }
  }
  return { parameters, parameterNames, locals, ...(model ? { dataModel: model } : {}) };
}

/** What `arg` of a call starting at `callStart` passes, or undefined when nothing is known. */
export function argumentValue(
  arg: Node,
  names: CallerNames,
  callStart: number,
): ArgumentValue | undefined {
  const n = unparenthesized(arg);
  if (n.type === 'identifier') {
    const index = names.parameterNames.indexOf(n.text);
    if (index >= 0) return names.parameters[index] ? { kind: 'parameter', index } : undefined;
    const local = names.locals.get(n.text);
    if (!local || local.end > callStart) return undefined;
    return local.constant
      ? { kind: 'constant', ...local.constant }
      : { kind: 'local', name: n.text };
  }
  const c = constantValue(n, literalScope(names.dataModel));
  return c
    ? { kind: 'constant', value: c.value, type: c.type, ...factsOf(c, names.dataModel) }
    : undefined;
}

/** The data model facts of a constant (constants.ts), as the conditions a guard tests. */
function factsOf(c: CConstant, model: DataModel | undefined): { dataModelFacts?: string[] } {
  return withFacts(
    {},
    (c.facts ?? []).map((f) => factDiffers(f, model ?? LP64)),
  );
}

function withFacts(
  a: { dataModelFacts?: readonly string[] },
  more: readonly string[],
): { dataModelFacts?: string[] } {
  const all = [...new Set([...(a.dataModelFacts ?? []), ...more])].sort();
  return all.length > 0 ? { dataModelFacts: all } : {};
}
