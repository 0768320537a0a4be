/**
 * `contract --check` over 100 files in one process (worker threads), as a pre-commit hook
 * runs it: cold (no cache) and warm (every result cached). The files are the first 100 `.c`
 * files of $BEECLAK_BENCH_TREE (a real code base) when it is set, else 100 distinct copies
 * of the samples (each with its own trailing comment, so the cache cannot share them).
 * $BEECLAK_BENCH_FLAGS adds arguments (split at spaces), relative paths being relative to
 * the tree: `BEECLAK_BENCH_TREE=CMSIS-DSP/Source BEECLAK_BENCH_FLAGS='-D__GNUC_PYTHON__
 * -I ../Include -I ../PrivateInclude'`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface ManyFilesRow {
  source: string;
  files: number;
  coldS: number;
  warmS: number;
  summary: string;
}

/** The `.c` files under `dir`, in sorted order (directories entered in order). */
export function cFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) cFiles(p, out);
    else if (p.endsWith('.c')) out.push(p);
  }
  return out;
}

export function benchManyFiles(root: string, count = 100): ManyFilesRow {
  const tree = process.env.BEECLAK_BENCH_TREE && resolve(process.env.BEECLAK_BENCH_TREE);
  const work = mkdtempSync(join(tmpdir(), 'beeclak-many-'));
  try {
    let files: string[];
    let source: string;
    if (tree) {
      files = cFiles(tree).slice(0, count);
      source = `${tree} (first ${files.length} .c files)`;
    } else {
      const samples = cFiles(join(root, 'samples')).filter((f) => !f.includes('/folded/'));
      files = Array.from({ length: count }, (_, k) => {
        const f = join(work, `f${String(k).padStart(3, '0')}.c`);
        writeFileSync(f, readFileSync(samples[k % samples.length]!, 'utf8') + `/* copy ${k} */\n`);
        return f;
      });
      source = `${count} copies of the ${samples.length} samples`;
    }
    const cache = join(work, 'cache');
    const run = () => {
      const t = performance.now();
      const r = spawnSync(
        process.execPath,
        [
          join(root, 'bin', 'beeclak.js'),
          'contract',
          '--check',
          '--cache-dir',
          cache,
          ...(process.env.BEECLAK_BENCH_FLAGS ?? '').split(' ').filter(Boolean),
          ...files,
        ],
        { encoding: 'utf8', cwd: tree ?? work },
      );
      const summary = (r.stderr.match(/^beeclak: \d+ files?,.*$/m) ?? [''])[0];
      return { s: (performance.now() - t) / 1000, summary };
    };
    const cold = run();
    const warm = run();
    return { source, files: files.length, coldS: cold.s, warmS: warm.s, summary: cold.summary };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
