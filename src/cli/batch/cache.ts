/**
 * The result cache of a multi-file `contract`: one entry per (file name, content, options,
 * beeclak build), so a second run over unchanged files reads results instead of analysing.
 * An entry is a JSON file named by the SHA-256 of its key; a damaged or unreadable entry is
 * a miss, and a cache that cannot be written only costs time.
 */
import { createHash } from 'node:crypto';
import { promises as fs, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    .update(stableJson({ build: STAMP, file: job.file, options: job.options }))
    .update('\0')
    .update(job.source)
    .digest('hex');
}

export class ResultCache {
  constructor(readonly dir: string) {}

  private entry(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get(key: string): Promise<FileOutcome | undefined> {
    try {
      const o = JSON.parse(await fs.readFile(this.entry(key), 'utf8')) as FileOutcome;
      if (o.kind === 'done' && typeof o.text === 'string') return o;
      return o.kind === 'refused' && typeof o.message === 'string' ? o : undefined;
    } catch {
      return undefined;
    }
  }

  /** Internal errors are not kept: a fixed beeclak should see the file again. */
  async put(key: string, outcome: FileOutcome): Promise<void> {
    if (outcome.kind === 'internal') return;
    const file = this.entry(key);
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(tmp, JSON.stringify(outcome));
      await fs.rename(tmp, file);
    } catch {
      await fs.rm(tmp, { force: true }).catch(() => undefined);
    }
  }
}
