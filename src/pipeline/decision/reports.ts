/**
 * The report entries of the outcomes, built once every pass has run (issue 28): per array
 * its declared size, what the passes found, and its verdict (a refusal with its code, a
 * contraction with its size, a caller's buffer that shrinks).
 */
import type { ArrayInfo } from '../../model/types.js';
import { jsonInt, type ArrayReport, type ReportFinding, type Suppression } from '../report.js';
import { codeOf, type Finding, type ReasonName } from '../../model/reasons.js';
import type { BufferShrink } from '../wholeProgram/callerStorage.js';
import { extentsProduct } from './symbolicSizes.js';
import {
  isContracted,
  statusOf,
  type ArrayOutcome,
  type HeapOutcome,
  type Outcome,
} from './outcome.js';
import { linkageOf, setMemberSaving, setSavedBytes, storageClass } from './footprint.js';
import { onChipMemory } from './hls.js';

const product = (xs: readonly bigint[]) => xs.reduce((a, b) => a * b, 1n);

/** Who suppressed findings of which codes (the configuration's, and the array's own). */
export interface Suppressions {
  /** The configuration's `suppress`. */
  readonly configuration: ReadonlySet<ReasonName>;
  /** HLS mode: the entries give their on-chip memory. */
  readonly hls?: boolean;
}

/** Who suppresses a finding with this code about this array, if anyone. */
function suppressedBy(
  reason: ReasonName,
  array: ArrayInfo | undefined,
  s: Suppressions,
): Suppression | undefined {
  // An array kept as written by request: nothing is said of it.
  if (array?.reasons.some((r) => r.reason === 'kept') || array?.suppress?.includes(reason))
    return 'source';
  return s.configuration.has(reason) ? 'configuration' : undefined;
}

function finding(w: Finding, array: ArrayInfo | undefined, s: Suppressions): ReportFinding {
  const by = suppressedBy(w.reason, array, s);
  return { code: codeOf(w.reason), message: w.message, ...(by ? { suppressed: by } : {}) };
}

/** The declared cells (also of a delinearized array), and as the report prints them. */
function declaredSize(array: ArrayInfo): {
  cells?: bigint;
  printed: number | string;
  bytes?: bigint;
} {
  const declared = array.delinearized?.declaredExtents ?? array.extents;
  const extents = declared.map((e) => e.value);
  const cells = extents.every((e) => e !== undefined) ? product(extents as bigint[]) : undefined;
  const each = array.elementBytes;
  return {
    ...(cells !== undefined ? { cells } : {}),
    printed: cells !== undefined ? jsonInt(cells) : extentsProduct(declared),
    ...(cells !== undefined && each !== undefined ? { bytes: cells * BigInt(each) } : {}),
  };
}

/** Cell x keeps its index: the mapping is the identity, each row a dimension of new extent. */
function identityMapping(
  extents: readonly (bigint | undefined)[],
  texts: readonly string[],
): NonNullable<ArrayReport['mapping']> {
  const rank = extents.length;
  return {
    M: extents.map((_, d) => Array.from({ length: rank }, (_, k) => (k === d ? 1 : 0))),
    b: extents.map((v, d) => (v !== undefined ? jsonInt(v) : texts[d]!)),
  };
}

function shrunkSizes(b: BufferShrink) {
  const each = b.elementBytes;
  // A run-time extent that stays: the cells are known as a product of texts (`n*2`).
  const after = b.after;
  return {
    compressedCells:
      after !== undefined
        ? jsonInt(after)
        : b.texts.map((t) => (/^\w+$/.test(t) ? t : `(${t})`)).join('*'),
    ...(each !== undefined && after !== undefined
      ? { compressedBytes: jsonInt(after * BigInt(each)) }
      : {}),
    mapping: identityMapping(b.extents, b.texts),
    heuristic: 'caller storage',
  };
}

/** The entry of one array: its verdict with its sizes, what the passes found. */
function verdictReport(o: ArrayOutcome, s: Suppressions): ArrayReport {
  const { fn, array, verdict } = o;
  const size = declaredSize(array);
  const original = {
    originalCells: size.printed,
    ...(size.bytes !== undefined ? { originalBytes: jsonInt(size.bytes) } : {}),
  };
  const head = {
    name: array.name,
    function: fn.name,
    line: array.loc.line,
    column: array.loc.column,
  };
  const rest = {
    elementType: array.elementType,
    storage: storageClass(array.storage),
    ...linkageOf(array.storage),
    ...o.facts,
    maxLive: o.facts.maxLive ?? null,
    warnings: o.warnings.map((w) => finding(w, array, s)),
  };
  const by = 'reason' in verdict ? suppressedBy(verdict.reason, array, s) : undefined;
  if ('reason' in verdict)
    return {
      ...head,
      status: statusOf(verdict),
      reason: verdict.message,
      code: codeOf(verdict.reason),
      ...(by ? { suppressed: by } : {}),
      ...original,
      compressedCells: original.originalCells,
      ...(original.originalBytes !== undefined ? { compressedBytes: original.originalBytes } : {}),
      ...rest,
    };
  if (verdict.kind === 'shrunk')
    return { ...head, status: 'contracted', ...original, ...rest, ...shrunkSizes(verdict.shrink) };
  return {
    ...head,
    status: verdict.decision.mapping.b.length === 0 ? 'scalarized' : 'contracted',
    ...original,
    compressedCells: typeof verdict.cells === 'string' ? verdict.cells : jsonInt(verdict.cells),
    ...(verdict.bytes !== undefined ? { compressedBytes: jsonInt(verdict.bytes) } : {}),
    ...rest,
  };
}

/**
 * An array's entry, with the bytes the program saves through it (footprint.ts; a declaration
 * several functions share counts once) and, in HLS mode, its on-chip memory (hls.ts).
 */
function arrayReport(o: ArrayOutcome, s: Suppressions): ArrayReport {
  const r = verdictReport(o, s);
  const d = isContracted(o) ? o.verdict.decision : undefined;
  setSavedBytes(r, d?.placement);
  if (d?.sharesDeclaration) r.savedBytes = 0;
  // The original body beside the contracted one keeps the frame's size (file.ts sharedFrames).
  if (isContracted(o) && o.verdict.frameShared) r.savedBytes = 0;
  const perObject = isContracted(o) ? o.verdict.memberCells : undefined;
  if (perObject !== undefined) setMemberSaving(r, perObject, o.array.elementBytes);
  if (!s.hls) return r;
  const bytes = o.array.elementBytes;
  const bits = o.array.elementBits ?? (bytes === undefined ? undefined : bytes * 8);
  const memory = onChipMemory(o.fn, o.array, bits, d?.mapping);
  return memory ? { ...r, onChip: memory } : r;
}

/** The report entry of a heap buffer that shrinks (it has none of its own otherwise). */
function heapReport(o: HeapOutcome, s: Suppressions): ArrayReport {
  const b = o.shrink;
  const each = b.elementBytes;
  const before = b.before !== undefined ? jsonInt(b.before) : 'the allocated size';
  return {
    name: b.name,
    function: b.caller,
    line: b.loc.line,
    column: b.loc.column,
    status: 'contracted',
    elementType: b.elementType,
    storage: b.stack ? 'stack' : 'heap',
    originalCells: before,
    ...(each !== undefined && b.before !== undefined
      ? { originalBytes: jsonInt(b.before * BigInt(each)) }
      : {}),
    maxLive: null,
    warnings: o.warnings.map((w) => finding(w, undefined, s)),
    ...shrunkSizes(b),
  };
}

export function reportOf(o: Outcome, s: Suppressions = NO_SUPPRESSIONS): ArrayReport {
  if (!('kind' in o)) return arrayReport(o, s);
  const r = heapReport(o, s);
  setSavedBytes(r, undefined);
  return r;
}

const NO_SUPPRESSIONS: Suppressions = { configuration: new Set() };
