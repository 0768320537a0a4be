/**
 * The result cache of a multi-file `contract`: one entry per (file name, content, options,
 * compiler, beeclak build), so a second run over unchanged files reads results instead of
 * analysing. An entry also lists the headers the compiler read for the file with the
 * SHA-256 of their content, and is a hit only while every one is unchanged (as ccache's
 * direct mode does): a changed `#define` in a header must not bring back a mapping made
 * for the old value. As in ccache, a new header that would now be found first on the
 * include path, shadowing one listed, is not seen. An entry is a JSON file named by the
 * SHA-256 of its key; a damaged or unreadable entry is a miss, and a cache that cannot be
 * written only costs time.
 */
import { createHash } from 'node:crypto';
import { promises as fs, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeOutputFolder } from '../outputFile.js';
import { fileURLToPath } from 'node:url';
import type { FileJob, FileOutcome } from './job.js';
import { version } from '../version.js';

/**
 * The files of the code that runs: every module of the source tree this one belongs to
 * (dist/src's .js, or src's .ts under Jest), or, from the bundle, the bundle file itself.
 */
export function codeFiles(self: string): string[] {
  const parts = self.split(path.sep);
  const i = parts.lastIndexOf('src');
  if (i < 0) return [self];
  const root = parts.slice(0, i + 1).join(path.sep);
  const ext = path.extname(self);
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.name.endsWith(ext) && !e.name.endsWith(`.d${ext}`)) out.push(f);
    }
  };
  walk(root);
  return out.sort();
}

/**
 * A hash of the content of the code that runs, and of its version: not a modification
 * time, which `cp -a` keeps across copies and incremental tsc keeps on an unchanged
 * cache.js while other modules change, so that an entry made by other code would be
 * served. Hashing ~3 MB costs a few milliseconds, once per process.
 */
export function buildStamp(self: string): string {
  const h = createHash('sha256').update(version()).update('\0');
  try {
    const files = codeFiles(self);
    const base = path.dirname(self);
    for (const f of files)
      h.update(path.relative(base, f)).update('\0').update(readFileSync(f)).update('\0');
  } catch {
    // Unreadable code: a stamp no run shares, so that nothing is served from the cache.
    h.update(`unreadable ${process.pid} ${Math.random()}`);
  }
  return h.digest('hex');
}

/**
 * Where entries go: `--cache-dir`, else `node_modules/.cache/beeclak` of the nearest
 * directory above `from` that has a node_modules, else the user's cache directory.
 */
export function defaultCacheDir(from: string = process.cwd()): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    try {
      if (statSync(path.join(dir, 'node_modules')).isDirectory())
        return path.join(dir, 'node_modules', '.cache', 'beeclak');
    } catch {
      /* look further up */
    }
    if (path.dirname(dir) === dir) break;
  }
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'beeclak');
}

function stableJson(x: unknown): string {
  return JSON.stringify(x, (_k, v) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (v && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)));
    return v;
  });
}

/**
 * The environment variables that move the compiler's include search (GCC's CPATH,
 * C_INCLUDE_PATH, CPLUS_INCLUDE_PATH, OBJC_INCLUDE_PATH; GCC_EXEC_PREFIX and COMPILER_PATH
 * pick its own folders), each folder made absolute: an entry lists the headers found, and a
 * run finding another one through another folder saw every listed one unchanged (adversary
 * rv-today: CPATH=../dA then CPATH=../dB, whose hook.h reads the buffer after the call, was
 * served dA's mapping: printed after 0.000000 for 4.750000). Empty when none is set.
 */
const SEARCH_VARIABLES = [
  'CPATH',
  'C_INCLUDE_PATH',
  'CPLUS_INCLUDE_PATH',
  'OBJC_INCLUDE_PATH',
  'GCC_EXEC_PREFIX',
  'COMPILER_PATH',
];
function searchEnvironment(): [string, string[]][] {
  return SEARCH_VARIABLES.flatMap((name) => {
    const v = process.env[name];
    // (an empty entry is the current folder, as GCC reads it)
    return v === undefined
      ? []
      : [[name, v.split(path.delimiter).map((d) => path.resolve(d || '.'))] as [string, string[]]];
  });
}

function cacheKey(job: FileJob, stamp: string): string {
  return createHash('sha256')
    .update(
      stableJson({
        build: stamp,
        cc: process.env.CC ?? '',
        // C++ files are preprocessed by $CXX (src/frontend/language.ts).
        ...(process.env.CXX ? { cxx: process.env.CXX } : {}),
        file: job.file,
        options: job.options,
        search: searchEnvironment(),
      }),
    )
    .update('\0')
    .update(job.source)
    .digest('hex');
}

/** What an entry holds: the outcome, and the content hash of each header it depends on. */
interface Entry {
  readonly outcome: FileOutcome;
  readonly includes: Record<string, string>;
}

export class ResultCache {
  /** Header path -> SHA-256 of its content (undefined: unreadable), once per run. */
  private readonly hashes = new Map<string, Promise<string | undefined>>();
  /** Entries are written only for headers older than this (see put). */
  private readonly started = Date.now();

  /** buildStamp of the running code, hashed once per run (only runs with a cache pay it). */
  private readonly stamp: string;

  constructor(
    readonly dir: string,
    stamp?: string,
  ) {
    this.stamp = stamp ?? buildStamp(fileURLToPath(import.meta.url));
  }

  key(job: FileJob): string {
    return cacheKey(job, this.stamp);
  }

  private entry(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  private hashOf(file: string): Promise<string | undefined> {
    let h = this.hashes.get(file);
    if (!h) {
      h = fs.readFile(file).then(
        (bytes) => createHash('sha256').update(bytes).digest('hex'),
        () => undefined,
      );
      this.hashes.set(file, h);
    }
    return h;
  }

  async get(key: string): Promise<FileOutcome | undefined> {
    let entry: Entry;
    try {
      entry = JSON.parse(await fs.readFile(this.entry(key), 'utf8')) as Entry;
    } catch {
      return undefined;
    }
    const o = entry?.outcome;
    if (
      o?.kind !== 'done' ||
      typeof o.text !== 'string' ||
      typeof entry.includes !== 'object' ||
      entry.includes === null
    )
      return undefined;
    for (const [file, hash] of Object.entries(entry.includes))
      if ((await this.hashOf(file)) !== hash) return undefined;
    return o;
  }

  /**
   * Only results are kept. Not refusals: one may be for a header that is missing now and
   * there later (and internal errors: a fixed beeclak should see the file again). Nor a
   * result whose headers changed since the run started (it may be for their old content)
   * or cannot be read back.
   */
  async put(key: string, outcome: FileOutcome): Promise<void> {
    if (outcome.kind !== 'done') return;
    const includes: Record<string, string> = {};
    for (const file of outcome.includes ?? []) {
      try {
        if ((await fs.stat(file)).mtimeMs >= this.started) return;
      } catch {
        return;
      }
      const hash = await this.hashOf(file);
      if (hash === undefined) return;
      includes[file] = hash;
    }
    const entry: Entry = { outcome, includes };
    const file = this.entry(key);
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      // Not Node's recursive mkdir: it never returns under /proc (makeOutputFolder).
      makeOutputFolder(path.dirname(file));
      await fs.writeFile(tmp, JSON.stringify(entry));
      await fs.rename(tmp, file);
    } catch {
      await fs.rm(tmp, { force: true }).catch(() => undefined);
    }
  }
}
