/**
 * Whether the configurations agree about each array: the same status, mapping, sizes,
 * assumed values and storage in every one. An array some configuration contracts and
 * another does not (or contracts otherwise) is a disagreement: left unchanged in all, with
 * the reason naming what each configuration gives.
 */
import type { ArrayReport, FileReport } from '../report.js';
import type { ConfigurationRefusal } from '../options.js';

const changes = (a: ArrayReport) => a.status === 'contracted' || a.status === 'scalarized';

const keyOf = (a: Pick<ArrayReport, 'function' | 'name' | 'line'>) =>
  `${a.function}:${a.name}:${a.line}`;

/** What must be the same in every configuration for the array to be contracted. */
function signature(a: ArrayReport | undefined): string {
  if (!a) return 'absent';
  if (!changes(a)) return 'unchanged';
  return JSON.stringify([
    a.status,
    a.mapping,
    a.compressedCells,
    a.assumes,
    a.storage,
    a.delinearization?.shape,
  ]);
}

/** One configuration's result for the array, in words. */
function described(a: ArrayReport | undefined): string {
  if (!a) return 'does not compile it';
  if (!changes(a)) return `leaves it unchanged${a.code ? ` (${a.code})` : ''}`;
  const m = a.mapping ? ` mod (${a.mapping.b.join(', ')})` : '';
  return `${a.status === 'scalarized' ? 'makes it a scalar' : `contracts it to ${a.compressedCells} cells${m}`}`;
}

/** An array some result changes about which the results disagree, and what each gives. */
export interface Disagreement {
  readonly function: string;
  readonly array: string;
  readonly line: number;
  readonly what: string;
}

/** The arrays some result (`labels[k]` for `reports[k]`) changes that they disagree about. */
export function disagreeing(
  reports: readonly FileReport[],
  labels: readonly string[],
): Disagreement[] {
  const byKey = reports.map((r) => new Map(r.arrays.map((a) => [keyOf(a), a])));
  const keys = new Set(reports.flatMap((r) => r.arrays.filter(changes).map(keyOf)));
  const out: Disagreement[] = [];
  for (const key of keys) {
    const entries = byKey.map((m) => m.get(key));
    const signatures = entries.map(signature);
    if (signatures.every((s) => s === signatures[0])) continue;
    const some = entries.find((a) => a !== undefined)!;
    const what = entries.map((a, k) => `'${labels[k]}' ${described(a)}`).join(', ');
    out.push({ function: some.function, array: some.name, line: some.line, what });
  }
  return out;
}

/**
 * The arrays some configuration changes about which the configurations (`labels[k]` for
 * `reports[k]`) disagree, each with the reason naming them.
 */
export function disagreements(
  reports: readonly FileReport[],
  labels: readonly string[],
): ConfigurationRefusal[] {
  return disagreeing(reports, labels).map((d) => ({
    function: d.function,
    array: d.array,
    line: d.line,
    message: `the configurations named disagree: ${d.what}`,
  }));
}

/** Every array some configuration changes, refused with `message` (the last resort). */
export function everyChange(
  reports: readonly FileReport[],
  message: string,
): ConfigurationRefusal[] {
  const seen = new Map<string, ConfigurationRefusal>();
  for (const r of reports)
    for (const a of r.arrays.filter(changes))
      seen.set(keyOf(a), { function: a.function, array: a.name, line: a.line, message });
  return [...seen.values()];
}
