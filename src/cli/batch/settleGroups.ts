/**
 * Which groups of a plan of edits across files are written (issue 27, item 2): each file
 * with a part is analysed again with it (it checks its part against its own reading); a
 * group one of whose parts was not done (its entry does not say `storage-shrinks`) is
 * dropped whole, and the files whose part changed are analysed again with what is left,
 * until every part left is done. Each round drops a group, so it ends. A group stands alone
 * (planGroups.ts): the groups left are written, the others keep the files' first results.
 */
import path from 'node:path';
import type { CrossFileStorage } from '../../model/program.js';
import { codeOf } from '../../model/reasons.js';
import type { CrossFilePlan } from '../../pipeline/wholeProgram/crossFilePlan.js';
import {
  assemble,
  type Assembled,
  type Expected,
  type PlanGroup,
} from '../../pipeline/wholeProgram/planGroups.js';
import type { FileOutcome } from './job.js';

export interface Settled {
  /** The groups written, put together. */
  readonly plan: Assembled;
  /** The last outcome of each file with a part in `plan` (by absolute path). */
  readonly outcomes: ReadonlyMap<string, FileOutcome>;
  /** One part refused per group dropped. */
  readonly dropped: readonly Expected[];
}

const STORAGE_SHRINKS = codeOf('storage-shrinks');
const DISAGREE = codeOf('configurations-disagree');
const abs = (f: string) => path.resolve(f);

export async function settleGroups(
  plan: CrossFilePlan,
  run: (parts: readonly (readonly [string, CrossFileStorage])[]) => Promise<FileOutcome[]>,
): Promise<Settled> {
  let groups: readonly PlanGroup[] = plan.groups;
  const ran = new Map<string, { readonly part: string; readonly outcome: FileOutcome }>();
  const dropped: Expected[] = [];
  for (;;) {
    const assembled = assemble(groups, plan.kept);
    const todo = [...assembled.files].filter(([f, s]) => ran.get(f)?.part !== JSON.stringify(s));
    const again = await run(todo);
    for (const [j, [f, s]] of todo.entries())
      ran.set(f, { part: JSON.stringify(s), outcome: again[j]! });
    const outcomes = new Map([...assembled.files.keys()].map((f) => [f, ran.get(f)!.outcome]));
    const missing = (g: PlanGroup) => g.expected.find((e) => !done(outcomes.get(abs(e.file)), e));
    const refused = groups.filter((g) => missing(g));
    if (refused.length === 0) return { plan: assembled, outcomes, dropped };
    dropped.push(...refused.map((g) => missing(g)!));
    groups = groups.filter((g) => !refused.includes(g));
  }
}

/**
 * The outcome has the entry `fn:name` changed, with `storage-shrinks` (an entry the
 * configurations' driver left unchanged keeps its warnings: configurations/index.ts).
 */
function done(o: FileOutcome | undefined, e: Expected): boolean {
  if (o?.kind !== 'done') return false;
  // A parameter passing buffers on keeps its entry unchanged, only its type changes: done
  // only where the file changed and no configuration left anything as written.
  const changed = e.forwarder
    ? o.changed && !o.report.arrays.some((a) => a.code === DISAGREE)
    : undefined;
  return o.report.arrays.some(
    (a) =>
      a.function === e.fn &&
      a.name === e.name &&
      (changed ?? (a.status === 'contracted' || a.status === 'scalarized')) &&
      (a.warnings ?? []).some((w) => w.code === STORAGE_SHRINKS),
  );
}
