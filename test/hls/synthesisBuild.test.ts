/**
 * The testbench main() under #ifndef __SYNTHESIS__ calls top(), whose contracted arrays are
 * its own locals: no guard may stop the synthesis build. Guards a merge (2026-11-29) that
 * put `#ifndef __SYNTHESIS__ / #else / #error` after top() because a conditional group
 * spelled its name, although no contracted result rested on its callers.
 */
import { readFileSync } from 'node:fs';
import { contract } from '../../src/index.js';

const SAMPLE = 'samples/hls/top.c';

describe('an HLS top function called by a testbench under #ifndef __SYNTHESIS__', () => {
  it('is contracted with no guard on __SYNTHESIS__', async () => {
    const result = await contract(readFileSync(SAMPLE, 'utf8'), { file: SAMPLE });
    expect(result.changed).toBe(true);
    expect(result.code).not.toMatch(/#error[^\n]*top\(\)/);
  });
});
