/**
 * The compiler flags `check` builds a program with: `--cflags "..."` and the file's entry in
 * a compile_commands.json (the flags that change what the program means: -I -D -U -include
 * -std -ansi -f -m -O; relative paths made absolute against the entry's directory, since check
 * compiles from its own folder).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../model/errors.js';

/** Splits a flag string the way a POSIX shell would for plain words and '…' / "…" quotes. */
export function splitFlags(text: string): string[] {
  const out: string[] = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|(\\.|[^\s"'])+/g;
  let word = '';
  let last = -1;
  for (const m of text.matchAll(re)) {
    const piece =
      m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[0].replace(/\\(.)/g, '$1'));
    if (m.index === last) word += piece;
    else {
      if (last >= 0) out.push(word);
      word = piece;
    }
    last = m.index + m[0].length;
  }
  if (last >= 0) out.push(word);
  return out;
}

interface Entry {
  directory: string;
  file: string;
  arguments?: string[];
  command?: string;
}

const KEEP = /^(-I|-D|-U|-include|-isystem|-iquote|-std=|-ansi$|-f|-m|-O)/;
const WITH_VALUE = new Set(['-I', '-D', '-U', '-include', '-isystem', '-iquote']);
const PATH_FLAGS = new Set(['-I', '-include', '-isystem', '-iquote']);

/** The meaningful flags of `file`'s entry in the database (a file or the folder holding it). */
export function flagsFromCompileCommands(database: string, file: string): string[] {
  let dbFile = database;
  try {
    if (statSync(database).isDirectory()) dbFile = path.join(database, 'compile_commands.json');
  } catch {
    throw new InputError(`cannot read the compilation database ${database}`);
  }
  let entries: Entry[];
  try {
    entries = JSON.parse(readFileSync(dbFile, 'utf8')) as Entry[];
  } catch (e) {
    throw new InputError(`cannot read the compilation database ${dbFile}: ${(e as Error).message}`);
  }
  const want = path.resolve(file);
  const entry = entries.find((e) => path.resolve(e.directory, e.file) === want);
  if (!entry) throw new InputError(`${dbFile} has no entry for ${file}`);
  const words = entry.arguments ?? splitFlags(entry.command ?? '');
  const out: string[] = [];
  for (let k = 1; k < words.length; k++) {
    const w = words[k]!;
    if (!KEEP.test(w)) continue;
    const flag = [...WITH_VALUE].find((f) => w.startsWith(f) && w.length > f.length);
    if (WITH_VALUE.has(w)) {
      const value = words[++k] ?? '';
      out.push(w, PATH_FLAGS.has(w) ? path.resolve(entry.directory, value) : value);
    } else if (flag && PATH_FLAGS.has(flag)) {
      out.push(flag + path.resolve(entry.directory, w.slice(flag.length)));
    } else out.push(w);
  }
  return out;
}
