/**
 * What another build of a unit may call unseen (BC1136 configured-elsewhere): the reading of
 * a set is one build, so a call under a conditional group decided otherwise is in no call
 * graph (src/pipeline/wholeProgram/fileSet.ts asks these on a function's external linkage).
 */
import type { FileSummary } from '../../frontend/program.js';
import { ASSERT_DEPENDENCE, COMMAND_LINE_VALUE } from '../../frontend/configurationDependence.js';
import { inSystemFolder } from '../../frontend/systemFolders.js';

export const ELSE =
  'under a conditional directive another build may decide otherwise: that build may call it or take its address, unseen here';

/** Where a unit's text may call other functions in another build, in words, if anywhere. */
export function conditionalCode(s: FileSummary): string | undefined {
  if (s.conditional?.startsWith(`${s.file}:`)) return `has a conditional group (${s.conditional})`;
  // (a system header's functions, glibc's __bswap_16, call none of the program's)
  const f = s.functions.find(
    (g) =>
      g.configured !== undefined &&
      // (assert alone read without NDEBUG: every build has at most the calls read)
      !(g.configured === ASSERT_DEPENDENCE && !s.ndebug) &&
      // (a -D value: the builds the user names are each analysed, and an integer value adds
      // no call; a value spelling a call of the kernel in a build nobody named is not seen:
      // docs/limits.md. Counting it refused the code base's cross-file temporary.)
      !g.configured.endsWith(`: ${COMMAND_LINE_VALUE}`) &&
      !inSystemFolder(s.definedIn[g.name] ?? s.file),
  );
  return f ? `defines ${f.name}(), read in one configuration (${f.configured}),` : undefined;
}
