/**
 * The frontend: C source -> ProgramModel (src/model/types.ts).
 *
 *     buildCompilerModel(source, file, { defines, temporaries, compiler })
 *
 * reads the translation unit the compiler sees (compilerView.ts; buildCompilerModelAsync
 * is the same with the compiler running while the parser loads); `buildModel` is the
 * built-in reading of the file's own text. Both throw InputError for input the compiler
 * refuses and return, per function definition, the arrays it touches, its parameters and
 * its static control parts.
 */
export type { FrontendOptions } from './function.js';
export { formatModel, modelToJson } from './format.js';
export { buildModel } from './builtinModel.js';
export { buildCompilerModel, buildCompilerModelAsync } from './compilerView.js';
