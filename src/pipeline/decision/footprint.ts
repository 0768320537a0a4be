/**
 * What the program as built saves (issue 26): the bytes of the storage that shrinks, counted
 * where the storage lives and once. A parameter has no storage of its own: folded in place it
 * saves nothing itself (the callers' buffers that shrink count); a private copy is new stack.
 */
import type { Storage } from '../../model/types.js';
import type { ArrayDecision } from '../decision.js';
import { jsonInt, type ArrayReport, type StorageClass } from '../report.js';

export function storageClass(s: Storage): StorageClass {
  switch (s) {
    case 'local':
      return 'stack';
    case 'static-local':
      return 'static';
    case 'global':
    case 'static-global':
      return 'global';
    case 'parameter':
      return 'parameter';
  }
}

/**
 * The linkage of a file-scope array (absent for any other): an `external` one is one object
 * of the program whatever file reports it, so the code-base summary counts it once by name
 * (reportSummary.ts); an `internal` one (`static`) is its file's own.
 */
export function linkageOf(s: Storage): { linkage?: 'external' | 'internal' } {
  return s === 'global'
    ? { linkage: 'external' }
    : s === 'static-global'
      ? { linkage: 'internal' }
      : {};
}

const changed = (r: ArrayReport) => r.status === 'contracted' || r.status === 'scalarized';

/** Sets `savedBytes` of a report entry, given the placement of a contracted parameter. */
export function setSavedBytes(r: ArrayReport, placement: ArrayDecision['placement']): void {
  const bytes = (x: number | string | undefined) => {
    try {
      return x === undefined ? undefined : BigInt(x);
    } catch {
      return undefined;
    }
  };
  const before = bytes(r.originalBytes);
  const after = bytes(r.compressedBytes);
  if (!changed(r)) r.savedBytes = 0;
  else if (r.storage === 'parameter')
    r.savedBytes = placement === 'private' && after !== undefined ? jsonInt(-after) : 0;
  else if (before !== undefined && after !== undefined) r.savedBytes = jsonInt(before - after);
}

/**
 * A parameter folded in place whose cells are struct members shrunk in their definitions
 * (memberStorage.ts): its entry counts their storage, `cells` per struct object times its
 * element's size; a size the data model does not give leaves the saving not known.
 */
export function setMemberSaving(r: ArrayReport, cells: bigint, each: number | undefined): void {
  r.storage = 'struct-member';
  if (each !== undefined) r.savedBytes = jsonInt(cells * BigInt(each));
  else delete r.savedBytes;
}
