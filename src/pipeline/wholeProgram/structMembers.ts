/**
 * A struct member passed as a kernel's buffer (issue 27: MachSuite's `run_benchmark(void
 * *vargs) { struct bench_args_t *args = vargs; needwun(..., args->M, ...); }`, the harness
 * holding the struct in `malloc(sizeof(struct bench_args_t))` and handing the pointer to
 * input_to_data, run_benchmark, data_to_output and check_data). The member carries no value
 * across the call when, in the whole program, nothing but the kernel's parameter ever
 * touches its cells; then its declared extent could shrink in the struct definition, which
 * changes the struct's size and every offset after it, so the whole program must agree.
 *
 * The rules, each a refusal with its code, checked over the facts of every unit of the set
 * (src/frontend/structFacts.ts), in this order:
 *   - member-used-elsewhere: the member is named anywhere else in the set (another struct's
 *     member of the same name too): read or written by another function (input_to_data,
 *     check_data), its address taken, `sizeof` of it, an initializer designating it, passed
 *     to another function or parameter (then a value could cross from one callee to the
 *     other);
 *   - member-open-world: the set is not the whole program (no main() and no
 *     --closed-world, a unit not read or not parsed), or a file outside the set includes
 *     the header that defines the struct (it is compiled with the same definition);
 *   - member-base-unknown: the pointer it is reached through is not one followed (a local
 *     or parameter pointer to void, a character type or the struct), or its values may
 *     point to two struct types, or none defining the member;
 *   - struct-layout-fixed: the struct is defined in more than one place, an attribute or
 *     alignment specifier fixes its layout, it has a flexible array member, or the member
 *     is not an array declared alone;
 *   - struct-type-used: the type is named other than by a pointer local or parameter, a
 *     cast of a pointer variable or an allocation to it, or `sizeof`: an object of it (whose
 *     initializer, assignment or copy uses every member), a union or struct holding it, a
 *     typedef, offsetof, a file-scope pointer, a function returning it;
 *   - struct-size-observed: `sizeof(struct T)` is used other than as the size (sums and
 *     products of it) of an allocation a pointer of the struct is set from, of a `memset` of
 *     such a pointer, or to initialize a file-scope integer used only so (a comparison, a
 *     division, a print, another pointer's block would change);
 *   - struct-bytes-used: a pointer that may point to the struct is used other than to reach
 *     a member with `->`, compare, `free`, `memset` with `sizeof(struct T)`, set from an
 *     allocation or another followed pointer, or passed to a function of the set whose
 *     parameter is followed and which is only called by name: memcpy, memcmp, read, write,
 *     fread, fwrite, realloc, a cast to another type, arithmetic, `*p`, storing it elsewhere
 *     or returning it all read or copy the member's bytes; or a member's address is a value
 *     (`&a->n`, an array member not indexed to its elements, other than a call's argument):
 *     the distance of two members' addresses is an offset.
 *   - configured-elsewhere: a unit or a user header of the set has a conditional directive a
 *     build may decide otherwise, or a function whose text depends on the configuration:
 *     every rule above read the set in this configuration only (another may read the member
 *     under `#ifdef DEBUG`, and no guard of the kernel's file checks the others').
 * Whole-struct copies (`*a = *b`, memcpy) are refused even where every member is copied
 * consistently: which cells of the member a copy carries is the kernel's layout, not the
 * program's.
 * A member that passes every rule is, on the callers' side, a temporary of the kernel (its
 * cells are written by the harness only through `memset`, which the kernel's own writes
 * then cover): a call site of the kernel like a caller's buffer, whose storage the set may
 * shrink in the struct definition (crossFilePlan.ts); where it cannot, member-storage-kept.
 */
import path from 'node:path';
import type { ReasonName } from '../../model/reasons.js';
import type { FunctionCalls } from '../../model/calls.js';
import type { MemberMention, StructFacts, Where } from '../../model/structs.js';

export interface StructUnit {
  readonly file: string;
  readonly facts?: StructFacts;
  readonly functions: readonly FunctionCalls[];
  /** Names the unit spells other than as a callee (summary.mentions). */
  readonly mentioned: ReadonlySet<string>;
}

export interface StructSetOptions {
  /** Why the set may not be the whole program, or undefined. */
  readonly open?: string;
  /** Why the set's reading may differ in another build, or undefined. */
  readonly configured?: string;
  /** Why a file the set reads may be compiled by a program outside the set, or undefined. */
  readonly includedOutside?: (file: string) => string | undefined;
  /** Rules left out (tests: each adversarial program must pass without its rule). */
  readonly without?: ReadonlySet<ReasonName>;
}

export interface MemberVerdict {
  readonly code: ReasonName;
  readonly reason: string;
  /** A member that passes every rule: its struct's tag and its name (the set may shrink it). */
  readonly passes?: { readonly tag: string; readonly member: string };
}

/** What a rule sees: one member argument and the whole set. */
interface Context {
  readonly units: readonly StructUnit[];
  readonly options: StructSetOptions;
  readonly site: MemberMention & { readonly argument: NonNullable<MemberMention['argument']> };
  readonly classes: Classes;
  /** The struct's tag: of the base's types, the one whose definition has the member. */
  readonly tag: string | undefined;
}

type Rule = (c: Context) => string | undefined;

const at = (w: Where) => `${w.in}:${w.loc.line}:${w.loc.column}`;
const factsOf = (units: readonly StructUnit[]) => units.flatMap((u) => (u.facts ? [u.facts] : []));

/** The rules in order: the first that fails gives the verdict. */
const RULES: readonly (readonly [ReasonName, Rule])[] = [
  // First the reason most members have (an input or output of the harness: values cross).
  ['member-used-elsewhere', usedElsewhere],
  ['member-open-world', openWorld],
  ['member-base-unknown', baseUnknown],
  ['struct-layout-fixed', layoutFixed],
  ['struct-type-used', typeUsed],
  ['struct-size-observed', sizeObserved],
  ['struct-bytes-used', bytesUsed],
  // Last: every rule above read the set in this configuration only.
  ['configured-elsewhere', (c) => c.options.configured],
];

/**
 * The verdict on every member argument of the set, by `file@start#index` (the unit's file,
 * the call's start offset in its text, the argument's position).
 */
export function memberVerdicts(
  units: readonly StructUnit[],
  options: StructSetOptions = {},
): Map<string, MemberVerdict> {
  const out = new Map<string, MemberVerdict>();
  const classes = new Classes(factsOf(units));
  for (const u of units)
    for (const m of u.facts?.members ?? []) {
      if (!m.argument) continue;
      const site = m as Context['site'];
      const c: Context = { units, options, site, classes, tag: tagOf(units, classes, site) };
      out.set(`${u.file}@${site.argument.start}#${site.argument.index}`, verdict(c));
    }
  return out;
}

function verdict(c: Context): MemberVerdict {
  const name = `'${c.site.member}'`;
  for (const [code, rule] of RULES) {
    if (c.options.without?.has(code)) continue;
    const why = rule(c);
    if (why) return { code, reason: `the member ${name} of a struct: ${why}` };
  }
  const tag = c.tag ?? '?';
  return {
    code: 'member-storage-kept',
    reason: `the member ${name} of struct ${tag}, which nothing else in the set uses`,
    passes: { tag, member: c.site.member },
  };
}

/** The followed pointers joined by the values that move between them (union-find). */
class Classes {
  private readonly parent = new Map<string, string>();
  private readonly tags = new Map<string, Set<string>>();
  readonly followed = new Set<string>();

  constructor(facts: readonly StructFacts[]) {
    for (const f of facts) for (const [a, b] of f.flows) this.join(a, b);
    for (const f of facts) for (const t of f.tags) this.tagSet(t.node).add(t.tag);
    for (const f of facts) for (const n of f.followedNodes) this.followed.add(n);
  }

  root(x: string): string {
    let r = x;
    while (this.parent.has(r)) r = this.parent.get(r)!;
    return r;
  }

  private join(a: string, b: string): void {
    const ra = this.root(a);
    const rb = this.root(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }

  private tagSet(node: string): Set<string> {
    const r = this.root(node);
    let s = this.tags.get(r);
    if (!s) this.tags.set(r, (s = new Set()));
    return s;
  }

  tagsOf(node: string): string[] {
    return [...(this.tags.get(this.root(node)) ?? [])].sort();
  }

  same(a: string, b: string): boolean {
    return this.root(a) === this.root(b);
  }
}

function openWorld(c: Context): string | undefined {
  if (c.options.open) return c.options.open;
  const unread = c.units.find((u) => !u.facts);
  if (unread) return `${unread.file} was not read`;
  const unparsed = c.units.find((u) => u.facts?.unparsed);
  if (unparsed) return `${unparsed.file} does not parse cleanly (${at(unparsed.facts!.unparsed!)})`;
  const tags = c.classes.tagsOf(c.site.argument.base);
  const headers = new Set(
    factsOf(c.units).flatMap((f) =>
      f.definitions.filter((d) => tags.includes(d.tag)).map((d) => d.where.in),
    ),
  );
  for (const h of headers) {
    const why = c.options.includedOutside?.(h);
    if (why) return `its struct is defined in ${why}`;
  }
  return undefined;
}

function usedElsewhere(c: Context): string | undefined {
  const { member, argument } = c.site;
  for (const u of c.units)
    for (const m of u.facts?.members ?? []) {
      if (m.member !== member) continue;
      const a = m.argument;
      if (!a) return `it is named at ${at(m.where)}`;
      if (a.callee !== argument.callee || a.index !== argument.index)
        return `it is passed to ${a.callee}() at ${at(m.where)} as argument ${a.index + 1}`;
    }
  return undefined;
}

/** Of the struct types the member's base may point to, the first that defines the member. */
function tagOf(
  units: readonly StructUnit[],
  classes: Classes,
  site: Context['site'],
): string | undefined {
  const defs = factsOf(units).flatMap((f) => f.definitions);
  return classes
    .tagsOf(site.argument.base)
    .find((t) => defs.some((d) => d.tag === t && d.members.some((m) => m.name === site.member)));
}

function baseUnknown(c: Context): string | undefined {
  const tags = c.classes.tagsOf(c.site.argument.base);
  if (tags.length > 1)
    return `the pointer it is reached through may point to struct ${tags.join(' or struct ')}`;
  if (!c.tag)
    return tags.length === 0
      ? 'the pointer it is reached through is not known to point to a struct'
      : `no definition of struct ${tags[0]} the set reads has it`;
  return undefined;
}

function layoutFixed(c: Context): string | undefined {
  const defs = factsOf(c.units).flatMap((f) => f.definitions.filter((d) => d.tag === c.tag));
  const places = new Set(defs.map((d) => `${path.resolve(d.where.in)}:${d.where.loc.line}`));
  if (places.size !== 1) return `struct ${c.tag} is defined in ${places.size} places`;
  const d = defs[0]!;
  if (d.layout) return `struct ${c.tag} (${at(d.where)}): ${d.layout}`;
  if (d.members.some((m) => m.extents?.some((e) => e === '')))
    return `struct ${c.tag} (${at(d.where)}) has a flexible array member`;
  const m = d.members.find((x) => x.name === c.site.member);
  if (!m?.extents || m.shared)
    return `the member is not an array declared alone in struct ${c.tag} (${at(d.where)})`;
  return undefined;
}

function typeUsed(c: Context): string | undefined {
  for (const f of factsOf(c.units))
    for (const p of f.tagProblems) if (p.tag === c.tag) return `at ${at(p.where)}, ${p.why}`;
  return undefined;
}

function sizeObserved(c: Context): string | undefined {
  for (const f of factsOf(c.units))
    for (const s of f.sizes) {
      if (s.tag !== c.tag) continue;
      if (s.use.kind === 'other') return `sizeof(struct ${c.tag}) at ${at(s.where)}: ${s.use.why}`;
      if (s.use.kind !== 'variable') {
        if (!heldByStruct(c, f, s.use.at))
          return `sizeof(struct ${c.tag}) at ${at(s.where)} sizes a ${s.use.kind === 'memset' ? 'memset' : 'block'} no pointer to the struct takes`;
        continue;
      }
      const name = s.use.name;
      const hidden = c.units.find((u) => u.facts?.blockExterns.includes(name));
      if (hidden)
        return `'${name}' holds sizeof(struct ${c.tag}) and ${hidden.file} declares it inside a function`;
      for (const g of factsOf(c.units)) {
        for (const p of g.globalProblems)
          if (p.name === name)
            return `'${name}' holds sizeof(struct ${c.tag}) and is ${p.why} at ${at(p.where)}`;
        for (const p of g.globalAllocations)
          if (p.name === name && !heldByStruct(c, g, p.at))
            return `'${name}' holds sizeof(struct ${c.tag}) and sizes ${p.why} at ${at(p.where)}`;
      }
    }
  return undefined;
}

/**
 * Whether the allocation or memset starting at `at` in the unit is one a followed pointer of
 * the struct takes: `int *ip = malloc(sizeof(struct T))` or `memset(buf, 0, sizeof(struct T))`
 * of a plain array would see fewer bytes once the struct shrinks (ip[191] past the block).
 */
function heldByStruct(c: Context, f: StructFacts, at: number): boolean {
  return f.sized.some((s) => s.at === at && c.classes.tagsOf(s.node).includes(c.tag!));
}

/** Functions the rules take for the C library's: a definition in the set is another one. */
const LIBRARY = ['malloc', 'calloc', 'free', 'memset'];

function bytesUsed(c: Context): string | undefined {
  const { classes } = c;
  const inClass = (node: string) => classes.tagsOf(node).includes(c.tag!);
  const own = LIBRARY.find((n) => c.units.some((u) => u.functions.some((g) => g.name === n)));
  if (own) return `the set defines its own ${own}()`;
  const address = memberAddress(c);
  if (address) return address;
  for (const f of factsOf(c.units)) {
    // Every pointer that may point to it, not only the member's base: memset with another
    // struct's size, or a view as another struct, of any object of the type.
    for (const t of f.tags) {
      const tags = classes.tagsOf(t.node);
      if (tags.includes(c.tag!) && tags.length > 1)
        return `a pointer to it (${t.node}) may point to struct ${tags.join(' or struct ')}`;
    }
    for (const p of f.pointerProblems)
      if (inClass(p.node)) return `a pointer to it (${p.node}) at ${at(p.where)}: ${p.why}`;
    for (const [a, b] of f.flows)
      for (const n of [a, b])
        if (inClass(n) && !classes.followed.has(n))
          return `a pointer to it reaches ${n.replace('#', "()'s parameter ")}, which the analysis does not follow (not defined in the set, or not a pointer to void, a character type or a struct)`;
    for (const p of f.passedTo) {
      if (!inClass(p.node)) continue;
      const definers = c.units.filter((u) => u.functions.some((g) => g.name === p.callee));
      if (definers.length !== 1)
        return `a pointer to it is passed to ${p.callee}(), which ${definers.length ? 'the set defines more than once' : 'the set does not define'}`;
      const fn = definers[0]!.functions.find((g) => g.name === p.callee)!;
      const taken =
        fn.reachedElsewhere.length > 0 || c.units.some((u) => u.mentioned.has(p.callee));
      if (taken)
        return `a pointer to it is passed to ${p.callee}(), which may also be called through a pointer`;
    }
  }
  return unfollowedArgument(c, inClass);
}

/**
 * The address of another member of the struct taken as a value (`&a->n`, an array member not
 * indexed: `(uintptr_t)a->out - (uintptr_t)a->in` printed 512, then 260 once M, between
 * them, shrank): an offset, which shrinking the member changes. Names are all it compares.
 */
function memberAddress(c: Context): string | undefined {
  const def = factsOf(c.units)
    .flatMap((f) => f.definitions)
    .find((d) => d.tag === c.tag);
  const rank = new Map(def?.members.map((m) => [m.name, m.extents?.length ?? 0]));
  for (const f of factsOf(c.units))
    for (const m of f.members) {
      const r = rank.get(m.member);
      if (!m.use || r === undefined) continue;
      if (m.use.kind === 'address' || m.use.indexed < r)
        return `the address of its member '${m.member}' is a value at ${at(m.where)} (an offset)`;
    }
  return undefined;
}

/**
 * A parameter that may point to the struct gets, at every call of its function, a followed
 * pointer of its class: `run(buf + 8)` would hand it bytes of a buffer used otherwise.
 */
function unfollowedArgument(c: Context, inClass: (node: string) => boolean): string | undefined {
  for (const u of c.units)
    for (const g of u.functions)
      for (const call of g.calls) {
        for (let i = 0; i < call.derefs.length; i++) {
          const param = `${call.callee}#${i}`;
          if (!inClass(param)) continue;
          const name = call.buffers[i];
          // `load(&data)`: the address of a local object of the caller, followed as a pointer.
          const object = u.facts?.objectArguments?.find(
            (o) => o.start === call.start && o.index === i,
          );
          if (name === undefined && object && c.classes.same(object.node, param)) continue;
          const k = name === undefined ? -1 : g.parameterNames.indexOf(name);
          const node = k >= 0 ? `${g.name}#${k}` : `${g.name}:${name}`;
          if (name === undefined || (call.derefs[i] ?? 0) !== 0 || !c.classes.same(node, param))
            return `${g.name}() calls ${call.callee}() at ${u.file}:${call.loc.line} with argument ${i + 1} not a pointer the analysis follows`;
        }
      }
  return undefined;
}
