import { UsageError } from '../errors.js';

/** Subcommands that exist in the interface but are not built yet exit 2 with this. */
export function notImplemented(name: string): never {
  throw new UsageError(`'${name}' is not implemented yet`);
}
