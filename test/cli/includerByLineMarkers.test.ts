/**
 * A `.c` file given alone with a compilation database (`contract -p`, `analyze -p`) whose
 * host, a unit of the database, includes it through a header the text index of includes
 * does not read (inc/all.h: no folder of the command line's): only the host's line markers
 * show it. The file was read alone, kern()'s parameter t folded in place, and the host reads
 * buf[5] after the call. The database's units' line markers are now a second source of
 * includers (includedFile.ts, `readIncluded`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const SET = path.resolve('test/adversarial/multifile/include-header-outside-folders');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-includer-markers-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
fs.cpSync(SET, tmp, { recursive: true });
const entry = { directory: tmp, file: 'app/host.c', arguments: ['cc', '-c', 'app/host.c'] };
fs.writeFileSync(path.join(tmp, 'compile_commands.json'), JSON.stringify([entry]));

it.each([
  ['contract', ['contract', '--no-cache', '--report', 'text']],
  ['analyze', ['analyze']],
])('%s -p reads lib/kern.c in the host its line markers show', (_, args) => {
  const r = runCli([...args, '-p', '.', 'lib/kern.c'], { cwd: tmp });
  expect(r.code).toBe(0);
  const out = r.stdout + r.stderr;
  expect(out).toContain('[BC0204 read-in-includer]');
  expect(out).toMatch(/kern: t \(double\)[^\n]*\[BC1121 read-after-call\]/);
  expect(out).not.toContain('folded-in-place');
});
