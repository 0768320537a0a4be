/**
 * What the files read inside one host share (issue 27, "the cost stays per file"): each
 * file a unity build includes is modelled in the host's whole unit (hostUnit.ts), whose
 * preprocessed text is the same for all of them (only the markers say which file is the
 * main one, and they are blank lines in that text). Read per file, the unit was parsed and
 * its calls walked again for each: a host of 25/50/100 kernels cost 3.3/8.0/31 s. The
 * share holds the work that depends on the unit's text only, done for the first file and
 * handed to the others: the syntax tree, the files the unit names (read from disk once),
 * what the walk of the calls reads of the whole unit, and each definition's calls.
 *
 * A share belongs to one host, text and options (hostUnit.ts keys it so) and lives in the
 * call's context (src/context/callContext.ts: a command, a worker of a multi-file run), one
 * host at a time; it is handed down explicitly from there.
 */
import type { Disk } from './unitDisk.js';
import type { TSNode } from './parse.js';

/** How often the work the files of a host share was done (tests read it: once per host). */
export interface HostWork {
  preprocessed: number;
  parsed: number;
  /** Values computed from the unit's text (`once`: the unit-wide part of the calls' walk, ...). */
  computed: number;
}

export class HostShare {
  private root?: { readonly text: string; readonly node: TSNode };
  private readonly disks = new Map<string, Disk>();
  private readonly kept = new Map<string, { readonly text: string; readonly value: unknown }>();

  constructor(readonly work: HostWork) {}

  /** The unit's syntax tree, parsed once for its text. */
  tree(text: string, parse: () => TSNode): TSNode {
    if (this.root?.text !== text) {
      this.work.parsed++;
      this.root = { text, node: parse() };
    }
    return this.root.node;
  }

  /** The files the unit names, read once per folder and flags (unitDisk.ts). */
  disk(key: string, make: () => Disk): Disk {
    let d = this.disks.get(key);
    if (!d) this.disks.set(key, (d = make()));
    return d;
  }

  /**
   * A value computed once from the unit's text (`key` says which, and under which options
   * that change it): the caller guarantees that `make` reads nothing but the text and them.
   */
  once<T>(key: string, text: string, make: () => T): T {
    const hit = this.kept.get(key);
    if (hit?.text === text) return hit.value as T;
    this.work.computed++;
    const value = make();
    this.kept.set(key, { text, value });
    return value;
  }
}
