/**
 * What one translation unit shows of its structs, for a struct member passed as a kernel's
 * buffer (issue 27: MachSuite's `needwun(..., args->M, ...)` on the harness's heap struct).
 * Plain data; src/pipeline/wholeProgram/structMembers.ts joins the units' facts and applies
 * the refusal rules. Nothing here decides: every spelling the rules may care about is
 * recorded, and anything not recognised is recorded as a problem (a false problem only keeps
 * the member as it is).
 *
 * Pointers followed: locals and parameters declared as one-level pointers to `void`, a
 * character type or a struct (`void *vargs`, `char *data`, `struct bench_args_t *args`),
 * each a node `function:name` (a parameter `function#index`, so that a call's argument in
 * another unit reaches it). Names are matched by spelling, shadowing ignored: a second
 * variable of the same name only adds uses.
 */
import type {
  MemberMention,
  Problem,
  SizeUse,
  StructDefinition,
  StructFacts,
  StructMember,
  Where,
} from '../model/structs.js';
import { type Node, child, namedChildrenOf, unparenthesized, walk } from './parse.js';
import { functionName, topLevel } from './builtinModel.js';
import { cleanupAttribute } from './escapes.js';
import {
  type Origin,
  type ManyTypes,
  CHARS,
  tagOf,
  baseType,
  pointerName,
  argumentOf,
  outer,
  allocationAround,
  allocation,
  arrayFacts,
  isNull,
  addressUse,
  isLocalObject,
  sizeofStruct,
  sizeUse,
  stripCasts,
  parenthesizedOuter,
  isDeclaredName,
  inOffsetof,
  declaredNameOf,
  identifiersNamed,
} from './structSyntax.js';

export function structFacts(root: Node, text: string, origin: Origin): StructFacts {
  const b = new FactsBuilder(origin, text);
  if (root.hasError) {
    // offsetof is the one builtin tree-sitter cannot read; the scan below finds its struct.
    const e = walk(root).find(
      (n) => (n.type === 'ERROR' || n.isMissing) && !inOffsetof(text, n.startIndex),
    );
    if (e) b.unparsed = origin(e.startIndex);
  }
  const definitions = topLevel(root, 'function_definition');
  const bodies = definitions.flatMap((d) => {
    const body = child(d, 'body');
    return body ? [[body.startIndex, body.endIndex] as const] : [];
  });
  const inBody = (n: Node) =>
    bodies.some(([from, to]) => n.startIndex >= from && n.startIndex < to);
  // One native walk for the node types read at every level (each call crosses into
  // tree-sitter and wraps every node it returns).
  const nodes = (root as unknown as ManyTypes).descendantsOfType([
    'struct_specifier',
    'union_specifier',
    'field_expression',
    'field_designator',
  ]) as unknown as Node[];
  for (const n of nodes)
    if (n.type === 'struct_specifier') b.structSpecifier(n, inBody(n));
    else if (n.type === 'union_specifier') {
      for (const inner of n.descendantsOfType('struct_specifier'))
        if (tagOf(inner)) b.tagProblem(inner, 'a union holds it');
    } else if (n.type === 'field_expression') {
      if (!inBody(n)) b.member(n);
    } else {
      const name = n.namedChildren[0]?.text;
      if (name) b.members.push({ member: name, where: origin(n.startIndex) });
    }
  // offsetof is a builtin whose operands tree-sitter does not read as a type.
  for (const m of text.matchAll(/offsetof\s*\(\s*struct\s+([A-Za-z_]\w*)/g))
    b.tagProblems.push({ tag: m[1]!, where: origin(m.index), why: 'offsetof names it' });
  b.globals(root);
  for (const d of definitions) b.functionBody(d);
  return b.result();
}

class FactsBuilder {
  readonly definitions: StructDefinition[] = [];
  readonly tagProblems: (Problem & { tag: string })[] = [];
  readonly sizes: { tag: string; where: Where; use: SizeUse }[] = [];
  readonly tags: { node: string; tag: string }[] = [];
  readonly flows: (readonly [string, string])[] = [];
  readonly pointerProblems: (Problem & { node: string })[] = [];
  readonly passedTo: { node: string; callee: string }[] = [];
  readonly objectArguments: { start: number; index: number; node: string }[] = [];
  readonly followedNodes: string[] = [];
  readonly members: MemberMention[] = [];
  readonly globalProblems: (Problem & { name: string })[] = [];
  readonly globalAllocations: (Problem & { name: string; at: number })[] = [];
  readonly sized: { at: number; node: string }[] = [];
  readonly blockExterns: string[] = [];
  unparsed: Where | undefined;
  /** The followed pointers of the function being read: name -> node. */
  private nodes = new Map<string, string>();
  /** Its local struct objects: name -> the node of their address (`fn:&name`). */
  private objects = new Map<string, string>();

  constructor(
    private readonly origin: Origin,
    private readonly text: string,
  ) {}

  result(): StructFacts {
    return {
      definitions: this.definitions,
      tagProblems: this.tagProblems,
      sizes: this.sizes,
      tags: this.tags,
      flows: this.flows,
      pointerProblems: this.pointerProblems,
      passedTo: this.passedTo,
      objectArguments: this.objectArguments,
      followedNodes: [...new Set(this.followedNodes)],
      members: this.members,
      globalProblems: this.globalProblems,
      globalAllocations: this.globalAllocations,
      sized: this.sized,
      blockExterns: this.blockExterns,
      ...(this.unparsed ? { unparsed: this.unparsed } : {}),
    };
  }

  tagProblem(n: Node, why: string): void {
    const tag = tagOf(n);
    if (tag) this.tagProblems.push({ tag, where: this.origin(n.startIndex), why });
  }

  /** A `struct T` spelling: a definition, or a use of the type in one of the allowed forms. */
  structSpecifier(s: Node, local: boolean): void {
    const tag = tagOf(s);
    if (!tag) return;
    const body = child(s, 'body');
    const p = s.parent;
    if (body) this.definition(s, tag, body);
    if (p?.type === 'type_definition') return this.tagProblem(s, 'a typedef names it');
    if (p?.type === 'type_descriptor') return this.typeDescriptor(s, tag, p);
    if (p?.type === 'parameter_declaration')
      return pointerName(child(p, 'declarator'))
        ? undefined
        : this.tagProblem(s, 'a parameter takes the struct itself');
    if (p?.type === 'declaration') {
      const ds = p.childrenForFieldName('declarator');
      if (ds.length === 0 && body) return;
      // A local object used only through `.` and `&` is followed in its function body.
      if (local && isLocalObject(p)) return;
      if (ds.some((d) => !pointerName(d)))
        return this.tagProblem(
          s,
          'an object of the struct type is declared (or a function returns one)',
        );
      if (!local) return this.tagProblem(s, 'a pointer to it is a file-scope variable');
      return;
    }
    if (p?.type === 'field_declaration')
      return this.tagProblem(s, 'another struct holds it or a pointer to it');
    if (!body)
      this.tagProblem(
        s,
        `the type is named in a ${p?.type ?? 'place'} the analysis does not follow`,
      );
  }

  private definition(s: Node, tag: string, body: Node): void {
    const members: StructMember[] = [];
    let layout: string | undefined;
    if (
      s.descendantsOfType('attribute_specifier').length > 0 ||
      /\b(_Alignas|alignas|__declspec)\b/.test(s.text)
    )
      layout = 'an attribute or alignment specifier fixes its layout';
    const declaration = s.parent?.type === 'declaration' ? s.parent : undefined;
    if (declaration && declaration.descendantsOfType('attribute_specifier').length > 0)
      layout ??= 'an attribute fixes its layout';
    for (const f of namedChildrenOf(body)) {
      if (f.type !== 'field_declaration') {
        layout ??= `its body holds a ${f.type}`;
        continue;
      }
      const ds = f.childrenForFieldName('declarator');
      const shared = ds.length !== 1 || f.descendantsOfType('bitfield_clause').length > 0;
      for (const d of ds) {
        const extents: string[] = [];
        let n: Node | null = d;
        while (n?.type === 'array_declarator') {
          extents.unshift(child(n, 'size')?.text ?? '');
          n = child(n, 'declarator');
        }
        if (n?.type !== 'field_identifier') {
          layout ??= 'a member is not a plain name or array';
          continue;
        }
        members.push({
          name: n.text,
          ...(extents.length ? { extents, ...arrayFacts(f, d) } : {}),
          ...(extents.length ? { where: this.origin(n.startIndex) } : {}),
          ...(shared ? { shared: true as const } : {}),
        });
      }
    }
    this.definitions.push({
      tag,
      where: this.origin(s.startIndex),
      members,
      ...(layout ? { layout } : {}),
    });
  }

  /** `struct T` in a cast or a `sizeof`. */
  private typeDescriptor(s: Node, tag: string, d: Node): void {
    const abstract = child(d, 'declarator');
    const user = d.parent;
    if (user?.type === 'sizeof_expression' && !abstract)
      return void this.sizes.push({ tag, where: this.origin(s.startIndex), use: sizeUse(user) });
    if (
      user?.type === 'cast_expression' &&
      abstract?.type === 'abstract_pointer_declarator' &&
      abstract.namedChildren.length === 0
    ) {
      const value = unparenthesized(child(user, 'value')!);
      if (value.type === 'identifier' || allocation(value)) return;
      return this.tagProblem(s, 'an expression other than a pointer variable is cast to it');
    }
    this.tagProblem(
      s,
      `the type is named in a ${user?.type ?? 'place'} the analysis does not follow`,
    );
  }

  /** A member's mention: `p->m` passed as is to a call, or any other. */
  member(f: Node): void {
    const name = child(f, 'field')?.text;
    if (!name) return;
    const where = this.origin(f.startIndex);
    const base = unparenthesized(child(f, 'argument')!);
    const arrow = f.children.some((c) => c.type === '->');
    const arg = argumentOf(parenthesizedOuter(f));
    const node = base.type === 'identifier' ? this.nodes.get(base.text) : undefined;
    if (arrow && arg && node)
      return void this.members.push({
        member: name,
        where,
        argument: { callee: arg.callee, index: arg.index, start: arg.call.startIndex, base: node },
      });
    const use = arg ? undefined : addressUse(parenthesizedOuter(f));
    this.members.push({ member: name, where, ...(use ? { use } : {}) });
  }

  /** File-scope variables: every use of one, in an allocation's size or other. */
  globals(root: Node): void {
    const names = new Set<string>();
    // Of any type: the unit that holds a size in an integer may declare it `extern int32_t`
    // or through a typedef in another (its uses there were not recorded, and one printed it).
    for (const d of topLevel(root, 'declaration'))
      for (const x of d.childrenForFieldName('declarator')) {
        let n: Node | null = x;
        while (n && n.type !== 'identifier' && n.type !== 'function_declarator')
          n = child(n, 'declarator');
        if (n?.type === 'identifier') names.add(n.text);
      }
    if (names.size === 0) return;
    const seen = new Set<string>();
    for (const id of identifiersNamed(root, this.text, 0, root.endIndex, names)) {
      if (isDeclaredName(id)) continue;
      const call = allocationAround(id);
      if (call) {
        this.globalAllocations.push({
          name: id.text,
          at: call.startIndex,
          where: this.origin(id.startIndex),
          why: 'an allocation no followed pointer of the struct holds',
        });
        continue;
      }
      if (seen.has(id.text)) continue;
      seen.add(id.text);
      this.globalProblems.push({
        name: id.text,
        where: this.origin(id.startIndex),
        why: 'used other than as an allocation size',
      });
    }
  }

  /** The followed pointers of a function and every use of them. */
  functionBody(fn: Node): void {
    const name = functionName(fn);
    this.nodes = new Map();
    let d = child(fn, 'declarator');
    while (d && d.type !== 'function_declarator') d = child(d, 'declarator');
    const params = d ? namedChildrenOf(child(d, 'parameters')!) : [];
    params.forEach((p, k) => {
      if (p.type !== 'parameter_declaration') return;
      const x = pointerName(child(p, 'declarator'));
      if (x) this.follow(`${name}#${k}`, x, baseType(child(p, 'type')));
    });
    const body = child(fn, 'body');
    if (!body) return;
    const inside = (body as unknown as ManyTypes).descendantsOfType([
      'declaration',
      'field_expression',
    ]) as unknown as Node[];
    const declarations = inside.filter((n) => n.type === 'declaration');
    for (const decl of declarations)
      if (decl.children.some((c) => c.type === 'storage_class_specifier' && c.text === 'extern'))
        this.blockExterns.push(
          ...decl.childrenForFieldName('declarator').map((x) => declaredNameOf(x)),
        );
    for (const decl of declarations)
      for (const x of decl.childrenForFieldName('declarator')) {
        const n = pointerName(x);
        if (!n) continue;
        this.follow(`${name}:${n}`, n, baseType(child(decl, 'type')));
        // `__attribute__((cleanup(dump))) char *data`: dump(&data) may read the struct's
        // bytes when the block ends (adversary 2026-11-28d: (*pp)[600] past the shrunk block)
        const attribute = cleanupAttribute(decl);
        if (attribute && this.nodes.has(n))
          this.pointerProblems.push({
            node: this.nodes.get(n)!,
            where: this.origin(attribute.startIndex),
            why: 'its address is passed to the cleanup function of its attribute',
          });
      }
    for (const f of inside) if (f.type === 'field_expression') this.member(f);
    this.localObjects(name, body, declarations);
    if (this.nodes.size === 0) return;
    for (const id of identifiersNamed(
      body,
      this.text,
      body.startIndex,
      body.endIndex,
      this.nodes,
    )) {
      const node = this.nodes.get(id.text)!;
      if (!isDeclaredName(id)) this.use(node, id);
    }
    // The initializers of the followed locals: `struct T *a = (struct T *)v;`.
    for (const decl of declarations)
      for (const x of decl.childrenForFieldName('declarator')) {
        const n = pointerName(x);
        const value = x.type === 'init_declarator' ? child(x, 'value') : null;
        if (n && value && this.nodes.has(n)) this.assigned(this.nodes.get(n)!, value);
      }
  }

  /**
   * The local objects of a struct type (`struct bench_args_t data;` in MachSuite's
   * generate.c): each is followed as the pointer `&data`, whose uses are checked as those of
   * any followed pointer; the name itself may only reach a member with `.` (a member named
   * is a mention like any other) or have its address taken. Anything else (a copy, `sizeof
   * data`, passing it by value, a second declaration of the name) uses its bytes or layout.
   */
  private localObjects(fn: string, body: Node, declarations: readonly Node[]): void {
    this.objects = new Map();
    const declared = new Map<string, number>();
    for (const decl of declarations)
      for (const x of decl.childrenForFieldName('declarator')) {
        const n = declaredNameOf(x);
        declared.set(n, (declared.get(n) ?? 0) + 1);
      }
    for (const decl of declarations) {
      const tag = tagOf(child(decl, 'type'));
      if (!tag || !isLocalObject(decl)) continue;
      for (const x of decl.childrenForFieldName('declarator')) {
        if (x.type !== 'identifier') continue;
        const node = `${fn}:&${x.text}`;
        this.objects.set(x.text, node);
        this.tags.push({ node, tag });
        this.followedNodes.push(node);
        if (declared.get(x.text)! > 1 || this.nodes.has(x.text))
          this.pointerProblems.push({
            node,
            where: this.origin(x.startIndex),
            why: 'its name is declared again in the function',
          });
      }
    }
    if (this.objects.size === 0) return;
    for (const id of identifiersNamed(
      body,
      this.text,
      body.startIndex,
      body.endIndex,
      this.objects,
    ))
      if (!isDeclaredName(id)) this.objectUse(this.objects.get(id.text)!, id);
  }

  private objectUse(node: string, id: Node): void {
    const p = id.parent;
    if (p?.type === 'field_expression' && child(p, 'argument')?.id === id.id)
      if (!p.children.some((c) => c.type === '->')) return;
    if (p?.type === 'pointer_expression' && child(p, 'operator')?.text === '&')
      return this.use(node, p);
    this.pointerProblems.push({
      node,
      where: this.origin(id.startIndex),
      why: 'the object is used other than through `.` or `&`',
    });
  }

  private follow(node: string, name: string, type: { tag?: string; plain?: string }): void {
    if (type.tag) this.tags.push({ node, tag: type.tag });
    else if (!CHARS.test(type.plain ?? '')) return;
    this.nodes.set(name, node);
    this.followedNodes.push(node);
  }

  /** A value given to a followed pointer: another one, an allocation or null. */
  private assigned(node: string, value: Node): void {
    const v = unparenthesized(stripCasts(value));
    const block = allocation(value);
    if (block) return void this.sized.push({ at: block.startIndex, node });
    if (isNull(value)) return;
    const other = v.type === 'identifier' ? this.nodes.get(v.text) : undefined;
    if (other) this.flows.push([node, other]);
    else
      this.pointerProblems.push({
        node,
        where: this.origin(value.startIndex),
        why: `it is set from ${value.text.slice(0, 40)}`,
      });
  }

  /** One use of a followed pointer. */
  private use(node: string, id: Node): void {
    const problem = (why: string): void =>
      void this.pointerProblems.push({ node, where: this.origin(id.startIndex), why });
    const e = outer(id);
    const p = e.parent;
    if (!p) return problem('used outside any expression');
    for (let c = id.parent; c && c.id !== p.id; c = c.parent) {
      if (c.type !== 'cast_expression') continue;
      const d = child(c, 'type')!;
      const t = child(d, 'type');
      const tag = tagOf(t);
      const level = child(d, 'declarator');
      const onePointer =
        level?.type === 'abstract_pointer_declarator' && level.namedChildren.length === 0;
      if (!onePointer || (!tag && !CHARS.test(baseType(t).plain ?? '')))
        return problem(`cast to ${d.text}`);
      if (tag) this.tags.push({ node, tag });
    }
    if (p.type === 'field_expression' && child(p, 'argument')?.id === e.id && e.id === id.id)
      return p.children.some((c) => c.type === '->') ? undefined : problem('a member through `.`');
    const arg = argumentOf(e);
    if (arg) return this.argument(node, arg, e, problem);
    if (p.type === 'assignment_expression' && child(p, 'operator')?.text === '=') {
      if (child(p, 'left')?.id === e.id) return this.assigned(node, child(p, 'right')!);
      const left = unparenthesized(child(p, 'left')!);
      if (left.type === 'identifier' && this.nodes.has(left.text)) return; // read at the left's turn
      return problem('its value is stored elsewhere');
    }
    if (p.type === 'init_declarator' && child(p, 'value')?.id === e.id) {
      const n = pointerName(p);
      return n && this.nodes.has(n) ? undefined : problem('its value initializes another variable');
    }
    if (
      p.type === 'binary_expression' &&
      /^(==|!=|&&|\|\|)$/.test(child(p, 'operator')?.text ?? '')
    )
      return;
    if (p.type === 'unary_expression' && child(p, 'operator')?.text === '!') return;
    if (/^(if|while|do|for)_statement$/.test(p.type) || p.type === 'conditional_expression')
      if (child(p, 'condition')?.id === e.id) return;
    problem(`used in a ${p.type}`);
  }

  private argument(
    node: string,
    arg: { call: Node; callee: string; index: number },
    e: Node,
    problem: (why: string) => void,
  ): void {
    if (arg.callee === 'free' && arg.index === 0) return;
    if (arg.callee === 'memset' && arg.index === 0) {
      const size = namedChildrenOf(child(arg.call, 'arguments')!)[2];
      const tag = size && sizeofStruct(size);
      // The size's struct is the pointer's: two tags in one class are refused.
      if (tag) {
        this.sized.push({ at: arg.call.startIndex, node });
        return void this.tags.push({ node, tag });
      }
      return problem('memset of a size other than sizeof(struct ...)');
    }
    const target = `${arg.callee}#${arg.index}`;
    if ([...this.objects.values()].includes(node))
      this.objectArguments.push({ start: arg.call.startIndex, index: arg.index, node });
    this.flows.push([node, target]);
    this.passedTo.push({ node, callee: arg.callee });
  }
}
