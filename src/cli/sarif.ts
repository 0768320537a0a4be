/**
 * The report as SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), for
 * code-scanning dashboards: one result per array that could shrink, at its declaration,
 * with the saving and the mapping in the message and in `properties`. A profiled result
 * (`contract --profiled`, `profile --report sarif`) says so in its message and carries
 * `properties.profiled: true` and the runs it holds for. URIs are relative to `%SRCROOT%` (the
 * repository's root, given in originalUriBaseIds), so they name the same file from any
 * folder; a skipped file is a tool execution notification, not a file without results.
 * Rejected arrays, warnings and notes about a file are results too, each with its reason code
 * as its rule (sarifReasons.ts).
 */
import { reportSummary } from '../pipeline/reportSummary.js';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ArrayReport, FileReport, SkippedFile } from '../pipeline/report.js';
import { formatMapping, profiledRuns } from '../pipeline/report.js';
import { arrayFindings, diagnosticFindings, reasonRules } from './sarifReasons.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const RULE_ID = 'beeclak/contractible-array';
const SKIPPED_ID = 'beeclak/skipped-file';
/** The base of every artifact URI (SARIF 2.1.0, 3.14.14; the name code-scanning tools know). */
const SRCROOT = '%SRCROOT%';

/**
 * The folder URIs are relative to: the root of the git work tree the command runs in (so a
 * run from a subfolder names files as the repository does, as code scanning expects), else
 * the current folder. Its absolute URI is in the run's originalUriBaseIds.
 */
function sourceRoot(cwd: string = process.cwd()): string {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(cwd);
  }
}

/**
 * A file as a SARIF artifactLocation: relative to SRCROOT when it is inside it (from
 * whatever folder the command ran in), else an absolute file: URI.
 */
function artifactLocation(file: string, root: string): { uri: string; uriBaseId?: string } {
  const rel = path.relative(root, path.resolve(file));
  if (rel.startsWith('..') || path.isAbsolute(rel))
    return { uri: pathToFileURL(path.resolve(file)).href };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

function saving(a: ArrayReport): string {
  // (its cells are struct members shrunk in their definition: saved in every struct object)
  if (a.storage === 'struct-member' && a.savedBytes !== undefined)
    return `${a.originalBytes} -> ${a.compressedBytes} bytes, saves ${a.savedBytes} per struct object`;
  // (a parameter folded in place has no storage of its own: its callers' buffers count)
  if (a.storage === 'parameter' && a.savedBytes !== undefined)
    return `${a.originalBytes} -> ${a.compressedBytes} bytes of its callers' buffers, saves ${a.savedBytes} here`;
  const saved = savedBytes(a);
  if (saved !== undefined)
    return `${a.originalBytes} -> ${a.compressedBytes} bytes, saves ${saved}`;
  return `${a.originalCells} -> ${a.compressedCells} cells`;
}

/**
 * The bytes the entry saves as the JSON report counts them (`savedBytes`: a parameter folded
 * in place 0, a private copy minus its size), else the difference of its sizes.
 */
function savedBytes(a: ArrayReport): number | string | undefined {
  if (a.savedBytes !== undefined) return a.savedBytes;
  if (typeof a.originalBytes === 'number' && typeof a.compressedBytes === 'number')
    return a.originalBytes - a.compressedBytes;
  return undefined;
}

/** How to apply a result: a proved one in place; a profiled one with the runs it holds for. */
function apply(file: string, a: ArrayReport): string {
  if (!a.profiled) return `Run 'beeclak contract -i ${file}' to apply.`;
  const runs = a.profiled.runs.map((r) => ` --run '${r.join(' ')}'`).join('');
  return (
    `Profiled, not proved: holds for the runs with arguments ${profiledRuns(a.profiled.runs)}. ` +
    (a.profiled.notApplied
      ? `Not applied by 'beeclak contract --profiled': ${a.profiled.notApplied}.`
      : `Run 'beeclak contract --profiled${runs} ${file}' to apply, and test it with -DBEECLAK_VERIFY.`)
  );
}

/** Where an array is declared, as a SARIF location. */
function arrayLocation(file: string, a: ArrayReport, root: string) {
  return {
    physicalLocation: {
      artifactLocation: artifactLocation(file, root),
      region: { startLine: a.line, startColumn: a.column },
    },
    logicalLocations: [
      { name: a.name, fullyQualifiedName: `${a.function}::${a.name}`, kind: 'variable' },
    ],
  };
}

function result(file: string, a: ArrayReport, root: string) {
  const mapping = a.mapping ? formatMapping(a.name, a.mapping) : a.name;
  const what = a.status === 'scalarized' ? 'could become a scalar' : 'could shrink';
  return {
    ruleId: RULE_ID,
    ruleIndex: 0,
    level: 'note',
    message: {
      text:
        `Temporary array '${a.name}' in ${a.function}() ${what}: ${saving(a)} ` +
        `(mapping ${mapping}). ${apply(file, a)}`,
    },
    locations: [arrayLocation(file, a, root)],
    partialFingerprints: { 'beeclakArray/v1': `${a.function}::${a.name}` },
    properties: {
      status: a.status,
      elementType: a.elementType,
      originalCells: a.originalCells,
      compressedCells: a.compressedCells,
      ...(a.originalBytes !== undefined ? { originalBytes: a.originalBytes } : {}),
      ...(a.compressedBytes !== undefined ? { compressedBytes: a.compressedBytes } : {}),
      ...(a.storage === 'struct-member' ? { storage: a.storage } : {}),
      ...(savedBytes(a) !== undefined ? { savedBytes: savedBytes(a) } : {}),
      ...(a.mapping ? { mapping: a.mapping } : {}),
      ...(a.assumes ? { assumes: a.assumes } : {}),
      // A profiled result is not a proof: marked, with the inputs it holds for.
      ...(a.profiled
        ? {
            profiled: true,
            profiledRuns: a.profiled.runs,
            ...(a.profiled.notApplied ? { notApplied: a.profiled.notApplied } : {}),
          }
        : {}),
    },
  };
}

/** A skipped file: a notification of the run, not a file without results (not "clean"). */
function skippedNotification(s: SkippedFile, root: string) {
  return {
    descriptor: { id: SKIPPED_ID },
    level: 'error',
    message: { text: `Not analysed: ${s.reason}` },
    locations: [{ physicalLocation: { artifactLocation: artifactLocation(s.file, root) } }],
  };
}

/**
 * The results of one file: per array that could shrink its result, per array the analysis
 * rejected and per warning a finding with its code (sarifReasons.ts), then the notes about
 * the file.
 */
function fileResults(r: FileReport, root: string) {
  const first = 1;
  return [
    ...r.arrays.flatMap((a) => [
      ...(a.status === 'contracted' || a.status === 'scalarized' ? [result(r.file, a, root)] : []),
      ...arrayFindings(a, arrayLocation(r.file, a, root), first),
    ]),
    ...diagnosticFindings(
      r,
      (d) => ({
        physicalLocation: {
          artifactLocation: artifactLocation(r.file, root),
          region: { startLine: d.line, startColumn: d.column },
        },
      }),
      first,
    ),
  ];
}

export function formatSarif(
  reports: readonly FileReport[],
  version: string,
  skipped: readonly SkippedFile[] = [],
  root: string = sourceRoot(),
): string {
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'beeclak',
            version,
            informationUri: 'https://www.npmjs.com/package/beeclak',
            rules: [
              {
                id: RULE_ID,
                name: 'ContractibleTemporaryArray',
                shortDescription: { text: 'A temporary array could use less memory' },
                fullDescription: {
                  text:
                    'Cells of this array whose values are never live at the same time can share ' +
                    'memory: a modular mapping (M x) mod b shrinks it without changing what the program computes.',
                },
                defaultConfiguration: { level: 'note' },
              },
              ...reasonRules(),
            ],
            notifications: [
              {
                id: SKIPPED_ID,
                shortDescription: { text: 'A file was not analysed' },
                fullDescription: {
                  text:
                    'The file could not be read, was refused (a syntax error, C++), hit an ' +
                    'internal error, or could not be written: it has no results, which does ' +
                    'not mean it has nothing to contract.',
                },
                defaultConfiguration: { level: 'error' },
              },
            ],
          },
        },
        originalUriBaseIds: {
          [SRCROOT]: { uri: pathToFileURL(root).href.replace(/\/?$/, '/') },
        },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: skipped.map((s) => skippedNotification(s, root)),
          },
        ],
        results: reports.flatMap((r) => fileResults(r, root)),
        // Columns count UTF-16 code units (JavaScript string offsets).
        columnKind: 'utf16CodeUnits',
        // The code base at a glance, as in the JSON report (pipeline/reportSummary.ts).
        properties: { summary: reportSummary(reports) },
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
