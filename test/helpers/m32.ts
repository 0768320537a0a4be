/**
 * 32-bit builds on the host (`cc -m32`: gcc-multilib, with its ASan and UBSan): the suites
 * that build a program contracted for LP64 as ILP32 too (a result that rests on the data
 * model, test/e2e/dataModel.test.ts, the adversarial `datamodel-*` programs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OptionalTool } from './optionalTool.js';

function probe(): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'beeclak-m32-'));
  try {
    const flags = ['-m32', '-fsanitize=address,undefined', '-x', 'c', '-', '-lm'];
    const program = '#include <stdio.h>\nint main(void) { puts("ok"); return 0; }\n';
    const cc = process.env.CC ?? 'cc';
    const built = spawnSync(cc, [...flags, '-o', path.join(dir, 'a.out')], { input: program });
    return built.status === 0 && spawnSync(path.join(dir, 'a.out')).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const M32: OptionalTool = {
  name: 'cc -m32',
  found: probe(),
  install: 'apt-get install gcc-multilib',
};
