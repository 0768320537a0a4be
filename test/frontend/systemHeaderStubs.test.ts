/**
 * Guards adversary 2026-11-29d: glibc's gnu/stubs.h (`#if __WORDSIZE == 32` /
 * `#include <gnu/stubs-32.h>`) defines no macro, so no event marks it as the system's and it
 * is read as a user header; on a machine without gcc-multilib its 32-bit include is found in
 * no folder, and that unknown refused every caller that includes <stdio.h> in another file
 * (BC1136 configured-elsewhere) and every unit's unread-include guard. An include that no
 * folder holds, of a header in the machine's own folders, is another platform's.
 */
import { headerDirectives } from '../../src/frontend/configurationDependence.js';
import { headerFindings, headerDirective } from '../../src/frontend/headerReadings.js';
import { inCallContext } from '../../src/context/callContext.js';

// (a file no machine has: the header's text is given by `read`, and its include is found
// in no folder, as gnu/stubs-32.h without gcc-multilib)
const STUBS = '/usr/include/beeclak-no-such-folder/gnu/stubs.h';
const USER = '/tmp/beeclak-no-such-folder/cfg.h';
const text = (include: string) =>
  `#include <bits/wordsize.h>\n#if __WORDSIZE == 32\n# include <${include}>\n#endif\n`;
const TEXTS: Record<string, string> = {
  [STUBS]: text('gnu/beeclak-stubs-32-missing.h'),
  [USER]: text('beeclak-arm-missing.h'),
};
const read = (f: string) => TEXTS[f];
const SEARCH = { quote: [], user: [], system: [] };
const MAIN = '/tmp/beeclak-no-such-folder/main.c';
const SOURCE = '#include <stdio.h>\nint main(void) { return 0; }\n';

describe('an unfound include of a header in the machine system folders', () => {
  // [header the unit reads, whether its unfound include is unknown]
  it.each([
    [STUBS, false],
    [USER, true],
  ])('%s: unknown %s', (header, unknown) => {
    const tu = {
      lines: [
        { file: MAIN, main: true },
        { file: header, main: false },
        { file: MAIN, main: true },
      ],
      macros: [],
      mainName: MAIN,
    };
    const d = inCallContext(() => headerDirectives(SOURCE, MAIN, tu, read, (f) => f, SEARCH));
    expect(d.unknown !== undefined).toBe(unknown);
    const found = inCallContext(() =>
      headerFindings({ raw: SOURCE, read, headers: [header], file: MAIN, search: SEARCH }, read),
    );
    expect(headerDirective(new Set(['t']), found) !== undefined).toBe(unknown);
  });
});
