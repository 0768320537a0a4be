/**
 * The groups of a plan of edits across files (issue 27, item 2; crossFilePlan.ts): a
 * retyped parameter, every buffer passed to it and every prototype of it are one group,
 * joined transitively (a buffer passed to two parameters joins their groups). A group is
 * sound alone: the buffers of a group carry values only for its parameters, and each of its
 * parameters is passed only its buffers, so the program stays well typed whatever the other
 * groups do. When a file refuses a part, only that part's group is dropped; the others are
 * written (`assemble` gives each file's part of the groups kept).
 */
import type { CrossFileStorage } from '../../model/program.js';

export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** An entry of a file's report that must say `storage-shrinks` once its part is done. */
export interface Expected {
  readonly file: string;
  readonly fn: string;
  readonly name: string;
  /** A parameter that passes buffers on: its entry is not changed, only its type. */
  readonly forwarder?: true;
}

export type Part = Omit<CrossFileStorage, 'kept'>;

/** One group: each file's part of it, the edits of headers, what must hold after. */
export interface PlanGroup {
  readonly files: ReadonlyMap<string, Part>;
  readonly headers: ReadonlyMap<string, readonly Edit[]>;
  readonly expected: readonly Expected[];
}

/** The plan's groups put together: each file's part, headers' edits, what must hold. */
export interface Assembled {
  readonly files: ReadonlyMap<string, CrossFileStorage>;
  readonly headers: ReadonlyMap<string, readonly Edit[]>;
  readonly expected: readonly Expected[];
}

type Mutable = {
  -readonly [K in keyof CrossFileStorage]: CrossFileStorage[K] extends readonly (infer T)[]
    ? T[]
    : never;
};

const emptyPart = (): Mutable => ({
  parameters: [],
  forwarders: [],
  buffers: [],
  prototypes: [],
  kept: [],
});

/**
 * The groups given, with every file's notes (`kept`, which edit nothing) joined: a file
 * with only notes has a part of its own.
 */
export function assemble(
  groups: readonly PlanGroup[],
  kept: ReadonlyMap<string, CrossFileStorage['kept']>,
): Assembled {
  const files = new Map<string, Mutable>();
  const part = (f: string) => files.get(f) ?? files.set(f, emptyPart()).get(f)!;
  const headers = new Map<string, Edit[]>();
  for (const g of groups) {
    for (const [f, p] of g.files) {
      const m = part(f);
      m.parameters.push(...p.parameters);
      m.forwarders.push(...p.forwarders);
      m.buffers.push(...p.buffers);
      m.prototypes.push(...p.prototypes);
    }
    for (const [f, es] of g.headers) (headers.get(f) ?? headers.set(f, []).get(f)!).push(...es);
  }
  for (const [f, ks] of kept) part(f).kept.push(...ks);
  // (the same prototype read by two units is one edit; two groups never share one range)
  for (const m of files.values()) m.prototypes = unique(m.prototypes);
  for (const [f, es] of headers) headers.set(f, unique(es));
  return { files, headers, expected: groups.flatMap((g) => g.expected) };
}

const unique = <E extends Edit>(es: readonly E[]): E[] => [
  ...new Map(es.map((e) => [`${e.start}`, e])).values(),
];

/**
 * The groups of parameters and buffers: `links` gives, per buffer key, the parameter keys
 * it is passed to. Each group lists its parameters and buffers (keys in their order).
 */
export function connected(
  parameters: readonly string[],
  links: ReadonlyMap<string, readonly string[]>,
): { readonly parameters: string[]; readonly buffers: string[] }[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    const p = parent.get(x) ?? x;
    if (p === x) return x;
    const r = find(p);
    parent.set(x, r);
    return r;
  };
  const join = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(rb, ra);
  };
  for (const [b, ps] of links) for (const p of ps) join(`b|${b}`, `p|${p}`);
  const out = new Map<string, { parameters: string[]; buffers: string[] }>();
  const of = (x: string) =>
    out.get(find(x)) ?? out.set(find(x), { parameters: [], buffers: [] }).get(find(x))!;
  for (const p of parameters) of(`p|${p}`).parameters.push(p);
  for (const b of links.keys()) of(`b|${b}`).buffers.push(b);
  return [...out.values()];
}
