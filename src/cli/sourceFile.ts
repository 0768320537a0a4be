/**
 * Reading inputs (outputs are written by outputFile.ts).
 *
 * Synchronous calls (issue 17, start-up): one file is read and one or two written per
 * command, and the promise API ran each step on libuv's thread pool (started for them) and
 * through more code that runs cold. The functions stay `async` for their callers.
 */
import fs from 'node:fs';
import { InputError } from './errors.js';

/**
 * The file's bytes, one JavaScript character per byte (latin1), whatever its encoding
 * (UTF-8, Latin-1, a BOM, CRLF): written back the same way, every byte outside the edits
 * stays as it was. C's tokens are ASCII; other bytes only occur in comments and literals.
 */
export async function readSource(file: string): Promise<string> {
  try {
    const st = fs.statSync(file);
    if (st.isDirectory()) throw new InputError(`'${file}' is a directory, not a C file`);
    return fs.readFileSync(file, 'latin1');
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`cannot read '${file}': no such file`);
    if (code === 'EISDIR') throw new InputError(`cannot read '${file}': is a directory`);
    if (code === 'EACCES') throw new InputError(`cannot read '${file}': permission denied`);
    throw new InputError(`cannot read '${file}': ${(e as Error).message}`);
  }
}

/**
 * File name endings of C++ (and CUDA) sources that beeclak does not read: C++ is read from
 * `.cpp`, `.cc` and `.cxx` files only (the C++ of HLS kernels, src/frontend/language.ts).
 */
const NOT_READ = /\.(c\+\+|C|cp|CPP|hpp|hh|hxx|h\+\+|ipp|tpp|cu|cuh)$/;

/**
 * A source file's text (readSource), refused up front when its name says a language beeclak
 * does not read: run as C, such a file fails in the preprocessor or the compiler's syntax
 * check with an error about one of its lines (`extern "C"`, a class, a template), which
 * hides the real reason.
 */
export async function readCSource(file: string): Promise<string> {
  const ext = NOT_READ.exec(file)?.[1];
  if (ext !== undefined)
    throw new InputError(
      `'${file}' is a C++ header or CUDA source (.${ext}): beeclak reads C, and C++ from .cpp, .cc and .cxx files`,
    );
  return readSource(file);
}
