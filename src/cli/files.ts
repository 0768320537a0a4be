/**
 * The C files a multi-file `contract` works on: the files named, and the `.c` files inside
 * the directories named (recursively), minus those matching an `--exclude` glob.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** A path that could not be listed, reported and skipped (not an error of the whole run). */
interface Unlisted {
  readonly path: string;
  readonly message: string;
}

export interface InputFiles {
  readonly files: string[];
  readonly unlisted: Unlisted[];
}

/** Directories never descended into: version control and dependency trees. */
const SKIPPED_DIRECTORIES = new Set(['.git', '.hg', '.svn', 'node_modules']);

/**
 * A glob as a regular expression over '/'-separated paths: `*` and `?` stay inside one
 * path component, `**` crosses components, `{a,b}` is an alternative, `[...]` a class.
 */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let k = 0; k < glob.length; k++) {
    const c = glob[k]!;
    if (c === '*') {
      if (glob[k + 1] === '*') {
        const slash = glob[k + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        k += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else if (c === '[') {
      const close = glob.indexOf(']', k + 1);
      if (close < 0) re += '\\[';
      else {
        re +=
          '[' +
          glob
            .slice(k + 1, close)
            .replace(/^!/, '^')
            .replace(/\\/g, '\\\\') +
          ']';
        k = close;
      }
    } else re += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * Whether `file` matches `glob`. As in .gitignore, a glob without '/' matches the file's
 * name or any directory on its path (`build`, `*_test.c`); one with '/' matches the path
 * relative to `base` (`src/gen/**`); a trailing '/' is ignored.
 */
export function matchesGlob(file: string, glob: string, base: string = process.cwd()): boolean {
  const g = glob.replace(/\/+$/, '').replace(/^\.\//, '');
  const rel = path.relative(base, path.resolve(base, file)).split(path.sep).join('/');
  const re = globToRegExp(g);
  if (!g.includes('/')) return rel.split('/').some((part) => re.test(part));
  // A directory that matches excludes everything below it.
  const parts = rel.split('/');
  return parts.some((_, k) => re.test(parts.slice(0, k + 1).join('/')));
}

async function walk(dir: string, out: string[], excluded: (p: string) => boolean): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (excluded(p)) continue;
    if (e.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(e.name)) await walk(p, out, excluded);
    } else if (e.isFile() && e.name.endsWith('.c')) out.push(p);
  }
}

/**
 * The files to work on, in a stable order (as named; a directory's files sorted), each once.
 * A file named explicitly is taken whatever its extension, unless an exclude matches it.
 */
export async function listInputs(
  paths: readonly string[],
  excludes: readonly string[],
  base: string = process.cwd(),
): Promise<InputFiles> {
  const excluded = (p: string) => excludes.some((g) => matchesGlob(p, g, base));
  const files: string[] = [];
  const unlisted: Unlisted[] = [];
  for (const p of paths) {
    let st;
    try {
      st = await fs.stat(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      unlisted.push({ path: p, message: code === 'ENOENT' ? 'no such file' : String(e) });
      continue;
    }
    if (st.isDirectory()) {
      try {
        await walk(p, files, excluded);
      } catch (e) {
        unlisted.push({ path: p, message: `cannot list: ${(e as Error).message}` });
      }
    } else if (!excluded(p)) files.push(p);
  }
  return { files: await oncePerFile(files), unlisted };
}

/**
 * Each file once, under the first of its spellings, by its real path: `lnk/x.c` through a
 * symlinked folder and `src/x.c` were two files, their savings counted twice in the report
 * and the file written twice by `-i`; and `a/../src/x.c`, read lexically as `src/x.c`, is
 * another file when `a` is a symlink.
 */
async function oncePerFile(files: readonly string[]): Promise<string[]> {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const f of files) {
    const key = await fs.realpath(f).catch(() => path.resolve(f));
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out;
}
