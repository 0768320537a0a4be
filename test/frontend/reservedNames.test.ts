/**
 * C names that are special in JavaScript records (test/fixtures/names, each file says what it
 * guards): `__proto__` leaves the function's arrays alone with the reason, names of
 * Object.prototype (`constructor`, `toString`) are plain variables; `check` (contract,
 * compile, run, compare) passes on every one.
 */
import fs from 'node:fs';
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

  it.each(files.filter((f) => f.startsWith('proto-')))(
    '%s: t is left alone, with the reason',
    (f) => {
      const r = runCli(['analyze', path.join(dir, f)]);
      expect(r.stdout).toMatch(
        / t \(double\) .*not a candidate: the function uses the name '__proto__'/,
      );
    },
  );

  it('constructor and toString are plain counters: t is analysed, not rejected', () => {
    const r = runCli(['analyze', path.join(dir, 'object-names.c')]);
    expect(r.stdout).toMatch(/ t \(double\) .*unchanged: no saving/);
  });
});
