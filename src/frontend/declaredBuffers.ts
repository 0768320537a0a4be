/**
 * How a function's buffers are declared, read from the syntax tree for calls.ts: its
 * parameters that are pointers or arrays with their uses, a local buffer's origin and shape,
 * and the unit's scalar typedefs (an element of such a type is one cell).
 */
import type { DataModel } from './dataModel.js';
import { modelOnly } from './intTypes.js';
import { unitScalarTypedefs } from './typedefs.js';
import {
  normalizedType,
  type BufferShape,
  type CallerBuffer,
  type ParameterUses,
} from '../model/calls.js';
import { type Node, child, walk } from './parse.js';
import { constantValue, sizeOfType } from './constants.js';
import { classifyMention, literalScope, type MentionContext } from './usesOf.js';
import { declaresNameNode, same } from './bufferSpelling.js';

export function declaratorOf(fnDef: Node): { name?: string; declarator?: Node } {
  let d = child(fnDef, 'declarator');
  while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
  return { name: d ? child(d, 'declarator')?.text : undefined, declarator: d ?? undefined };
}

/**
 * Names of the unit's file-scope typedefs of a scalar type (`typedef float float32_t;`,
 * chains followed): an element of such a type is one cell, so `A[i]` of a 1-D buffer of it
 * is an element and not a row. A typedef of an array (`typedef double row[8];`) is not one.
 */
export function scalarTypedefNames(typeDefinitions: readonly Node[]): Set<string> {
  const out = new Set<string>();
  for (const d of typeDefinitions) {
    const type = child(d, 'type');
    if (!type || !isScalarType(type, out)) continue;
    for (const x of d.childrenForFieldName('declarator'))
      if (x.type === 'type_identifier' || x.type === 'primitive_type') out.add(x.text);
  }
  return out;
}

function isScalarType(type: Node, scalarTypedefs: ReadonlySet<string>): boolean {
  if (type.type === 'primitive_type' || type.type === 'sized_type_specifier') return true;
  if (type.type === 'enum_specifier') return true;
  return type.type === 'type_identifier' && scalarTypedefs.has(type.text);
}

/**
 * The levels of a declared name, outermost first (see BufferShape), or undefined when the
 * declarator has other parts (a function declarator, an array of pointers).
 */
function levelsOf(
  name: Node,
  declarationRoot: Node,
  scope: Parameters<typeof constantValue>[1],
): BufferShape['levels'] | undefined {
  // C reads a declarator inside out: from the name outwards, postfix `[]` before prefix `*`.
  const levels: BufferShape['levels'][number][] = [];
  for (let d: Node = name; !same(d, declarationRoot) && d.parent; d = d.parent) {
    const p = d.parent;
    if (p.type === 'array_declarator') {
      const size = child(p, 'size');
      const v = size ? constantValue(size, scope) : undefined;
      // (An extent another data model gives another value, `[64 / sizeof(long)]`, is not
      // known: the callee's accesses would be bounded by this model's only.)
      levels.push(v && v.value > 0n && !v.facts ? v.value : undefined);
    } else if (p.type === 'pointer_declarator') levels.push('pointer');
    else if (p.type === 'parenthesized_declarator' || p.type === 'init_declarator') continue;
    else if (same(p, declarationRoot)) break;
    else return undefined;
  }
  // Innermost declarator first in this walk: `double *t[4]` (an array of pointers) is
  // [4, pointer] read outwards, which is no buffer of scalars.
  return levels;
}

/** How `name` is declared in the function: its origin as a buffer, and its shape. */
export function declaredOrigin(
  name: string,
  fnDef: Node,
  mentions: readonly Node[],
  scalarTypedefs: ReadonlySet<string>,
  model: DataModel | undefined,
): Pick<CallerBuffer, 'origin' | 'why' | 'shape'> {
  const { declarator } = declaratorOf(fnDef);
  const params = declarator ? child(declarator, 'parameters') : null;
  for (const q of params ? walk(params) : [])
    if (q.type === 'identifier' && q.text === name)
      return { origin: 'other', why: `'${name}' is a parameter of its function` };
  const declared = mentions.filter(declaresNameNode);
  if (declared.length === 0)
    return { origin: 'other', why: `'${name}' is not declared in its function` };
  if (declared.length > 1) return { origin: 'other', why: `'${name}' is declared more than once` };
  const id = declared[0]!;
  let decl: Node | null = id.parent;
  while (decl && decl.type !== 'declaration') decl = decl.parent;
  if (!decl) return { origin: 'other', why: `'${name}' is not declared by a declaration` };
  if (
    decl.namedChildren.some(
      (c) => c.type === 'storage_class_specifier' && /static|extern/.test(c.text),
    )
  )
    return { origin: 'other', why: `'${name}' is static` };
  const type = child(decl, 'type');
  if (!type || !isScalarType(type, scalarTypedefs))
    return { origin: 'other', why: `the elements of '${name}' are not of a scalar type` };
  const levels = levelsOf(id, decl, literalScope(model));
  if (!levels || levels.length === 0)
    return { origin: 'other', why: `'${name}' is neither a local array nor allocated here` };
  const elementBytes = sizeOfType(type.text, {
    ...modelOnly(model),
    has: () => false,
    get: () => undefined,
    scalar: (name) => unitScalarTypedefs(type.tree).get(name),
  });
  const shape: BufferShape = {
    elementType: normalizedType(type.text),
    ...(elementBytes !== undefined ? { elementBytes } : {}),
    levels,
  };
  // The outermost level is the name's own: an array, or a pointer to the cells.
  if (levels[0] === 'pointer')
    return levels.slice(1).includes('pointer')
      ? { origin: 'other', why: `'${name}' points to pointers` }
      : { origin: 'heap', shape };
  if (levels.includes('pointer'))
    return { origin: 'other', why: `'${name}' is an array of pointers` };
  return { origin: 'array', shape };
}

/** Parameters of a function definition that are pointers or arrays, with their levels known. */
export function parameterUses(
  fnDef: Node,
  mentionsOf: (name: string) => readonly Node[],
  ctx: MentionContext,
  scalarTypedefs: ReadonlySet<string>,
): ParameterUses[] {
  const { declarator } = declaratorOf(fnDef);
  const params = declarator ? child(declarator, 'parameters') : null;
  const out: ParameterUses[] = [];
  for (const p of params?.namedChildren ?? []) {
    if (p.type !== 'parameter_declaration') continue;
    const d = child(p, 'declarator');
    if (
      !d ||
      (d.type !== 'pointer_declarator' &&
        d.type !== 'array_declarator' &&
        d.type !== 'parenthesized_declarator')
    )
      continue;
    let id: Node | null = d;
    while (id && id.type !== 'identifier')
      id =
        child(id, 'declarator') ??
        id.namedChildren.find((c) => /declarator$|^identifier$/.test(c.type)) ??
        null;
    if (!id) continue;
    const type = child(p, 'type');
    const levels = levelsOf(id, p, literalScope(ctx.dataModel));
    const known =
      !!type &&
      isScalarType(type, scalarTypedefs) &&
      !!levels &&
      levels.length > 0 &&
      !levels.slice(1).includes('pointer');
    const uses = mentionsOf(id.text).map((n) =>
      classifyMention(n, { ...ctx, levels: known ? levels!.length : 0 }),
    );
    out.push({
      name: id.text,
      known,
      ...(type ? { elementType: normalizedType(type.text) } : {}),
      uses,
    });
  }
  return out;
}

export function parameterDeclarations(fnDef: Node): Node[] {
  const { declarator } = declaratorOf(fnDef);
  const params = declarator ? child(declarator, 'parameters') : null;
  return (params?.namedChildren ?? []).filter((p) => p.type === 'parameter_declaration');
}

export function parameterNamesOf(fnDef: Node): string[] {
  return parameterDeclarations(fnDef).map((p) => {
    let d = child(p, 'declarator');
    while (d && d.type !== 'identifier')
      d =
        child(d, 'declarator') ??
        d.namedChildren.find((c) => /declarator$|^identifier$/.test(c.type)) ??
        null;
    return d?.text ?? '';
  });
}
