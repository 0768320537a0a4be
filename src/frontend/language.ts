/**
 * The language a source file is read as, from its name: C, or C++ as HLS kernels use it
 * (issue 30; src/frontend/cpp/ has what differs). A C++ file is preprocessed by the user's
 * C++ compiler (`$CXX`, else `c++`) as C++ and parsed with tree-sitter's C++ grammar.
 */
export type SourceLanguage = 'c' | 'c++';

/** File name endings of the C++ sources beeclak reads. */
const CPP_SOURCE = /\.(cpp|cc|cxx)$/;

export function languageOf(file: string): SourceLanguage {
  return CPP_SOURCE.test(file) ? 'c++' : 'c';
}
