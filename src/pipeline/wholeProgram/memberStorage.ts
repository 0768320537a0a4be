/**
 * A struct member as the storage of a kernel's parameter folded in place (issue 27:
 * MachSuite's `needwun(..., args->M, ...)`): the member passes every rule of
 * structMembers.ts (nothing but the kernel's parameter touches its cells in the whole
 * program), so, like a caller's local array, it may be declared with the slots the kernel
 * uses. Its storage is the struct definition's: the extents spelled there are rewritten,
 * which changes the struct's size and the offsets after the member, harmless since no code
 * of the set sees them (the rules: no copy, no bytes read, `sizeof` only in allocations).
 *
 * The member shrinks when its definition is one, in a header of the set's folders that no
 * file outside the set includes (a unit's own text is its analysis's to write), and the
 * member is an array of constant extents, declared alone, with the parameter's rank, inner
 * extents and element type, its name and brackets spelled on the line the compiler reads it
 * from (not by a macro). Otherwise it keeps its size and the kernel stays folded in place
 * (member-storage-kept).
 */
import path from 'node:path';
import type { FileSummary } from '../../frontend/program.js';
import type { MemberOfStruct } from '../../model/program.js';
import { normalizedType } from '../../model/calls.js';

type Extents = readonly (bigint | undefined)[];

/** What the plan needs of a member: its header, its extents and their spellings there. */
export interface MemberStorage {
  readonly file: string;
  readonly levels: Extents;
  readonly elementType: string;
  /** Each extent's text in the header, outermost first (offsets in the file as written). */
  readonly sizes: readonly { readonly start: number; readonly end: number }[];
}

export interface MemberInput {
  readonly summaries: ReadonlyMap<string, FileSummary>;
  /** A file's text as written, or undefined. */
  readonly read: (file: string) => string | undefined;
  /** Why a header may not be edited by the set, or undefined. */
  readonly headerOutside: (file: string) => string | undefined;
  readonly shown: (file: string) => string;
}

export const memberKey = (m: MemberOfStruct) => `member|${m.tag}|${m.member}`;

/** The member's storage, or why it keeps its size. */
export function memberStorage(
  m: MemberOfStruct,
  input: MemberInput,
): MemberStorage | { readonly why: string } {
  const what = `the member '${m.member}' of struct ${m.tag}`;
  const defs = [...input.summaries.values()].flatMap(
    (s) => s.structs?.definitions.filter((d) => d.tag === m.tag) ?? [],
  );
  const places = new Set(defs.map((d) => `${path.resolve(d.where.in)}:${d.where.loc.line}`));
  if (places.size !== 1) return { why: `struct ${m.tag} is defined in ${places.size} places` };
  const member = defs[0]!.members.find((x) => x.name === m.member);
  const values = member?.values;
  if (!member?.where || !values || !member.elementType || values.some((v) => v === null))
    return { why: `${what} is not an array of constant extents` };
  const file = path.resolve(member.where.in);
  if (input.summaries.has(file))
    return { why: `struct ${m.tag} is defined in ${input.shown(file)}, a file of the set` };
  const outside = input.headerOutside(file);
  if (outside) return { why: `struct ${m.tag} is defined in ${outside}` };
  const text = input.read(file);
  const sizes = text === undefined ? undefined : spelledSizes(text, member.where.loc, m.member);
  if (!sizes || sizes.length !== values.length)
    return {
      why: `${input.shown(file)}:${member.where.loc.line} does not spell ${what} with its extents (a macro spells it)`,
    };
  return {
    file,
    levels: values.map((v) => BigInt(v!)),
    elementType: normalizedType(member.elementType),
    sizes,
  };
}

/**
 * The ranges of the extents of `name[...]...` at `loc` (1-based line and column of the name)
 * in the file as written, or undefined when the name is not spelled there.
 */
function spelledSizes(
  text: string,
  loc: { readonly line: number; readonly column: number },
  name: string,
): { start: number; end: number }[] | undefined {
  let lineStart = 0;
  for (let l = 1; l < loc.line; l++) {
    const next = text.indexOf('\n', lineStart);
    if (next < 0) return undefined;
    lineStart = next + 1;
  }
  const at = lineStart + loc.column - 1;
  if (text.slice(at, at + name.length) !== name || /[\w$]/.test(text[at + name.length] ?? ''))
    return undefined;
  const sizes: { start: number; end: number }[] = [];
  const bracket = /\s*\[([^[\]\n]*)\]/y;
  let after = at + name.length;
  bracket.lastIndex = after;
  for (let b = bracket.exec(text); b; b = bracket.exec(text)) {
    after = bracket.lastIndex;
    sizes.push({ start: after - 1 - b[1]!.length, end: after - 1 });
  }
  // (a comment, a continuation or another declarator after them: not this simple spelling)
  return sizes.length > 0 && /^\s*;/.test(text.slice(after)) ? sizes : undefined;
}
