/**
 * Adversarial file sets (issue 27, "one call graph over the file set"): each folder of
 * multifile/ is one program of several files, contracted as a user does it
 * (`beeclak contract -i FILES...`, all its .c files at once: one set). Each .c file's leading
 * comment gives the verdicts of its arrays (verdicts.ts); the report must give exactly those.
 * Then, when the set holds main(), the original and the contracted program are built (every
 * .c file no other one includes, linked together) at -O0 with ASan + UBSan, and must print
 * the same and exit alike (at -O2: multiFileO2.long.test.ts, `npm run test:long`). Every set
 * but temporary-in-main sets a trap for the cross-file analysis (a function reached through
 * a table, a weak symbol, a unity build, a caller that reads after the call, ...): its arrays
 * must stay, with the reason given. Here every other set, in name order (setTests.ts); the
 * others are multiFileRest.long.test.ts's (`npm run test:long`, run by CI; issue 29, item 6).
 */
import { fastShare } from '../helpers/longShare.js';
import { SETS } from './multiFileRuns.js';
import { SHARE, setTests } from './setTests.js';

setTests(fastShare(SETS, SHARE));
