/**
 * The mapping passes: the lattice search (with the parameters known only at run time
 * quantified, or moduli symbolic in them), power-of-two moduli (--modulo pow2, HLS mode),
 * the dynamic oracle's count, and whether the mapping found saves anything.
 */
import { quantifyParams } from '../../poly/quantify.js';
import { isOwnOverrun, withWorkBudgetAsync } from '../../poly/budget.js';
import {
  chooseMapping,
  DEFAULT_MIN_GAIN,
  formatMapping,
  gainsMoreThan,
  LatticeInputError,
  mappingSize,
  type Candidate,
  type Mapping,
} from '../../lattice/index.js';
import type { ConflictSet } from '../../lifetime/conflictSet.js';
import type { ArrayInfo, FunctionModel } from '../../model/types.js';
import type { Finding } from '../../model/reasons.js';
import { nameRecord, ownValue } from '../../poly/nameRecord.js';
import * as P from '../../poly/index.js';
import type { HeuristicChoice, ModuloForm, Target } from '../options.js';
import { parametersUsed } from './conflictChoice.js';
import { hlsMapping, partitionWants, powerOfTwoMapping } from './hls.js';
import { isConstant as isConstantAffine } from '../../poly/affine.js';
import {
  growsPastExtents,
  modulusOutOfScope,
  symbolicDecision,
  symbolicMapping,
  type SymbolicOutcome,
} from './symbolicSizes.js';
import { refuse, warn, type Refusal, type ReportFacts } from './outcome.js';
import { divisionDepth, divisionRule, worthDivision } from './addressCost.js';

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
  /** The core the program runs on: how much a division costs (addressCost.ts). */
  readonly target?: Target;
}

/** A mapping found for the known parameter values. */
export interface Found {
  readonly mapping: Mapping;
  readonly heuristic: string;
  readonly warnings: readonly Finding[];
  /** The conflict set it was chosen for, over the known values (sharedScratch.ts). */
  readonly ds: ConflictSet['ds'];
}

/** The search's own failures, as data: its input refused, or its budget spent. */
type Search =
  | { readonly found: { mapping: Mapping; heuristic: string; setAside?: Candidate } }
  | { readonly inputError: string }
  | { readonly overrun: string };

async function search(
  input: LatticeInput,
  ds: ConflictSet['ds'],
  elementBytes: number | undefined,
): Promise<Search> {
  // Masks (--modulo pow2, HLS mode) divide nowhere: the smallest mapping is taken.
  const masks = input.modulo === 'pow2' || input.hls;
  const rule = divisionRule(input.target);
  try {
    const choice = await withWorkBudgetAsync(input.work, () =>
      chooseMapping(ds, {
        heuristic: input.heuristic,
        params: input.values,
        minGain: input.minGain,
        budgetMs: input.budgetMs,
        ...(masks
          ? {}
          : {
              division: {
                depth: divisionDepth(input.fn, input.array, input.values),
                worth: (taken, free) => worthDivision(rule, taken, free, elementBytes),
              },
            }),
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
    return { mapping, heuristic, warnings: divisionNote(input, found), ds };
  if (input.hls) return hls(input, ds, found);
  const extents = input.array.extents.map((e) => e.value);
  const p2 = powerOfTwoMapping(ds, mapping, extents, input.values);
  if ('mapping' in p2) return { mapping: p2.mapping, heuristic, warnings: [], ds };
  const note = 'power-of-two moduli are not admissible for this array; exact moduli kept';
  return { mapping, heuristic, warnings: [warn('pow2-not-admissible', note)], ds };
}

/**
 * Where a subscript is not affine, the slot is `beeclak_mod` of all of it at every access, a
 * division per iteration the array as declared does not have: such a mapping must save more
 * than --min-gain over the declaration. t[300] became t[299] with
 * `t[beeclak_mod((long)(u8 + i * 2), 299)]` (the write's cell unknown, cell 299 dead), and
 * every run over the output took one cell more (298, 297, ...): the dead cell at the top
 * shared slot 0, dead too. (The address rule's 25 % would refuse
 * index-unsigned-skew.c's 121 of 144 cells, a saving the rewrite of unsigned indices is
 * tested on; affine subscripts keep the policy's pick.)
 */
function notWorthDivision(
  input: LatticeInput,
  mapping: Mapping,
  sizes: SymbolicSizes,
): Refusal | undefined {
  const { fn, array } = input;
  if (input.modulo === 'pow2' || input.hls || sizes.declaredCells === undefined) return undefined;
  const unreadable = fn.statements.some((s) =>
    s.accesses.some((a) => a.array === array.name && a.subscripts.some((x) => x === null)),
  );
  if (!unreadable) return undefined;
  const depth = divisionDepth(fn, array, input.values)(mapping);
  const size = mappingSize(mapping);
  const minGain = input.minGain ?? DEFAULT_MIN_GAIN;
  if (depth === 0 || gainsMoreThan(size, sizes.declaredCells, minGain)) return undefined;
  return refuse(
    'division-not-worth',
    `a mapping of ${size} cells of ${sizes.declaredCells} needs a division in a loop at depth ${depth} ` +
      `(a subscript is not affine) and saves no more than --min-gain (${+(minGain * 100).toFixed(4)} %)`,
  );
}

/** Why a smaller (or simpler) mapping was not taken (policy.ts `select`, addressCost.ts). */
function divisionNote(
  input: LatticeInput,
  found: { mapping: Mapping; setAside?: Candidate },
): Finding[] {
  const aside = found.setAside;
  if (!aside) return [];
  const names = input.array.extents.map((_, k) => `x${k}`);
  const depth = divisionDepth(input.fn, input.array, input.values);
  const kept = depth(found.mapping);
  const target = input.target && input.target !== 'default' ? `, --target ${input.target}` : '';
  return [
    warn(
      'division-avoided',
      `${formatMapping(aside.mapping, names)} (${aside.size} cells) divides in a loop at depth ` +
        `${depth(aside.mapping)}; ${formatMapping(found.mapping, names)} (${mappingSize(found.mapping)} cells) ` +
        `${kept === 0 ? 'divides in no loop' : `divides at depth ${kept} at most`} and is kept ` +
        `(docs/design.md, "Address arithmetic"${target})`,
    ),
  ];
}

/**
 * HLS mode's mapping: power-of-two folds that keep the partitions the pragmas ask for
 * (hls.ts hlsMapping), or why there is none.
 */
function hls(
  input: LatticeInput,
  ds: ConflictSet['ds'],
  found: { mapping: Mapping; heuristic: string },
): Refusal | Found {
  const wants = partitionWants(input.fn, input.array);
  const h = hlsMapping(ds, found.mapping, input.array, wants, input.values);
  if ('reason' in h)
    return refuse(
      wants.length > 0 ? 'hls-partition-undone' : 'hls-no-power-of-two',
      `HLS mode: ${h.reason}`,
    );
  const notes = h.note ? [warn('hls-partition-trade-off', h.note)] : [];
  return { mapping: h.mapping, heuristic: found.heuristic, warnings: notes, ds };
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
  const advice = valueAdvice(input.fn, growsWith[0]!);
  if (input.hls)
    return refuse(
      'hls-grows-at-run-time',
      `HLS mode needs constant sizes, and the conflict set grows with ${growsWith.join(', ')}, known only at run time; ` +
        advice,
    );
  const found = symbolicMapping(input.fn, input.array, cs.ds, { ...input.values });
  if (typeof found === 'string')
    return refuse(
      'unbounded',
      `the conflict set grows with ${growsWith.join(', ')}, known only at run time, and ${found}; ` +
        `${advice} to contract for that value`,
    );
  const outcome = symbolicDecision(
    input.fn,
    input.array,
    sizes.originalCells,
    sizes.declaredCells,
    ds,
    found,
    { ...input.values },
    sizes.elementBytes,
  );
  if (
    'kind' in outcome.verdict &&
    outcome.verdict.kind === 'contracted' &&
    growsPastExtents(input.fn, input.array, found.mapping, { ...input.values })
  )
    return refuse(
      'unbounded',
      `the conflict set grows with ${growsWith.join(', ')}, known only at run time, and the ` +
        `best mapping valid for all of their values may need more cells than the array has; ${advice} to contract for that value`,
    );
  // Moduli known only at run time make the declaration a VLA, which C allows only for an
  // automatic array without initializer: `static double u[128]` became `static double u[m +
  // 1]` (no build), `double v[128] = { 0 }` stopped the rewrite.
  const runTimeSize = found.mapping.b.some((x) => !isConstantAffine(x));
  if (
    'kind' in outcome.verdict &&
    outcome.verdict.kind === 'contracted' &&
    runTimeSize &&
    !input.array.isVla &&
    (input.array.storage === 'static-local' ||
      input.array.storage === 'global' ||
      input.array.storage === 'static-global' ||
      input.array.hasInitializer)
  )
    return refuse(
      'unbounded',
      `the conflict set grows with ${growsWith.join(', ')}, known only at run time, and the ` +
        `best mapping valid for all of their values has a size known only at run time, which ${input.array.name} (${input.array.hasInitializer ? 'initialized' : 'static'}) cannot have; ${advice} to contract for that value`,
    );
  const unseen =
    'kind' in outcome.verdict && outcome.verdict.kind === 'contracted'
      ? modulusOutOfScope(input.fn, input.array, found.mapping.b)
      : undefined;
  if (unseen !== undefined)
    return refuse(
      'unbounded',
      `the conflict set grows with ${growsWith.join(', ')}, known only at run time, and the ` +
        `best mapping valid for all of their values needs ${unseen}, which the declaration of ${input.array.name} cannot read; ${advice} to contract for that value`,
    );
  // A raised bound (a modulus one above the exact sup where DS is only d = 0) that keeps every
  // cell says little of one value, which may still save: the advice stands, as before such
  // bounds were tried (a lag of n / 2 is not affine in n).
  if (found.raised && 'reason' in outcome.verdict && outcome.verdict.reason === 'no-saving')
    return refuse(
      'unbounded',
      `the conflict set grows with ${growsWith.join(', ')}, known only at run time, and the ` +
        `best mapping valid for all of their values keeps every cell; ${advice} to contract for that value`,
    );
  return outcome;
}

/**
 * DS over the known values only: the parameters it uses that are known only at run time
 * are quantified (the union of DS over all their values), and those it does not use at all
 * are dropped (they are in its space only because the function has them). Quantified, an
 * unused one became an unconstrained local, and the enumeration of the lattice search called
 * the set "unbounded": an array was rejected for a run-time loop bound elsewhere in its
 * function (issue 28).
 */
function withoutRunTimeParameters(
  ds: ConflictSet['ds'],
  values: Readonly<Record<string, bigint>>,
  used: readonly string[],
): ConflictSet['ds'] {
  const runTime = ds.space.params.filter((p) => ownValue(values, p) === undefined);
  const unused = runTime.filter((p) => !used.includes(p));
  // Fixing a parameter no constraint mentions to any value changes nothing but the space.
  const dropped =
    unused.length > 0
      ? P.fixParams(ds, nameRecord(unused.map((p): [string, bigint] => [p, 0n])))
      : ds;
  return used.length > 0 ? quantifyParams(dropped, used) : dropped;
}

/**
 * How the user can give `name` a value: `-D` sets a macro or a function argument (beeclak
 * assumes the value and guards it); a local variable set at run time has no name `-D` can
 * set (`-D bandwidth=8` turned `int bandwidth = n * 2;` into `int 8 = n * 2;`: the advice
 * broke the build, issue 28).
 */
function valueAdvice(fn: FunctionModel, name: string): string {
  const p = fn.parameters.find((x) => x.name === name);
  if (p?.source === 'vla')
    return (
      `'${name}' is a local variable set at run time${p.loc ? ` (line ${p.loc.line})` : ''}: ` +
      `make it a constant (a macro, then -D ${name}=... gives it a value)`
    );
  return `give a value with -D ${name}=...`;
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
  const dsForLattice = withoutRunTimeParameters(cs.ds, values, growsWith);
  const s = await search(input, dsForLattice, sizes.elementBytes);
  if ('found' in s)
    return (
      notWorthDivision(input, s.found.mapping, sizes) ?? powerOfTwo(input, dsForLattice, s.found)
    );
  if ('inputError' in s && growsWith.length > 0) return symbolic(input, cs, growsWith, sizes, ds);
  if ('inputError' in s) return refuse('lattice-failed', s.inputError);
  return refuse(
    'lattice-budget',
    `the lattice search is too expensive for this array (${s.overrun}); raise --work to try harder`,
  );
}
