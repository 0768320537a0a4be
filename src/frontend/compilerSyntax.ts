/**
 * The compiler's own verdict on a file's syntax: where tree-sitter finds an error in the main
 * file, the compiler's message (with its line and column) is the one the user sees, and a
 * file another one includes is checked compiled alone (unityBuild.ts).
 */
import { spawnSync } from 'node:child_process';
import { InputError } from '../model/errors.js';
import { firstError, type TSNode } from './parse.js';
import {
  compilerError,
  compilerName,
  languageFlag,
  type PreprocessOptions,
  sourceFolder,
} from './preprocess.js';
import type { SpellingMap } from './spelling.js';
import { compilerSetup } from './compilerSetup.js';

/** The compiler's own verdict on a file tree-sitter could not parse. */
function compilerSyntaxCheck(
  source: string,
  file: string,
  options: PreprocessOptions,
): string | undefined {
  // A file read through the file that includes it is compiled as part of that one.
  const [text, name] = options.host ? [options.host.source, options.host.file] : [source, file];
  // The same include path as the preprocessor's (`-iquote` the file's folder): without it
  // a file's own `#include "x.h"` was the error reported, not the file's real one.
  const dir = sourceFolder(name);
  const run = spawnSync(
    compilerName(options),
    ['-fsyntax-only', ...(options.flags ?? []), '-iquote', dir, '-x', languageFlag(options), '-'],
    { input: Buffer.from(text, 'latin1'), cwd: options.cwd },
  );
  if (run.status === 0) return undefined;
  const first = compilerError(run.stderr.toString('utf8'));
  return first?.replace(/^<stdin>/, name) ?? 'the compiler refused the file';
}

/**
 * The compiler's error when it refuses the file compiled alone with these options (its own
 * translation unit), else undefined. A file another one includes that this refuses is no unit
 * of a build that works (src/pipeline/wholeProgram/unityBuild.ts).
 */
export function refusedAlone(
  source: string,
  file: string,
  options: Parameters<typeof compilerSetup>[2],
): string | undefined {
  const { host: _, ...own } = compilerSetup(source, file, options).compiler;
  return compilerSyntaxCheck(source, file, own);
}

/** A syntax error in the main file's part of the tree: the compiler's own message, if it has one. */
export function checkMainFileSyntax(
  root: TSNode,
  map: SpellingMap,
  source: string,
  file: string,
  compiler: PreprocessOptions,
): void {
  const e = firstError(root);
  const mainError = e && map.inMainFile(e.startIndex) ? e : undefined;
  if (!mainError) return;
  const verdict = compilerSyntaxCheck(source, file, compiler);
  if (verdict) {
    const m = /:(\d+):(\d+):/.exec(verdict);
    throw new InputError(
      verdict.replace(/^.*?error:\s*/, ''),
      file,
      m ? { line: Number(m[1]), column: Number(m[2]) } : map.loc(mainError.startIndex),
    );
  }
}
