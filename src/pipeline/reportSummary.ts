/**
 * The code-base summary of a report over several files (issue 27, item 5): the bytes saved by
 * file, by function and by storage class, and the arrays that stay, grouped by reason code
 * with the bytes each reason keeps: the list a maintainer reads to decide what to change.
 * Bytes are exact (BigInt) and printed as JSON numbers when they fit (jsonInt).
 *
 * What counts: a contracted or scalarized array saves its `savedBytes` (counted where its
 * storage lives: a parameter folded in its callers' buffers saves 0 there, footprint.ts); an
 * array that stays keeps its `originalBytes` when it has storage of its own and a size known
 * as a number (a parameter's bytes are its callers', a symbolic size is counted apart).
 * Suppressed findings (`--suppress`, `beeclak: keep`) are left out: the user asked not to
 * hear of them.
 */
import { reasonNameOf } from '../model/reasons.js';
/**
 * What the summary reads of a file's report (report.ts's FileReport and ArrayReport, spelled
 * here: report.ts builds its document with this module, and imports go one way).
 */
interface ArrayReport {
  readonly name: string;
  readonly function: string;
  readonly line: number;
  readonly column: number;
  readonly status: string;
  readonly code?: string;
  readonly suppressed?: string;
  readonly storage?: StorageClass;
  readonly linkage?: 'external' | 'internal';
  readonly originalBytes?: number | string;
  readonly compressedBytes?: number | string;
  readonly savedBytes?: number | string;
}
interface FileReport {
  readonly file: string;
  readonly arrays: readonly ArrayReport[];
}
type StorageClass = 'stack' | 'static' | 'global' | 'heap' | 'parameter' | 'struct-member';

/** As report.ts's jsonInt. */
function jsonInt(x: bigint): number | string {
  return x >= BigInt(Number.MIN_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(x)
    : x.toString();
}

/** Bytes an array's contraction saves (0 when unchanged or when sizes are not known). */
export function bytesSaved(a: ArrayReport): bigint {
  if (a.status !== 'contracted' && a.status !== 'scalarized') return 0n;
  // Counted where the storage lives, once (footprint.ts): not again on the parameters.
  if (a.savedBytes !== undefined) return exactBytes(a.savedBytes) ?? 0n;
  if (a.originalBytes === undefined || a.compressedBytes === undefined) return 0n;
  const before = exactBytes(a.originalBytes);
  const after = exactBytes(a.compressedBytes);
  return before !== undefined && after !== undefined ? before - after : 0n;
}

/**
 * A contracted or scalarized array whose saving is not counted in the bytes saved: the size of
 * its element is not known in the target's data model (a struct, a typedef of a non-integer
 * type: never LP64's guess), or its size is known only at run time.
 */
export function savingNotKnown(a: ArrayReport): boolean {
  if (a.status !== 'contracted' && a.status !== 'scalarized') return false;
  if (a.savedBytes !== undefined) return exactBytes(a.savedBytes) === undefined;
  return (
    a.originalBytes === undefined ||
    a.compressedBytes === undefined ||
    exactBytes(a.originalBytes) === undefined ||
    exactBytes(a.compressedBytes) === undefined
  );
}

/** A byte count of a report as a bigint; undefined for a symbolic one (`"N*8"`). */
function exactBytes(x: number | string): bigint | undefined {
  try {
    return BigInt(x);
  } catch {
    return undefined;
  }
}

/** Bytes an array that stays keeps (its own storage, a known size); undefined otherwise. */
function bytesKept(a: ArrayReport): bigint | undefined {
  if (a.status === 'contracted' || a.status === 'scalarized') return undefined;
  if (a.storage === 'parameter' || a.originalBytes === undefined) return undefined;
  return exactBytes(a.originalBytes);
}

/**
 * One array's storage. A file-scope array with external linkage is one object of the program,
 * whichever file reports it (libjpeg-turbo's 64 KB jpeg_nbits_table: defined in one file,
 * declared `extern` and read in others): it is keyed by its name and its bytes over the run.
 * Every declaration of one object in one program has a compatible type, so its entries meet;
 * two programs of one run that each define the name with the same size meet too and count
 * once (docs/report.md says why that is the lesser error). Any other file-scope array (storage
 * `global`, internal linkage) has its declaration's place in its file in every entry; any other
 * array is its function's own (two functions may declare theirs through one macro, at the
 * same place).
 */
const storageKey = (file: string, a: ArrayReport): string =>
  a.storage === 'global' && a.linkage === 'external'
    ? ['external', a.name, a.originalBytes ?? ''].join('\0')
    : [file, a.storage === 'global' ? '' : a.function, a.name, a.line, a.column].join('\0');

/**
 * Bytes saved by each entry of a run, each storage once: a file-scope array contracted is one
 * storage that shrinks once, whatever the number of entries (functions, files) that list it.
 * Call it on the entries in the order of the reports (the first entry counts).
 */
export function savedOnce(): (file: string, a: ArrayReport) => bigint {
  const counted = new Set<string>();
  return (file, a) => {
    if (a.storage !== 'global') return bytesSaved(a);
    const key = storageKey(file, a);
    if (counted.has(key)) return 0n;
    counted.add(key);
    return bytesSaved(a);
  };
}

interface KeptArray {
  file: string;
  function: string;
  name: string;
  line: number;
  column: number;
  storage?: StorageClass;
  /** Its bytes (absent: a parameter, whose bytes are its callers', or a symbolic size). */
  bytes?: number | string;
}

interface KeptGroup {
  code: string;
  /** The reason's name (`no-saving`). */
  reason: string;
  arrays: number;
  /** The bytes the arrays of this reason keep, summed over those with a known size. */
  bytes: number | string;
  /** Arrays of this reason whose size is not a number (symbolic) or whose bytes are a caller's. */
  uncounted: number;
  /** Largest first. */
  items: KeptArray[];
}

export interface ReportSummary {
  files: number;
  arrays: number;
  contracted: number;
  bytesSaved: number | string;
  /** Arrays contracted or scalarized whose saving bytesSaved does not count (savingNotKnown). */
  uncounted: number;
  /** Files that save something, largest saving first. */
  byFile: { file: string; bytesSaved: number | string }[];
  byFunction: { file: string; function: string; bytesSaved: number | string }[];
  byStorage: { storage: StorageClass | 'unknown'; bytesSaved: number | string }[];
  /** The arrays that stay, by reason, the reason keeping most bytes first. */
  kept: KeptGroup[];
}

/** Entries of a sum, the largest first, then by key (a stable order: reports are diffed). */
function ranked<K>(sums: Map<string, { key: K; bytes: bigint }>): { key: K; bytes: bigint }[] {
  return [...sums.entries()]
    .sort(([ka, a], [kb, b]) =>
      a.bytes === b.bytes ? (ka < kb ? -1 : 1) : a.bytes > b.bytes ? -1 : 1,
    )
    .map(([, v]) => v);
}

function add<K>(
  sums: Map<string, { key: K; bytes: bigint }>,
  id: string,
  key: K,
  bytes: bigint,
): void {
  const s = sums.get(id);
  if (s) s.bytes += bytes;
  else sums.set(id, { key, bytes });
}

export function reportSummary(reports: readonly FileReport[]): ReportSummary {
  const byFile = new Map<string, { key: string; bytes: bigint }>();
  const byFunction = new Map<string, { key: { file: string; function: string }; bytes: bigint }>();
  const byStorage = new Map<string, { key: StorageClass | 'unknown'; bytes: bigint }>();
  const kept = new Map<string, { group: KeptGroup; bytes: bigint; sizes: bigint[] }>();
  // A file-scope array is reported once per function that uses it (zlib's deflate.c lists
  // z_errmsg under deflateInit2_ and deflate), and one with external linkage once per file
  // that declares it: its bytes are kept once, by the first entry.
  const keptStorage = new Set<string>();
  const savedBy = savedOnce();
  let total = 0n;
  let arrays = 0;
  let contracted = 0;
  let uncounted = 0;
  for (const r of reports)
    for (const a of r.arrays) {
      if (a.suppressed) continue;
      arrays++;
      if (a.status === 'contracted' || a.status === 'scalarized') {
        contracted++;
        if (savingNotKnown(a)) uncounted++;
        const saved = savedBy(r.file, a);
        total += saved;
        if (saved === 0n) continue;
        add(byFile, r.file, r.file, saved);
        add(byFunction, `${r.file}\0${a.function}`, { file: r.file, function: a.function }, saved);
        add(byStorage, a.storage ?? 'unknown', a.storage ?? 'unknown', saved);
        continue;
      }
      const code = a.code ?? 'none';
      let g = kept.get(code);
      if (!g) {
        const group: KeptGroup = {
          code,
          reason: reasonNameOf(code) ?? 'unknown',
          arrays: 0,
          bytes: 0,
          uncounted: 0,
          items: [],
        };
        kept.set(code, (g = { group, bytes: 0n, sizes: [] }));
      }
      const bytes = bytesKept(a);
      g.group.arrays++;
      if (bytes === undefined) g.group.uncounted++;
      else if (!keptStorage.has(storageKey(r.file, a))) g.bytes += bytes;
      keptStorage.add(storageKey(r.file, a));
      g.sizes.push(bytes ?? -1n);
      g.group.items.push({
        file: r.file,
        function: a.function,
        name: a.name,
        line: a.line,
        column: a.column,
        ...(a.storage ? { storage: a.storage } : {}),
        ...(bytes !== undefined ? { bytes: jsonInt(bytes) } : {}),
      });
    }
  const groups = [...kept.values()]
    .map((g) => {
      const order = g.group.items.map((item, k) => ({ item, size: g.sizes[k]! }));
      // Largest first; among equals (and the uncounted), the order of the reports.
      order.sort((x, y) => (x.size === y.size ? 0 : x.size > y.size ? -1 : 1));
      return {
        ...g,
        group: { ...g.group, bytes: jsonInt(g.bytes), items: order.map((o) => o.item) },
      };
    })
    .sort((x, y) =>
      x.bytes === y.bytes
        ? y.group.arrays - x.group.arrays || (x.group.code < y.group.code ? -1 : 1)
        : x.bytes > y.bytes
          ? -1
          : 1,
    );
  return {
    files: reports.length,
    arrays,
    contracted,
    bytesSaved: jsonInt(total),
    uncounted,
    byFile: ranked(byFile).map((e) => ({ file: e.key, bytesSaved: jsonInt(e.bytes) })),
    byFunction: ranked(byFunction).map((e) => ({ ...e.key, bytesSaved: jsonInt(e.bytes) })),
    byStorage: ranked(byStorage).map((e) => ({ storage: e.key, bytesSaved: jsonInt(e.bytes) })),
    kept: groups.map((g) => g.group),
  };
}
