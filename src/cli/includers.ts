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
 * ends in x/kern.c). Files are compared by their real paths (a link, a linked folder). A
 * macro's include names what the macro's definitions give, in the file or else in any file
 * read (includeDirectives.ts); one no file read defines to a header name may name any file.
 */
import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { walkFolder } from './folderWalk.js';
import { includeDirectives } from './includeDirectives.js';
import { includeSearch } from '../frontend/includeSearch.js';

const SOURCES = /\.(c|h|cc|cpp|cxx|c\+\+|hpp|hh|hxx|inc|inl|ipp|def|tcc)$/i;
/** Files larger than this are data, not code that includes a kernel. */
const MAX_BYTES = 8 * 1024 * 1024;
/** Files scanned under one folder given on the command line, at most. */
const MAX_FILES = 50_000;

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
  /** Macro -> the header names the `#define`s of the files read give it. */
  private readonly definitions = new Map<string, { name: string; quoted: boolean }[]>();
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
    const self = path.resolve(file);
    const real = realOf(self);
    const names = new Set([key(self), key(real), ...(this.linkNames.get(real) ?? [])]);
    const out = new Set<string>();
    for (const n of names)
      for (const d of this.byName.get(n) ?? [])
        if (!out.has(d.includer) && this.mayName(d, self, real)) out.add(d.includer);
    for (const [macro, files] of this.byMacro) {
      const named = this.definitions.get(macro) ?? [];
      for (const includer of files)
        if (
          !out.has(includer) &&
          // (no file read defines it: a -D of the build, any file)
          (named.length === 0 ||
            named.some((n) => this.mayName(this.namedBy(includer, n), self, real)))
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
    else this.scanDir(path.dirname(path.resolve(root)), false);
  }

  private scanDir(dir: string, recursive: boolean): void {
    let files = 0;
    walkFolder(
      dir,
      recursive,
      (p, name) => {
        if (SOURCES.test(name) && files++ < MAX_FILES) this.scanFile(p);
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
    const { directives, definitions } = includeDirectives(text);
    for (const [macro, named] of definitions) {
      const list = this.definitions.get(macro);
      if (list) list.push(...named);
      else this.definitions.set(macro, [...named]);
    }
    for (const d of directives) {
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
    }
  }

  /** The directive `#include MACRO` of `includer` with one of the macro's names, made once. */
  private namedBy(includer: string, n: { name: string; quoted: boolean }): Named {
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
    const beside = path.resolve(path.dirname(d.includer), d.name);
    if (d.quoted && existsSync(beside)) return new Set([realOf(beside)]);
    const commands = this.commandsOf(d.includer);
    if (commands.length === 0) return 'unknown';
    const out = new Set<string>();
    for (const c of commands) {
      const search = includeSearch(c.args, c.directory);
      const dirs = [...(d.quoted ? search.quote : []), ...search.user, ...search.system];
      const hit = dirs.map((dir) => path.resolve(dir, d.name)).find((f) => existsSync(f));
      // (found in none of its folders: the system's, or another build's; not told)
      if (hit === undefined) return 'unknown';
      out.add(realOf(hit));
    }
    return out;
  }
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
