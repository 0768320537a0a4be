/**
 * What the compiler is given for a file: the user's options, with the `-D NAME=integer` that
 * are for the preprocessor (the others fix an argument of the model). One place for the
 * analysis (compilerView.ts), the file set's summaries (program.ts) and the configurations.
 */
import type { PreprocessOptions } from './preprocess.js';
import { cTokens } from './ctokens.js';
import { languageOf } from './language.js';
import { NO_NAMES, nameRecord } from '../poly/nameRecord.js';

/** The options compilerSetup reads. */
export interface SetupOptions {
  readonly compiler?: PreprocessOptions;
  readonly defines?: Readonly<Record<string, bigint>>;
}

/**
 * `void f(int n)`: names declared as integer parameters somewhere in the file. Read from the
 * file's tokens, so that a comment beside the name (`int order /* LPC order *\/`) does not
 * hide it: `-D order=10` went to the preprocessor, and fixed nothing.
 */
function integerParameterNames(source: string): Set<string> {
  const out = new Set<string>();
  const text = cTokens(source)
    .map((t) => t.text)
    .join(' ');
  const re =
    /[(,]\s*(?:const\s+)?(?:(?:unsigned|signed|long|short|int|char|size_t|u?int\d+_t)\s+)+([A-Za-z_]\w*)\s*(?=[,)])/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.add(m[1]!);
  return out;
}

/**
 * `-D NAME=integer` given to beeclak: a value for the preprocessor, except for a name the
 * file declares as an integer function parameter, which stays a value of the model only
 * (fixing an argument; the output then carries a run-time guard).
 */
export function splitDefines(
  source: string,
  defines: Readonly<Record<string, bigint>>,
): { preprocessor: string[]; model: Record<string, bigint> } {
  const entries = Object.entries(defines);
  const params = entries.length > 0 ? integerParameterNames(source) : new Set<string>();
  const preprocessor: string[] = [];
  const model = nameRecord<bigint>();
  for (const [name, value] of entries) {
    if (params.has(name)) model[name] = value;
    else preprocessor.push(`-D${name}=${value}`);
  }
  return { preprocessor, model };
}

/** The compiler's options: the user's, with the `-D` that are for the preprocessor. */
export function compilerSetup(
  source: string,
  file: string,
  options: SetupOptions,
): { split: ReturnType<typeof splitDefines>; compiler: PreprocessOptions } {
  const split = splitDefines(source, options.defines ?? NO_NAMES);
  const compiler: PreprocessOptions = {
    ...options.compiler,
    language: options.compiler?.language ?? languageOf(file),
    flags: [...split.preprocessor, ...(options.compiler?.flags ?? [])],
  };
  return { split, compiler };
}
