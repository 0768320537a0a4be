/**
 * The struct members the set's calls pass (`args->M`, structMembers.ts), indexed once by
 * callee for every file's view (fileSet.ts membersFor went through every unit's members for
 * each file: quadratic in the set, issue 27 "linear in its size").
 */
import type { FileSummary } from '../../frontend/program.js';
import type { MemberVerdict } from './structMembers.js';

/** A unit of the set: its file, and the struct members its calls pass (its summary's). */
export interface UnitMembers {
  readonly file: string;
  readonly members?: NonNullable<FileSummary['structs']>['members'];
}

/** A struct member a call passes: its unit, `@start#index`, its place in the set's order. */
interface MemberArgument {
  readonly file: string;
  readonly key: string;
  readonly order: number;
}

export type MemberArguments = ReadonlyMap<string, readonly MemberArgument[]>;

export function memberArgumentsByCallee(units: readonly UnitMembers[]): MemberArguments {
  const out = new Map<string, MemberArgument[]>();
  let order = 0;
  for (const u of units)
    for (const m of u.members ?? []) {
      const a = m.argument;
      if (!a) continue;
      const list = out.get(a.callee) ?? out.set(a.callee, []).get(a.callee)!;
      list.push({ file: u.file, key: `@${a.start}#${a.index}`, order: order++ });
    }
  return out;
}

/**
 * The verdicts on the members passed to functions named `names`, keyed as the cross-call
 * decision looks them up: the caller's file (empty for the view's own, `isOwn`), the call's
 * start, the argument's position; in the set's order, as a pass over every unit gave them.
 */
export function membersPassedTo(
  args: MemberArguments,
  verdicts: ReadonlyMap<string, MemberVerdict>,
  names: ReadonlySet<string>,
  isOwn: (file: string) => boolean,
): Record<string, MemberVerdict> {
  const passed = [...names].flatMap((n) => args.get(n) ?? []).sort((a, b) => a.order - b.order);
  const out: Record<string, MemberVerdict> = Object.create(null);
  for (const { file, key } of passed) {
    const v = verdicts.get(`${file}${key}`);
    if (v) out[`${isOwn(file) ? '' : file}${key}`] = v;
  }
  return out;
}
