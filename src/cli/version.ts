/** beeclak's version, from its package.json. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function version(): string {
  // dist/src/cli/version.js and src/cli/version.ts are both three levels below the root.
  for (const rel of ['../../../package.json', '../../package.json']) {
    try {
      return (require(rel) as { version: string }).version;
    } catch {
      /* try the next layout */
    }
  }
  return 'unknown';
}
