/**
 * The mapping passes: the lattice search (with the parameters known only at run time
 * quantified, or moduli symbolic in them), power-of-two moduli (--modulo pow2, HLS mode),
 * the dynamic oracle's count, and whether the mapping found saves anything.
 */
import { quantifyParams } from '../../poly/quantify.js';
import { isOwnOverrun, withWorkBudgetAsync } from '../../poly/budget.js';
import { chooseMapping, LatticeInputError, type Mapping } from '../../lattice/index.js';
import type { ConflictSet } from '../../lifetime/conflictSet.js';
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import type { Finding } from '../../model/reasons.js';
import { ownValue } from '../../poly/nameRecord.js';
import type { HeuristicChoice, ModuloForm } from '../options.js';
import { parametersUsed } from '../conflictChoice.js';
import { powerOfTwoMapping } from './hls.js';
import { symbolicDecision, symbolicMapping, type SymbolicOutcome } from './symbolicSizes.js';
import { refuse, warn, type Refusal, type ReportFacts } from './outcome.js';

export interface LatticeInput {
  readonly fn: FunctionModel;
  readonly array: ArrayInfo;
  readonly values: Readonly<Record<string, bigint>>;
  readonly work: number;
  readonly heuristic: HeuristicChoice;
  readonly modulo: ModuloForm;
  readonly hls: boolean;
  readonly minGain?: number;
  readonly budgetMs?: number;
}

/** A mapping found for the known parameter values. */
export interface Found {
  readonly mapping: Mapping;
  readonly heuristic: string;
  readonly warnings: readonly Finding[];
}

/** The search's own failures, as data: its input refused, or its budget spent. */
type Search =
  | { readonly found: { mapping: Mapping; heuristic: string } }
  | { readonly inputError: string }
  | { readonly overrun: string };

async function search(input: LatticeInput, ds: ConflictSet['ds']): Promise<Search> {
  try {
    const choice = await withWorkBudgetAsync(input.work, () =>
      chooseMapping(ds, {
        heuristic: input.heuristic,
        params: input.values,
        minGain: input.minGain,
        budgetMs: input.budgetMs,
      }),
    );
    return { found: choice };
  } catch (e) {
    if (e instanceof LatticeInputError) return { inputError: e.message };
    if (isOwnOverrun(e)) return { overrun: e.message };
    throw e;
  }
}

/**
 * Folded rows rounded up to powers of two, whole dimensions left whole; re-verified (larger
 * moduli give a different kernel lattice, not a sublattice). HLS mode needs them.
 */
function powerOfTwo(
  input: LatticeInput,
  ds: ConflictSet['ds'],
  found: { mapping: Mapping; heuristic: string },
): Refusal | Found {
  const { mapping, heuristic } = found;
  if ((input.modulo !== 'pow2' && !input.hls) || mapping.b.length === 0)
    return { mapping, heuristic, warnings: [] };
  const extents = input.array.extents.map((e) => e.value);
  const p2 = powerOfTwoMapping(ds, mapping, extents, input.values);
  if ('mapping' in p2) return { mapping: p2.mapping, heuristic, warnings: [] };
  if (input.hls) return refuse('hls-no-power-of-two', `HLS mode: ${p2.reason}`);
  const note = 'power-of-two moduli are not admissible for this array; exact moduli kept';
  return { mapping, heuristic, warnings: [warn('pow2-not-admissible', note)] };
}

/**
 * The conflict set grows with parameters known only at run time: a mapping whose moduli are
 * affine forms of them (heuristic 3 with symbolic moduli), or why there is none.
 */
function symbolic(
  input: LatticeInput,
  cs: ConflictSet,
  growsWith: readonly string[],
  sizes: SymbolicSizes,
  ds: NonNullable<ReportFacts['ds']>,
): Refusal | SymbolicOutcome {
  if (input.hls)
    return refuse(
      'hls-grows-at-run-time',
      `HLS mode needs constant sizes, and the conflict set grows with ${growsWith.join(', ')}, known only at run time; ` +
        `give a value with -D ${growsWith[0]}=...`,
    );
  const found = symbolicMapping(input.fn, cs.ds, { ...input.values });
  if (typeof found === 'string')
    return refuse(
      'unbounded',
      `the conflict set grows with ${growsWith.join(', ')}, known only at run time, and ${found}; ` +
        `give a value with -D ${growsWith[0]}=... to contract for that value`,
    );
  return symbolicDecision(
    input.fn,
    input.array,
    sizes.originalCells,
    sizes.declaredCells,
    ds,
    found,
    { ...input.values },
    sizes.elementBytes,
  );
}

/** The array's sizes, as the symbolic decision compares them. */
export interface SymbolicSizes {
  readonly originalCells: number | string;
  readonly declaredCells: bigint | undefined;
  readonly elementBytes: number | undefined;
}

/**
 * The lattice search with the parameters fixed. Parameters known only at run time: contract
 * for all their values at once (the union of DS over them); if that union is unbounded, no
 * constant-size mapping exists, and a symbolic one is sought.
 */
export async function lattice(
  input: LatticeInput,
  cs: ConflictSet,
  sizes: SymbolicSizes,
  ds: NonNullable<ReportFacts['ds']>,
): Promise<Refusal | Found | SymbolicOutcome> {
  const { values } = input;
  const growsWith = parametersUsed(cs.ds).filter((p) => ownValue(values, p) === undefined);
  const runTime = cs.ds.space.params.filter((p) => ownValue(values, p) === undefined);
  const dsForLattice = runTime.length > 0 ? quantifyParams(cs.ds, runTime) : cs.ds;
  const s = await search(input, dsForLattice);
  if ('found' in s) return powerOfTwo(input, dsForLattice, s.found);
  if ('inputError' in s && growsWith.length > 0) return symbolic(input, cs, growsWith, sizes, ds);
  if ('inputError' in s) return refuse('lattice-failed', s.inputError);
  return refuse(
    'lattice-budget',
    `the lattice search is too expensive for this array (${s.overrun}); raise --work to try harder`,
  );
}
