/**
 * Upward-exposed reads: cells read at a time when no write of theirs has happened yet.
 *
 * In a local array without initializer such a read sees an indeterminate value; in an
 * array marked temporary it means a value flows in from outside, which the user promised
 * does not happen. Either way the user should hear of it (Bee, section 3: lifetimes start
 * at the first write, so a value read before it is not protected by any conflict).
 *
 * For a read instance (y, j): exposed iff no write instance of j precedes it, i.e. the
 * read instances minus the projection onto (y, j) of { (y, j, x) : write x of j before y },
 * where only must-writes count (a may-write covers nothing: on the path where it does not
 * happen, the value from before is read).
 */
import * as P from '../poly/index.js';
import type { Access, ArrayInfo, FunctionModel, SourceLoc } from '../model/types.js';
import {
  accessInstances,
  accessesTo,
  happensBefore,
  mayShareCell,
  repeatedRead,
} from './instances.js';
import { NO_NAMES, nameRecord, ownValue } from '../poly/nameRecord.js';
import { oncePerInput } from './inputMemo.js';

export interface UpwardExposedRead {
  readonly statement: string;
  readonly loc: SourceLoc;
  /** A witness cell (for the parameter values of the witness, if any are symbolic). */
  readonly example: Record<string, bigint> | null;
}

export interface UpwardExposedOptions {
  /** Parameter values to specialise the analysis to (see ConflictSetOptions.values). */
  readonly values?: Readonly<Record<string, bigint>>;
}

export function upwardExposedReads(
  fn: FunctionModel,
  array: ArrayInfo,
  options: UpwardExposedOptions = {},
): UpwardExposedRead[] {
  const values = options.values ?? NO_NAMES;
  const uses = accessesTo(fn.statements, array.name);
  // Kept by the place of each exposed read among the array's accesses, restored with its
  // statement and location (the example names cells and parameters: part of the key).
  const exposed = oncePerInput(
    fn,
    array,
    uses,
    { kind: 'exposed reads', values, options: '' },
    () => exposedUses(fn, array, uses, values),
    (r) => r,
    // A copy is a plain object: the example goes back into a record safe for C names.
    (r) => r.map(({ use, example }) => ({ use, example: example && nameRecord(example) })),
  );
  return exposed.map(({ use, example }) => ({
    statement: uses[use]!.statement.id,
    loc: uses[use]!.access.loc,
    example,
  }));
}

/** The exposed reads by their place among `uses`, with a witness cell each. */
function exposedUses(
  fn: FunctionModel,
  array: ArrayInfo,
  uses: ReturnType<typeof accessesTo>,
  values: Readonly<Record<string, bigint>>,
): { use: number; example: Record<string, bigint> | null }[] {
  const n = array.extents.length;
  const J = Array.from({ length: n }, (_, k) => `j${k}`);
  // A block-scoped array starts afresh in each block instance: only writes of the same
  // instance count.
  const E = array.blockIterators.map((_, k) => `ej${k}`);
  const params = fn.parameters.map((p) => p.name);
  // Only a write that certainly happens, to the cell the model says, covers a read: a write
  // under a data-dependent condition, in a domain larger than the truth or at a non-affine
  // subscript (an approximate access) may not have happened there, and then the read sees a
  // value from before.
  const writes = uses
    .filter((u) => u.access.kind === 'write')
    .map((u, k) => accessInstances(array, u.statement, u.access, `w${k}`, J, E))
    .filter((w) => !w.approximate);
  const out: { use: number; example: Record<string, bigint> | null }[] = [];
  // Reads found with no exposed instance: a read repeating an earlier one of its statement
  // (repeatedRead) is exposed exactly where that one is, so it needs no test when that one
  // had none (else it is computed, for its own example).
  const unexposed = new Set<Access>();
  uses.forEach((u, k) => {
    if (u.access.kind !== 'read') return;
    const first = repeatedRead(u.statement, u.access);
    if (first && unexposed.has(first)) return;
    const read = accessInstances(array, u.statement, u.access, `r${k}`, J, E);
    // The read's own iteration variables become dims, so that "preceded by a write" is
    // decided per read instance rather than per cell.
    const own = [...u.statement.iterators, ...u.access.exists].map((v) => `${v}__r${k}`);
    const space: P.Space = { params, dims: [...E, ...J, ...own] };
    const asDims = (c: P.NamedConjunction): P.NamedConjunction => ({
      exists: c.exists.filter((e) => !own.includes(e)),
      constraints: [...c.constraints, ...fn.context],
    });
    const reads = P.fixParams(P.fromConjunctions(space, read.pieces.map(asDims)), values);
    const covered: P.NamedConjunction[] = [];
    // A write that cannot touch the read's cell covers none of its instances.
    for (const w of writes.filter((x) => mayShareCell(x.access, u.access))) {
      for (const lex of happensBefore(w, read)) {
        for (const pw of w.pieces) {
          for (const pr of read.pieces) {
            const c = asDims(pr);
            covered.push({
              exists: [...c.exists, ...pw.exists, ...lex.exists],
              constraints: [...c.constraints, ...pw.constraints, ...lex.constraints],
            });
          }
        }
      }
    }
    // Projecting the write instances away first leaves a set without their iterations, so the
    // difference never has to negate a piece quantified over them.
    const coveredInstances = P.projectOnto(
      P.fixParams(P.fromConjunctions(space, covered), values),
      space.dims,
    );
    // Most reads are covered: decided without the difference itself, which is only built for
    // a read with exposed instances (its example point is taken from that difference).
    if (P.isSubsetOfProjection(reads, coveredInstances)) {
      unexposed.add(u.access);
      return;
    }
    const exposed = P.subtract(reads, coveredInstances);
    // P.subtract keeps only pieces with points.
    if (exposed.pieces.length === 0) {
      unexposed.add(u.access);
      return;
    }
    const sample = P.samplePoint(exposed);
    out.push({
      use: k,
      example: sample
        ? nameRecord(
            Object.entries(sample).filter(
              ([k]) => J.includes(k) || (params.includes(k) && ownValue(values, k) === undefined),
            ),
          )
        : null,
    });
  });
  return out;
}
