/**
 * The C files a multi-file `contract` works on: the files named, and the `.c` files inside
 * the directories named (recursively), minus those matching an `--exclude` glob.
 */
import { promises as fs, realpathSync, statSync } from 'node:fs';
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
  const spelled = spelledOnce(paths);
  for (const [k, p] of spelled.entries()) {
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
    } else if (!excluded(p) && !excluded(paths[k]!)) files.push(p);
  }
  return { files: await oncePerFile(files), unlisted };
}

/** Each file once, under the first of its spellings, by its real path. */
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

/** A path given: its folder (the path itself for a folder) as spelled, and for real. */
interface Placed {
  readonly given: string;
  readonly folder: string;
  readonly real: string;
  readonly name: string;
}

function placed(given: string): Placed | undefined {
  const resolved = path.resolve(given);
  try {
    const folder = statSync(resolved).isDirectory() ? resolved : path.dirname(resolved);
    const name = folder === resolved ? '' : path.basename(resolved);
    return { given, folder, real: realpathSync.native(folder), name };
  } catch {
    return undefined;
  }
}

/** `inner`'s place below `outer` (undefined when not below it). */
function below(outer: string, inner: string): string | undefined {
  const rel = path.relative(outer, inner);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel;
}

/**
 * The paths given, each in its folder's real path when two of them reach the same folders
 * through different spellings (a linked folder: `lnk/kern.c` beside `orig/host.c`, `lnk ->
 * orig`). The host was then two units, `lnk/host.c` (found beside the kernel) and
 * `orig/host.c`, and the kernel refused as included by several (BC1133); and a file counted
 * twice. Paths that reach their folders one way only keep the user's spelling (messages name
 * them so, and the compilation database's entries are found by it). A file that is itself a
 * link keeps its name (its target is written, outputFile.ts). The same paths give the same
 * spellings: the file list and the include scan's roots (contract.ts) agree.
 */
export function spelledOnce(paths: readonly string[]): string[] {
  const all = paths.map(placed);
  const known = all.filter((p): p is Placed => p !== undefined);
  const clash = known.some((a) =>
    known.some((b) => {
      const real = below(a.real, b.real);
      return real !== undefined && below(a.folder, b.folder) !== real;
    }),
  );
  if (!clash) return [...paths];
  return paths.map((given, k) => {
    const p = all[k];
    if (!p || p.real === p.folder) return given;
    const rel = path.relative(process.cwd(), p.real);
    const folder = path.isAbsolute(given) || rel.startsWith('..') ? p.real : rel || '.';
    return p.name ? path.join(folder, p.name) : folder;
  });
}
