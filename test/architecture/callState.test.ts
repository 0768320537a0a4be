/**
 * State that lives longer than one call is kept per call (src/context/callContext.ts), never
 * per module: a module-level `let`, or a module-level table that fills as calls run, is shared
 * by the calls that overlap in one process (issue 25, class 8: the work budget was, and
 * concurrent `contract()` calls were charged each other's work). The few that stay are listed
 * here with the reason they hold nothing of a call.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from '../helpers/sourceFiles.js';

const SRC = path.resolve('src');

const KEPT_PER_PROCESS: Record<string, string> = {
  'frontend/parse.ts: loaded': 'the loaded parser: native code, no data of a call between parses',
  'frontend/compactTree.ts: namesByGrammar':
    'names of the symbol and field ids of each grammar: the same for every call',
  'pipeline/checking/compileRun.ts: sanitizerSupport': "a fact of the machine's compiler",
  'frontend/ctokens.ts: PUNCTUATORS_BY_FIRST': 'a constant table, filled as the module loads',
  'frontend/intTypes.ts: NO_TYPEDEFS': 'the empty table, read only',
};

/**
 * `file: name` for each top-level `let`, and each top-level Map, Set, WeakMap or WeakSet that
 * starts empty (one made from a list of constants is a constant).
 */
function moduleState(): string[] {
  return sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const pattern =
      /^(?:export )?(?:let ([A-Za-z_$][\w$]*)|const ([A-Za-z_$][\w$]*)\b[^=\n]*= *new (?:Weak)?(?:Map|Set)(?:<.*>)?\(\))/gm;
    return [...text.matchAll(pattern)].map(
      (m) => `${path.relative(SRC, file).split(path.sep).join('/')}: ${m[1] ?? m[2]}`,
    );
  });
}

describe('state kept outside a call', () => {
  it('is only what the list allows, each for its reason', () => {
    expect(moduleState().sort()).toEqual(Object.keys(KEPT_PER_PROCESS).sort());
  });
});
