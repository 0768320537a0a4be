/**
 * Where the compiler finds a header an `#include` names, in its search order, from the
 * unit's preprocessor flags: a quoted name beside the including file, then in the `-iquote`
 * folders, then as a bracketed one: the `-I` folders, the `-isystem` ones, the system's,
 * the `-idirafter` ones. What the user's folders hold is the user's (its other branches
 * matter, configurationDependence.ts); what the system's hold is not.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { inSystemFolder } from './systemFolders.js';
import { CallSlot } from '../context/callContext.js';

export interface IncludeSearch {
  /** `-iquote` folders, absolute: quoted names only. */
  readonly quote: readonly string[];
  /** `-I` folders, absolute. */
  readonly user: readonly string[];
  /** `-isystem`, then `-idirafter` folders, absolute. */
  readonly system: readonly string[];
  /**
   * A flag that changes the search otherwise is there (`-I-`, `-iprefix`, `-I=dir`,
   * `--sysroot`, `-nostdinc`, a response file): which file a name finds is not told.
   */
  readonly unsure?: true;
}

/** Where a header was found: a user's file, a system header, or nowhere known. */
export type Found = { readonly user: string } | 'system' | 'unknown';

const FOLDER_FLAGS = new Map([
  ['-iquote', 'quote'],
  ['-I', 'user'],
  ['-isystem', 'system'],
  ['-idirafter', 'after'],
] as const);
/** GCC's long spellings (`--include-directory=lib`, or the folder as the next word). */
const LONG_FLAGS = new Map([
  ['--include-directory', '-I'],
  ['--include-directory-after', '-idirafter'],
]);
/** Flags after which the folders above are not the whole search, or not in this order. */
const UNSURE =
  /^(-I-$|-I=|-isystem=|-iquote=|-idirafter=|-iprefix|-iwithprefix|--include-prefix|--include-with-prefix|--include-barrier|-isysroot|--sysroot|-nostdinc|-imultilib|-cxx-isystem|@)/;

/** The search folders of preprocessor flags (`-I dir` or `-Idir`), relative to `cwd`. */
export function includeSearch(flags: readonly string[], cwd: string | undefined): IncludeSearch {
  const out = { quote: [] as string[], user: [] as string[], system: [] as string[] };
  const after: string[] = [];
  let unsure = false;
  const add = (kind: 'quote' | 'user' | 'system' | 'after', dir: string) =>
    (kind === 'after' ? after : out[kind]).push(path.resolve(cwd ?? '.', dir));
  // (adversary 2026-11-29e: `--include-directory=lib1 -Ilib2` was read as -Ilib2 alone, and
  // lib2/kern.c taken for the file host.c includes; lib1/kern.c was folded alone)
  const words = flags.flatMap((a) => {
    const eq = a.indexOf('=');
    const long = LONG_FLAGS.get(eq > 0 ? a.slice(0, eq) : a);
    return long && eq > 0 ? [long, a.slice(eq + 1)] : [long ?? a];
  });
  for (let k = 0; k < words.length; k++) {
    const a = words[k]!;
    if (UNSURE.test(a)) unsure = true;
    const kind = FOLDER_FLAGS.get(a as '-I');
    if (kind && k + 1 < words.length) add(kind, words[++k]!);
    else
      for (const [flag, joined] of FOLDER_FLAGS)
        if (a.startsWith(flag) && a.length > flag.length) {
          add(joined, a.slice(flag.length));
          break;
        }
  }
  return {
    ...out,
    system: [...out.system, ...after],
    ...(unsure ? { unsure: true as const } : {}),
  };
}

/**
 * The folders a compiler of this system searches by default (the multiarch and GCC's own
 * ones found on disk). A header found nowhere else but here is the system's; one found
 * nowhere is unknown (a folder missed here errs on that side).
 */
function defaultFolders(): readonly string[] {
  const kept = folders.current();
  if (!kept) return listFolders();
  return (kept.list ??= listFolders());
}

/**
 * The default folders as listed once per call (issue 29, item 3: each lookup listed
 * /usr/include and /usr/lib/gcc again).
 */
const folders = new CallSlot((): { list?: readonly string[] } => ({}));

function listFolders(): string[] {
  const below = (dir: string, depth: number): string[] => {
    if (depth === 0) return [dir];
    try {
      return readdirSync(dir).flatMap((e) => below(path.join(dir, e), depth - 1));
    } catch {
      return [];
    }
  };
  return [
    '/usr/local/include',
    ...below('/usr/include', 1).filter((d) => /-linux-|-gnu/.test(path.basename(d))),
    ...below('/usr/lib/gcc', 2).flatMap((d) => [`${d}/include`, `${d}/include-fixed`]),
    '/usr/include',
  ];
}

/**
 * Where the compiler finds `name` (quoted or bracketed), included by the file `includer`
 * (absolute). `#include_next` is not followed (unknown when it matters).
 */
export function findHeader(
  name: string,
  quoted: boolean,
  includer: string,
  search: IncludeSearch,
  exists: (file: string) => boolean = existsSync,
): Found {
  const first = (dirs: readonly string[]) =>
    dirs.map((d) => path.resolve(d, name)).find((f) => exists(f));
  if (path.isAbsolute(name)) return exists(name) ? { user: name } : 'unknown';
  const user = first([
    ...(quoted ? [path.dirname(includer), ...search.quote] : []),
    ...search.user,
  ]);
  // (`-I /usr/include` does not make the system's headers the user's)
  if (user !== undefined) return inSystemFolder(user) ? 'system' : { user };
  return first([...search.system, ...defaultFolders()]) !== undefined ? 'system' : 'unknown';
}

/**
 * The file a system header's `#include` (or `#include_next`) names, searched as findHeader
 * does, or undefined when no folder holds it (or, for `#include_next`, the includer's folder
 * is not one of the search's).
 */
export function systemHeaderFile(
  name: string,
  quoted: boolean,
  next: boolean,
  includer: string,
  search: IncludeSearch,
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  const dirs = [...search.user, ...search.system, ...defaultFolders()];
  const from = next ? dirs.findIndex((d) => includer.startsWith(d + path.sep)) + 1 : 0;
  if (next && from === 0) return undefined;
  const order = [
    ...(quoted && !next ? [path.dirname(includer), ...search.quote] : []),
    ...dirs.slice(from),
  ];
  return order.map((d) => path.resolve(d, name)).find((f) => exists(f));
}
