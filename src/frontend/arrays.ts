/**
 * Array declarations: name, element type, extents, storage, qualifiers, initializer, and the
 * ranges the rewriter needs (the declarator `y[N][N]` and the whole declaration).
 */
import type { ByteRange, Extent, SourceLoc, Storage } from '../model/types.js';
import { type Node, type SourceText, child } from './parse.js';

export interface ArrayDecl {
  readonly name: string;
  readonly elementType: string;
  /** Size expression nodes, outermost dimension first (null for `[]`). */
  readonly sizeNodes: readonly (Node | null)[];
  readonly storage: Storage;
  readonly isVolatile: boolean;
  /** `extern`: the object is defined elsewhere (at block scope too: it has file scope). */
  readonly isExtern: boolean;
  /** A pointer (`double *p`): subscripted like an array of unknown extent. */
  readonly isPointer: boolean;
  readonly initializer: Node | null;
  readonly loc: SourceLoc;
  readonly declaratorRange: ByteRange;
  readonly declarationRange: ByteRange;
  readonly node: Node;
}

/** Splits a declarator into name, array sizes (outermost first) and pointer depth. */
function unwrap(d: Node): {
  name?: string;
  sizes: (Node | null)[];
  pointers: number;
  odd: boolean;
  /** The outermost array declarator (`p[8]` of `*p[8]`): what a new extent rewrites. */
  arrayNode?: Node;
} {
  const sizes: (Node | null)[] = [];
  let pointers = 0;
  let odd = false;
  let arrayNode: Node | undefined;
  let n: Node | null = d;
  while (n) {
    if (n.type === 'identifier')
      return { name: n.text, sizes, pointers, odd, ...(arrayNode ? { arrayNode } : {}) };
    if (n.type === 'array_declarator') {
      arrayNode ??= n;
      sizes.unshift(child(n, 'size'));
      n = child(n, 'declarator');
    } else if (n.type === 'pointer_declarator') {
      pointers++;
      n = child(n, 'declarator');
    } else if (n.type === 'parenthesized_declarator' || n.type === 'attributed_declarator') {
      odd = true;
      n =
        n.namedChildren.find((c) => c.type.endsWith('declarator') || c.type === 'identifier') ??
        null;
    } else {
      return { sizes, pointers, odd: true };
    }
  }
  return { sizes, pointers, odd: true };
}

function qualifiers(decl: Node): string[] {
  return decl.namedChildren
    .filter((c) => c.type === 'type_qualifier' || c.type === 'storage_class_specifier')
    .map((c) => c.text);
}

/**
 * Array declarators of one `declaration` or `parameter_declaration`. Pointers are reported
 * only for parameters (a local pointer aliases something declared elsewhere).
 */
export function arrayDecls(
  decl: Node,
  src: SourceText,
  where: 'local' | 'global' | 'parameter',
): ArrayDecl[] {
  const quals = qualifiers(decl);
  const type = child(decl, 'type')?.text ?? 'int';
  const isStatic = quals.includes('static');
  const storage: Storage =
    where === 'parameter'
      ? 'parameter'
      : where === 'global'
        ? isStatic
          ? 'static-global'
          : 'global'
        : isStatic
          ? 'static-local'
          : quals.includes('extern')
            ? 'global'
            : 'local';
  const out: ArrayDecl[] = [];
  for (const d of decl.childrenForFieldName('declarator')) {
    const init = d.type === 'init_declarator' ? child(d, 'value') : null;
    const declarator = d.type === 'init_declarator' ? child(d, 'declarator')! : d;
    const u = unwrap(declarator);
    if (!u.name || u.odd) continue;
    const isPointer = u.sizes.length === 0;
    if (isPointer && (where !== 'parameter' || u.pointers === 0)) continue;
    if (u.sizes.length > 0 && where === 'parameter' && u.pointers > 0) continue; // array of pointers param
    const sizes = isPointer ? Array.from({ length: u.pointers }, () => null) : u.sizes;
    out.push({
      name: u.name,
      elementType:
        (quals.filter((q) => q !== 'static' && q !== 'extern').join(' ') + ' ' + type).trim() +
        (!isPointer && u.pointers > 0 ? ' ' + '*'.repeat(u.pointers) : ''),
      sizeNodes: sizes,
      storage,
      isVolatile: quals.includes('volatile'),
      isExtern: quals.includes('extern'),
      isPointer,
      initializer: init,
      loc: src.locOf(declarator),
      // (an array of pointers, `*p[8]`: the pointer's `*` is the element type's, not the array's)
      declaratorRange: src.range(u.arrayNode ?? declarator),
      declarationRange: src.range(decl),
      node: declarator,
    });
  }
  return out;
}

export function extentOf(node: Node | null, src: SourceText): Pick<Extent, 'text' | 'range'> {
  return node ? { text: src.textOf(node), range: src.range(node) } : { text: '' };
}

/**
 * Why an extent is not known. `[]` says it: the size is the initializer's or another
 * declaration's, which the model does not count (`uint32_t r[] = {...}`: Embench's md5 read
 * "unknown or not affine" for a table of 64 constants); a parameter's `[]` is its caller's.
 */
export function extentProblem(d: Pick<ArrayDecl, 'name' | 'sizeNodes' | 'storage'>): string {
  if (d.storage === 'parameter' || d.sizeNodes.every((n) => n))
    return `an extent of '${d.name}' is unknown or not affine`;
  return `'${d.name}' is declared with [] (its size comes from its initializer or another declaration)`;
}
