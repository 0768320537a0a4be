/**
 * What later stages need of the file's own text, read here once (issue 28: no stage after
 * the frontend reads the text again). The compiler's view of a function is its preprocessed
 * text; some facts are only in the text as written:
 *
 * - whether the body can be written twice (the fallback of a result that holds for some
 *   argument values keeps the original body next to the contracted one): labels, `goto`
 *   and statics the compiler's view has (FunctionModel.copyObstacle from the builder), and in
 *   the text as written also those under a macro or a skipped branch, and `__LINE__` or
 *   `__COUNTER__` (a copy would expand them to other values: review 2026-11-26);
 * - which names the parameter list spells (a `-D n=30` naming a function argument is guarded
 *   at run time, a macro's by `#if`);
 * - the `#pragma HLS` lines of each function (HLS mode), and the line where it ends;
 * - which statements do not end with `;` (check's owner build cannot wait for their end);
 * - the author's `beeclak: keep` and `beeclak: suppress CODE` next to a declaration, and
 *   `#pragma beeclak keep(A)` (keepComments.ts).
 */
import type { ArrayInfo, FunctionModel, Parameter, ProgramModel } from '../model/types.js';
import { notCandidate } from '../model/reasons.js';
import { arrayDirectives, type ArrayDirectives } from './keepComments.js';
import {
  IDENTIFIER,
  codeOnly,
  identifierPattern,
  mentionsIdentifier,
  wordsRegExp,
} from '../model/identifiers.js';
import { hlsPragmas, textPragmas, type TextPragmas } from './hlsPragmas.js';
import { countBelow, lineStarts } from './parse.js';
import { ORIGINAL_SUFFIX, originalNames, outlineHeader } from './outlineHeader.js';

const GOTO = wordsRegExp(['goto', '__label__']);
const STATIC = wordsRegExp(['static']);
/** Macros whose value depends on where the text stands, or on how often it is expanded. */
const PLACE = wordsRegExp(['__LINE__', '__COUNTER__']);
/** `name:` at the start of a statement (`né:` too), not `default:`. */
const LABEL = new RegExp(
  `(^|[;{}])\\s*(?!${identifierPattern('default')})${IDENTIFIER}\\s*:(?!:)`,
  'mu',
);

/** Why a function body cannot be duplicated as the fallback path (labels, statics), if so. */
function copyObstacle(source: string, fn: FunctionModel): string | undefined {
  if (!fn.bodyRange) return 'the function body is not spelled in the file';
  // The compiler's view first (macros expanded: `#define PERSIST static` made a copied
  // `PERSIST int calls` a second counter, review 2026-11-26), then the text as written.
  if (fn.copyObstacle) return fn.copyObstacle;
  const body = source.slice(fn.bodyRange.start + 1, fn.bodyRange.end - 1);
  if (GOTO.test(body)) return 'it uses goto (labels cannot be duplicated)';
  if (STATIC.test(body)) return 'it has static locals (a copy would be another object)';
  if (LABEL.test(body)) return 'it has labels (a copy would define them twice)';
  if (PLACE.test(codeOnly(body)))
    return 'it uses __LINE__ or __COUNTER__ (a copy would expand them to other values)';
  return undefined;
}

/** A `-D` value whose name the parameter list spells is a function argument's. */
function withSignatureNames(source: string, fn: FunctionModel): readonly Parameter[] {
  const header = source.slice(fn.range.start, fn.bodyRange?.start ?? fn.range.end);
  const list = header.slice(header.indexOf('('));
  return fn.parameters.map((p) =>
    p.source === 'command-line' && mentionsIdentifier(list, p.name)
      ? { ...p, inSignature: true as const }
      : p,
  );
}

function functionFacts(
  source: string,
  taken: ReadonlySet<string>,
  starts: readonly number[],
  fn: FunctionModel,
  read: TextPragmas,
): FunctionModel {
  const obstacle = copyObstacle(source, fn);
  const pragmas = hlsPragmas(source, fn.range, read);
  // (A body that cannot be copied has no outline either.)
  const { outline: compilerOutline, outlineObstacle: why, ...own } = fn;
  const outline = obstacle
    ? {}
    : compilerOutline
      ? outlineHeader(source, fn, compilerOutline, taken)
      : why
        ? { outlineObstacle: why }
        : {};
  return {
    ...own,
    parameters: withSignatureNames(source, fn),
    statements: fn.statements.map((s) =>
      source.slice(s.range.start, s.range.end).trimEnd().endsWith(';')
        ? s
        : { ...s, noSemicolon: true as const },
    ),
    endLine: countBelow(starts, fn.range.end),
    ...(obstacle ? { copyObstacle: obstacle } : {}),
    ...outline,
    ...(pragmas.length > 0 ? { hlsPragmas: pragmas } : {}),
  };
}

/** An array as the author's `beeclak: keep` / `suppress` asks (keepComments.ts). */
function withDirectives(a: ArrayInfo, d: ArrayDirectives | undefined): ArrayInfo {
  if (!d) return a;
  const kept = d.keep
    ? {
        candidate: false,
        reasons: [
          notCandidate(
            'kept',
            `kept as written by request (beeclak: keep${d.line !== undefined ? ` at line ${d.line}` : ''})`,
            a.loc,
          ),
          ...a.reasons,
        ],
      }
    : {};
  return { ...a, ...kept, ...(d.suppress.length > 0 ? { suppress: d.suppress } : {}) };
}

/**
 * The arrays of the original body beeclak made a function of its own for other argument
 * values (frontend/outlineHeader.ts): a run over its own output would contract them again,
 * for the value the other path is for, and guard that copy in turn.
 */
function originalBodyKept(a: ArrayInfo, name: string): ArrayInfo {
  const why = notCandidate(
    'original-body-kept',
    `${name}() is the original body beeclak kept for other argument values: left as written`,
    a.loc,
  );
  return { ...a, candidate: false, reasons: [why, ...a.reasons] };
}

/** The model with the facts of the file's own text (see the module comment). */
export function withTextFacts(model: ProgramModel, source: string): ProgramModel {
  const starts = lineStarts(source);
  const directives = arrayDirectives(source, model.functions, model.file);
  const read = textPragmas(source, starts);
  const taken = originalNames(source);
  return {
    ...model,
    functions: model.functions.map((fn) => {
      const f = functionFacts(source, taken, starts, fn, read);
      const kept = f.name.endsWith(ORIGINAL_SUFFIX);
      return {
        ...f,
        arrays: f.arrays.map((a) =>
          kept ? originalBodyKept(a, f.name) : withDirectives(a, directives.get(a)),
        ),
      };
    }),
  };
}
