/**
 * Edits across the files of a set (issue 27, item 2): a parameter folded in place whose
 * callers are all in other files (its file's offer, callerStorage.ts) is retyped when each
 * caller's buffer can shrink where it is declared, all to the same extents, and every
 * prototype of its function can be retyped with it, in headers and in the other files. The
 * result is in groups, each sound alone (planGroups.ts): per file its part (a ProgramView's
 * `storage`, which the file's own analysis checks again against its reading before it edits
 * anything), and the edits of the headers, which no analysis writes.
 *
 * A buffer may shrink, as read from its unit's summary, when it is a local array of
 * constant extents or a heap block of constant rows, of a file the run writes, and every
 * use of it is inert, an allocation or `free`, or an argument for offered parameters whose
 * rank, inner extents and element type are the object's; it takes per dimension the most
 * slots its parameters use. A parameter is retyped when all its callers' buffers shrink
 * alike; a buffer shrinks when all its parameters are retyped: to a fixpoint.
 *
 * The prototypes are read from each file as written (not preprocessed), in every branch of
 * its conditionals: every declaration a unit of the set reads must be one of them (a macro
 * that spells one is not), each declares the parameter as a plain array with its sizes
 * spelled in the file, all alike (two configurations that declare it differently: kept),
 * and each file is the set's own: a file the run writes, or a header in the set's folders
 * that no file outside the set includes (`headerOutside`). Otherwise the parameter stays
 * folded in place, its callers' buffers keep their size, with the reason.
 */
import path from 'node:path';
import type {
  CrossFileStorage,
  ForeignParameter,
  MemberOfStruct,
  MemberShrunk,
  StorageOffer,
} from '../../model/program.js';
import type { ReasonName } from '../../model/reasons.js';
import { normalizedType, type BufferShape } from '../../model/calls.js';
import type { FileSummary } from '../../frontend/program.js';
import { writtenPrototypes } from '../../frontend/prototypeSpelling.js';
import type { UnitSummary } from './fileSet.js';
import { connected, type Edit, type Expected, type Part, type PlanGroup } from './planGroups.js';
import { withForwarders, type Node } from './planForwarders.js';
import { memberKey, memberStorage, type MemberStorage } from './memberStorage.js';
import { PrototypeSites } from './prototypeSites.js';

export interface CrossFileInput {
  /** The offers of the files analysed, each with its file, for arrays contracted. */
  readonly offers: readonly { readonly file: string; readonly offer: StorageOffer }[];
  readonly units: readonly UnitSummary[];
  /** Whether the run writes this file (it was given, not only in the database). */
  readonly written: (file: string) => boolean;
  /** A file's text as written, or undefined. */
  readonly read: (file: string) => string | undefined;
  /** Why a header may not be edited by the set (its folders, its includers), or undefined. */
  readonly headerOutside: (file: string) => string | undefined;
  /** A file as messages name it (the CLI: relative to the current folder). */
  readonly shown: (file: string) => string;
}

export interface CrossFilePlan {
  /** The agreed edits, in groups each sound alone (planGroups.ts). */
  readonly groups: readonly PlanGroup[];
  /** Per file (absolute path), its parameters whose callers' buffers keep their size. */
  readonly kept: ReadonlyMap<string, CrossFileStorage['kept']>;
}

type Extents = readonly (bigint | undefined)[];
const abs = (f: string) => path.resolve(f);
const key = (fn: string, param: string) => `${fn}:${param}`;
const toText = (x: bigint | undefined) => (x === undefined ? null : `${x}`);
const fromText = (x: string | null) => (x === null ? undefined : BigInt(x));

/** An offered parameter, or one passing buffers on to offered ones (planForwarders.ts). */
type Offered = Node;

interface Buffer {
  readonly file: string;
  readonly caller: string;
  readonly name: string;
  /** The object as its parameters see it. */
  readonly levels: Extents;
  /** The offered parameters it is passed to, by key. */
  readonly users: readonly string[];
  /** A struct member: its definition's extents are edited (memberStorage.ts). */
  readonly member?: MemberStorage & MemberOfStruct;
}

export function planAcrossFiles(input: CrossFileInput): CrossFilePlan {
  const bufferKey = (file: string, caller: string, name: string) =>
    `${abs(file)}|${caller}|${name}`;
  const callerKey = (c: StorageOffer['callers'][number]) =>
    c.member ? memberKey(c.member) : bufferKey(c.file, c.caller.replace(/@.*$/, ''), c.buffer);
  const offered = withForwarders(offersByKey(input.offers), callerKey);
  const summaries = new Map(
    input.units.flatMap((u) => ('summary' in u ? [[abs(u.file), u.summary] as const] : [])),
  );
  const buffers = new Map<string, Buffer>();
  const kept: { file: string; fn: string; param: string; code: ReasonName; reason: string }[] = [];
  // (a member kept is said once per kernel, however many calls pass it)
  const noted = new Set<string>();
  for (const o of offered.values())
    for (const c of o.offer.callers) {
      const caller = c.caller.replace(/@.*$/, '');
      const k = callerKey(c);
      if (buffers.has(k) || noted.has(`${k}|${o.offer.fn}`)) continue;
      if (c.member) {
        const b = memberBuffer(c.member, offered, { ...input, summaries });
        noted.add(`${k}|${o.offer.fn}`);
        if ('why' in b)
          kept.push({
            ...{ file: o.file, fn: o.offer.fn, param: o.offer.param },
            code: 'member-storage-kept',
            reason: `the member '${c.member.member}' of struct ${c.member.tag} keeps its size: ${b.why}`,
          });
        else buffers.set(k, b);
        continue;
      }
      const s = summaries.get(abs(c.file));
      const b = s && input.written(c.file) ? bufferOf(s, caller, c.buffer, offered) : undefined;
      if (b) buffers.set(k, b);
    }
  const prototypes = new Map<string, Prototypes>();
  const sites = new PrototypeSites(summaries, input.read);
  for (const [k, o] of offered) {
    const p = prototypesOf(o, sites, input);
    prototypes.set(k, p);
    // Said only where a caller's buffer could have shrunk: the note says what stays.
    const could = o.offer.callers.some((c) => buffers.has(callerKey(c)));
    if ('code' in p && could)
      kept.push({ file: o.file, fn: o.offer.fn, param: o.offer.param, ...p });
  }
  const agreed = agreement(offered, buffers, prototypes);
  return planOf(agreed, buffers, offered, prototypes, kept, new Set(summaries.keys()));
}

/**
 * To a fixpoint: a parameter is retyped when its prototypes can be and all its inputs (its
 * callers' buffers, the parameters passing buffers on to it) agree; a buffer shrinks when
 * all its parameters are retyped, and a parameter passing on when all its targets are.
 */
function agreement(
  offered: ReadonlyMap<string, Offered>,
  buffers: Map<string, Buffer>,
  prototypes: ReadonlyMap<string, Prototypes>,
): Map<string, Extents> {
  const alive = new Set([...offered.keys()].filter((k) => !('code' in prototypes.get(k)!)));
  const agreed = new Map<string, Extents>();
  for (let changed = true; changed;) {
    changed = false;
    agreed.clear();
    const extentsOf = (k: string, depth = 0): Extents | undefined => {
      if (agreed.has(k)) return agreed.get(k);
      const o = offered.get(k);
      if (!o || !alive.has(k) || depth > offered.size) return undefined;
      const shapes = o.inputs.map((i) => {
        if ('param' in i) return extentsOf(i.param, depth + 1);
        const b = buffers.get(i.buffer);
        return b && shapeOf(b, offered);
      });
      const first = shapes[0];
      if (!first || !shapes.every((s) => s && s.every((v, j) => v === first[j]))) return;
      agreed.set(k, first);
      return first;
    };
    for (const k of [...alive])
      if (!extentsOf(k) || offered.get(k)!.targets?.some((t) => !alive.has(t)))
        changed = alive.delete(k) || changed;
    for (const [k, b] of buffers)
      if (b.users.some((u) => !alive.has(u))) changed = buffers.delete(k) || changed;
  }
  for (const k of [...agreed.keys()]) if (!alive.has(k)) agreed.delete(k);
  return agreed;
}

/** The offers by `fn:param`; a name offered twice (two definitions) by neither. */
function offersByKey(offers: CrossFileInput['offers']): Map<string, Omit<Offered, 'inputs'>> {
  const out = new Map<string, Omit<Offered, 'inputs'>>();
  const twice = new Set<string>();
  for (const { file, offer } of offers) {
    const k = key(offer.fn, offer.param);
    if (out.has(k) && out.get(k)!.file !== abs(file)) twice.add(k);
    out.set(k, {
      file: abs(file),
      offer,
      slots: offer.slots.map(fromText),
      levels: offer.levels.map(fromText),
    });
  }
  for (const k of twice) out.delete(k);
  return out;
}

/** The buffer `name` of `caller` in a unit, when its summary says it may shrink. */
function bufferOf(
  s: FileSummary,
  caller: string,
  name: string,
  offered: ReadonlyMap<string, Offered>,
): Buffer | undefined {
  const fc = s.functions.find(
    (f) => f.name === caller && abs(s.definedIn[caller] ?? '') === abs(s.file),
  );
  const b = fc?.buffers.find((x) => x.name === name);
  if (!fc || !b?.shape || (b.origin !== 'array' && b.origin !== 'heap')) return undefined;
  const users: string[] = [];
  const derefs = new Set<number>();
  for (const u of b.uses) {
    if (u.kind === 'inert' && !u.typeUsed) continue;
    if (b.origin === 'heap' && (u.kind === 'alloc' || u.kind === 'free')) continue;
    if (u.kind !== 'call-arg' || u.callee === undefined) return undefined;
    const o = [...offered.entries()].find(
      ([, x]) => x.offer.fn === u.callee && x.offer.index === u.argIndex,
    );
    // A function of the unit by that name is the one called: the offered one only when
    // the unit is its file (a caller in the kernel's own file).
    const mine = s.functions.some((f) => f.name === u.callee);
    if (!o || (mine && o[1].file !== abs(s.file))) return undefined;
    users.push(o[0]);
    derefs.add(u.derefs ?? 0);
  }
  const d = [...derefs][0];
  if (users.length === 0 || derefs.size !== 1 || d === undefined) return undefined;
  const levels = objectLevels(b.origin, b.shape.levels, d);
  const type = normalizedType(b.shape.elementType);
  const fits = (o: Offered) =>
    levels !== undefined &&
    o.levels.length === levels.length &&
    o.levels.slice(1).every((e, k) => e !== undefined && e === levels[k + 1]) &&
    o.offer.elementType === type;
  if (!levels || !users.every((u) => fits(offered.get(u)!))) return undefined;
  return { file: abs(s.file), caller, name, levels, users: [...new Set(users)] };
}

/** A struct member as a buffer of the parameters it is passed to, or why it keeps its size. */
function memberBuffer(
  m: MemberOfStruct,
  offered: ReadonlyMap<string, Offered>,
  input: Parameters<typeof memberStorage>[1],
): Buffer | { readonly why: string } {
  const storage = memberStorage(m, input);
  if ('why' in storage) return storage;
  // Passed on by a parameter (`ss_sort(..., sum)` -> `last_step_scan(bucket, sum)`): the
  // forwarder's other callees index the same cells, and only the offered parameters would
  // tell the size the member needs.
  const through = [...offered.values()]
    .flatMap((o) => o.offer.callers)
    .find((c) => c.member && memberKey(c.member) === memberKey(m) && (c.via?.length ?? 0) > 0);
  if (through)
    return {
      why: `it is passed on by ${through.via!.map((v) => `${v.fn.replace(/@.*$/, '')}()`).join(', ')}, whose other uses of it are not planned`,
    };
  const users = [...offered]
    .filter(([, o]) =>
      o.offer.callers.some((c) => c.member && memberKey(c.member) === memberKey(m)),
    )
    .map(([k]) => k);
  const misfit = users.find((u) => {
    const o = offered.get(u)!;
    return (
      o.levels.length !== storage.levels.length ||
      o.levels.slice(1).some((e, k) => e === undefined || e !== storage.levels[k + 1]) ||
      o.offer.elementType !== storage.elementType
    );
  });
  if (misfit)
    return {
      why: `its type is not that of ${misfit.replace(':', "()'s parameter '")}' (element type, rank or inner extents)`,
    };
  return {
    file: storage.file,
    caller: '',
    name: m.member,
    levels: storage.levels,
    users,
    member: { ...storage, ...m },
  };
}

/**
 * The object a buffer's parameters see: a local array of constant extents (a VLA is
 * shrunk only with the kernel's own reading), or a heap block of constant rows (`*p`: the
 * pointee; `p`: rows of it).
 */
function objectLevels(
  origin: 'array' | 'heap',
  levels: BufferShape['levels'],
  derefs: number,
): Extents | undefined {
  const constant = (xs: readonly unknown[]): xs is bigint[] =>
    xs.every((x) => typeof x === 'bigint');
  if (origin === 'array') return derefs === 0 && constant(levels) ? levels : undefined;
  const pointee = levels.slice(1);
  if (levels[0] !== 'pointer' || !constant(pointee) || derefs > 1) return undefined;
  return derefs === 1 ? pointee : [undefined, ...pointee];
}

/** Per dimension, the most slots any of its parameters uses, at most its extent. */
function shapeOf(b: Buffer, offered: ReadonlyMap<string, Offered>): Extents {
  return b.levels.map((extent, dim) => {
    let need: bigint | undefined = 1n;
    for (const u of b.users) {
      const n = offered.get(u)!.slots[dim];
      need = n === undefined || need === undefined ? undefined : n > need ? n : need;
    }
    if (need === undefined) return extent;
    return extent !== undefined && extent < need ? extent : need;
  });
}

/** Where the prototypes of an offered parameter are spelled, or why they cannot be retyped. */
type Prototypes =
  | { readonly sites: readonly { readonly file: string; readonly sizes: readonly Sized[] }[] }
  | { readonly code: ReasonName; readonly reason: string };

interface Sized {
  readonly start?: number;
  readonly end?: number;
}

function prototypesOf(o: Offered, where: PrototypeSites, input: CrossFileInput): Prototypes {
  const { fn, param, index } = o.offer;
  const rank = o.levels.length;
  // Every file of the set that spells the name (a block-scope prototype is in no summary's
  // declarations) and every header a unit declares the function in.
  const seen = where.sitesOf(fn);
  const no = (code: ReasonName, why: string): Prototypes => ({
    code,
    reason: `its callers' buffers in other files keep their size: ${why}, so ${fn}() keeps the type of '${param}'`,
  });
  const sites: { file: string; sizes: Sized[] }[] = [];
  const spellings = new Set<string>();
  for (const [file, lines] of [...seen].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const unit = where.isUnit(file);
    const text = input.read(file);
    const written = text === undefined ? [] : writtenPrototypes(text, fn);
    // A branch the build does not read may declare it through a macro (`DECLARE(fn);`):
    // that declaration would keep the old type where it is compiled.
    const otherwise = text === undefined ? undefined : spelledOtherwise(text, fn);
    if (otherwise !== undefined)
      return no(
        'prototype-not-retypable',
        `${input.shown(file)}:${otherwise} spells ${fn} other than as a name called or declared (a macro's argument, in a branch the build may not read)`,
      );
    // (a unit that does not declare it has nothing to retype)
    if (lines.size === 0 && written.length === 0) continue;
    const outside = unit
      ? input.written(file)
        ? undefined
        : `${input.shown(file)} is in the set but not among the files written`
      : input.headerOutside(file);
    if (outside) return no('prototype-outside-set', `a prototype of ${fn}() is in ${outside}`);
    const named = input.shown(file);
    if (text === undefined) return no('prototype-outside-set', `${named} cannot be read`);
    const inBody = written.find((w) => w.inBody);
    if (inBody)
      return no(
        'prototype-not-retypable',
        `${named}:${inBody.line} declares ${fn}() inside a function's body`,
      );
    const missing = [...lines].find((l) => !written.some((w) => w.line === l));
    if (missing !== undefined)
      return no(
        'prototype-not-retypable',
        `the declaration of ${fn}() at ${named}:${missing} is not spelled in the file (a macro spells it)`,
      );
    for (const w of written) {
      const sizes = w.sizes[index];
      if (!sizes || sizes.length !== rank || sizes.slice(1).some((x) => !x.range))
        return no(
          'prototype-not-retypable',
          `the prototype of ${fn}() at ${named}:${w.line} does not declare '${param}' as a plain array with its sizes spelled in the file`,
        );
      spellings.add(w.spelled[index] ?? '');
      sites.push({
        file,
        sizes: sizes!.map((x) => (x.range ? { start: x.range.start, end: x.range.end } : {})),
      });
    }
  }
  if (spellings.size > 1)
    return no(
      'prototype-not-retypable',
      `its prototypes declare '${param}' differently (${[...spellings].map((x) => `'${x}'`).join(', ')}: two configurations, or a mismatch)`,
    );
  return { sites };
}

/**
 * The agreed edits in groups (planGroups.ts): a parameter, the buffers passed to it and its
 * prototypes, joined through buffers passed to several parameters; and each file's notes.
 */
function planOf(
  agreed: ReadonlyMap<string, Extents>,
  buffers: ReadonlyMap<string, Buffer>,
  offered: ReadonlyMap<string, Offered>,
  prototypes: ReadonlyMap<string, Prototypes>,
  kept: readonly { file: string; fn: string; param: string; code: ReasonName; reason: string }[],
  units: ReadonlySet<string>,
): CrossFilePlan {
  const links = new Map([...buffers].map(([k, b]) => [k, b.users]));
  // (a parameter passing on is one group with its targets)
  for (const k of agreed.keys()) {
    const targets = offered.get(k)!.targets;
    if (targets) links.set(`passes|${k}`, [k, ...targets]);
  }
  const groups = connected([...agreed.keys()], links).map((g) =>
    groupOf(g, agreed, buffers, offered, prototypes, units),
  );
  const notes = new Map<string, CrossFileStorage['kept'][number][]>();
  for (const { file, ...k } of kept) (notes.get(file) ?? notes.set(file, []).get(file)!).push(k);
  return { groups, kept: notes };
}

function groupOf(
  g: { readonly parameters: readonly string[]; readonly buffers: readonly string[] },
  agreed: ReadonlyMap<string, Extents>,
  buffers: ReadonlyMap<string, Buffer>,
  offered: ReadonlyMap<string, Offered>,
  prototypes: ReadonlyMap<string, Prototypes>,
  units: ReadonlySet<string>,
): PlanGroup {
  const files = new Map<string, { -readonly [K in keyof Part]: Part[K][number][] }>();
  const part = (f: string) =>
    files.get(f) ??
    files.set(f, { parameters: [], forwarders: [], buffers: [], prototypes: [] }).get(f)!;
  const expected: Expected[] = [];
  const headers = new Map<string, Edit[]>();
  const members = membersShrunk(g, buffers, offered);
  for (const k of g.parameters) {
    const extents = agreed.get(k)!;
    const o = offered.get(k)!;
    const retyped = { fn: o.offer.fn, param: o.offer.param, extents: extents.map(toText) };
    const passesTo = o.targets?.map((t) => foreignParameter(offered.get(t)!));
    if (passesTo) part(o.file).forwarders.push({ ...retyped, passesTo });
    else {
      const shrunk = members.get(k);
      part(o.file).parameters.push({ ...retyped, ...(shrunk ? { members: shrunk } : {}) });
    }
    expected.push({
      file: o.file,
      fn: o.offer.fn,
      name: o.offer.param,
      ...(passesTo ? { forwarder: true as const } : {}),
    });
    const p = prototypes.get(k)!;
    if ('code' in p) continue;
    for (const site of p.sites)
      for (const [level, s] of site.sizes.entries())
        if (s.start !== undefined && extents[level] !== o.levels[level]) {
          const edit = { start: s.start, end: s.end!, text: `${extents[level]}` };
          if (units.has(site.file)) part(site.file).prototypes.push(edit);
          else (headers.get(site.file) ?? headers.set(site.file, []).get(site.file)!).push(edit);
        }
  }
  for (const k of g.buffers) {
    const b = buffers.get(k);
    if (!b) continue; // (a link of a parameter passing on to its targets)
    const extents = shapeOf(b, offered);
    if (b.member) {
      // (its definition's text: no analysis writes the header, the edits are the set's)
      const edits = headers.get(b.file) ?? headers.set(b.file, []).get(b.file)!;
      for (const [level, s] of b.member.sizes.entries())
        if (extents[level] !== b.levels[level]) edits.push({ ...s, text: `${extents[level]}` });
      continue;
    }
    part(b.file).buffers.push({
      caller: b.caller,
      buffer: b.name,
      extents: extents.map(toText),
      carriesFor: b.users.map((u) => foreignParameter(offered.get(u)!)),
    });
    expected.push({ file: b.file, fn: b.caller, name: b.name });
  }
  return { files, headers, expected };
}

/**
 * The members a group shrinks, by the parameter whose entry counts each (once, however
 * many parameters it carries values for: the first that does not pass it on), with their
 * cells per struct object before and after.
 */
function membersShrunk(
  g: { readonly parameters: readonly string[]; readonly buffers: readonly string[] },
  buffers: ReadonlyMap<string, Buffer>,
  offered: ReadonlyMap<string, Offered>,
): Map<string, MemberShrunk[]> {
  const out = new Map<string, MemberShrunk[]>();
  const cells = (xs: Extents) => xs.reduce<bigint>((a, x) => a * x!, 1n);
  for (const k of g.buffers) {
    const b = buffers.get(k);
    const m = b?.member;
    const on = b?.users.find((u) => g.parameters.includes(u) && !offered.get(u)!.targets);
    if (!b || !m || on === undefined) continue;
    // (a member's extents are all constants, and so are its new ones: shapeOf keeps them)
    const before = cells(b.levels);
    const after = cells(shapeOf(b, offered));
    if (after === before) continue;
    const shrunk = { tag: m.tag, member: m.member, before: `${before}`, after: `${after}` };
    (out.get(on) ?? out.set(on, []).get(on)!).push(shrunk);
  }
  return out;
}

function foreignParameter(o: Offered): ForeignParameter {
  return {
    fn: o.offer.fn,
    param: o.offer.param,
    index: o.offer.index,
    elementType: o.offer.elementType,
    levels: o.offer.levels,
  };
}

/**
 * The line of the first spelling of `fn` in `text`, outside comments, that is not followed by
 * `(` (a call, a prototype, the definition), in any branch of its conditionals (a string
 * that spells it counts too: only keeps).
 */
function spelledOtherwise(text: string, fn: string): number | undefined {
  // (blanking keeps every other character: a text without the name has no spelling of it)
  if (!text.includes(fn)) return undefined;
  // (comments and the file names of `#include` lines are blanked, their lines kept)
  const bare = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|^[ \t]*#[ \t]*include[^\n]*/gm, (c) =>
    c.replace(/[^\n]/g, ' '),
  );
  const escaped = fn.replace(/[$]/g, '\\$');
  const m = new RegExp(`(?<![\\w$])${escaped}(?![\\w$])(?!\\s*\\()`).exec(bare);
  return m ? bare.slice(0, m.index).split('\n').length : undefined;
}
