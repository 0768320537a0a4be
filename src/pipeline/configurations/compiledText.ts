/**
 * What one configuration's compiler makes of a text: the preprocessor's output without its
 * `-dD` definition lines. Two texts with the same output compile to the same program in
 * that configuration, whatever the lines the preprocessor dropped (other branches, guards).
 */
import {
  isMacroLine,
  preprocessorOutput,
  type PreprocessOptions,
} from '../../frontend/preprocess.js';
import { splitDefines } from '../../frontend/compilerSetup.js';
import { languageOf } from '../../frontend/language.js';
import type { Configuration } from '../options.js';

/**
 * The compiler of a configuration as the analysis runs it: its flags, with the integer
 * `-D` values of the command line that are for the preprocessor (compilerView.ts).
 */
export function configurationCompiler(
  configuration: Configuration,
  source: string,
  file: string,
  defines: Readonly<Record<string, bigint>>,
): PreprocessOptions {
  const c = configuration.compiler;
  return {
    ...c,
    language: c.language ?? languageOf(file),
    flags: [...splitDefines(source, defines).preprocessor, ...(c.flags ?? [])],
  };
}

/**
 * The preprocessed text of `text` (read as the file `file`) without definition lines, or
 * undefined when the preprocessor refuses it (an `#error` guard that fires).
 */
export function compiledText(
  text: string,
  file: string,
  compiler: PreprocessOptions,
): string | undefined {
  try {
    return preprocessorOutput(text, file, compiler)
      .split('\n')
      .filter((l) => !isMacroLine(l))
      .join('\n');
  } catch {
    return undefined;
  }
}
