/** What modelling the functions of one unit shares, some of it computed when first asked for. */
import { type Disk } from './unitDisk.js';
import type { ArrayDecl } from './arrays.js';
import { collectDirectives } from './directives.js';
import { type FrontendOptions } from './function.js';
import { SourceText } from './parse.js';
import { type CompactCopies } from './compactCopies.js';
import { type TranslationUnit } from './preprocess.js';
import { conditionalGroups, liveness } from './conditionals.js';
import { type Conditions, type FileFacts } from './configured.js';
import { offsetsOf } from './relocate.js';
import { type SpellingMap } from './spelling.js';
import { fileToPp } from './macroRoles.js';
import { cppUnit } from './cpp/unit.js';
import type { HostShare } from './hostShare.js';

/** What modelling one function of the unit needs. */
export interface UnitContext {
  readonly source: string;
  readonly tu: TranslationUnit;
  readonly map: SpellingMap;
  readonly ppText: SourceText;
  readonly ppOffset: ReturnType<typeof offsetsOf>;
  readonly directives: ReturnType<typeof collectDirectives>;
  readonly globals: Map<string, ArrayDecl>;
  readonly globalUsers: Map<string, string[]>;
  readonly frontend: FrontendOptions;
  readonly unit: ReturnType<typeof cppUnit> | undefined;
  readonly copies: CompactCopies;
  /** The file's conditional groups and their liveness, computed when first asked for. */
  readonly conditions: () => Conditions;
  /** What the configuration guards read of the whole file, computed when first asked for. */
  readonly facts: () => FileFacts;
  /** File token -> its preprocessed copy (macroRoles.ts), computed when first asked for. */
  readonly toPp: () => Int32Array;
  readonly readHeader: Disk['readHeader'];
  readonly absolute: Disk['absolute'];
  readonly search: Disk['search'];
  /** What the files read inside the same host share (a unity build, hostShare.ts). */
  readonly share?: HostShare;
}

/** The file's conditional groups and their liveness, computed when first asked for. */
export function lazyConditions(source: string, map: SpellingMap): () => Conditions {
  let conditions: Conditions | undefined;
  return () => {
    conditions ??= {
      groups: conditionalGroups(source),
      alive: liveness(map.fileTokens, map.ppToFile, map.uses),
    };
    return conditions;
  };
}

export function lazyToPp(map: SpellingMap): () => Int32Array {
  let toPp: Int32Array | undefined;
  return () => (toPp ??= fileToPp(map));
}
