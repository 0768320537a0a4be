/** A unit's macro events indexed by name, once per unit (every file of a unity build asks). */
import { CallSlot } from '../context/callContext.js';
import type { MacroEvent } from './preprocess.js';

/** Per call (no module state): a unit's events, read as a key, to their index. */
const eventIndexes = new CallSlot(
  () => new WeakMap<readonly MacroEvent[], Map<string, MacroEvent[]>>(),
);

export function eventsByName(macros: readonly MacroEvent[]): Map<string, MacroEvent[]> {
  const kept = eventIndexes.current();
  const hit = kept?.get(macros);
  if (hit) return hit;
  const out = eventIndex(macros);
  kept?.set(macros, out);
  return out;
}

function eventIndex(macros: readonly MacroEvent[]): Map<string, MacroEvent[]> {
  const out = new Map<string, MacroEvent[]>();
  for (const e of macros) {
    let list = out.get(e.name);
    if (!list) out.set(e.name, (list = []));
    list.push(e);
  }
  return out;
}
