/**
 * The first pass: whether the array is a candidate at all. What the frontend found (it
 * escapes, it is a parameter, ...), what the whole-program step found for a parameter
 * (a temporary across calls, or why not), a promise that cannot be used, an array never
 * accessed, one not selected with --only or kept by --min-bytes, the arrays HLS mode leaves
 * alone, and those the configurations named disagree about.
 */
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import type { CrossCallOutcome } from '../wholeProgram/crossCalls.js';
import { unusablePromise } from '../wholeProgram/promiseCheck.js';
import { hlsRefusal } from './hls.js';
import { refuse, warn, type Refusal } from './outcome.js';
import type { Finding } from '../../model/reasons.js';
import type { ConfigurationRefusal } from '../options.js';
import { keptBySaving, type SmallSaving } from '../minBytes.js';
import { place } from '../../model/place.js';

export interface CandidacyInput {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly whole?: CrossCallOutcome;
  readonly only: readonly string[];
  readonly hls: boolean;
  /** Arrays the configurations named disagree about (src/pipeline/configurations/). */
  readonly disagreements?: readonly ConfigurationRefusal[];
  /** Arrays `--min-bytes` keeps (src/pipeline/minBytes.ts). */
  readonly smallSavings?: readonly SmallSaving[];
}

/** Places listed for one kind of reason; the others are counted (kissfft: 80 of them). */
const PLACES_SHOWN = 3;

/**
 * The frontend's reasons, each kind once with its places: `field of an element accessed at
 * 57:14, 57:76, 58:14 and 41 more`, not one clause per access with its place said twice.
 */
function describeReasons(a: ArrayInfo): string {
  const kinds = new Map<string, string[]>();
  for (const r of a.reasons) {
    const at = place(r.loc);
    // The place where the message says it (`do-while loop at 54:5 cannot be modelled`),
    // else after it in parentheses.
    const key = r.message.includes(` at ${at}`)
      ? r.message.replace(` at ${at}`, ` at ${PLACES}`)
      : `${r.message} (${PLACES})`;
    const places = kinds.get(key) ?? [];
    if (!places.includes(at)) places.push(at);
    kinds.set(key, places);
  }
  return [...kinds].map(([key, places]) => key.replace(PLACES, placeList(places))).join('; ');
}

/** Where a reason's places go in its kind's text (no message spells it). */
const PLACES = '\u0000';

function placeList(places: readonly string[]): string {
  if (places.length <= PLACES_SHOWN) return places.join(', ');
  const more = places.length - PLACES_SHOWN;
  return `${places.slice(0, PLACES_SHOWN).join(', ')} and ${more} more`;
}

/**
 * The code of an array that is no candidate: that of the first reason the frontend gave
 * other than being a parameter (every parameter is one: another reason says more).
 */
function firstReason(a: ArrayInfo) {
  return (
    (a.reasons.find((r) => r.reason !== 'parameter') ?? a.reasons[0])?.reason ??
    'statement-not-modelled'
  );
}

/** What a temporary across calls says of itself: why it is one. */
export function candidacyNotes(whole: CrossCallOutcome | undefined): Finding[] {
  return whole?.kind === 'candidate' ? [warn('temporary-across-calls', whole.note)] : [];
}

/** Why the array is no candidate, or undefined: it goes on to the lifetime analysis. */
export function candidacy(input: CandidacyInput): Refusal | undefined {
  const { fn, array, whole } = input;
  const kept = array.reasons.find((r) => r.reason === 'kept');
  if (kept) return refuse('kept', kept.message);
  const disagreement = input.disagreements?.find(
    (r) => r.function === fn.name && r.array === array.name && r.line === array.loc.line,
  );
  if (disagreement)
    return refuse(disagreement.code ?? 'configurations-disagree', disagreement.message);
  if (whole?.kind === 'disproved') return refuse(whole.code, whole.reason);
  if (whole?.kind === 'not-temporary')
    return refuse(whole.code, `not a candidate: ${describeReasons(array)}, and ${whole.reason}`);
  if (!array.candidate && array.markedTemporary)
    return refuse('promise-unusable', unusablePromise(describeReasons(array)));
  if (!array.candidate)
    return refuse(firstReason(array), `not a candidate: ${describeReasons(array)}`);
  if (!fn.statements.some((s) => s.accesses.some((x) => x.array === array.name)))
    // A private scalar nobody uses would only add an unused-variable warning.
    return refuse('never-accessed', `${fn.name}() never accesses it: nothing to contract`);
  if (input.only.length > 0 && !input.only.includes(array.name))
    return refuse('not-selected', 'not selected (--only)');
  const small = keptBySaving(input.smallSavings, fn.name, array.name, array.loc.line);
  if (small)
    return refuse(
      'below-min-bytes',
      `it would save ${small.saved} bytes${small.saved === 0n ? ' as built (its original body, kept for other argument values, takes the same stack frame)' : ''}, no more than the minimum asked (--min-bytes, minBytes)`,
    );
  return input.hls ? hlsRefusal(fn, array) : undefined;
}
