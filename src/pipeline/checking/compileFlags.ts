/**
 * The compiler flags `check` builds a program with: `--cflags "..."` and the file's entry in
 * a compile_commands.json (the flags that change what the program means: -I -D -U -include
 * -std -ansi -f -m -O; relative paths made absolute against the entry's directory, since check
 * compiles from its own folder).
 */
import path from 'node:path';

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

const KEEP = /^(-I|-D|-U|-include|-isystem|-iquote|-std=|-ansi$|-f|-m|-O)/;
const WITH_VALUE = new Set(['-I', '-D', '-U', '-include', '-isystem', '-iquote']);
const PATH_FLAGS = new Set(['-I', '-include', '-isystem', '-iquote']);

/**
 * The meaningful flags among a compilation database entry's arguments (the compiler left
 * out), relative paths made absolute against the entry's `directory`. `target: false` leaves
 * out the `-m` flags of another machine's compiler (`-mthumb`: the host's compiler, which
 * builds the programs `check` runs, refuses them).
 */
export function buildFlags(args: readonly string[], directory: string, target = true): string[] {
  const out: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const w = args[k]!;
    if (!KEEP.test(w) || (!target && /^-m/.test(w))) continue;
    const flag = [...WITH_VALUE].find((f) => w.startsWith(f) && w.length > f.length);
    if (WITH_VALUE.has(w)) {
      const value = args[++k] ?? '';
      out.push(w, PATH_FLAGS.has(w) ? path.resolve(directory, value) : value);
    } else if (flag && PATH_FLAGS.has(flag)) {
      out.push(flag + path.resolve(directory, w.slice(flag.length)));
    } else out.push(w);
  }
  return out;
}

/** The flags that take their value as the next word (`-D N`, `-include cfg.h`, `-o out`). */
const VALUE_NEXT = new Set([
  '-D',
  '-U',
  '-I',
  '-include',
  '-imacros',
  '-isystem',
  '-iquote',
  '-idirafter',
  '-iprefix',
  '-iwithprefix',
  '-x',
  '-o',
  '-MF',
  '-MT',
  '-MQ',
]);

/**
 * The flags of the program's build that beeclak's own C units (the trace runtime, the owner
 * check's helpers) are compiled with: those of the target only (`-m32`, `-march=`, `-f...`,
 * `--target=`), which must match for the units to link and share an ABI. The program's
 * `-include`, `-D`, `-U`, `-I` and sources are its own: a compilation database's
 * `-include myconfig.h` defining `size_t` stopped the trace runtime's build at <stdio.h>, and
 * one defining `exit` as a macro renamed the runtime's calls (review 2026-11-29).
 */
export function ownUnitFlags(flags: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < flags.length; k++) {
    const w = flags[k]!;
    if (VALUE_NEXT.has(w)) k++;
    else if (w === '-target' || w === '-arch') out.push(w, flags[++k] ?? '');
    else if (/^(-m|-f|--target=)/.test(w)) out.push(w);
  }
  return out;
}
