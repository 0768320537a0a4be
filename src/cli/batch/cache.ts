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
import { promises as fs, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeOutputFolder } from '../outputFile.js';
import { fileURLToPath } from 'node:url';
import type { FileJob, FileOutcome } from './job.js';

/** Changes with every build of beeclak (tsc rewrites every output file). */
function buildStamp(): string {
  try {
    return String(statSync(fileURLToPath(import.meta.url)).mtimeMs);
  } catch {
    return 'unknown';
  }
}

const STAMP = buildStamp();

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

export function cacheKey(job: FileJob): string {
  return createHash('sha256')
    .update(
      stableJson({
        build: STAMP,
        cc: process.env.CC ?? '',
        // C++ files are preprocessed by $CXX (src/frontend/language.ts).
        ...(process.env.CXX ? { cxx: process.env.CXX } : {}),
        file: job.file,
        options: job.options,
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

  constructor(readonly dir: string) {}

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
