/**
 * Writes test/decision/reference.json when BEECLAK_WRITE_REFERENCE=1; otherwise does nothing.
 * BEECLAK_REFERENCE_ONLY=REGEX re-records only the runs whose key (`variant file`) matches and
 * keeps every other entry as recorded, so that a change re-records exactly what it changes.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { referenceRuns, runOne, ROOT } from './referenceReports.js';

const write = process.env.BEECLAK_WRITE_REFERENCE === '1';
const only = process.env.BEECLAK_REFERENCE_ONLY;
const FILE = path.join(ROOT, 'test', 'decision', 'reference.json');

(write ? it : it.skip)(
  'writes the reference reports',
  async () => {
    const kept = (only && existsSync(FILE) ? JSON.parse(readFileSync(FILE, 'utf8')) : {}) as Record<
      string,
      unknown
    >;
    const out: Record<string, unknown> = {};
    for (const run of referenceRuns()) {
      const key = `${run.variant} ${run.file}`;
      out[key] = only && !new RegExp(only).test(key) && key in kept ? kept[key] : await runOne(run);
    }
    writeFileSync(FILE, JSON.stringify(out, null, 1) + '\n');
  },
  3_600_000,
);
