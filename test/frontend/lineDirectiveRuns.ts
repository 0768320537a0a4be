/**
 * The contractions of lineDirectives.test.ts and lineDirectives.long.test.ts: a file
 * contracted as `contract` would, and the arrays a report places off their declarator.
 */
import { contractSource } from '../../src/pipeline/contraction.js';
import { analysisOptions } from '../helpers/analysisOptions.js';

export const contraction = (source: string, file: string) =>
  contractSource(source, file, { ...analysisOptions(), annotate: false });
export const contract = async (source: string, file: string) =>
  (await contraction(source, file)).text;

/** The arrays of a report whose line:column is not their declarator (`*p`, `t[N]`) in `text`. */
export const misplaced = (
  text: string,
  arrays: readonly { name: string; line: number; column: number }[],
) =>
  arrays
    .filter(
      (a) =>
        !(text.split('\n')[a.line - 1] ?? '')
          .slice(a.column - 1)
          .replace(/^[*\s(]+/, '')
          .startsWith(a.name),
    )
    .map((a) => `${a.name} at ${a.line}:${a.column}`);
