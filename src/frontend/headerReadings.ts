/**
 * What a unit's headers may define in another build (configurationDependence.ts asks): the
 * names a header `#define`s or `#undef`s under a conditional directive, what headers included
 * under one define, and the headers no lookup finds. Each header is read once per call and
 * include folders, whichever file of its unit asks.
 */
import path from 'node:path';
import { groupReader } from './constantConditionals.js';
import { codeOnly } from '../model/identifiers.js';
import type { MacroEvent } from './preprocess.js';
import { findHeader, systemHeaderFile, type IncludeSearch } from './includeSearch.js';
import { CallSlot } from '../context/callContext.js';
import { inSystemFolder } from './systemFolders.js';

/** What the headers' findings read of the asking file (configurationDependence's FileText). */
export interface FileText {
  /** The file's text as written. */
  readonly raw: string;
  /** The header the function is defined in, as the compiler names it (absent: the unit's). */
  readonly header?: string;
  /** The text of a header named as the preprocessor names it, or undefined. */
  readonly read: (file: string) => string | undefined;
  /** The user headers the unit read, named as the preprocessor names them. */
  readonly headers?: readonly string[];
  /** The file's absolute path, and the compiler's folder (headers' relative names resolve from it). */
  readonly file?: string;
  readonly cwd?: string;
  /** The unit's include folders (includeSearch.ts; absent: none but the includer's). */
  readonly search?: IncludeSearch;
}
import { type Include, includesOf, textFacts } from './headerTextFacts.js';

/**
 * What the headers may define otherwise, in the order they are asked: the names that a
 * header's `#define` or `#undef` in a branch a build may take otherwise touches (the
 * skipped ones are in no event), with why; and a header no lookup finds, which may define
 * any name. Adversary 2026-11-28c: main.c's `#define SHOWN in` redefined as `t` by a header
 * under `#ifdef VERBOSE`, so a -DVERBOSE build read main's buffer after the call into
 * another file's kernel folded in place. The file's own conditional includes come first,
 * then the unit's headers in their order, less the file's own header (`skip`).
 */
export interface HeaderFindings {
  readonly own: SkippedHeaders;
  readonly unit: UnitHeaders;
  readonly skip?: string;
}

/** The findings of a unit's headers, by name, each with its header (absolute). */
interface UnitHeaders {
  /** Per name, the findings that touch it, in the headers' order (`at`). */
  readonly byName: ReadonlyMap<string, readonly HeaderFinding[]>;
  /** The headers with an include no lookup follows, in their order, with why. */
  readonly unknown: readonly { readonly header: string; readonly why: string }[];
}

interface HeaderFinding {
  readonly at: number;
  /** The reason's text after the name. */
  readonly why: string;
  readonly header: string;
}

export function headerFindings(t: FileText, unitRead: FileText['read']): HeaderFindings {
  const absolute = (f: string) => path.resolve(t.cwd ?? '.', f);
  const own = absolute(t.header ?? t.file ?? '.');
  return {
    // (a header's own, as every unit that reads the header finds it: once per run)
    own:
      t.header === undefined
        ? ownSkipped(own, t.raw, t.read, t.search)
        : headerReading(own, t.raw, t.read, t.search).skipped,
    unit: unitHeaders(t, unitRead),
    // The function's own header is `raw`, read above up to its last line: support.h's
    // `#undef LAG1` after prng_rand() does not reach it.
    ...(t.header !== undefined ? { skip: own } : {}),
  };
}

/**
 * The unit's headers' findings, made once per unit (by its `read` and its list of headers)
 * for all its files: each file of a unity build of n files went through the n headers'
 * findings again (issue 27 item 3).
 */
const unitHeaderIndexes = new CallSlot(
  () => new WeakMap<FileText['read'], WeakMap<readonly string[], Map<string, UnitHeaders>>>(),
);

function unitHeaders(t: FileText, unitRead: FileText['read']): UnitHeaders {
  const headers = t.headers ?? NO_HEADERS;
  const key = `${t.cwd ?? '.'}\0${searchKey(t.search ?? NO_FOLDERS)}`;
  const kept = unitHeaderIndexes.current();
  let byHeaders = kept?.get(unitRead);
  if (kept && !byHeaders) kept.set(unitRead, (byHeaders = new WeakMap()));
  let byKey = byHeaders?.get(headers);
  if (byHeaders && !byKey) byHeaders.set(headers, (byKey = new Map()));
  const hit = byKey?.get(key);
  if (hit) return hit;
  const made = unitHeaderIndex(t, headers);
  byKey?.set(key, made);
  return made;
}

/**
 * What a unit's headers give every question (`headerFindings`' unit part) as a key: the
 * readings of one host's files, whose lists of headers differ (each leaves out its own
 * file), mostly find the same (configurationDependence.ts includedDependence, issue 27).
 */
export function unitFindingsKey(t: FileText, unitRead: FileText['read']): string {
  const { byName, unknown } = unitHeaders(t, unitRead);
  return JSON.stringify([t.cwd ?? '.', searchKey(t.search ?? NO_FOLDERS), [...byName], unknown]);
}

function unitHeaderIndex(t: FileText, headers: readonly string[]): UnitHeaders {
  const absolute = (f: string) => path.resolve(t.cwd ?? '.', f);
  const byName = new Map<string, HeaderFinding[]>();
  const unknown: { header: string; why: string }[] = [];
  let at = 0;
  const add = (name: string, why: string, header: string) => {
    let list = byName.get(name);
    if (!list) byName.set(name, (list = []));
    list.push({ at: at++, why, header });
  };
  for (const h of headers) {
    const text = t.read(h);
    if (text === undefined) continue; // (its events were read above)
    const file = absolute(h);
    const reading = headerReading(file, text, t.read, t.search);
    for (const [n, d] of reading.conditional) add(n, `, which ${h} ${d}`, file);
    for (const [n, d] of reading.skipped.names) add(n, `: ${d}`, file);
    // (an include of a header in the machine's own folders that no folder holds is another
    // platform's: gnu/stubs.h's <gnu/stubs-32.h> without gcc-multilib, which no macro event
    // marks as the system's)
    if (reading.skipped.unknown !== undefined && !inSystemFolder(file))
      unknown.push({ header: file, why: reading.skipped.unknown });
  }
  return { byName, unknown };
}

const NO_HEADERS: readonly string[] = [];

/** What a header's text says, whichever file of its unit asks (headerReading). */
interface HeaderReading {
  readonly text: string;
  readonly conditional: ReadonlyMap<string, string>;
  readonly skipped: SkippedHeaders;
}

const headerReadings = new CallSlot(() => new Map<string, Map<string, HeaderReading>>());

/**
 * The search folders as a key: the units of one run that search the same folders share
 * their headers' readings (every small CMSIS-DSP file read arm_math.h's headers again).
 */
function searchKey(s: IncludeSearch): string {
  const kept = searchKeys.current();
  const hit = kept?.get(s);
  if (hit !== undefined) return hit;
  const key = JSON.stringify([s.quote, s.user, s.system]);
  kept?.set(s, key);
  return key;
}

/** Each search's key once per call (asked for each header of each file of a unity build). */
const searchKeys = new CallSlot(() => new WeakMap<IncludeSearch, string>());

/**
 * A header's conditional directives and what it includes under one, read once per call and
 * include folders for every file that asks: a unity build's files are each other's headers,
 * and each file's reading read them all again (CMSIS-DSP's FilteringFunctions.c, which
 * includes 118 files: 81 s for one of them given alone, read through its includer).
 */
export function headerReading(
  file: string,
  text: string,
  read: (file: string) => string | undefined,
  search: IncludeSearch = NO_FOLDERS,
): HeaderReading {
  const bySearch = headerReadings.current();
  const folders = searchKey(search);
  let known = bySearch?.get(folders);
  if (bySearch && !known) bySearch.set(folders, (known = new Map()));
  const hit = known?.get(file);
  if (hit && hit.text === text) return hit;
  const reading = {
    text,
    conditional: conditionalDirectives(text),
    skipped: skippedHeaderDirectives(text, file, read, search),
  };
  known?.set(file, reading);
  return reading;
}

/**
 * What the headers a file includes under a conditional directive define (`headerFindings`'
 * own), once per call, include folders and file: the files a unity build's host includes
 * are each other's, and each file read inside the host asked for all the others' again.
 */
const ownSkippedOf = new CallSlot(() => new Map<string, { text: string; s: SkippedHeaders }>());

function ownSkipped(
  file: string,
  text: string,
  read: (file: string) => string | undefined,
  search: IncludeSearch = NO_FOLDERS,
): SkippedHeaders {
  const kept = ownSkippedOf.current();
  const key = `${searchKey(search)}\0${file}`;
  const hit = kept?.get(key);
  if (hit && hit.text === text) return hit.s;
  const s = skippedHeaderDirectives(text, file, read, search);
  kept?.set(key, { text, s });
  return s;
}

/** The first of the headers' findings that touches a name the function spells. */
export function headerDirective(
  spelled: ReadonlySet<string>,
  h: HeaderFindings,
): string | undefined {
  for (const [name, d] of h.own.names)
    if (spelled.has(name)) return `it spells macro ${name}: ${d}`;
  let first: (HeaderFinding & { name: string }) | undefined;
  for (const name of spelled) {
    const e = h.unit.byName.get(name)?.find((x) => x.header !== h.skip);
    if (e && (!first || e.at < first.at)) first = { ...e, name };
  }
  if (first) return `it spells macro ${first.name}${first.why}`;
  // A header no lookup finds may define any name the function spells (`#define in t`).
  const unknown = h.own.unknown ?? h.unit.unknown.find((u) => u.header !== h.skip)?.why;
  return unknown && `${unknown}: what it defines is not known`;
}

/**
 * The names a text `#undef`s or `#define`s under a conditional directive other than an
 * include guard (in any branch), with the first such directive said in words.
 */
function conditionalDirectives(text: string): Map<string, string> {
  const code = codeOnly(text);
  const meeting = groupReader(text);
  const out = new Map<string, string>();
  for (const m of code.matchAll(
    /^[ \t]*(?:#|%:|\?\?=)[ \t]*(define|undef)[ \t]+([A-Za-z_]\w*)/gm,
  )) {
    if (out.has(m[2]!)) continue;
    const line = code.slice(0, m.index).split('\n').length;
    if (m[1] === 'undef' || meeting(line, line, m[2]) !== undefined)
      out.set(
        m[2]!,
        `${m[1] === 'undef' ? 'undefines' : 'defines under a conditional directive'} (line ${line})`,
      );
  }
  return out;
}

/** What headers included under a conditional directive define, as far as they are found. */
export interface SkippedHeaders {
  /** The names they `#define` or `#undef`, with where. */
  readonly names: Map<string, string>;
  /**
   * Such an include no lookup can follow (its name a macro, `#include_next`, a header found
   * in no folder the compiler searches, or not readable), said in words: what a build taking
   * that branch defines is not known.
   */
  readonly unknown?: string;
  /**
   * Every such include, in words, with the conditional include of the text read that leads
   * to it (`under`: a build reads it only where that include's conditions hold,
   * unreadIncludes.ts guards them); absent `under`, no condition keeps it out of a build.
   */
  readonly unknowns?: readonly UnreadInclude[];
  /**
   * The names the unit's user text may `#define` or `#undef` in any build, as far as it is
   * read (headerDirectives fills it): a condition on another name reads at the main file's
   * first line as at any directive of the unit.
   */
  readonly touched?: ReadonlySet<string>;
  /**
   * A system header is included under a conditional directive: another build may read one
   * this build did not, and what it defines (`__GLIBC__`) is in no event here.
   */
  readonly systemUnder?: boolean;
  /**
   * The system headers so included, as files (absolute), when each is found again:
   * headerDirectives reads what they and their own includes may define, when an unread
   * include asks.
   */
  readonly systemFiles?: readonly string[];
  /**
   * headerDirectives: the read user headers that define or undefine each name under a
   * conditional directive (conditionalDefinitions.ts pins their branches), the names a
   * header included under one touches (no pin can keep such a header out), and what a
   * guard at the main file's first line may not read, computed when first asked for.
   */
  readonly conditionalIn?: ReadonlyMap<string, readonly HeaderText[]>;
  readonly viaSkipped?: ReadonlySet<string>;
  readonly firstLine?: () => {
    readonly touched: ReadonlySet<string>;
    /** The names the system headers the unit reads touch, in any branch (a part of `touched`). */
    readonly systemTouched: ReadonlySet<string>;
    readonly systemUnder: boolean;
  };
}

/** A user header the unit reads, with its text as on disk. */
export interface HeaderText {
  readonly file: string;
  readonly text: string;
}

/** An include no lookup follows, and the conditional include of a text it is read through. */
export interface UnreadInclude {
  readonly why: string;
  readonly under?: { readonly file: string; readonly text: string; readonly line: number };
}

/**
 * The names that headers included under a conditional directive (not an include guard) of
 * `text` define or undefine, with where: a build taking that branch reads them, this one
 * did not (adversary 2026-11-28c: `#ifdef VERBOSE` / `#include "verbose.h"`, which redefines
 * SHOWN). Each is looked up as the compiler does with the unit's folders (includeSearch.ts:
 * `#include <verbose.h>` found through -I was not read, and a -DVERBOSE build miscompiled),
 * and followed through all its own includes; a system header is not the user's.
 */
export function skippedHeaderDirectives(
  text: string,
  file: string,
  read: (file: string) => string | undefined,
  search: IncludeSearch = NO_FOLDERS,
): SkippedHeaders {
  const names = new Map<string, string>();
  const unknowns: UnreadInclude[] = [];
  let systemUnder = false;
  const systemFiles = new Set<string>();
  type Under = UnreadInclude['under'];
  const unread = (why: string, under: Under) => unknowns.push({ why, ...(under ? { under } : {}) });
  // The headers followed from each conditional include: one reached from two of them is
  // read under either's conditions, and so is what it includes that no lookup follows.
  const seenFrom = new Map<Under, Set<string>>();
  const visit = (h: string, under: Under) => {
    let seen = seenFrom.get(under);
    if (!seen) seenFrom.set(under, (seen = new Set()));
    if (seen.has(h)) return;
    // (what the headers past this many define is not read: as if not found)
    if (seen.size > 64)
      return unread(
        `${h}, included under a conditional directive past 64 headers, is not read`,
        undefined,
      );
    seen.add(h);
    const t = read(h);
    if (t === undefined) {
      unread(`${h}, included under a conditional directive, is not read`, under);
      return;
    }
    const facts = textFacts(h, t);
    for (const [name, kind] of facts.definitions)
      if (!names.has(name))
        names.set(name, `${h}, included under a conditional directive, ${kind}s it`);
    // (every line of it is skipped: all its includes are a build's that takes the branch)
    for (const n of facts.includes) follow(n, h, under);
  };
  const follow = (n: Include, includer: string, under: Under) => {
    const where = `${includer} (line ${n.line}) includes ${n.spelled} under a conditional directive`;
    if (n.name === undefined || n.next) {
      unread(`${where}, whose header no lookup here can name`, under);
      return;
    }
    const found = findHeader(n.name, n.quoted, includer, search);
    if (found === 'unknown') unread(`${where}, found in no folder the compiler searches`, under);
    else if (found === 'system') {
      systemUnder = true;
      const f = systemHeaderFile(n.name, n.quoted, false, includer, search);
      // (one not found again: what they define is not read, the list is left out)
      systemFiles.add(f ?? '');
    } else visit(found.user, under);
  };
  const meeting = groupReader(text);
  for (const n of includesOf(text))
    if (meeting(n.line, n.line) !== undefined) follow(n, file, { file, text, line: n.line });
    else if (n.name === undefined)
      // (adversary 2026-11-28d: `#include CFG_H`, read here as plain.h, is quiet.h in a
      // -DCFG_H='"quiet.h"' build, which undefines what the function spells)
      unread(
        `${file} (line ${n.line}) includes ${n.spelled}, a header another build may name otherwise`,
        undefined,
      );
  const system = !systemUnder
    ? {}
    : systemFiles.has('')
      ? { systemUnder }
      : { systemUnder, systemFiles: [...systemFiles] };
  return unknowns.length === 0
    ? { names, ...system }
    : { names, unknown: unknowns[0]!.why, unknowns, ...system };
}

const NO_FOLDERS: IncludeSearch = { quote: [], user: [], system: [] };

/**
 * The headers a unit read that are not the system's (a header whose every line this build
 * skipped still counts: its other branches may redefine what the function spells).
 */
export function userHeaders(tu: UnitLines): readonly string[] {
  const kept = userHeadersOf.current();
  const hit = kept?.get(tu.lines);
  if (hit && hit.macros === tu.macros && hit.mainName === tu.mainName) return hit.headers;
  const system = new Set(tu.macros.filter((m) => m.system).map((m) => m.file));
  const files = new Set<string>();
  let last: string | undefined;
  // (a line's file is mostly the previous line's: the set takes each run once)
  for (const l of tu.lines) if (!l.main && l.file !== last) files.add((last = l.file));
  const headers = [...files].filter(
    (f) => f !== tu.mainName && f !== '' && !system.has(f) && !/^<.*>$/.test(f),
  );
  kept?.set(tu.lines, { macros: tu.macros, mainName: tu.mainName, headers });
  return headers;
}

/** What `userHeaders` reads of a unit. */
interface UnitLines {
  readonly lines: readonly { readonly file: string; readonly main: boolean }[];
  readonly macros: readonly MacroEvent[];
  readonly mainName: string;
}

/**
 * Each unit's user headers, once per call and unit (its lines): its configuration guards
 * and the dependence of its other files' functions both ask (issue 27: a unity build's
 * unit names all its n files).
 */
const userHeadersOf = new CallSlot(
  () =>
    new WeakMap<
      UnitLines['lines'],
      { macros: UnitLines['macros']; mainName: string; headers: readonly string[] }
    >(),
);
