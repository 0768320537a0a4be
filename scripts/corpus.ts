/**
 * `npm run corpus -- FOLDER`: beeclak over real code. Each first-level folder of FOLDER is a
 * repository (fetched by hand, never committed); every `.c` file in it is contracted with
 * the repository's include folders (every folder holding a `.h`), as `beeclak contract -I ...`
 * would, and the script reports per repository:
 *
 *   files, compiler-accepted (`cc -fsyntax-only` with the same flags), accepted by beeclak,
 *   refused (with the first reason), crashes (internal errors), changed, changed but not
 *   compiling, unchanged but not byte-identical, arrays contracted, bytes saved by storage class
 *   (the report's `savedBytes` summed by its `storage`: stack, static, global, heap, parameter),
 *   time per file (median, max),
 *   wall and CPU time of this process (CPU time is robust to a loaded machine; the
 *   compiler it spawns is not counted), and the files over 1 s of CPU time.
 *
 *   node dist/scripts/corpus.js FOLDER [--docs] [--limit N] [--json out.json]
 *
 * A file `corpus.flags` at the top of a repository adds compiler flags for all its files.
 * Not part of `npm test`. `--docs` writes the table between the corpus markers of
 * docs/benchmarks.md (scripts/docTables.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { contractSource, type ContractOptions } from '../src/pipeline/contraction.js';
import { InputError } from '../src/model/errors.js';
import { releaseParsedTrees } from '../src/frontend/parse.js';
import { writeTable } from './docTables.js';
import { savedByStorage, storageText, type ReportArray } from './bench/memory.js';

interface FileResult {
  file: string;
  compilerAccepts: boolean;
  outcome: 'accepted' | 'refused' | 'crash';
  reason?: string;
  changed: boolean;
  changedCompiles?: boolean;
  unchangedIdentical?: boolean;
  contracted: number;
  /** Bytes saved per storage class (the report's savedBytes by storage). */
  saved: Record<string, number>;
  ms: number;
  /** CPU time of this process (user + system) for the file: robust to a loaded machine. */
  cpuMs: number;
}

const OPTIONS: Omit<ContractOptions, 'compiler'> = {
  defines: {},
  temporaries: [],
  only: [],
  heuristic: 'auto',
  modulo: 'exact',
  annotate: false,
  oracleOperations: 0,
};

function walk(dir: string, out: { c: string[]; h: Set<string> }): void {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const p = join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isDirectory()) walk(p, out);
    else if (name.endsWith('.c')) out.c.push(p);
    else if (name.endsWith('.h')) out.h.add(dir);
  }
}

function syntaxOk(text: string, flags: string[], cwd: string): boolean {
  const r = spawnSync(process.env.CC ?? 'cc', ['-fsyntax-only', '-w', ...flags, '-x', 'c', '-'], {
    input: Buffer.from(text, 'latin1'),
    cwd,
  });
  return r.status === 0;
}

async function runFile(file: string, includes: string[], extra: string[]): Promise<FileResult> {
  const source = readFileSync(file, 'latin1');
  const flags = [...extra, ...includes.flatMap((d) => ['-I', d]), '-iquote', dirname(file)];
  const compilerAccepts = syntaxOk(source, flags, dirname(file));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const cpu = () => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  const base = { file, compilerAccepts, changed: false, contracted: 0, saved: {} };
  try {
    const r = await contractSource(source, file, { ...OPTIONS, compiler: { flags } });
    const ms = performance.now() - t0;
    const cpuMs = cpu();
    const contracted = r.analysis.decisions.length;
    const saved = Object.fromEntries(
      savedByStorage(r.analysis.report.arrays as readonly ReportArray[]),
    );
    // Changed: some array was contracted or a caller's buffer shrank. Otherwise the text must
    // be the input, byte for byte.
    if (contracted > 0 || r.changed) {
      return {
        ...base,
        outcome: 'accepted',
        changed: true,
        contracted,
        saved,
        changedCompiles: syntaxOk(r.text, flags, dirname(file)),
        ms,
        cpuMs,
      };
    }
    return {
      ...base,
      outcome: 'accepted',
      unchangedIdentical: r.text === source,
      contracted,
      saved,
      ms,
      cpuMs,
    };
  } catch (e) {
    const ms = performance.now() - t0;
    const cpuMs = cpu();
    if (e instanceof InputError)
      return { ...base, outcome: 'refused', reason: e.message, ms, cpuMs };
    return { ...base, outcome: 'crash', reason: (e as Error).stack ?? String(e), ms, cpuMs };
  }
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The bytes saved per storage class over `rs`. */
function savedOver(rs: readonly FileResult[]): Map<string, number> {
  const sum = new Map<string, number>();
  for (const r of rs)
    for (const [k, b] of Object.entries(r.saved)) sum.set(k, (sum.get(k) ?? 0) + b);
  return sum;
}

function row(repo: string, rs: FileResult[]): string {
  const accepted = rs.filter((r) => r.outcome === 'accepted');
  const ccOk = rs.filter((r) => r.compilerAccepts);
  const acceptedOfCc = ccOk.filter((r) => r.outcome === 'accepted').length;
  const refused = rs.filter((r) => r.outcome === 'refused');
  const crashes = rs.filter((r) => r.outcome === 'crash');
  const changed = accepted.filter((r) => r.changed);
  const ms = rs.map((r) => r.ms);
  const cpu = rs.map((r) => r.cpuMs);
  const pct = ccOk.length ? ((100 * acceptedOfCc) / ccOk.length).toFixed(1) : '-';
  const firstReason = refused[0]
    ? `${relative(repo, refused[0].file)}: ${refused[0].reason!.split('\n')[0]!.slice(0, 70)}`
    : '';
  return [
    repo.split('/').pop(),
    rs.length,
    ccOk.length,
    `${accepted.length} (${pct}% of cc-accepted)`,
    `${refused.length}${firstReason ? ` (${firstReason.replace(/\|/g, '\\|')})` : ''}`,
    crashes.length,
    changed.length,
    changed.filter((r) => r.compilerAccepts && !r.changedCompiles).length,
    accepted.filter((r) => !r.changed && !r.unchangedIdentical).length,
    accepted.reduce((s, r) => s + r.contracted, 0),
    storageText(savedOver(accepted)),
    `${Math.round(median(ms))} / ${Math.round(Math.max(0, ...ms))}`,
    `${Math.round(median(cpu))} / ${Math.round(Math.max(0, ...cpu))}`,
    cpu.filter((x) => x > 1000).length,
  ].join(' | ');
}

const HEADER =
  '| repository | .c files | cc accepts | beeclak accepts | refused (first reason) | crashes | changed | changed, not compiling | unchanged, not identical | arrays contracted | bytes saved by storage | ms per file (median / max) | CPU ms per file (median / max) | files over 1 s CPU |\n' +
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const folder = args.find((a) => !a.startsWith('--'));
  if (!folder) {
    console.error('usage: node dist/scripts/corpus.js FOLDER [--docs] [--limit N] [--json F]');
    process.exit(2);
  }
  const limit = Number(args[args.indexOf('--limit') + 1] ?? 0) || Infinity;
  const rows: string[] = [];
  const all: Record<string, FileResult[]> = {};
  for (const name of readdirSync(folder).sort()) {
    const repo = resolve(folder, name);
    if (!statSync(repo).isDirectory()) continue;
    const found = { c: [] as string[], h: new Set<string>() };
    walk(repo, found);
    const includes = [...found.h].sort();
    // A repository may need flags of its own (e.g. CMSIS-DSP's host build: -D__GNUC_PYTHON__).
    const flagFile = join(repo, 'corpus.flags');
    const extra = existsSync(flagFile)
      ? readFileSync(flagFile, 'utf8').split(/\s+/).filter(Boolean)
      : [];
    const results: FileResult[] = [];
    for (const file of found.c.sort().slice(0, limit)) {
      const r = await runFile(file, includes, extra);
      await releaseParsedTrees(); // tree-sitter frees trees only between event-loop turns
      results.push(r);
      if (r.outcome === 'crash') console.error(`CRASH ${file}\n${r.reason}`);
      if (r.changed && r.compilerAccepts && !r.changedCompiles)
        console.error(`NOT COMPILING ${file}`);
      if (r.ms > 2000 || r.cpuMs > 1000)
        console.error(`SLOW ${file}: ${Math.round(r.ms)} ms (CPU ${Math.round(r.cpuMs)} ms)`);
    }
    all[name] = results;
    rows.push(`| ${row(repo, results)} |`);
    console.error(rows.at(-1));
  }
  const total = storageText(savedOver(Object.values(all).flat()));
  const table = `${HEADER}\n${rows.join('\n')}\n\nBytes saved over all repositories, by storage class: ${total}.\n`;
  process.stdout.write(table);
  const json = args.indexOf('--json');
  if (json >= 0) writeFileSync(args[json + 1]!, JSON.stringify(all, null, 2));
  if (args.includes('--docs'))
    writeTable(join(dirname(fileURLToPath(import.meta.url)), '../..'), 'corpus', table);
}

await main();
