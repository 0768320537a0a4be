/**
 * The architecture rules of docs/design.md ("Pipeline"), read from the sources: stages never
 * import from the command line or the pipeline above them, and no two files import each other through
 * any chain (a cycle). Guards against the `frontend -> cli/errors` back-edge and the
 * `cli/main <-> cli/commands` cycle that once existed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from '../helpers/sourceFiles.js';

const SRC = path.resolve('src');

/** Relative imports of one file (static `import`/`export ... from`, and `import()`), as .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm),
    ...text.matchAll(/^\s*import\s+'([^']+)'/gm),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) => path.resolve(path.dirname(file), s.replace(/\.js$/, '.ts')));
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const folderOf = (f: string) => path.relative(SRC, f).split(path.sep)[0]!;

describe('src/ import graph', () => {
  it('has every relative import resolve to a file', () => {
    const missing = [...graph].flatMap(([f, deps]) =>
      deps.filter((d) => !graph.has(d)).map((d) => `${path.relative(SRC, f)} -> ${d}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no stage importing from cli/ or pipeline/', () => {
    const above = new Set(['cli', 'pipeline']);
    const bad = [...graph].flatMap(([f, deps]) => {
      const from = folderOf(f);
      if (above.has(from) || from.endsWith('.ts')) return [];
      return deps
        .filter((d) => above.has(folderOf(d)))
        .map((d) => `${path.relative(SRC, f)} -> ${path.relative(SRC, d)}`);
    });
    expect(bad).toEqual([]);
  });

  it('has no pipeline file importing from cli/', () => {
    const bad = [...graph].flatMap(([f, deps]) =>
      folderOf(f) === 'pipeline'
        ? deps.filter((d) => folderOf(d) === 'cli').map(() => path.relative(SRC, f))
        : [],
    );
    expect(bad).toEqual([]);
  });

  // Guards the rooms of pipeline/ (issue 28): the decision (its passes), the whole-program
  // analysis it calls, and the checking tools on top, each importing only downwards; the two
  // drivers (analysis.ts, contraction.ts) sequence them, the configurations' driver
  // (configurations/) runs the contraction once per configuration; the shared types beside
  // them import no room.
  it('has pipeline rooms that import one way', () => {
    const PIPELINE = path.join(SRC, 'pipeline');
    const roomOf = (f: string): string => {
      const rel = path.relative(PIPELINE, f).split(path.sep);
      if (rel[0] === '..') return 'outside';
      if (rel.length > 1) return rel[0]!;
      return ['analysis.ts', 'contraction.ts'].includes(rel[0]!) ? 'drivers' : 'shared';
    };
    // Each room may import the rooms after it in this list, and itself.
    const ORDER = ['checking', 'configurations', 'drivers', 'decision', 'wholeProgram', 'shared'];
    const bad = [...graph].flatMap(([f, deps]) => {
      const from = roomOf(f);
      if (from === 'outside') return [];
      return deps
        .filter((d) => {
          const to = roomOf(d);
          return to !== 'outside' && ORDER.indexOf(to) < ORDER.indexOf(from);
        })
        .map(
          (d) => `${path.relative(SRC, f)} (${from}) -> ${path.relative(SRC, d)} (${roomOf(d)})`,
        );
    });
    expect(bad).toEqual([]);
  });

  it('has no cycle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        const loop = trail.slice(trail.indexOf(f)).concat(f);
        cycles.push(loop.map((x) => path.relative(SRC, x)).join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const d of graph.get(f) ?? []) if (graph.has(d)) visit(d, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });
});
