/**
 * Which files of the program `#include` a given file: a unity build (`#include "kern.c"`) or
 * a unit test of static functions calls a file's `static` functions from another translation
 * unit, so "static, so every call is in this file" no longer holds for that file
 * (src/lifetime/crossCall.ts).
 *
 * The program is what the command line shows: the files and folders given (a folder with all
 * the files under it), the files of the compilation database (`-p`), and the folder of each
 * file analysed. Their sources are read once per run (includeDirectives.ts: directives as the
 * preprocessor reads them). A directive names the file the compiler's lookup finds, as it
 * looks (review 2026-11-29: matched by base name, orig/kern.c was "included" by another
 * folder's host.c that includes its own kern.c, and refused): a quoted name beside the
 * including file is that file, whatever the flags; else, for a file the compilation database
 * compiles, the first file its `-iquote`, `-I`, `-isystem` and `-idirafter` folders hold
 * (every entry of the file). Where the lookup cannot be told (no command known, a name found
 * in none of its folders, `#include_next`), every file of that base name (any case: the file
 * system may ignore it) whose path ends as the name is spelled may be the one (`../x/kern.c`
 * ends in x/kern.c). Files are compared by their real paths (a link, a linked folder); a
 * name is joined to its folder as the compiler opens it, `..` after the link it follows
 * (adversary 2026-11-29e: app -> lib/sub, app/host.c's "../kern.c" is lib/kern.c, not the
 * kern.c beside app). A macro's include names what the macro's definitions in the files read
 * give (includeDirectives.ts): a macro no file read defines, one defined otherwise than to a
 * header name or another macro, and a `<...>` name holding a word some file or command
 * defines (`#define KERN <DIR/kern.c>`: the compiler expands DIR) may name any file.
 *
 * A file a directive names is read whatever its name (adversary 2026-11-29e: host.c included
 * kernels.list, which included kern.c; only .c/.h/... names were read, kern.c was taken for
 * included by nothing). A command's `-include FILE` includes FILE in its file, looked up
 * first in the command's folder, then along the quoted names' chain (GCC's rule; it was
 * not read: a unit test built with `-include kern.c` read the buffer after the call).
 */
import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { walkFolder } from './folderWalk.js';
import { includeDirectives, type MacroValue } from './includeDirectives.js';
import { includeSearch } from '../frontend/includeSearch.js';

const SOURCES = /\.(c|h|cc|cpp|cxx|c\+\+|hpp|hh|hxx|inc|inl|ipp|def|tcc)$/i;
/**
 * Files larger than this are data. A generated source passes 8 MiB (SQLite's amalgamation is
 * 9 MiB): such a host's `#include "kern.c"` was not read (adversary 2026-11-29e).
 */
const MAX_BYTES = 64 * 1024 * 1024;
/** Files scanned under one folder given on the command line, at most. */
const MAX_FILES = 50_000;
/** Other files (not named as sources) remembered under one folder, at most. */
const MAX_OTHERS = 200_000;

/** A command that compiles a file: its arguments and the folder it runs in. */
export interface IncludeCommand {
  readonly args: readonly string[];
  readonly directory: string;
}

/** One directive naming a file, of the file `includer` (absolute). */
interface Named {
  readonly includer: string;
  readonly name: string;
  readonly quoted: boolean;
  readonly next: boolean;
  /** A command's `-include`: the folder searched first (instead of the includer's). */
  readonly from?: string;
}

const key = (name: string) => path.basename(name).toLowerCase();

/** The real path of a file (links resolved, the file system's own case), or itself. */
function realOf(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    return file;
  }
}

export class IncludeIndex {
  /** Base name, in lower case -> the directives that name a file of that name. */
  private readonly byName = new Map<string, Named[]>();
  /** Macro -> the files with a directive `#include MACRO` the file does not define. */
  private readonly byMacro = new Map<string, Set<string>>();
  /** The directives of `#include MACRO` with each of its names (namedBy). */
  private readonly macroDirectives = new Map<string, Named>();
  /** Macro -> what the `#define`s of the files read give it. */
  private readonly definitions = new Map<string, MacroValue[]>();
  /** Every macro some file read defines, or some command's `-D` does. */
  private readonly defined = new Set<string>();
  /** Base name (lower case) -> the files of the folders scanned not named as sources. */
  private readonly others = new Map<string, string[]>();
  /** The base names (lower case) of non-source names some directive or macro gives. */
  private readonly otherNames = new Set<string>();
  /** Files named by a directive, to read before the next answer. */
  private readonly queue: string[] = [];
  /** Real path -> the base names (lower case) of the links to it found in the folders. */
  private readonly linkNames = new Map<string, Set<string>>();
  /** Per directive, the real paths it names when the lookup is known (else 'unknown'). */
  private readonly resolved = new Map<Named, ReadonlySet<string> | 'unknown'>();
  private readonly scannedDirs = new Set<string>();
  private readonly scannedFiles = new Set<string>();
  private pending: string[];

  /**
   * `roots`: files and folders of the program (folders are scanned with everything below);
   * `commandsOf`: the commands that compile a file, when known (its compilation database
   * entries), else none.
   */
  constructor(
    roots: readonly string[],
    private readonly commandsOf: (file: string) => readonly IncludeCommand[] = () => [],
  ) {
    this.pending = [...roots];
  }

  /** The files of the program (other than `file` itself) that include `file`. */
  includersOf(file: string): string[] {
    for (const r of this.pending.splice(0)) this.scanRoot(r);
    this.scanDir(path.dirname(path.resolve(file)), false);
    while (this.queue.length > 0) this.scanFile(this.queue.shift()!);
    const self = path.resolve(file);
    const real = realOf(self);
    const names = new Set([key(self), key(real), ...(this.linkNames.get(real) ?? [])]);
    const out = new Set<string>();
    for (const n of names)
      for (const d of this.byName.get(n) ?? [])
        if (!out.has(d.includer) && this.mayName(d, self, real)) out.add(d.includer);
    for (const [macro, files] of this.byMacro) {
      const named = this.namesOf(macro, new Set());
      for (const includer of files)
        if (
          !out.has(includer) &&
          (named === 'any' ||
            named.some(
              (n) => names.has(key(n.name)) && this.mayName(this.namedBy(includer, n), self, real),
            ))
        )
          out.add(includer);
    }
    out.delete(self);
    return [...out].map((f) => path.relative(process.cwd(), f) || f).sort();
  }

  /**
   * The C files that may compile `file` inside them (a unity build): the `.c` files whose
   * directives name it, or name a file that does, to any depth (`gsm.c` includes `lpc.c`,
   * which includes `add.c`: both compile `add.c`). Named as `includersOf` names them;
   * `file` itself never. Only a file some directive names costs more than the folder's one scan.
   */
  unitsIncluding(file: string): string[] {
    return this.includingChain(file).filter((f) => /\.c$/i.test(f));
  }

  /** Every file whose directives name `file`, or name one that does, to any depth. */
  includingChain(file: string): string[] {
    const self = path.resolve(file);
    const seen = new Set([self]);
    const queue = [self];
    const out: string[] = [];
    while (queue.length > 0) {
      for (const i of this.includersOf(queue.shift()!).map((f) => path.resolve(f))) {
        if (seen.has(i)) continue;
        seen.add(i);
        queue.push(i);
        out.push(i);
      }
    }
    return out.map((f) => path.relative(process.cwd(), f) || f).sort();
  }

  private scanRoot(root: string): void {
    let st;
    try {
      st = statSync(root);
    } catch {
      return;
    }
    if (st.isDirectory()) this.scanDir(path.resolve(root), true);
    else {
      this.scanDir(path.dirname(path.resolve(root)), false);
      // (a file given is read whatever its name: a database entry `-x c host.pc`)
      this.scanFile(path.resolve(root));
    }
  }

  /**
   * The header names an `#include MACRO` may give, following `#define A B` (`seen`: the
   * macros on the way), or 'any': no file read defines it (a -D of the build), a definition
   * of another form, or a `<...>` name holding a word that is a macro somewhere.
   */
  private namesOf(macro: string, seen: Set<string>): { name: string; quoted: boolean }[] | 'any' {
    const values = this.definitions.get(macro) ?? [];
    if (values.length === 0) return 'any';
    seen.add(macro);
    const out: { name: string; quoted: boolean }[] = [];
    for (const v of values) {
      if (v === 'other') return 'any';
      if ('alias' in v) {
        if (seen.has(v.alias)) continue;
        const more = this.namesOf(v.alias, seen);
        if (more === 'any') return 'any';
        out.push(...more);
      } else if (
        !v.quoted &&
        (v.name.match(/[A-Za-z_]\w*/g) ?? []).some((w) => this.defined.has(w))
      )
        return 'any';
      else out.push(v);
    }
    return out;
  }

  private scanDir(dir: string, recursive: boolean): void {
    let files = 0;
    let others = 0;
    walkFolder(
      dir,
      recursive,
      (p, name) => {
        if (SOURCES.test(name)) {
          if (files++ < MAX_FILES) this.scanFile(p);
        } else if (others++ < MAX_OTHERS) this.noteOther(p, name);
        return true;
      },
      (d) => {
        if (this.scannedDirs.has(d) && !recursive) return false;
        this.scannedDirs.add(d);
        return true;
      },
    );
  }

  private scanFile(file: string): void {
    if (this.scannedFiles.has(file)) return;
    this.scannedFiles.add(file);
    let text: string;
    try {
      if (lstatSync(file).isSymbolicLink()) {
        const real = realOf(file);
        let names = this.linkNames.get(real);
        if (!names) this.linkNames.set(real, (names = new Set()));
        names.add(key(file));
      }
      if (statSync(file).size > MAX_BYTES) return;
      text = readFileSync(file, 'latin1');
    } catch {
      return;
    }
    const { directives, definitions, defined } = includeDirectives(text);
    for (const m of defined) this.defined.add(m);
    for (const [macro, values] of definitions) {
      const list = this.definitions.get(macro);
      if (list) list.push(...values);
      else this.definitions.set(macro, [...values]);
      for (const v of values) if (v !== 'other' && 'name' in v) this.nameOther(v.name);
    }
    for (const d of [...directives, ...this.forcedIncludes(file)]) {
      if ('macro' in d) {
        let files = this.byMacro.get(d.macro);
        if (!files) this.byMacro.set(d.macro, (files = new Set()));
        files.add(file);
        continue;
      }
      const named: Named = { includer: file, ...d };
      const list = this.byName.get(key(d.name));
      if (list) list.push(named);
      else this.byName.set(key(d.name), [named]);
      this.nameOther(d.name);
    }
  }

  /** The `-include` files of `file`'s commands, as directives (their `-D`s noted). */
  private forcedIncludes(
    file: string,
  ): { name: string; quoted: true; next: false; from: string }[] {
    const out: { name: string; quoted: true; next: false; from: string }[] = [];
    for (const c of this.commandsOf(file))
      for (let k = 0; k < c.args.length; k++) {
        const a = c.args[k]!;
        if (a === '-include' && k + 1 < c.args.length)
          out.push({ name: c.args[++k]!, quoted: true, next: false, from: c.directory });
        else if (
          a.startsWith('-include') &&
          a.length > '-include'.length &&
          !a.startsWith('-include-')
        )
          out.push({
            name: a.slice('-include'.length),
            quoted: true,
            next: false,
            from: c.directory,
          });
        else if (a === '-D' && k + 1 < c.args.length)
          this.defined.add(/^\w*/.exec(c.args[++k]!)![0]);
        else if (a.startsWith('-D')) this.defined.add(/^\w*/.exec(a.slice(2))![0]);
      }
    return out;
  }

  /** A file not named as a source, remembered: read when some directive names it. */
  private noteOther(file: string, name: string): void {
    const k = name.toLowerCase();
    const list = this.others.get(k);
    if (list) list.push(file);
    else this.others.set(k, [file]);
    if (this.otherNames.has(k)) this.queue.push(file);
  }

  /** A name a directive or a macro gives: the files of that name not read yet are queued. */
  private nameOther(name: string): void {
    const k = key(name);
    if (SOURCES.test(k) || this.otherNames.has(k)) return;
    this.otherNames.add(k);
    this.queue.push(...(this.others.get(k) ?? []));
  }

  /** The directive `#include MACRO` of `includer` with one of the macro's names, made once. */
  private namedBy(includer: string, n: { readonly name: string; readonly quoted: boolean }): Named {
    const k = `${includer}\0${n.quoted ? '"' : '<'}${n.name}`;
    let d = this.macroDirectives.get(k);
    if (!d) this.macroDirectives.set(k, (d = { includer, ...n, next: false }));
    return d;
  }

  /**
   * Whether the directive `d` may name the file `self` (real path `real`): the file its
   * lookup finds when that is known, else any file whose path ends as the name is spelled.
   */
  private mayName(d: Named, self: string, real: string): boolean {
    let found = this.resolved.get(d);
    if (!found) this.resolved.set(d, (found = this.lookup(d)));
    if (found !== 'unknown') return found.has(real);
    // (reached through the name of a link to it: that link's directive may be the one)
    if (key(d.name) !== key(self) && key(d.name) !== key(real)) return true;
    return endsAs(self, d.name) || endsAs(real, d.name);
  }

  /** The real paths of the files the compiler's lookup finds for `d`, or 'unknown'. */
  private lookup(d: Named): ReadonlySet<string> | 'unknown' {
    if (d.next) return 'unknown';
    if (path.isAbsolute(d.name)) return new Set(existsSync(d.name) ? [realOf(d.name)] : []);
    // A quoted name is looked up beside the including file first, whatever the flags.
    const beside = opened(d.from ?? path.dirname(d.includer), d.name);
    if (d.quoted && existsSync(beside)) return new Set([realOf(beside)]);
    const commands = this.commandsOf(d.includer);
    if (commands.length === 0) return 'unknown';
    const out = new Set<string>();
    for (const c of commands) {
      const search = includeSearch(c.args, c.directory);
      if (search.unsure) return 'unknown';
      const dirs = [...(d.quoted ? search.quote : []), ...search.user, ...search.system];
      const hit = dirs.map((dir) => opened(dir, d.name)).find((f) => existsSync(f));
      // (found in none of its folders: the system's, or another build's; not told)
      if (hit === undefined) return 'unknown';
      out.add(realOf(hit));
    }
    return out;
  }
}

/**
 * The path the compiler opens for `name` in folder `dir`: joined as written, so that the
 * system resolves `..` after a link (`app/../kern.c` with app -> lib/sub is lib/kern.c;
 * path.resolve would take the kern.c beside app).
 */
function opened(dir: string, name: string): string {
  return `${path.resolve(dir)}${path.sep}${name}`;
}

/**
 * Whether `file` ends as `spelled` names it, compared without case: the components after
 * its last `..` (`../x/kern.c`: a file x/kern.c in some folder).
 */
function endsAs(file: string, spelled: string): boolean {
  const parts = spelled.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  const tail = parts.slice(parts.lastIndexOf('..') + 1).map((p) => p.toLowerCase());
  const own = file.split(path.sep).map((p) => p.toLowerCase());
  return tail.length > 0 && tail.every((p, k) => own[own.length - tail.length + k] === p);
}
