/**
 * The preprocessor flags of one file from a compilation database (`compile_commands.json`,
 * as CMake, Bear or meson write it), the way clang-tidy's `-p BUILD_DIR` finds them: the
 * entry whose `file` is the same file (else its nearest neighbour's, `entryFor`), its
 * `-I/-D/-U/-include/-std/-ansi/-isystem/-iquote` and target flags with relative folders
 * resolved against the entry's `directory`, `@file` response files read, and the compiler it
 * names (src/cli/compilerChoice.ts decides whether that compiler runs).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './errors.js';

interface Entry {
  directory: string;
  file: string;
  command?: string;
  arguments?: string[];
}

/** Splits a shell command line (quotes and backslashes) into words. */
export function shellWords(command: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) word += command[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < command.length) word = (word ?? '') + command[++i];
    else if (/\s/.test(c)) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) out.push(word);
  return out;
}

const WITH_FOLDER = new Set(['-I', '-isystem', '-iquote', '-idirafter', '-include', '-imacros']);
const WITH_VALUE = new Set(['-D', '-U']);
/**
 * Flags that say which machine the code is for (with `--target=`, `--sysroot=` and `-m...`):
 * what a cross compiler's preprocessor must get (its predefined macros follow them:
 * `__ARM_ARCH`, `__thumb__`, `__ARM_FP`) and the host's must not (`cc -E -mthumb` fails:
 * "unrecognized command-line option"). `--specs` never reaches the preprocessor.
 */
const TARGET_WITH_VALUE = new Set(['-target', '-isysroot', '--sysroot']);

/**
 * The preprocessor flags among a compiler's arguments. `target: false` leaves out the
 * target-only ones (TARGET_WITH_VALUE), for another compiler than the entry's.
 */
export function preprocessorFlags(
  args: readonly string[],
  directory: string,
  target = true,
): string[] {
  const out: string[] = [];
  const folder = (p: string) => path.resolve(directory, p);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (WITH_FOLDER.has(a) && i + 1 < args.length) out.push(a, folder(args[++i]!));
    else if (WITH_VALUE.has(a) && i + 1 < args.length) out.push(a + args[++i]!);
    else if (/^-I./.test(a)) out.push('-I', folder(a.slice(2)));
    else if (
      /^-[DU]./.test(a) ||
      /^-std=/.test(a) ||
      a === '-ansi' ||
      /^-f(no-)?(signed|unsigned)-char$/.test(a)
    )
      out.push(a);
    else if (TARGET_WITH_VALUE.has(a) && i + 1 < args.length) {
      const value = args[++i]!;
      if (target) out.push(a, a === '-target' ? value : folder(value));
    } else if (/^--sysroot=/.test(a)) {
      if (target) out.push(`--sysroot=${folder(a.slice('--sysroot='.length))}`);
    } else if (/^(--target=|-m)/.test(a) && !/^-mllvm/.test(a)) {
      if (target) out.push(a);
    }
  }
  return out;
}

/** Launchers a build puts before the compiler (`ccache arm-none-eabi-gcc ...`). */
const LAUNCHERS = /^(ccache|sccache|distcc|icecc|buildcache)$/;
/** Nested `@file` levels read at most (a file naming itself stops there). */
const MAX_RESPONSE_DEPTH = 8;

/**
 * The words of a command with its `@file` response files read in place (as gcc and clang do,
 * relative to the entry's folder; nested ones too). A response file that cannot be read stays
 * a word, as the compiler keeps it.
 */
export function withResponseFiles(
  words: readonly string[],
  directory: string,
  depth = 0,
): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (!w.startsWith('@') || w.length === 1 || depth >= MAX_RESPONSE_DEPTH) {
      out.push(w);
      continue;
    }
    let text: string;
    try {
      text = readFileSync(path.resolve(directory, w.slice(1)), 'utf8');
    } catch {
      out.push(w);
      continue;
    }
    out.push(...withResponseFiles(shellWords(text), directory, depth + 1));
  }
  return out;
}

/** One entry as read: its folder, its file (absolute), the compiler and its arguments. */
export interface DatabaseEntry {
  readonly directory: string;
  readonly file: string;
  /** The compiler as the entry names it (after any launcher such as ccache). */
  readonly compiler: string;
  /** The compiler's arguments, response files read. */
  readonly args: readonly string[];
}

/** A compilation database (`-p BUILD_DIR` or `--compile-commands FILE`), read once per run. */
export class CompileDatabase {
  private constructor(
    readonly path: string,
    readonly entries: readonly DatabaseEntry[],
  ) {}

  static read(database: string): CompileDatabase {
    let p = database;
    try {
      if (statSync(p).isDirectory()) p = path.join(p, 'compile_commands.json');
    } catch {
      throw new UsageError(`cannot read the compilation database '${database}'`);
    }
    let raw: Entry[];
    try {
      raw = JSON.parse(readFileSync(p, 'utf8')) as Entry[];
      if (!Array.isArray(raw)) throw new Error('not a list of entries');
    } catch (e) {
      throw new UsageError(`cannot read the compilation database '${p}': ${(e as Error).message}`);
    }
    // A relative `directory` is the database's own folder's (the format wants absolute
    // ones; a database kept in a repository cannot have them).
    const base = path.dirname(path.resolve(p));
    const entries = raw.map((e): DatabaseEntry => {
      const directory = path.resolve(base, e.directory ?? '.');
      const words = withResponseFiles(e.arguments ?? shellWords(e.command ?? ''), directory);
      const at = words.length > 1 && LAUNCHERS.test(path.basename(words[0]!)) ? 1 : 0;
      return {
        directory,
        file: path.resolve(directory, e.file),
        compiler: words[at] ?? '',
        args: words.slice(at + 1),
      };
    });
    return new CompileDatabase(p, entries);
  }

  /** Every file the database compiles (absolute paths). */
  files(): string[] {
    return this.entries.map((e) => e.file);
  }

  /**
   * The entry of `file`; for a file the database does not compile (a new file, a header, a
   * file of another configuration), the entry of its nearest neighbour, as clang-tidy's
   * interpolation does: a file of the same folder, else the one sharing the longest leading
   * path; among equals, the one whose name shares the longest start, then the first.
   */
  entryFor(file: string): { entry: DatabaseEntry; neighbour: boolean } | undefined {
    const target = path.resolve(file);
    const exact = this.entries.find((e) => e.file === target);
    if (exact) return { entry: exact, neighbour: false };
    let best: { entry: DatabaseEntry; score: [number, number, number] } | undefined;
    for (const entry of this.entries) {
      const score: [number, number, number] = [
        path.dirname(entry.file) === path.dirname(target) ? 1 : 0,
        sharedFolders(entry.file, target),
        sharedStart(path.basename(entry.file), path.basename(target)),
      ];
      if (!best || better(score, best.score)) best = { entry, score };
    }
    return best && { entry: best.entry, neighbour: true };
  }
}

function better(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! > b[k]!;
  return false;
}

/** Folders two absolute paths share from the root. */
function sharedFolders(a: string, b: string): number {
  const x = path.dirname(a).split(path.sep);
  const y = path.dirname(b).split(path.sep);
  let k = 0;
  while (k < x.length && k < y.length && x[k] === y[k]) k++;
  return k;
}

function sharedStart(a: string, b: string): number {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

/** What the database says of one file: how the preprocessor must run. */
export interface DatabaseFlags {
  /** The preprocessor flags, target-only ones included (see `hostFlags`). */
  readonly flags: string[];
  /** The same without the target-only flags: for another compiler than the entry's. */
  readonly hostFlags: string[];
  readonly directory: string;
  /** The compiler the entry names. */
  readonly compiler: string;
  /** The file has no entry: these are the flags of this other file's (entryFor). */
  readonly neighbour?: string;
}

/** `file`'s flags and compiler, from its entry or its nearest neighbour's. */
export function flagsFromDatabase(db: CompileDatabase, file: string): DatabaseFlags {
  const found = db.entryFor(file);
  if (!found) throw new UsageError(`the compilation database ${db.path} has no entry`);
  return entryFlags(found.entry, found.neighbour);
}

/**
 * Every entry of `file` in the database (a file built in several configurations has one
 * per build); none when the file has no entry of its own (a neighbour's entry names no
 * configuration of this file).
 */
export function allFlagsFromDatabase(db: CompileDatabase, file: string): DatabaseFlags[] {
  const target = path.resolve(file);
  return db.entries.filter((e) => e.file === target).map((e) => entryFlags(e, false));
}

function entryFlags(entry: DatabaseEntry, neighbour: boolean): DatabaseFlags {
  return {
    flags: preprocessorFlags(entry.args, entry.directory),
    hostFlags: preprocessorFlags(entry.args, entry.directory, false),
    directory: entry.directory,
    compiler: entry.compiler,
    ...(neighbour ? { neighbour: entry.file } : {}),
  };
}
