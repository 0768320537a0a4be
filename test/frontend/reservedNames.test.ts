/**
 * C names that are special in JavaScript records (test/fixtures/names, each file says what it
 * guards): `__proto__` and the names of Object.prototype (`constructor`, `toString`) are plain
 * variables; `check` (contract, compile, run, compare) passes on every one. The table of names
 * and roles is test/adversarial/cNames.long.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '../fixtures/names');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.c'));

describe('C names special in JavaScript', () => {
  it.each(files)('%s: check passes (same output)', (f) => {
    const r = runCli(['check', path.join(dir, f)]);
    expect({ code: r.code, last: r.stdout.trim().split('\n').pop() }).toEqual({
      code: 0,
      last: 'ok',
    });
  });

  // Guards the removal of the __proto__ refusal: with records keyed by C names safe for it
  // (src/poly/nameRecord.ts), t is analysed as with an ordinary name, not left alone.
  it.each(files.filter((f) => f.startsWith('proto-')))(
    '%s: t is decided as with the counter renamed',
    (f) => {
      const source = fs.readFileSync(path.join(dir, f), 'utf8');
      const renamed = path.join(os.tmpdir(), `beeclak-renamed-${process.pid}-${f}`);
      fs.writeFileSync(renamed, source.replace(/\b__proto__\b/g, 'q'));
      const line = (file: string) =>
        runCli(['analyze', file])
          .stdout.split('\n')
          .find((l) => / t \(double\) /.test(l))!;
      const expected = line(renamed).replace(renamed, '');
      fs.rmSync(renamed);
      expect(line(path.join(dir, f)).replace(path.join(dir, f), '')).toBe(expected);
      expect(expected).not.toMatch(/not a candidate/);
    },
  );

  it('constructor and toString are plain counters: t is analysed, not rejected', () => {
    const r = runCli(['analyze', path.join(dir, 'object-names.c')]);
    expect(r.stdout).toMatch(/ t \(double\) .*unchanged: no saving/);
  });
});
