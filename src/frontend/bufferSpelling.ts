/**
 * Where a buffer's sizes are spelled in the text: the extents of its declarator and of the
 * casts and size arguments of its allocations (HeapSpelling), so that the rewrite can retype a
 * heap buffer where its caller allocates it.
 */
import type { DataModel } from './dataModel.js';
import type { CallGraph, HeapSpelling, OffsetRange, Spelled } from '../model/calls.js';
import { type Node, child, walk } from './parse.js';
import { constantValue } from './constants.js';
import { literalScope } from './usesOf.js';

export const declaresNameNode = (n: Node) =>
  /declarator$/.test(n.parent?.type ?? '') && same(child(n.parent!, 'declarator'), n);

export function same(a: Node | null | undefined, b: Node | null | undefined): boolean {
  return (
    !!a && !!b && a.type === b.type && a.startIndex === b.startIndex && a.endIndex === b.endIndex
  );
}

const rangeOf = (n: Node): OffsetRange => ({ start: n.startIndex, end: n.endIndex });

/** `n` with the tokens around it in its parent (`[`...`]`, `(`...`)`). */
export function spelled(n: Node | null, open: string, close: string): Spelled {
  const p = n?.parent;
  if (!n || !p) return {};
  const kids = p.children;
  const at = kids.findIndex((c) => same(c, n));
  const before = kids[at - 1];
  const after = kids[at + 1];
  if (before?.type !== open || (after?.type !== close && after?.type !== ','))
    return { range: rangeOf(n) };
  return { range: rangeOf(n), frame: { start: before.startIndex, end: after.endIndex } };
}

/**
 * The sizes of the array levels of a declarator or an abstract declarator, walking out from
 * the name (or the innermost part) as C reads it: outermost level first.
 */
function levelSizes(inner: Node, root: Node): Spelled[] {
  const out: Spelled[] = [];
  for (let d: Node = inner; !same(d, root) && d.parent; d = d.parent)
    if (/array_declarator$/.test(d.parent.type))
      out.push(spelled(child(d.parent, 'size'), '[', ']'));
  return out;
}

/** Where a heap buffer's pointer type and allocations are spelled (HeapSpelling). */
export function heapSpelling(
  mentions: readonly Node[],
  model: DataModel | undefined,
): HeapSpelling | undefined {
  const id = mentions.find(declaresNameNode);
  let decl: Node | null | undefined = id?.parent;
  while (decl && decl.type !== 'declaration') decl = decl.parent;
  if (!id || !decl) return undefined;
  const allocations: HeapSpelling['allocations'][number][] = [];
  for (const n of mentions) {
    const value = allocatedValue(n);
    if (!value) continue;
    let call = value;
    let cast: Node | undefined;
    while (call.type === 'parenthesized_expression' || call.type === 'cast_expression') {
      if (call.type === 'cast_expression') cast ??= call;
      call = call.type === 'cast_expression' ? child(call, 'value')! : call.namedChildren[0]!;
    }
    const args = child(call, 'arguments')?.namedChildren ?? [];
    const descriptor = cast ? child(cast, 'type') : null;
    const abstract = descriptor ? child(descriptor, 'declarator') : null;
    let innermost = abstract;
    while (innermost && innermost.namedChildCount > 0 && child(innermost, 'declarator'))
      innermost = child(innermost, 'declarator');
    const effect = (x: Node) =>
      EFFECTS.has(x.type) && !(x.type === 'call_expression' && same(x, call));
    allocations.push({
      ...(walk(value).some(effect) ? { sideEffects: true as const } : {}),
      allocator: child(call, 'function')?.text ?? '',
      ...(descriptor && innermost ? { castExtents: levelSizes(innermost, descriptor) } : {}),
      sizeArguments: args.map((a, k) =>
        k === 0 || k === args.length - 1
          ? spelled(a, k === 0 ? '(' : ',', k === args.length - 1 ? ')' : ',')
          : { range: rangeOf(a) },
      ),
      sizeValues: args.map((a) => {
        const c = constantValue(a, literalScope(model));
        return c && c.value > 0n && !c.facts ? c.value : undefined;
      }),
    });
  }
  return { declaratorExtents: levelSizes(id, decl), allocations };
}

/** Expressions that do something besides giving a value (adversary 2026-11-29b). */
const EFFECTS = new Set(['call_expression', 'assignment_expression', 'update_expression']);

/** The value `n` is set from, when `n` is the buffer's declaration or the left of `=`. */
function allocatedValue(n: Node): Node | undefined {
  if (declaresNameNode(n)) {
    let d: Node = n.parent!;
    while (d.parent && /declarator$/.test(d.parent.type) && d.type !== 'init_declarator')
      d = d.parent;
    return d.type === 'init_declarator' ? (child(d, 'value') ?? undefined) : undefined;
  }
  const p = n.parent;
  return p?.type === 'assignment_expression' && same(child(p, 'left'), n)
    ? (child(p, 'right') ?? undefined)
    : undefined;
}

/**
 * The heap buffers' spellings moved by `move` (to the file, from the preprocessed text):
 * where a piece is not the file's own text, the buffer is not retyped.
 */
export function moveHeapSpelling(calls: CallGraph, move: (s: Spelled) => Spelled): CallGraph {
  return {
    // (a record with nothing to move is kept: the files read inside one host share those of
    // the functions of the others, issue 27)
    functions: calls.functions.map((f) =>
      !f.prototypeSizes && !f.buffers.some((b) => b.heap)
        ? f
        : {
            ...f,
            ...(f.prototypeSizes
              ? { prototypeSizes: f.prototypeSizes.map((p) => p.map((s) => s?.map(move))) }
              : {}),
            buffers: f.buffers.map((b) =>
              b.heap
                ? {
                    ...b,
                    heap: {
                      declaratorExtents: b.heap.declaratorExtents.map(move),
                      allocations: b.heap.allocations.map((a) => ({
                        ...a,
                        ...(a.castExtents ? { castExtents: a.castExtents.map(move) } : {}),
                        sizeArguments: a.sizeArguments.map(move),
                      })),
                    },
                  }
                : b,
            ),
          },
    ),
  };
}
