/**
 * Jest's transformer for the TypeScript of test/, src/ and scripts/ (issue 17): esbuild
 * strips the types, file by file, as ts-jest did here (tsconfig.json has isolatedModules,
 * so ts-jest only transpiled, without type checks; `tsc` in `npm test`'s build checks the
 * types of src/ and scripts/). esbuild is already the bundler of the CLI; it does in
 * milliseconds what took TypeScript's transpiler seconds per worker on a fresh clone, and
 * it does not load the TypeScript compiler into every worker.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transformSync, version } from 'esbuild';

// What tsc would do with tsconfig.json's options (ES2022: class fields as defined fields).
const OPTIONS = {
  loader: 'ts',
  format: 'esm',
  target: 'node20',
  sourcemap: 'external',
  tsconfigRaw: { compilerOptions: { target: 'ES2022', useDefineForClassFields: true } },
};
const SELF = readFileSync(new URL(import.meta.url), 'utf8');

export default {
  getCacheKey(source, path) {
    return createHash('sha256')
      .update(version)
      .update(SELF)
      .update(path)
      .update(source)
      .digest('hex');
  },
  process(source, path) {
    const out = transformSync(source, { ...OPTIONS, sourcefile: path });
    return { code: out.code, map: out.map };
  },
};
