/**
 * Which files of the program `#include` a given file: a unity build (`#include "kern.c"`) or
 * a unit test of static functions calls a file's `static` functions from another translation
 * unit, so "static, so every call is in this file" no longer holds for that file
 * (src/lifetime/crossCall.ts).
 *
 * The program is what the command line shows: the files and folders given (a folder with all
 * the files under it), the files of the compilation database (`-p`), and the folder of each
 * file analysed. Their sources are read once per run. A directive is matched by the file name
 * it names, whatever folder it spells: a false match only keeps arrays as they are. An
 * include spelled through a macro (`#include KERNEL_FILE`) is not seen (docs say so).
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { walkFolder } from './folderWalk.js';

const SOURCES = /\.(c|h|cc|cpp|cxx|c\+\+|hpp|hh|hxx|inc|inl|ipp|def|tcc)$/i;
const DIRECTIVE = /^[ \t]*(?:#|%:)[ \t]*include(?:_next)?[ \t]*[<"]([^>"\n]+)[>"]/gm;
/** Files larger than this are data, not code that includes a kernel. */
const MAX_BYTES = 8 * 1024 * 1024;
/** Files scanned under one folder given on the command line, at most. */
const MAX_FILES = 50_000;

export class IncludeIndex {
  /** File name -> the files whose directives name it. */
  private readonly byName = new Map<string, Set<string>>();
  private readonly scannedDirs = new Set<string>();
  private readonly scannedFiles = new Set<string>();
  private pending: string[];

  /** `roots`: files and folders of the program (folders are scanned with everything below). */
  constructor(roots: readonly string[]) {
    this.pending = [...roots];
  }

  /** The files of the program (other than `file` itself) that include `file`. */
  includersOf(file: string): string[] {
    for (const r of this.pending.splice(0)) this.scanRoot(r);
    this.scanDir(path.dirname(path.resolve(file)), false);
    const self = path.resolve(file);
    return [...(this.byName.get(path.basename(file)) ?? [])]
      .filter((f) => f !== self)
      .map((f) => path.relative(process.cwd(), f) || f)
      .sort();
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
      if (statSync(file).size > MAX_BYTES) return;
      text = readFileSync(file, 'latin1');
    } catch {
      return;
    }
    if (!text.includes('include')) return;
    for (const m of text.matchAll(DIRECTIVE)) {
      for (const name of namedFiles(file, m[1]!.trim(), m[0].endsWith('"'))) {
        let set = this.byName.get(name);
        if (!set) this.byName.set(name, (set = new Set()));
        set.add(file);
      }
    }
  }
}

/**
 * The file names a directive of `file` naming `spelled` may compile: its own, and, for a
 * quoted name beside the file that is a symbolic link, the name of the file it links to
 * (`#include "kern_link.c"` compiles kern.c: adversary 2026-11-29b, where kern.c was
 * rewritten for main.c while another program's file read it through the link).
 */
function namedFiles(file: string, spelled: string, quoted: boolean): string[] {
  const name = path.basename(spelled);
  if (!quoted) return [name];
  try {
    const target = path.basename(realpathSync(path.resolve(path.dirname(file), spelled)));
    return target === name ? [name] : [name, target];
  } catch {
    return [name];
  }
}
