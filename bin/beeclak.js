#!/usr/bin/env node
// Entry point: runs the built CLI (npm ci builds it through the `prepare` script).
// V8's on-disk compile cache where Node has it (22.1+; a no-op on Node 20): a warm start
// skips compiling the CLI's modules again (issue 17, README "Results", cold start).
import module from 'node:module';
try {
  module.enableCompileCache?.();
} catch {
  /* an unwritable cache directory only costs speed */
}
const { main } = await import('../dist/src/cli/main.js');
main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
