/**
 * Buffers passed on across files (issue 27, item 2): `main` -> `stage(t)` of `stage.c` ->
 * `kern(b)` of `kern.c`. The offer of `kern:tmp` lists its call sites with the parameters
 * that pass the buffer on (`via`); each such parameter becomes a node of the set's plan like
 * an offered one: it is retyped when all its inputs (its callers' buffers, or the parameters
 * that pass buffers on to it) agree, with the extents its targets need, and its file checks
 * that it only passes its buffer on to them (callerStorage.ts). Each node's inputs are what
 * reaches it: buffers, by their key, or the parameters passing on to it.
 */
import path from 'node:path';
import type { PassedOn, StorageOffer } from '../../model/program.js';

type Extents = readonly (bigint | undefined)[];

export interface Node {
  readonly file: string;
  readonly offer: StorageOffer;
  /** The slots it needs per dimension (a parameter passing on: the most its targets need). */
  readonly slots: Extents;
  readonly levels: Extents;
  /** What reaches it: a caller's buffer (its key) or a parameter passing on (its key). */
  readonly inputs: readonly Input[];
  /** A parameter passing on: the parameters it passes to. */
  readonly targets?: readonly string[];
}

type Input = { readonly buffer: string } | { readonly param: string };

const abs = (f: string) => path.resolve(f);
const keyOf = (fn: string, param: string) => `${fn}:${param}`;
const bare = (name: string) => name.replace(/@.*$/, '');

/**
 * The offered parameters with their inputs, and the parameters passing buffers on to them
 * (keyed `fn:param`). A parameter passing on to targets of other element types or ranks, or
 * on a chain through a recursion, is left out: what depends on it does not agree.
 */
export function withForwarders(
  offered: ReadonlyMap<string, Omit<Node, 'inputs'>>,
  /** A caller's buffer's key (a struct member's: one for every call site passing it). */
  bufferKey: (c: StorageOffer['callers'][number]) => string,
): Map<string, Node> {
  const inputs = new Map<string, Input[]>();
  const targets = new Map<string, Set<string>>();
  const passing = new Map<string, { on: PassedOn; kernel: string }[]>();
  const add = <T>(m: Map<string, T[]>, k: string, v: T) =>
    (m.get(k) ?? m.set(k, []).get(k)!).push(v);
  for (const [k, o] of offered)
    for (const c of o.offer.callers) {
      const via = c.via ?? [];
      const buffer = { buffer: bufferKey(c) };
      const keys = via.map((v) => keyOf(bare(v.fn), v.param));
      add(inputs, k, keys.length > 0 ? { param: keys.at(-1)! } : buffer);
      for (const [j, v] of via.entries()) {
        add(passing, keys[j]!, { on: v, kernel: k });
        add(inputs, keys[j]!, j === 0 ? buffer : { param: keys[j - 1]! });
        const to = j === via.length - 1 ? k : keys[j + 1]!;
        (targets.get(keys[j]!) ?? targets.set(keys[j]!, new Set()).get(keys[j]!)!).add(to);
      }
    }
  const out = new Map<string, Node>();
  for (const [k, o] of offered) out.set(k, { ...o, inputs: unique(inputs.get(k) ?? []) });
  for (const [k, ps] of passing) {
    if (offered.has(k)) continue;
    const kernels = [...new Set(ps.map((p) => offered.get(p.kernel)!))];
    const first = kernels[0]!;
    const alike = kernels.every(
      (x) =>
        x.offer.elementType === first.offer.elementType &&
        x.levels.length === first.levels.length &&
        x.levels.every((e, j) => j === 0 || e === first.levels[j]),
    );
    if (!alike) continue;
    const { on } = ps[0]!;
    out.set(k, {
      file: abs(on.file),
      offer: {
        fn: bare(on.fn),
        param: on.param,
        index: on.index,
        elementType: first.offer.elementType,
        levels: first.offer.levels,
        slots: [],
        callers: [],
      },
      slots: mostNeeded(kernels.map((x) => x.slots)),
      levels: first.levels,
      inputs: unique(inputs.get(k)!),
      targets: [...targets.get(k)!],
    });
  }
  return out;
}

/** Per dimension the most slots any needs (undefined: an extent that stays). */
function mostNeeded(all: readonly Extents[]): Extents {
  return all[0]!.map((_, d) => {
    let need: bigint | undefined = 1n;
    for (const s of all) {
      const n = s[d];
      need = n === undefined || need === undefined ? undefined : n > need ? n : need;
    }
    return need;
  });
}

function unique(xs: readonly Input[]): Input[] {
  return [...new Map(xs.map((x) => ['buffer' in x ? `b${x.buffer}` : `p${x.param}`, x])).values()];
}
