/**
 * The names a unit spells only in builds that decide one of its conditionals otherwise
 * (adversary 2026-11-29d): inside a conditional group a build may decide otherwise, in its
 * file or a user header it reads, and anywhere in a user header such a group includes (a
 * header this build never read, `#ifdef HOOK` / `#include "hook.h"` through `-I ../inc`,
 * which takes a pointer to another file's kernel). Another build may call those functions or
 * take their addresses there, so the set keeps their parameters (fileSet.ts, BC1136).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { groupReader, namesInDependentGroups, type UnitTexts } from './constantConditionals.js';
import { includesOf } from './headerTextFacts.js';
import { findHeader, type IncludeSearch } from './includeSearch.js';
import { codeOnly } from '../model/identifiers.js';
import { macroBodyNames, PASTED, pastingMacros } from './groupSpellings.js';
import type { MacroEvent } from './preprocess.js';
import { nameRecord } from '../poly/nameRecord.js';

/**
 * The key of a spelling that may be any name: a header such a group includes that no lookup
 * reads, or tokens pasted there.
 */
export const UNREAD_SPELLINGS = '#unread';

/** More headers than this, followed from such groups, are not read (recorded as unread). */
const HEADERS = 64;

/**
 * Per name, the first place (`file:line`) it is so spelled; `UNREAD_SPELLINGS` when a header
 * such a group includes cannot be read (any name). Undefined when there is none.
 */
export function dependentSpellings(
  file: string,
  raw: string,
  headers: readonly { file: string; text: string | undefined }[],
  unit: UnitTexts | undefined,
  cwd: string | undefined,
  search: IncludeSearch | undefined,
  options: {
    /**
     * The unit's own reading (configured.ts, unitDisk.ts): the names of the file's own groups
     * are left out (a function they spell gets their guard, the groups repeated after it),
     * and so are the headers no lookup finds (unreadIncludes.ts stops every build reading
     * one at the first line, or refuses the unit); its headers' groups, and the headers a
     * group includes that a lookup finds, no line of the file can repeat.
     */
    readonly own?: boolean;
    /** This build's macro events (a macro the command line defines, spelled in a group). */
    readonly macros?: readonly MacroEvent[];
  } = {},
): Record<string, string> | undefined {
  const own = options.own === true;
  const out = nameRecord<string>();
  let any = false;
  const add = (name: string, where: string) => {
    if (name in out) return;
    out[name] = where;
    any = true;
  };
  // (a header named as the compiler's folder sees it, as the unit's file is)
  const named = (f: string) => (f === file ? file : path.relative(cwd ?? '.', f));
  const followed = new Set<string>();
  const follow = (name: string | undefined, quoted: boolean, includer: string, at: string) => {
    const found =
      name === undefined
        ? 'unknown'
        : findHeader(name, quoted, includer, search ?? { quote: [], user: [], system: [] });
    if (found === 'system') return;
    const user = found === 'unknown' || followed.size >= HEADERS ? undefined : found.user;
    const text = user === undefined ? undefined : read(user);
    if (user === undefined || text === undefined)
      return own && found === 'unknown'
        ? undefined
        : add(UNREAD_SPELLINGS, `${at} includes a header no lookup reads`);
    if (followed.has(user)) return;
    followed.add(user);
    const where = `${at} (through ${named(user)})`;
    for (const m of codeOnly(text, true).matchAll(/[A-Za-z_]\w*/g)) add(m[0], where);
    // (tokens it pastes may spell any name: `NAME(ke, rn)` is kern)
    if (/##|%:%:/.test(codeOnly(text))) add(UNREAD_SPELLINGS, `${where} pastes tokens (##)`);
    // (every branch of it: the build that reads it decides them)
    for (const n of includesOf(text)) follow(n.next ? undefined : n.name, n.quoted, user, at);
  };
  const texts = [{ file, text: raw }, ...headers];
  // (a macro of any of them that pastes tokens may spell any name where it is used)
  const pasting = new Set(texts.flatMap((t) => (t.text ? [...pastingMacros(t.text)] : [])));
  // (and one defined outside the groups spells there what its body does: `CALLK(u)`)
  const bodies = macroBodyNames(
    texts.flatMap((t) => (t.text === undefined ? [] : [t.text])),
    (options.macros ?? []).filter((m) => !m.system),
  );
  for (const t of texts) {
    if (t.text === undefined) continue;
    const names =
      !own || t.file !== file ? namesInDependentGroups(t.text, unit, pasting, bodies) : [];
    for (const [name, line] of names)
      if (name === PASTED) add(UNREAD_SPELLINGS, `${named(t.file)}:${line} pastes tokens (##)`);
      else add(name, `${named(t.file)}:${line}`);
    const meeting = groupReader(t.text, unit);
    const includer = path.resolve(cwd ?? '.', t.file);
    for (const n of includesOf(t.text))
      if (meeting(n.line, n.line) !== undefined)
        follow(n.next ? undefined : n.name, n.quoted, includer, `${named(t.file)}:${n.line}`);
  }
  return any ? out : undefined;
}

/** Where a unit's `dependentSpellings` (`at`) spell `name`, in words, or undefined. */
export function anotherBuilds(
  at: Readonly<Record<string, string>> | undefined,
  name: string,
): string | undefined {
  if (at && Object.hasOwn(at, name)) return `${at[name]} spells ${name}`;
  if (at && Object.hasOwn(at, UNREAD_SPELLINGS))
    return `${at[UNREAD_SPELLINGS]}, which may spell ${name}`;
  return undefined;
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
