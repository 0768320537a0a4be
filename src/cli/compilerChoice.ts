/**
 * Which compiler preprocesses a file of a compilation database: the one its entry names
 * (`arm-none-eabi-gcc`, `clang --target=...`, `xcc`), so that the code is read with the
 * target's predefined macros and headers; when that compiler is not installed, `$CC` (else
 * `cc`) with the target-only flags left out (the host's compiler refuses `-mthumb`), said
 * once per run: `#ifdef __ARM_ARCH` and the like then read as on the host. A file without an
 * entry takes its nearest neighbour's (compileCommands.ts), said once per file.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import {
  allFlagsFromDatabase,
  CompileDatabase,
  flagsFromDatabase,
  type DatabaseFlags,
} from './compileCommands.js';
import type { RunNotices } from './notices.js';
import { type DataModelChoice, dataModelOfTarget } from '../frontend/dataModel.js';
import { buildFlags } from '../pipeline/checking/compileFlags.js';

/** Whether `name` runs: a path (relative to `directory`) to a file, or a name on $PATH. */
function executableFound(name: string, directory: string): boolean {
  if (name === '') return false;
  const candidates = name.includes('/')
    ? [path.resolve(directory, name)]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter((d) => d !== '')
        .map((d) => path.join(d, name));
  return candidates.some((p) => {
    try {
      accessSync(p, constants.X_OK);
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
}

/** How the preprocessor runs for one file of the database. */
export interface DatabaseCompiler {
  /** The compiler to run; undefined: `$CC` (else `cc`). */
  readonly cc?: string;
  readonly flags: string[];
  readonly cwd: string;
  /**
   * The target's data model when its compiler is not installed (the host's predefined macros
   * are not the target's): from the compiler's name and flags, 'unknown' when not in the
   * table (dataModel.ts).
   */
  readonly dataModel?: DataModelChoice;
}

/** The databases of one run, each read once, and what was said about them. */
export class CompilerChoice {
  private readonly databases = new Map<string, CompileDatabase>();
  private readonly found = new Map<string, boolean>();

  constructor(readonly notices?: RunNotices) {}

  database(database: string): CompileDatabase {
    const key = path.resolve(database);
    let db = this.databases.get(key);
    if (!db) this.databases.set(key, (db = CompileDatabase.read(database)));
    return db;
  }

  /**
   * The flags `check` builds `file` with (buildFlags: -O, -f, -m too): its entry's, or its
   * neighbour's, without the target's when its compiler is not installed (the host's builds).
   */
  buildFlagsFor(database: string, file: string): string[] {
    const found = this.database(database).entryFor(file);
    if (!found) return [];
    const { entry } = found;
    return buildFlags(entry.args, entry.directory, this.runs(entry.compiler, entry.directory));
  }

  private runs(compiler: string, directory: string): boolean {
    const key = `${directory}\0${compiler}`;
    let runs = this.found.get(key);
    if (runs === undefined) this.found.set(key, (runs = executableFound(compiler, directory)));
    return runs;
  }

  /** `file`'s compiler and flags from the database (see the header comment). */
  compilerFor(database: string, file: string): DatabaseCompiler {
    const db = this.database(database);
    const entry = flagsFromDatabase(db, file);
    if (entry.neighbour)
      this.notices?.warn(
        'database-neighbour',
        `${file} has no entry in ${db.path}: read with the flags of ${path.relative(process.cwd(), entry.neighbour) || entry.neighbour}, its nearest neighbour`,
      );
    return this.compilerOf(db, entry);
  }

  /** One compiler per entry of `file` (a file built in several configurations has several). */
  everyCompilerFor(database: string, file: string): DatabaseCompiler[] {
    const db = this.database(database);
    return allFlagsFromDatabase(db, file).map((entry) => this.compilerOf(db, entry));
  }

  /** The entry's compiler when it is installed, else the host's without the target flags. */
  private compilerOf(db: CompileDatabase, entry: DatabaseFlags): DatabaseCompiler {
    if (this.runs(entry.compiler, entry.directory))
      return {
        cc: entry.compiler.includes('/')
          ? path.resolve(entry.directory, entry.compiler)
          : entry.compiler,
        flags: entry.flags,
        cwd: entry.directory,
      };
    const host = process.env.CC || 'cc';
    const dropped = entry.flags.filter((f) => !entry.hostFlags.includes(f));
    this.notices?.warn(
      'compiler-fallback',
      `the compiler of ${db.path}, '${entry.compiler}', is not installed: files are preprocessed by '${host}'` +
        (dropped.length > 0 ? ` without the target flags ${dropped.join(' ')}` : '') +
        ` (code under #if of the target's predefined macros reads as on this machine)`,
      `compiler-fallback\0${entry.compiler}`,
    );
    return {
      flags: entry.hostFlags,
      cwd: entry.directory,
      dataModel: dataModelOfTarget(entry.compiler, entry.flags) ?? 'unknown',
    };
  }
}
