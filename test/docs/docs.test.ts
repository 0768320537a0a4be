/**
 * The documentation stays true to the code it describes: every relative link of README.md
 * and docs/ reaches a file (and a heading, for `#anchors`), docs/usage.md documents every
 * option the analysing commands take and names no option they do not, and every document a
 * script writes its tables into still holds that table's markers (scripts/docTables.ts).
 * Guards the move of the README into docs/ (links to sections that moved) and options
 * added without documentation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, runCli } from '../helpers/cli.js';
import { TABLE_DOCS, tableMarkers, type TableName } from '../../scripts/docTables.js';

const DOCS = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of read(file).matchAll(/^#{1,6} (.*)$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Markdown links outside code: `[text](target)`, targets that are not URLs. */
function relativeLinks(file: string): string[] {
  const text = read(file)
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z]+:/.test(t));
}

describe('documentation', () => {
  it.each(DOCS)('%s: every relative link reaches its file and heading', (file) => {
    const broken: string[] = [];
    for (const link of relativeLinks(file)) {
      const [target, anchor] = link.split('#') as [string, string | undefined];
      const resolved = target === '' ? file : path.join(path.dirname(file), target);
      if (!fs.existsSync(path.join(ROOT, resolved))) broken.push(`${link}: no file ${resolved}`);
      else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
        broken.push(`${link}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it('docs/usage.md documents every option of the analysing commands, and no other', () => {
    const usage = read('docs/usage.md');
    // Each long option, with its one-letter form where it has one (`-o, --output`).
    const options = new Map<string, string | undefined>();
    for (const command of ['contract', 'analyze', 'check', 'model', 'profile']) {
      const help = runCli([command, '--help']).stdout;
      for (const m of help.matchAll(/^\s+(?:(-\w), )?(--[a-z][a-z-]*)/gm)) options.set(m[2]!, m[1]);
    }
    options.delete('--help');
    expect(options.size).toBeGreaterThan(30);
    const mentions = (o: string) => new RegExp(`(?<![\\w-])${o}(?![\\w-])`).test(usage);
    const undocumented = [...options]
      .filter(([long, short]) => !mentions(long) && !(short && mentions(short)))
      .map(([long]) => long);
    expect(undocumented).toEqual([]);
    const unknown = [...new Set([...usage.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((m) => m[0]))]
      .filter((o) => !options.has(o))
      .filter((o) => !['--version'].includes(o));
    expect(unknown).toEqual([]);
  });

  it.each(Object.keys(TABLE_DOCS) as TableName[])(
    'the %s table has its markers in its document',
    (name) => {
      const { start, end } = tableMarkers(name);
      const text = read(TABLE_DOCS[name]);
      expect(text.indexOf(start)).toBeGreaterThanOrEqual(0);
      expect(text.indexOf(end)).toBeGreaterThan(text.indexOf(start));
    },
  );
});
