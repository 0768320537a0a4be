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
