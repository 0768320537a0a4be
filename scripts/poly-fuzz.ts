/**
 * The larger randomized run of the polyhedral properties (test/poly runs the same ones with
 * few cases):  node dist/scripts/poly-fuzz.js [--runs 100000] [--seed 42] [--only substring]
 * `--runs` is the number of cases of the heaviest property; the others scale with their weight.
 */
import fc from 'fast-check';
import { properties } from './poly-properties.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const runs = Number(arg('--runs') ?? 10000);
const seed = arg('--seed') !== undefined ? Number(arg('--seed')) : Date.now() % 2147483647;
const only = arg('--only');
const heaviest = Math.max(...properties.map((p) => p.runs));
let failed = 0;
console.log(`poly-fuzz: seed ${seed}, up to ${runs} cases per property`);
for (const p of properties) {
  if (only && !p.name.includes(only)) continue;
  const n = Math.max(1, Math.round((runs * p.runs) / heaviest));
  const t = performance.now();
  const r = fc.check(p.property, { numRuns: n, seed });
  const s = ((performance.now() - t) / 1000).toFixed(1);
  if (r.failed) {
    failed++;
    console.log(`FAIL ${p.name} (${n} cases, ${s} s)\n${fc.defaultReportMessage(r)}`);
  } else console.log(`ok   ${p.name} (${n} cases, ${s} s)`);
}
process.exit(failed > 0 ? 1 : 0);
