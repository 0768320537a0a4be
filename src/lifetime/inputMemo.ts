/**
 * The lifetime analyses of one call, made once per input (issue 29, item 3): a file of
 * kernels of one shape (a scratch array written by one nest and read by the next) builds
 * the same value-based DS and finds the same exposed reads for each of them, differing only
 * in the names of the function, the array and the statements. 100 KB of such kernels spent
 * 30 % of its CPU on the DS, 13,000 small functions 10 % on the exposed reads.
 *
 * The key is everything the analyses read of their input, spelled out exactly (no
 * canonical renaming: an iterator `i` and one named `k` are different keys), in the order
 * they read it, plus the work left to the budget in force (as the lattice's searchMemo.ts):
 * the same input from the same state spends the same and ends the same. What a result names
 * of its input is kept apart and put back per array (`save`, `restore`): the array's and the
 * function's names, statements by their place among the array's accesses, locations.
 */
import type { Affine, Constraint } from '../poly/affine.js';
import type { ArrayInfo, FunctionModel, Statement } from '../model/types.js';
import { spendWork, workRemaining, workSpent } from '../poly/budget.js';
import { CallSlot } from '../context/callContext.js';
import { ownValue } from '../poly/nameRecord.js';
import type { accessesTo } from './instances.js';

export type Uses = ReturnType<typeof accessesTo>;

/** A result as kept (by `save`), and the work it spent. */
interface Kept {
  readonly saved: unknown;
  readonly spent: number;
}

interface Memo {
  readonly byKey: Map<string, Kept>;
  /** Characters of the keys kept (the bound on the memo's memory). */
  chars: number;
  /** Sets reused (tests). */
  hits: number;
}

const memos = new CallSlot((): Memo => ({ byKey: new Map(), chars: 0, hits: 0 }));

/** Results of this call reused from an earlier array (0 outside any call). */
export function inputMemoHits(): number {
  return memos.current()?.hits ?? 0;
}

/** Keys longer than this are not kept (a long function's arrays: no other has its accesses). */
const MAX_KEY_CHARS = 20_000;
/** Characters of keys kept per call (oldest dropped first): about 4 MB with their sets. */
const MAX_CHARS = 1_000_000;

/** The statement ids of the accesses, numbered by first appearance (equal ids, equal numbers). */
export interface StatementNumbers {
  readonly ids: readonly string[];
  readonly number: ReadonlyMap<string, number>;
}

function statementNumbers(uses: Uses): StatementNumbers {
  const number = new Map<string, number>();
  const ids: string[] = [];
  for (const { statement } of uses)
    if (!number.has(statement.id)) {
      number.set(statement.id, ids.length);
      ids.push(statement.id);
    }
  return { ids, number };
}

const affine = (a: Affine | null): string =>
  a === null
    ? 'null'
    : `${Object.keys(a.coeffs)
        .map((k) => `${JSON.stringify(k)}:${a.coeffs[k]}`)
        .join(',')};${a.constant}`;

const constraints = (cs: readonly Constraint[]): string =>
  cs.map((c) => `${c.kind}(${affine(c.expr)})`).join('&');

const names = (xs: readonly string[]): string => JSON.stringify(xs);

function statementKey(s: Statement): string {
  return [
    names(s.iterators),
    names(s.domain.dims),
    s.domain.pieces.map((p) => `${names(p.exists)}:${constraints(p.constraints)}`).join('|'),
    s.schedule.map(affine).join('/'),
    `${s.may} ${s.overApproximated} ${s.domainOverApproximated}`,
  ].join('#');
}

/** What an analysis reads besides the function, the array and its accesses. */
export interface MemoInput {
  /** The analysis (results of two analyses never meet). */
  readonly kind: string;
  readonly values: Readonly<Record<string, bigint>>;
  /** Its options, spelled out. */
  readonly options: string;
}

/**
 * Everything the analyses read: the parameters (names, and values of those the options
 * fix), the context, the array's extents and block iterators, each access to the array in
 * order with its statement (by object and by id, numbered by first appearance), the
 * options, and the work left. Undefined when the key is too long to keep.
 */
function inputKey(
  fn: FunctionModel,
  array: ArrayInfo,
  uses: Uses,
  { kind, values, options }: MemoInput,
  ids: ReadonlyMap<string, number>,
): string | undefined {
  const params = fn.parameters.map((p) => p.name);
  const objects = new Map<Statement, number>();
  const parts: string[] = [
    kind,
    names(params),
    params.map((p) => `${ownValue(values, p) ?? '?'}`).join(','),
    constraints(fn.context),
    array.extents.map((e) => (e.expr ? affine(e.expr) : '-')).join(','),
    names(array.blockIterators),
    options,
    `${workRemaining()}`,
  ];
  let chars = parts.reduce((n, p) => n + p.length, 0);
  for (const { statement: s, access: a } of uses) {
    let own = objects.get(s);
    const first = own === undefined;
    if (first) objects.set(s, (own = objects.size));
    const part = [
      `S${own} ${ids.get(s.id)}`,
      first ? statementKey(s) : '',
      a.kind,
      a.subscripts.map(affine).join(','),
      names(a.exists),
      constraints(a.existsConstraints),
      `${a.order} ${a.may} ${a.overApproximated}`,
    ].join('#');
    chars += part.length;
    if (chars > MAX_KEY_CHARS) return undefined;
    parts.push(part);
  }
  return parts.join('\n');
}

/**
 * `compute()`'s result, made once per input in this call: one already made for the same key
 * is charged its work again and restored (`restore` of a copy of what `save` kept) with this
 * array's names. A computation that fails (a budget run out, an input error) is not kept: it
 * fails again the same way.
 */
export function oncePerInput<T, S>(
  fn: FunctionModel,
  array: ArrayInfo,
  uses: Uses,
  input: MemoInput,
  compute: () => T,
  save: (result: T, statements: StatementNumbers) => S,
  restore: (saved: S, statements: StatementNumbers) => T,
): T {
  const memo = memos.current();
  if (!memo) return compute();
  const statements = statementNumbers(uses);
  const key = inputKey(fn, array, uses, input, statements.number);
  if (key === undefined) return compute();
  const kept = memo.byKey.get(key);
  if (kept) {
    memo.hits++;
    spendWork(kept.spent);
    return restore(structuredClone(kept.saved) as S, statements);
  }
  const before = workSpent();
  const result = compute();
  keep(memo, key, {
    saved: structuredClone(save(result, statements)),
    spent: workSpent() - before,
  });
  return result;
}

function keep(memo: Memo, key: string, kept: Kept): void {
  for (const old of memo.byKey.keys()) {
    if (memo.chars + key.length <= MAX_CHARS) break;
    memo.byKey.delete(old);
    memo.chars -= old.length;
  }
  memo.byKey.set(key, kept);
  memo.chars += key.length;
}
