/** The options every analysing subcommand shares (DESIGN.md, "Common options"). */
import { Option, type Command } from 'commander';
import type { AnalysisOptions } from '../pipeline/analysis.js';
import {
  collectDefine,
  collectNames,
  HEURISTICS,
  MODULO_FORMS,
  parseChoice,
  type HeuristicChoice,
  type ModuloForm,
} from './options.js';
import { UsageError } from './errors.js';
import { DEFAULT_SEARCH_BUDGET_MS } from '../lattice/index.js';

export interface AnalysisFlags {
  define: Record<string, bigint>;
  temporary: string[];
  only: string[];
  heuristic: HeuristicChoice;
  modulo: ModuloForm;
  minGain: string;
  budget: string;
  oracle: string;
  work: string;
  lifetimes: string;
}

/** `oracleDefault`: operations of the dynamic oracle unless --oracle says otherwise. */
export function addAnalysisOptions(cmd: Command, oracleDefault = '0'): Command {
  return cmd
    .addOption(
      new Option('-D, --define <NAME=VALUE>', 'give a macro or parameter a value (repeatable)')
        .argParser(collectDefine)
        .default({}, 'none'),
    )
    .addOption(
      new Option(
        '--temporary <A,B>',
        'treat these arrays as temporaries (promise: no value flows in or out)',
      )
        .argParser(collectNames)
        .default([], 'none'),
    )
    .addOption(
      new Option('--only <A,B>', 'contract only these arrays')
        .argParser(collectNames)
        .default([], 'all'),
    )
    .option(
      '--heuristic <h>',
      `lattice search: ${HEURISTICS.join('|')}`,
      parseChoice('--heuristic', HEURISTICS),
      'auto',
    )
    .option(
      '--modulo <form>',
      `modulo form: ${MODULO_FORMS.join('|')}`,
      parseChoice('--modulo', MODULO_FORMS),
      'exact',
    )
    .option(
      '--min-gain <percent>',
      'a skewed mapping must save more than this over a simpler one',
      '5',
    )
    .option(
      '--budget <ms>',
      'time budget of the exhaustive lattice search per array',
      String(DEFAULT_SEARCH_BUDGET_MS),
    )
    .option('--work <units>', 'work budget of the polyhedral core per array and stage', '1000000')
    .option(
      '--lifetimes <kind>',
      'value: lifetimes of values (write to last read); cell: of cells (Bee), a superset',
      'value',
    )
    .option(
      '--oracle <ops>',
      'operations the dynamic oracle may spend per array, to report maxLive (0: off)',
      oracleDefault,
    );
}

function number(option: string, text: string, min: number, max: number): number {
  const v = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !Number.isFinite(v) || v < min || v > max) {
    throw new UsageError(`${option} expects a number from ${min} to ${max}, got '${text}'`);
  }
  return v;
}

export function analysisOptions(flags: AnalysisFlags): AnalysisOptions {
  return {
    defines: flags.define,
    temporaries: flags.temporary,
    only: flags.only,
    heuristic: flags.heuristic,
    modulo: flags.modulo,
    minGain: number('--min-gain', flags.minGain, 0, 100) / 100,
    budgetMs: number('--budget', flags.budget, 0, 3_600_000),
    oracleOperations: number('--oracle', flags.oracle, 0, 1e10),
    workUnits: number('--work', flags.work, 1, 1e12),
    lifetimes: lifetimesKind(flags.lifetimes),
  };
}

function lifetimesKind(text: string): 'value' | 'cell' {
  if (text !== 'value' && text !== 'cell') {
    throw new UsageError(`--lifetimes expects value or cell, got '${text}'`);
  }
  return text;
}
