/**
 * The scaling step's count for arrays the compiled oracle cannot walk (issue 17): a real
 * traced run of the sample (scripts/bench/tracedMaxLive.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { hasMain, tracedMaxLive } from '../../scripts/bench/tracedMaxLive.js';

describe('bench scaling: traced counts', () => {
  // Guards the scaling table's datadep row: hist (a data-dependent subscript) was "not
  // counted"; its traced run keeps all 8 cells' values live (zeroed, updated, read back).
  it('counts datadep hist at N = 10 from a traced run', async () => {
    const source = fs.readFileSync(path.join(ROOT, 'samples', 'datadep.c'), 'utf8');
    expect(hasMain(source)).toBe(true);
    const r = await tracedMaxLive(
      source,
      'datadep.c',
      [{ function: 'kernel_datadep', array: 'hist' }],
      { N: 10n },
    );
    expect(r.error).toBeUndefined();
    expect(r.notes.get('kernel_datadep\nhist')).toBe('8 (traced run)');
  });

  // Guards "keep not counted otherwise": a file without main has no run to trace.
  it('finds no main in a kernel-only file', () => {
    expect(hasMain('static void kernel(int n) { int t[4]; t[n] = 1; }\n')).toBe(false);
    expect(hasMain('int main(void)\n{ return 0; }\n')).toBe(true);
  });
});
