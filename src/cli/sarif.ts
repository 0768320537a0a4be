/**
 * The report as SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format), for
 * code-scanning dashboards: one result per array that could shrink, at its declaration,
 * with the saving and the mapping in the message and in `properties`. A profiled result
 * (`contract --profiled`, `profile --report sarif`) says so in its message and carries
 * `properties.profiled: true` and the runs it holds for.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ArrayReport, FileReport } from '../pipeline/report.js';
import { formatMapping, profiledRuns } from '../pipeline/report.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const RULE_ID = 'beeclak/contractible-array';

/** A relative path as a relative URI reference; an absolute one as a file: URI. */
function artifactUri(file: string): string {
  if (path.isAbsolute(file)) return pathToFileURL(file).href;
  return file.split(path.sep).map(encodeURIComponent).join('/');
}

function saving(a: ArrayReport): string {
  if (typeof a.originalBytes === 'number' && typeof a.compressedBytes === 'number')
    return `${a.originalBytes} -> ${a.compressedBytes} bytes, saves ${a.originalBytes - a.compressedBytes}`;
  return `${a.originalCells} -> ${a.compressedCells} cells`;
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

function result(file: string, a: ArrayReport) {
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
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: artifactUri(file) },
          region: { startLine: a.line, startColumn: a.column },
        },
        logicalLocations: [
          { name: a.name, fullyQualifiedName: `${a.function}::${a.name}`, kind: 'variable' },
        ],
      },
    ],
    partialFingerprints: { 'beeclakArray/v1': `${a.function}::${a.name}` },
    properties: {
      status: a.status,
      elementType: a.elementType,
      originalCells: a.originalCells,
      compressedCells: a.compressedCells,
      ...(a.originalBytes !== undefined ? { originalBytes: a.originalBytes } : {}),
      ...(a.compressedBytes !== undefined ? { compressedBytes: a.compressedBytes } : {}),
      ...(typeof a.originalBytes === 'number' && typeof a.compressedBytes === 'number'
        ? { savedBytes: a.originalBytes - a.compressedBytes }
        : {}),
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

export function formatSarif(reports: readonly FileReport[], version: string): string {
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
            ],
          },
        },
        results: reports.flatMap((r) =>
          r.arrays
            .filter((a) => a.status === 'contracted' || a.status === 'scalarized')
            .map((a) => result(r.file, a)),
        ),
        // Columns count UTF-16 code units (JavaScript string offsets).
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
