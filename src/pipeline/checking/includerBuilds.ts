/**
 * The programs `check` builds a file several units include through (issue 27, unity builds):
 * each includer compiles it under its own macros, so each must build and run alike with the
 * candidate. Includers that are units of one program (`main.c` calls `other.c`'s functions)
 * are built together; includers that do not link into one program (each has its `main`: two
 * CHStone-style main files) are each built as their own, with the other sources given.
 */
import type { IncludedFrom } from './compileRun.js';

/** What one build compiles: the sources beside the file, those of them that include it. */
export interface IncluderBuild {
  readonly extraSources: readonly string[];
  readonly includers: readonly string[];
  readonly includedFrom: IncludedFrom | undefined;
}

/** One build per includer: its own sources, without the other includers. */
export function perIncluder<B extends IncluderBuild>(build: B): B[] {
  if (build.includers.length < 2 || !build.includedFrom) return [build];
  return build.includers.map((h) => ({
    ...build,
    extraSources: build.extraSources.filter((f) => f === h || !build.includers.includes(f)),
    includers: [h],
    includedFrom: { ...build.includedFrom!, includers: [h] },
  }));
}
