/**
 * The guards of a result that holds in several configurations. Each configuration's guards
 * (after a function: its conditionals with `#error` in the branches it skipped, `#if N !=
 * 100`, NDEBUG) stop every build but that one; the output keeps them all, each `#error`
 * turned into a `#define` that says "not this configuration", and stops a build only when
 * it is none of them. A build that mixes the branches of two configurations (never
 * analysed) is none of them: it still stops.
 */
import { lineStarts } from '../../frontend/parse.js';
import type { PlanInsertion } from '../../rewrite/plan.js';
import { endCheck, notNames, quoted, takenCheck, turnedError } from './notMacros.js';

/**
 * A guard made of preprocessor lines only (macroGuards.ts, contraction.ts's file end); an
 * enum constant's check after a function has a typedef (contraction.ts enumGuard).
 */
export function isGuard(i: PlanInsertion): boolean {
  if (i.kind === 'after') return !i.constantCheck;
  if (i.kind === 'before-line' || i.kind === 'file-start') return true;
  return i.kind === 'file-end' && i.lines.every((l) => l.startsWith('#'));
}

type GuardInsertion = Exclude<PlanInsertion, { kind: 'fallback' }>;

/**
 * The index of the guard the text gets first: the lowest offset, at one offset the last
 * given (rewrite/insertions.ts), and the file-end guards after every other, in their order.
 */
function firstInText(guards: readonly GuardInsertion[], source: string): number {
  const starts = lineStarts(source);
  const at = (i: GuardInsertion) =>
    i.kind === 'file-start'
      ? -1
      : i.kind === 'after'
        ? i.at
        : i.kind === 'before-line'
          ? starts[i.line - 1]!
          : Infinity;
  let first = 0;
  for (const [k, i] of guards.entries()) {
    const known = at(guards[first]!);
    if (at(i) < known || (at(i) === known && known !== Infinity)) first = k;
  }
  return first;
}

/**
 * The guards of the output: the common ones when every configuration has the same, else
 * each configuration's with its `#error`s turned into its "not this one" macro, the check
 * that fires when every macro is defined, and before the first guard the check that none
 * is defined already (notMacros.ts).
 */
export function combinedGuards(
  guards: readonly (readonly PlanInsertion[])[],
  labels: readonly string[],
  file: string,
  source: string,
): PlanInsertion[] {
  const texts = guards.map((g) => JSON.stringify(g));
  if (texts.every((t) => t === texts[0])) return [...guards[0]!];
  const names = notNames(file, labels.length);
  const starts = guards.map((g) => JSON.stringify(g.filter((i) => i.kind === 'file-start')));
  const sharedStart = starts.every((t) => t === starts[0]) ? starts[0] : undefined;
  const out: GuardInsertion[] = guards.flatMap((list, k) =>
    list.flatMap((i): GuardInsertion[] => {
      if (i.kind === 'fallback') return []; // not a guard (isGuard)
      // An unread header's guard that every configuration has stops only builds none of them
      // analysed: it stays an `#error`, once, before the header could undefine a "not this
      // one" macro. (Another configuration may find and read that header.)
      if (i.kind === 'file-start' && sharedStart !== undefined) return k === 0 ? [i] : [];
      return [{ ...i, lines: i.lines.map((l) => turnedError(l, names[k]!)) }];
    }),
  );
  const first = firstInText(out, source);
  if (out.length > 0)
    out[first] = { ...out[first]!, lines: [...takenCheck(names), ...out[first]!.lines] };
  const which = labels.map((l) => `'${quoted(l)}'`).join(', ');
  out.push({
    kind: 'file-end',
    lines: endCheck(
      names,
      `arrays were contracted for the configurations ${which} only; this build is none of them: run beeclak again naming it`,
    ),
  });
  return out;
}
