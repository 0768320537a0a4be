/**
 * Buffers passed on across files (issue 27, item 2; the set's side: planForwarders.ts), in
 * one file's analysis: the parameters that pass a buffer on between a caller and a
 * parameter this file offers (`via`, with their files, for the offer), and this file's
 * parameters the set agreed to retype because they only pass buffers on (checked here
 * against this file's reading: every use of it is inert or an argument, as is, for one of
 * the parameters it passes to, whose rank, inner extents and element type are its own).
 */
import type { ArrayInfo, ByteRange, ProgramModel } from '../../model/types.js';
import type { CrossFileStorage, PassedOn, ProgramView } from '../../model/program.js';
import { normalizedType } from '../../model/calls.js';
import { textsFor, type Slots } from './bufferText.js';

/** The parameters passing the buffer on, with their files; undefined when one is unknown. */
export function passedOnVia(
  model: ProgramModel,
  program: ProgramView,
  via: readonly string[] | undefined,
): PassedOn[] | undefined {
  const out: PassedOn[] = [];
  for (const link of via ?? []) {
    const at = link.lastIndexOf(':');
    const [fn, param] = [link.slice(0, at), link.slice(at + 1)];
    const fc = [...(model.calls?.functions ?? []), ...program.foreign].find((f) => f.name === fn);
    const index = fc?.parameterNames.indexOf(param) ?? -1;
    if (!fc || index < 0) return undefined;
    out.push({ fn, param, index, file: fc.file ?? model.file });
  }
  return out;
}

export interface PassingOn {
  readonly fn: string;
  readonly array: ArrayInfo;
  readonly body?: ByteRange;
  readonly extents: Slots;
  readonly texts: readonly string[];
}

/**
 * This file's parameters that the set retypes because they only pass buffers on, when its
 * reading agrees; `retyped`: this file's parameters retyped with the set (`fn:param`).
 */
export function passingOnAcross(
  model: ProgramModel,
  agreed: CrossFileStorage['forwarders'],
  retyped: ReadonlySet<string>,
): PassingOn[] {
  return agreed.flatMap((f) => {
    const fc = model.calls?.functions.find((g) => g.name === f.fn && !g.file);
    const fn = model.functions.find((g) => g.name === f.fn);
    const array = fn?.arrays.find((a) => a.name === f.param && a.storage === 'parameter');
    const uses = fc?.parameterUses.find((p) => p.name === f.param);
    if (!fc || !fn || !array || !uses?.known) return [];
    const extents = f.extents.map((x) => (x === null ? undefined : BigInt(x)));
    const mine = (g: string) => model.functions.some((x) => x.name === g);
    let passed = 0;
    for (const u of uses.uses) {
      if (u.kind === 'inert' && !u.typeUsed) continue;
      const to = f.passesTo.find((p) => p.fn === u.callee && p.index === u.argIndex);
      if (u.kind !== 'call-arg' || (u.derefs ?? 0) !== 0 || !to) return [];
      if (mine(to.fn) && !retyped.has(`${to.fn}:${to.param}`)) return [];
      passed++;
    }
    const fits = f.passesTo.every(
      (p) =>
        p.elementType === normalizedType(array.elementType) &&
        p.levels.length === array.extents.length &&
        array.extents.every(
          (e, k) => k === 0 || (p.levels[k] !== null && e.value === BigInt(p.levels[k]!)),
        ),
    );
    const inner = extents.every((e, k) =>
      k === 0 ? e !== undefined : e === array.extents[k]!.value,
    );
    if (passed === 0 || !fits || !inner || extents.length !== array.extents.length) return [];
    return [
      {
        fn: f.fn,
        array,
        ...(fn.bodyRange ? { body: fn.bodyRange } : {}),
        extents,
        texts: textsFor(array, extents),
      },
    ];
  });
}
