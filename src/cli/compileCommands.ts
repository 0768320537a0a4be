/**
 * The preprocessor flags of one file from a compilation database (`compile_commands.json`,
 * as CMake, Bear or meson write it), the way clang-tidy's `-p BUILD_DIR` finds them: the
 * entry whose `file` is the same file, its `-I/-D/-U/-include/-std/-ansi/-isystem/-iquote` flags
 * with relative folders resolved against the entry's `directory`.
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

/** The preprocessor flags among a compiler's arguments. */
export function preprocessorFlags(args: readonly string[], directory: string): string[] {
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
    else if (/^-m/.test(a) && !/^-mllvm/.test(a)) out.push(a);
  }
  return out;
}

/** The entries of a compilation database (`-p BUILD_DIR` or `--compile-commands FILE`). */
function readDatabase(database: string): { path: string; entries: Entry[] } {
  let p = database;
  try {
    if (statSync(p).isDirectory()) p = path.join(p, 'compile_commands.json');
  } catch {
    throw new UsageError(`cannot read the compilation database '${database}'`);
  }
  let entries: Entry[];
  try {
    entries = JSON.parse(readFileSync(p, 'utf8')) as Entry[];
  } catch (e) {
    throw new UsageError(`cannot read the compilation database '${p}': ${(e as Error).message}`);
  }
  return { path: p, entries };
}

/** Every file a compilation database compiles (absolute paths). */
export function databaseFiles(database: string): string[] {
  return readDatabase(database).entries.map((e) => path.resolve(e.directory ?? '.', e.file));
}

/** `-p BUILD_DIR` or `--compile-commands FILE` -> the flags and folder of `file`'s entry. */
export function flagsFromDatabase(
  database: string,
  file: string,
): { flags: string[]; directory: string } {
  const { path: p, entries } = readDatabase(database);
  const target = path.resolve(file);
  const entry = entries.find((e) => path.resolve(e.directory ?? '.', e.file) === target);
  if (!entry) throw new UsageError(`'${file}' has no entry in ${p}`);
  const args = entry.arguments ?? shellWords(entry.command ?? '');
  return { flags: preprocessorFlags(args.slice(1), entry.directory), directory: entry.directory };
}

/**
 * Every entry of `file` in the database (a file built in several configurations has one
 * per build), each as its flags and folder; none when the file has no entry.
 */
export function allFlagsFromDatabase(
  database: string,
  file: string,
): { flags: string[]; directory: string }[] {
  const target = path.resolve(file);
  return readDatabase(database)
    .entries.filter((e) => path.resolve(e.directory ?? '.', e.file) === target)
    .map((e) => ({
      flags: preprocessorFlags((e.arguments ?? shellWords(e.command ?? '')).slice(1), e.directory),
      directory: e.directory,
    }));
}
