/**
 * The options of one input file: the command line over the file's configuration
 * (src/cli/config.ts) over the defaults. A flag counts as given only when it was typed
 * (commander's value source 'cli'); `-D` adds to the configuration's defines per name.
 */
import type { Command } from 'commander';
import path from 'node:path';
import type { AnalysisFlags } from './analysisFlags.js';
import { type ConfigFinder, type ConfigValues, valuesFor } from './config.js';

/**
 * The flags over the configuration that applies to `file` (`contract`, `analyze`): its
 * include folders are relative to the configuration file, before the command line's.
 */
export function flagsForFile<F extends AnalysisFlags>(
  cmd: Command,
  flags: F,
  finder: ConfigFinder,
  file: string,
): F & { hls?: boolean; minBytes?: string } {
  const config = finder.forFile(file);
  const values = valuesFor(config, file);
  const f = flagsWithConfig(cmd, flags, values);
  if (config && values.include)
    f.includeDir = [
      ...values.include.map((d) => path.resolve(path.dirname(config.file), d)),
      ...f.includeDir,
    ];
  return f;
}

/** The flags as if the configuration's values had been typed where the user typed nothing. */
function flagsWithConfig<F extends AnalysisFlags>(
  cmd: Command,
  flags: F,
  values: ConfigValues,
): F & { hls?: boolean; minBytes?: string } {
  const typed = (name: string) => cmd.getOptionValueSource(name) === 'cli';
  const out: F & { hls?: boolean; minBytes?: string } = { ...flags };
  // The configuration's defines first: a -D typed for the same name comes later and wins.
  if (values.define)
    out.define = [
      ...Object.entries(values.define).map(([name, value]) => `${name}=${value}`),
      ...flags.define,
    ];
  if (values.temporary && !typed('temporary')) out.temporary = values.temporary;
  if (values.only && !typed('only')) out.only = values.only;
  if (values.heuristic && !typed('heuristic')) out.heuristic = values.heuristic;
  if (values.modulo && !typed('modulo')) out.modulo = values.modulo;
  if (values.minGain !== undefined && !typed('minGain')) out.minGain = String(values.minGain);
  if (values.target && !typed('target')) out.target = values.target;
  if (values.budget !== undefined && !typed('budget')) out.budget = String(values.budget);
  if (values.work !== undefined && !typed('work')) out.work = String(values.work);
  if (values.privateStack !== undefined && !typed('privateStack'))
    out.privateStack = String(values.privateStack);
  if (values.hls !== undefined && !typed('hls')) out.hls = values.hls;
  if (values.minBytes !== undefined && !typed('minBytes')) out.minBytes = String(values.minBytes);
  if (values.suppress && !typed('suppress')) out.suppress = values.suppress;
  if (values.configurations && !typed('configurations'))
    out.configurations = values.configurations.join(';');
  if (values.singleConfiguration !== undefined && !typed('singleConfiguration'))
    out.singleConfiguration = values.singleConfiguration;
  if (values.dataModel && !typed('dataModel')) out.dataModel = values.dataModel;
  return out;
}
