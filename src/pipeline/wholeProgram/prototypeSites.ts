/**
 * Where the set may declare a function, found once for all its kernels (issue 27, "linear in
 * its size"): crossFilePlan.ts looks for each offered function's prototypes in every file of
 * the set (a block-scope prototype is in no summary's declarations), which made a map of
 * every file and sorted it per kernel, quadratic in the files (3.7 ms per file at 1,001). Here
 * each unit's text is split into the names it spells once (any run of identifier characters,
 * comments and strings included: more files than spell the name in code, never fewer), and a
 * kernel's search goes through the files spelling its name and the places declaring it.
 * A file that spells the name nowhere has no prototype of it and no other spelling of it
 * (writtenPrototypes, spelledOtherwise: each starts with `text.includes(name)`).
 */
import path from 'node:path';
import type { FileSummary } from '../../frontend/program.js';

const abs = (f: string) => path.resolve(f);

export class PrototypeSites {
  /** A name -> the units (absolute paths) whose text spells it. */
  private spelledIn?: Map<string, string[]>;
  /** A name -> where units declare it as a function (absolute file, line). */
  private declaredAt?: Map<string, { in: string; line: number }[]>;

  constructor(
    private readonly summaries: ReadonlyMap<string, FileSummary>,
    private readonly read: (file: string) => string | undefined,
  ) {}

  /**
   * The files to search for `fn`'s prototypes, each with the lines a unit declares it on:
   * every unit whose text spells it, and every file a unit declares it in.
   */
  sitesOf(fn: string): Map<string, Set<number>> {
    this.index();
    const seen = new Map<string, Set<number>>(
      (this.spelledIn!.get(fn) ?? []).map((f) => [f, new Set<number>()]),
    );
    for (const d of this.declaredAt!.get(fn) ?? [])
      seen.set(abs(d.in), (seen.get(abs(d.in)) ?? new Set()).add(d.line));
    return seen;
  }

  /** The file (absolute) is a unit of the set. */
  isUnit(file: string): boolean {
    return this.summaries.has(file);
  }

  private index(): void {
    if (this.spelledIn) return;
    const spelledIn = new Map<string, string[]>();
    const declaredAt = new Map<string, { in: string; line: number }[]>();
    for (const [file, s] of this.summaries) {
      const text = this.read(file);
      if (text !== undefined)
        for (const name of new Set(text.match(/[\w$]+/g) ?? []))
          (spelledIn.get(name) ?? spelledIn.set(name, []).get(name)!).push(file);
      for (const name of Object.keys(s.declarations))
        (declaredAt.get(name) ?? declaredAt.set(name, []).get(name)!).push(
          ...s.declarations[name]!,
        );
    }
    this.spelledIn = spelledIn;
    this.declaredAt = declaredAt;
  }
}
