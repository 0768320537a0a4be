/**
 * `contract --profiled` (issue 18): the mappings `beeclak profile` found applied to the
 * program, with a comment saying what they rest on and, under `#ifdef BEECLAK_VERIFY`, the
 * same program with the shadow-owner check of `check` (rewrite/instrument.ts).
 */
import { instrument, rewrite, type ArrayRewrite, type RewritePlan } from '../../rewrite/index.js';
import { guardLineEnding } from '../../rewrite/insertions.js';
import { profileSource, type ProfileOptions, type ProfileResult } from './profile.js';

/**
 * The contracted text of a profile (`contract --profiled`): the profiled mappings applied
 * to the accesses the trace build found, a comment saying what they rest on, and under
 * `#ifdef BEECLAK_VERIFY` the same program with the shadow-owner check of `check`
 * (rewrite/instrument.ts), which stops at the first read that finds another cell's value.
 */
function profiledText(source: string, file: string, result: ProfileResult): string | undefined {
  const profiled = result.arrays.filter(
    (a) => a.status === 'profiled' && a.decision && !a.notApplied,
  );
  if (profiled.length === 0 || !result.outcome) return undefined;
  const { sites } = result.outcome;
  const arrays: ArrayRewrite[] = profiled.map((p) => {
    const site = sites.arrays.find((a) => a.function === p.function && a.name === p.name)!;
    const { M, b } = p.decision!.mapping;
    const rows = M.map((coefficients, k) => ({
      coefficients,
      modulus: { value: b[k]!, text: String(b[k]!) },
    })).filter((r) => r.modulus.value !== 1n);
    return {
      name: p.name,
      declaratorRange: site.declaratorRange,
      declarationRange: site.declarationRange,
      rows,
      extentTexts: site.extentTexts,
      accesses: sites.accesses
        .filter((a) => a.function === p.function && a.array === p.name)
        .map((a) => ({
          range: a.range,
          indexRanges: a.indexRanges,
          rowRanges: rows.map(() => ({})),
          kind: a.kind,
          line: a.loc.line,
          statementRange: a.kind !== 'read' && a.endsWithSemicolon ? a.statement : undefined,
        })),
    };
  });
  const plan: RewritePlan = { source, arrays, modulo: 'exact', annotate: false };
  const contracted = rewrite(plan).text;
  // The owner check evaluates an index twice (slot and logical cell): with `tail++` in an
  // index it would compute something else than the program, so it is not offered then.
  const effect = sites.accesses.find(
    (a) =>
      profiled.some((p) => p.function === a.function && p.name === a.array) && a.indexSideEffects,
  );
  const verify = effect
    ? `#error "beeclak: no BEECLAK_VERIFY build: the index of ${effect.text} at ` +
      `${effect.loc.line}:${effect.loc.column} has side effects (the check would evaluate it twice)"`
    : instrument({ ...plan, fileName: file }).text;
  const runs = profiled[0]!.runs.map((r) => `[${r.join(' ')}]`).join(', ');
  const what = profiled
    .map(
      (p) =>
        `${p.function}: ${p.name} ${p.report!.originalCells} -> ${p.report!.compressedCells} cells`,
    )
    .join('; ');
  const eol = guardLineEnding(source);
  return [
    `/* beeclak contract --profiled: PROFILED, NOT PROVED. ${what}.`,
    ` * The mappings hold for the profiled runs with arguments ${runs}; the static analysis`,
    effect
      ? ' * could not prove them. (No BEECLAK_VERIFY build: an index has side effects.) */'
      : ' * could not prove them. Build with -DBEECLAK_VERIFY to check every read on other inputs\n' +
        " * (the program stops with status 97 at a read that finds another cell's value). */",
    '#ifdef BEECLAK_VERIFY',
    verify.trimEnd(),
    '#else',
    contracted.trimEnd(),
    '#endif',
    '',
  ].join(eol);
}

/**
 * `contract --profiled`: the arrays the static contraction left alone are profiled on the
 * contracted text, and their mappings applied (profiledText). Undefined when none is.
 */
export async function contractProfiled(
  contracted: string,
  file: string,
  leftAlone: readonly string[],
  options: ProfileOptions,
): Promise<{ text?: string; result: ProfileResult }> {
  const only = options.analysis.only.length
    ? leftAlone.filter((n) => options.analysis.only.includes(n))
    : [...leftAlone];
  if (only.length === 0) return { result: { file, arrays: [] } };
  const result = await profileSource(contracted, file, {
    ...options,
    analysis: { ...options.analysis, only },
  });
  return { text: profiledText(contracted, file, result), result };
}
