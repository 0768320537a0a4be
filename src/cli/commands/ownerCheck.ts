/** The shadow-owner build of `check`: every read of a contracted array finds its own cell. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  compile,
  describeExit,
  run,
  type IncludedFrom,
  type RunResult,
} from '../../pipeline/checking/compileRun.js';
import { CLOBBER_EXIT_STATUS } from '../../rewrite/index.js';

export interface OwnerRun {
  readonly dir: string;
  readonly args: readonly string[];
  readonly stdin: string;
  readonly timeoutMs: number;
  /** The original's run: the owner-check build may exit as it did. */
  readonly original: RunResult;
  readonly say: (line: string) => void;
  readonly extraFlags: readonly string[];
  readonly extraSources: readonly string[];
  readonly includedFrom?: IncludedFrom;
}

/**
 * Compiles and runs a shadow-owner build; returns the problem it found, if any. `exposed`
 * tells whether the original reads an array before writing it: a clobbered read of such
 * an array reads an indeterminate value in the original too (not a miscompilation, but
 * worth saying).
 */
export async function ownerCheck(
  shadow: { text: string; helpers?: string },
  ownerRun: OwnerRun,
  exposed: (array: string) => Promise<boolean>,
): Promise<string | undefined> {
  const { say } = ownerRun;
  // The helpers apart: the program's unit includes no system header of beeclak's.
  const helpers = path.join(ownerRun.dir, 'beeclak_owner_helpers.c');
  await fs.writeFile(helpers, shadow.helpers ?? '');
  const inst = await compile(shadow.text, 'owners', ownerRun.dir, {
    sanitize: false,
    extraFlags: ownerRun.extraFlags,
    extraSources: ownerRun.extraSources ?? [],
    // (apart from the program's macros and forced includes: compileRun.ts, `ownSources`)
    ownSources: [helpers],
    ...(ownerRun.includedFrom ? { includedFrom: ownerRun.includedFrom } : {}),
  });
  if (!inst.ok)
    return `the owner-check build does not compile (a beeclak bug):\n${inst.diagnostics.trim()}`;
  const r = run(
    inst.exe,
    [...ownerRun.args],
    ownerRun.stdin,
    ownerRun.timeoutMs,
    path.join(ownerRun.dir, 'run-owners'),
  );
  if (r.status === CLOBBER_EXIT_STATUS) {
    const message = r.stderr.trim();
    const array = /clobbered read of (\w+)\[/.exec(message)?.[1];
    if (array === undefined || !(await exposed(array))) return message;
    say(`  owner check: ${message}`);
    say(
      `  note: ${array} is read before it is written (see the warnings of 'beeclak analyze'); the original reads an indeterminate value there as well`,
    );
    return undefined;
  }
  if (r.status !== 0 && r.status !== ownerRun.original.status)
    return `the owner-check build failed: ${describeExit(r)}\n${r.stderr.trim()}`;
  say('  owner check: every read found its own cell in its slot');
  return undefined;
}
