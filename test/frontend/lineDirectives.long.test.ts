/**
 * lineDirectives.test.ts's check of the file's own `#line` directives over every sample (a
 * sweep: 38 contractions, the largest test of `npm test`, issue 29 item 6). The bug it guards
 * (the preprocessor's markers after a `#line` taken for physical lines: a contracted file, run
 * through beeclak again, had its arrays reported at the wrong lines and refused) fails the
 * fast suite's 'contracting the contracted samples/multi.c again changes nothing' too, which
 * runs the same checks on the two samples whose reports it broke.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { contract, contraction, misplaced } from './lineDirectiveRuns.js';

// Guards the same over every sample (their reports name the lines of the text they read).
// triangle.c and vla.c are left out of the text's comparison: their output contracts further
// on a second run (a guard fixes N, then an array shrinks again), which no #line causes (the
// same happens with the #line lines deleted).
const FURTHER = new Set(['triangle.c', 'vla.c']);
it('contracting every sample twice gives the first output', async () => {
  for (const name of readdirSync('samples').filter((n) => n.endsWith('.c'))) {
    const file = `samples/${name}`;
    const once = await contract(readFileSync(file, 'latin1'), file);
    const twice = await contraction(once, file);
    expect({ file, misplaced: misplaced(once, twice.analysis.report.arrays) }).toEqual({
      file,
      misplaced: [],
    });
    if (!FURTHER.has(name)) expect({ file, text: twice.text }).toEqual({ file, text: once });
  }
}, 120_000);
