/**
 * What a unit's model reads from disk besides the compiler's output: the text of the files
 * the preprocessor names (their other branches, configured.ts and configurationDependence.ts),
 * and the facts of the main file the configuration guards read, computed when first asked for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileFacts, type FileFacts } from './configured.js';
import { headerDirectives } from './configurationDependence.js';
import type { TranslationUnit } from './preprocess.js';
import { includeSearch, type IncludeSearch } from './includeSearch.js';
import { anotherBuilds, dependentSpellings } from './dependentSpellings.js';
import { userHeaders } from './headerReadings.js';
import { inSystemFolder } from './systemFolders.js';
import { unitTextsOf } from './constantConditionals.js';

export interface Disk {
  /** The text of a file the preprocessor names (from its folder), undefined when unread. */
  readonly readHeader: (file: string) => string | undefined;
  /** Such a name as an absolute path. */
  readonly absolute: (file: string) => string;
  /** Where the compiler looks for a header an `#include` names (its -I, -iquote, ... folders). */
  readonly search: IncludeSearch;
}

export function lazyFacts(
  source: string,
  file: string,
  tu: TranslationUnit,
  disk: Disk,
  /** Read inside a unity build's host: no pin of conditional definitions (configured.ts). */
  hosted = false,
): () => FileFacts {
  let facts: FileFacts | undefined;
  return () =>
    (facts ??= fileFacts(
      source,
      tu.macros,
      headerDirectives(
        source,
        // (the main file is named from beeclak's folder, as the preprocessor's -iquote reads
        // it; `disk` names what the compiler names, from its folder)
        path.resolve(file),
        tu,
        disk.readHeader,
        disk.absolute,
        disk.search,
      ),
      hosted,
      otherBuildsOf(source, file, tu, disk),
    ));
}

/**
 * Where another build of the unit spells a name, in words (configured.ts): in a conditional
 * group of a user header it reads, or in a header some group includes (the file's own groups
 * are its guards'). Read when first asked, once per unit: its headers' texts, each once.
 */
function otherBuildsOf(
  source: string,
  file: string,
  tu: TranslationUnit,
  disk: Disk,
): (name: string) => string | undefined {
  let spelled: Readonly<Record<string, string>> | undefined | null = null;
  return (name) => {
    if (spelled === null) {
      const headers = userHeaders(tu)
        .map((h) => disk.absolute(h))
        .filter((h) => !inSystemFolder(h))
        .map((h) => ({ file: h, text: disk.readHeader(h) }));
      // (a header not read could undefine anything: then no macro of the file is fixed)
      const unit = headers.every((h) => h.text !== undefined)
        ? unitTextsOf([source, ...headers.map((h) => h.text!)])
        : undefined;
      spelled = dependentSpellings(file, source, headers, unit, undefined, disk.search, {
        own: true,
        macros: tu.macros,
      });
    }
    return anotherBuilds(spelled, name);
  };
}

/** Reading the files a unit names, from the compiler's folder, with its flags. */
export function onDisk(cwd: string | undefined, flags: readonly string[] = []): Disk {
  // (each name resolved once: a unity build's unit names its n files, asked for each file)
  const resolved = new Map<string, string>();
  const absolute = (f: string) => {
    let a = resolved.get(f);
    if (a === undefined) resolved.set(f, (a = path.resolve(cwd ?? '.', f)));
    return a;
  };
  return {
    absolute,
    search: includeSearch(flags, cwd),
    readHeader: (f) => {
      try {
        return readFileSync(absolute(f), 'utf8');
      } catch {
        return undefined; // (a header not on disk: what the unit saw of it is in its events)
      }
    },
  };
}
