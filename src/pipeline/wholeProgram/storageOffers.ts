/**
 * What a file offers the set (issue 27, item 2; crossFilePlan.ts): its parameters folded in
 * place, for every argument value, whose call sites are not all in this file (callers in
 * other files, or buffers passed on by a function of another file), with the slots each
 * uses, so that the callers' buffers shrink where they are declared. A parameter whose
 * callers are all in this file, passing on through its functions only, is left to the
 * file's own plan (callerStorage.ts). A struct member passed as the buffer (`args->M`) is
 * always offered: its storage is the struct definition's, which only the set edits.
 */
import type { ProgramModel } from '../../model/types.js';
import type { ProgramView, StorageOffer } from '../../model/program.js';
import { normalizedType } from '../../model/calls.js';
import type { ArrayDecision } from '../decision.js';
import { passedOnVia } from './passedOnAcross.js';
import type { Slots } from './bufferText.js';

const decimalOrNull = (x: bigint | undefined) => (x === undefined ? null : `${x}`);

export function storageOffers(
  model: ProgramModel,
  decisions: readonly ArrayDecision[],
  program: ProgramView,
  slotsOf: (d: ArrayDecision) => Slots | undefined,
): { readonly decision: ArrayDecision; readonly offer: StorageOffer }[] {
  const own = (name: string) => model.calls?.functions.some((f) => f.name === name && !f.file);
  const offers: { decision: ArrayDecision; offer: StorageOffer }[] = [];
  for (const d of decisions) {
    const slots = slotsOf(d);
    const sites = d.callSites ?? [];
    // Callers in this file too: the set plans their buffers with the others' (one type).
    const files = sites.map((s) =>
      own(s.caller) ? model.file : program.foreign.find((f) => f.name === s.caller)?.file,
    );
    const fc = model.calls?.functions.find((f) => f.name === d.fn.name);
    const vias = sites.map((s) => passedOnVia(model, program, s.via));
    if (!slots || !fc || sites.length === 0 || !program.externals[d.fn.name]?.analysable) continue;
    if (sites.some((_, k) => !vias[k] || !files[k])) continue;
    // (all in this file: its own plan, below, as for a file alone)
    const here = (k: number) =>
      files[k] === model.file && vias[k]!.every((v) => v.file === model.file);
    // (a struct member's storage is in its definition: always the set's to plan)
    if (sites.every((s, k) => here(k) && !s.member)) continue;
    offers.push({
      decision: d,
      offer: {
        fn: d.fn.name,
        param: d.array.name,
        index: fc.parameterNames.indexOf(d.array.name),
        elementType: normalizedType(d.array.elementType),
        levels: d.array.extents.map((e) => decimalOrNull(e.value)),
        slots: slots.map(decimalOrNull),
        callers: sites.map((s, k) => ({
          ...{ caller: s.caller, buffer: s.buffer, file: files[k]! },
          ...(s.member ? { member: s.member } : {}),
          ...(vias[k]!.length > 0 ? { via: vias[k]! } : {}),
        })),
      },
    });
  }
  return offers;
}
