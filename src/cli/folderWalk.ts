/**
 * The files of a folder, for the scans of the file set's surroundings (includers.ts: who
 * includes a file; outsideNames.ts: who spells a function's name). Hidden folders and
 * node_modules are never entered.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Calls `visit` on each file under `dir` (its subfolders too with `recursive`), a folder
 * after another; `visit` returns false to end the walk, `enter` false to skip a folder.
 */
export function walkFolder(
  dir: string,
  recursive: boolean,
  visit: (file: string, name: string) => boolean,
  enter: (folder: string) => boolean = () => true,
): void {
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop()!;
    if (!enter(d)) continue;
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (!e.isDirectory()) {
        if (!visit(p, e.name)) return;
      } else if (recursive && !e.name.startsWith('.') && e.name !== 'node_modules') stack.push(p);
    }
  }
}
