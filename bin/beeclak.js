#!/usr/bin/env node
// Entry point: runs the built CLI (npm ci builds it through the `prepare` script).
import { main } from '../dist/src/cli/main.js';
main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
