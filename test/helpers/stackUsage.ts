/**
 * Stack frames as the compiler builds them (`cc -fstack-usage`, GCC's per-function `.su`
 * file): what a report's `savedBytes` for a stack array must not exceed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OptionalTool } from './optionalTool.js';

const CC = process.env.CC?.trim() || 'cc';

/** Each function's frame in bytes (`-fstack-usage`), or undefined where C does not compile. */
export function frames(text: string, flags: readonly string[]): Map<string, number> | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-su-'));
  try {
    fs.writeFileSync(path.join(dir, 'f.c'), text);
    const c = spawnSync(CC, [...flags, '-fstack-usage', '-c', 'f.c', '-o', 'f.o'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const su = path.join(dir, 'f.su');
    if (c.status !== 0 || !fs.existsSync(su)) return undefined;
    // `f.c:2:8:kernel	456	static`
    const rows = fs.readFileSync(su, 'utf8').trim().split('\n');
    return new Map(
      rows.map((row) => {
        const [where, bytes] = row.split('\t');
        return [where!.split(':').pop()!, Number(bytes)] as const;
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The flags under which a frame is all the stack a function takes: x86-64's leaf functions
 * also use the 128 bytes below the stack pointer (the red zone), which -fstack-usage does not
 * count (a leaf's `double t[64]` showed a 456-byte frame). `-mno-red-zone` where the compiler
 * takes it; nothing elsewhere.
 */
export const WHOLE_FRAME: readonly string[] =
  frames('int f(void) { return 0; }\n', ['-mno-red-zone']) !== undefined ? ['-mno-red-zone'] : [];

export const STACK_USAGE: OptionalTool = {
  name: 'cc -fstack-usage',
  found: frames('int f(void) { return 0; }\n', [])?.get('f') !== undefined,
  install: 'apt-get install gcc (a GCC that writes .su files)',
};
