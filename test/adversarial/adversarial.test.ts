/**
 * Adversarial whole programs (issue 13): each program of programs/ sets one trap for the
 * analysis (its leading comment says which, and which verdict each array must get: see
 * verdicts.ts). Each is contracted, and its report must give exactly the expected verdicts
 * (so that a regression to "refuse everything" fails too, issue 25); then the original and
 * the result are compiled and run at -O0 with ASan + UBSan (with -fopenmp when the program
 * has OpenMP pragmas); exit status and output must be the same. The same runs at -O2 are
 * adversarialO2.long.test.ts (`npm run test:long`: the second build of every program was a
 * third of this suite's time, issue 29 item 6). Here one program of three, at least one of
 * each class (helpers/longShare.ts); the others are adversarialRest.long.test.ts's. Every
 * program of programs/ was miscompiled (different output, or a result that does not compile)
 * before the fix that guards it, or records a verdict that must not change (a sound
 * contraction, `call-*`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fastShare } from '../helpers/longShare.js';
import { DIR, PROGRAMS, sourcesOf } from './adversarialRuns.js';
import { m32Tests, programTests, SHARE } from './programTests.js';
import { expectedVerdicts, leadingComment } from './verdicts.js';

describe('adversarial programs: original and contracted compute the same', () => {
  it('has at least three programs per class, each naming its trap and its verdicts', () => {
    const classes = new Map<string, number>();
    for (const p of PROGRAMS) {
      const cls = p.split('-')[0]!;
      classes.set(cls, (classes.get(cls) ?? 0) + 1);
      if (!p.endsWith('.c')) expect(sourcesOf(p)).toContain(path.join(p, 'main.c'));
      for (const f of sourcesOf(p)) {
        const source = readFileSync(path.join(DIR, f), 'utf8');
        expect([f, leadingComment(source) !== undefined]).toEqual([f, true]);
        expect(() => expectedVerdicts(source)).not.toThrow();
      }
    }
    for (const [cls, n] of classes) expect(`${cls}: ${n}`).toMatch(/: ([3-9]|\d\d+)$/);
  });

  programTests(fastShare(PROGRAMS, SHARE));
});

// The class `datamodel-` built -m32 too (programTests.ts): one program of SHARE here, the others
// in adversarialRest.long.test.ts.
m32Tests(fastShare(PROGRAMS, SHARE));
