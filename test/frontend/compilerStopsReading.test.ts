/**
 * A compiler that refuses its flags exits before reading the source it is given on stdin.
 * Guards the bug where the write's EPIPE hid the compiler's own error ("cannot run the C
 * compiler 'cc': spawnSync cc EPIPE"), depending on who won the race: it failed the
 * compiler-flags test now and then. A source larger than any pipe buffer makes it certain.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preprocessorOutput, preprocessorOutputAsync } from '../../src/frontend/preprocess.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'beeclak-stops-reading-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cc = path.join(dir, 'xcc');
writeFileSync(
  cc,
  '#!/bin/sh\necho "xcc: error: unrecognized command-line option \'-mthumb\'" >&2\nexit 1\n',
);
chmodSync(cc, 0o755);
const file = path.join(dir, 'big.c');
const source = `int x;\n${'/* filler */\n'.repeat(1 << 16)}`;

describe('a compiler that exits before reading its input', () => {
  it('shows its own error (sync)', () => {
    expect(() => preprocessorOutput(source, file, { cc })).toThrow(/-mthumb/);
  });
  it('shows its own error (async)', async () => {
    await expect(preprocessorOutputAsync(source, file, { cc })).rejects.toThrow(/-mthumb/);
  });
});
