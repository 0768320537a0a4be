/**
 * Where the scripts write the tables they measure: between `<!-- NAME:start -->` and
 * `<!-- NAME:end -->` in a document of docs/ (`npm run bench`, `npm run corpus -- DIR --docs`,
 * `npm run polybench -- --root DIR --docs`, `node dist/scripts/realPrograms.js ... --docs`). test/docs/docs.test.ts checks that every
 * document still holds its markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TABLE_DOCS = {
  bench: 'docs/benchmarks.md',
  corpus: 'docs/benchmarks.md',
  polybench: 'docs/whole-programs.md',
  realprograms: 'docs/benchmarks.md',
  realembedded: 'docs/benchmarks.md',
} as const;

export type TableName = keyof typeof TABLE_DOCS;

export function tableMarkers(name: TableName): { start: string; end: string } {
  return { start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` };
}

/** `text` with what stands between the markers of `name` replaced by `body` (markers kept). */
export function replaceTable(text: string, name: TableName, body: string): string {
  const { start, end } = tableMarkers(name);
  const s = text.indexOf(start);
  const e = text.indexOf(end);
  if (s < 0 || e < s) throw new Error(`${TABLE_DOCS[name]} has no ${name} markers`);
  return `${text.slice(0, s + start.length)}\n${body.trim()}\n${text.slice(e)}`;
}

/** Writes `body` between the markers of `name` in its document under `root`; returns its path. */
export function writeTable(root: string, name: TableName, body: string): string {
  const file = join(root, TABLE_DOCS[name]);
  writeFileSync(file, replaceTable(readFileSync(file, 'utf8'), name, body));
  return file;
}
