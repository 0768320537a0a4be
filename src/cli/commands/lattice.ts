/** `beeclak lattice SET`: the standalone Cl@k tool (successive minima, heuristics, optimum). */
import type { Command } from 'commander';
import type { Io } from '../io.js';
import type { PrintOptions } from '../../pipeline/report.js';
import { InputError, UsageError } from '../errors.js';
import { collectDefine, HEURISTICS, parseChoice, type HeuristicChoice } from '../options.js';
import { parseSet } from '../../poly/index.js';
import type { PolySet } from '../../poly/types.js';
import {
  chooseMapping,
  chooseSymbolicMapping,
  formatSymbolicMapping,
  type SymbolicChoice,
  formatMapping,
  LatticeInputError,
  type LatticeChoice,
} from '../../lattice/index.js';
import { ownValue } from '../../poly/nameRecord.js';
import { gainFraction } from '../analysisFlags.js';

interface LatticeOptions {
  define: Record<string, bigint>;
  heuristic: HeuristicChoice;
  json?: boolean;
  timings?: boolean;
  minGain: string;
  budget: string;
}

export function registerLattice(program: Command, io: Io): void {
  program
    .command('lattice')
    .description('Cl@k: successive minima and modular mappings for a 0-symmetric set')
    .argument('<set>', "e.g. '{ [a, b] : -99 <= a + 2b <= 99 and -1 <= b <= 1 }'")
    .option('-D, --define <NAME=VALUE>', 'parameter value (repeatable)', collectDefine, {})
    .option(
      '--heuristic <h>',
      `one of ${HEURISTICS.join(', ')}`,
      parseChoice('--heuristic', HEURISTICS),
      'auto',
    )
    .option(
      '--min-gain <percent>',
      'a skewed mapping must save more than this percentage over a simpler one (as contract)',
      '5',
    )
    .option(
      '--budget <ms>',
      'budget of the optimal search, in ms of work on an idle reference machine (counted, not timed)',
      '5000',
    )
    .option('--json', 'machine-readable output')
    .option('--timings', 'also print the time of each step (it differs from run to run)')
    .action(async (text: string, opts: LatticeOptions) => {
      const minGain = gainFraction(opts.minGain);
      const budgetMs = Number(opts.budget);
      if (!Number.isFinite(budgetMs) || budgetMs < 0)
        throw new UsageError(`--budget expects milliseconds`);
      let ds: PolySet;
      try {
        ds = parseSet(text);
      } catch (e) {
        throw new InputError(`cannot read the set: ${(e as Error).message}`, '<set>');
      }
      const missing = ds.space.params.filter((p) => ownValue(opts.define, p) === undefined);
      if (missing.length > 0) {
        // Symbolic moduli (Heuristic 3, proved over every parameter value).
        let sym: SymbolicChoice;
        try {
          sym = chooseSymbolicMapping(ds, { params: opts.define });
        } catch (e) {
          if (e instanceof LatticeInputError) throw new InputError(e.message, '<set>');
          throw e;
        }
        io.stdout(opts.json ? JSON.stringify(sym, big, 2) + '\n' : formatSymbolic(ds, sym));
        return;
      }
      const out = await runLattice(ds, {
        heuristic: opts.heuristic,
        params: opts.define,
        minGain,
        budgetMs,
      });
      // Without --timings the same set prints the same bytes.
      const print = { timings: !!opts.timings };
      io.stdout(
        opts.json
          ? JSON.stringify(choiceToJson(ds, out, print), null, 2) + '\n'
          : formatChoice(ds, out, print),
      );
    });
}

/**
 * Runs the search, turning input problems (unbounded DS, missing parameter) into InputError.
 * The command shows the optimum itself, also under `auto` (which, inside `contract`, only
 * looks for what its policy would take).
 */
export async function runLattice(
  ds: PolySet,
  options: Parameters<typeof chooseMapping>[1],
): Promise<LatticeChoice> {
  try {
    return await chooseMapping(ds, { fullSearch: true, ...options });
  } catch (e) {
    if (e instanceof LatticeInputError) throw new InputError(e.message, '<set>');
    throw e;
  }
}

const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? Number(v) : v);

/** The choice as JSON data; its `timings` only with `{ timings: true }`. */
export function choiceToJson(ds: PolySet, c: LatticeChoice, print: PrintOptions = {}): unknown {
  return JSON.parse(
    JSON.stringify(
      {
        dims: ds.space.dims,
        dsPoints: c.dsPoints,
        dimension: c.dimension,
        successiveMinima: c.successiveMinima?.minima.map((m) => ({
          lambda: m.lambda,
          exact: m.exact,
          vector: m.vector,
        })),
        candidates: c.candidates.map((k) => ({
          heuristic: k.heuristic,
          basis: k.basisName,
          vectors: k.basis,
          mapping: k.mapping,
          size: k.size,
        })),
        queries: c.queries,
        optimal: c.optimal && {
          size: c.optimal.size,
          proved: c.optimal.optimal,
          lowerBound: c.optimal.lowerBound,
          nodes: c.optimal.nodes,
          method: c.optimal.method,
          goal: c.optimal.goal,
        },
        chosen: {
          heuristic: c.heuristic,
          mapping: c.mapping,
          size: c.size,
          text: formatMapping(c.mapping, ds.space.dims),
        },
        ...(print.timings ? { timings: c.timings } : {}),
      },
      big,
    ),
  );
}

/** The choice as text; its `timings:` line only with `{ timings: true }`. */
export function formatChoice(ds: PolySet, c: LatticeChoice, print: PrintOptions = {}): string {
  const names = ds.space.dims;
  const lines: string[] = [];
  lines.push(
    `DS: ${c.dsPoints === undefined ? 'not enumerated' : `${c.dsPoints} integer points`}, spanning dimension ${c.dimension} of ${names.length}`,
  );
  if (c.successiveMinima) {
    lines.push('successive minima:');
    c.successiveMinima.minima.forEach((m, i) =>
      lines.push(
        `  lambda${i + 1} = ${m.lambda}${m.exact ? '' : ' (float hint)'}${m.vector ? `  x${i + 1} = (${m.vector.join(', ')})` : ''}`,
      ),
    );
  }
  lines.push('heuristics:');
  const seen = new Set<string>();
  for (const k of c.candidates) {
    if (k.heuristic === 'opt') continue;
    const text = `  ${k.heuristic.padEnd(4)} basis ${k.basisName}: ${formatMapping(k.mapping, names)}  size ${k.size}`;
    if (seen.has(text)) continue;
    seen.add(text);
    lines.push(text);
  }
  if (c.optimal) {
    const o = c.optimal;
    const what = o.mapping
      ? `${formatMapping(o.mapping, names)}  size ${o.size}`
      : `nothing smaller than ${o.size}${o.goal !== undefined ? ' (searched only below what --min-gain lets auto take)' : ''}`;
    lines.push(
      `optimal search: ${what} (${o.optimal ? 'proved optimal' : 'best found so far, budget exhausted'}; lower bound ${o.lowerBound}, ${o.nodes} lattices${o.method === 'queries' ? `, ${o.programs ?? 0} integer programs, DS not listed` : ''})`,
    );
  }
  lines.push(`chosen (${c.heuristic}): ${formatMapping(c.mapping, names)}  size ${c.size}`);
  const t = c.timings;
  if (print.timings)
    lines.push(
      `timings: exact queries ${t.queriesMs} ms, minima ${t.minimaMs} ms, heuristics ${t.heuristicsMs} ms, optimal ${t.optimalMs} ms`,
    );
  return lines.join('\n') + '\n';
}

function formatSymbolic(ds: PolySet, c: SymbolicChoice): string {
  const names = ds.space.dims;
  const lines = [
    `symbolic parameters: ${ds.space.params.join(', ')} (moduli proved for every value)`,
  ];
  for (const k of c.candidates)
    lines.push(`  h3   basis ${k.basisName}: ${formatSymbolicMapping(k.mapping, names)}`);
  lines.push(`chosen (h3, basis ${c.basisName}): ${formatSymbolicMapping(c.mapping, names)}`);
  const at = c.checkedAt.map((v) =>
    Object.entries(v)
      .map(([k, x]) => `${k}=${x}`)
      .join(' '),
  );
  lines.push(`verified exactly at: ${at.join('; ')}`);
  return lines.join('\n') + '\n';
}
