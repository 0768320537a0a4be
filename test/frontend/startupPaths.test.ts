/**
 * The frontend's start-up paths (issue 17) give what the plain ones give: the compiler run
 * while the parser loads (buildCompilerModelAsync), one file parsed whole while many files
 * go through the main view (compilerView.ts), tree-sitter's node classes made by parse.ts,
 * and line tables found with indexOf. Each test says which wrong result it guards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildCompilerModel,
  buildCompilerModelAsync,
  buildCompilerModelOverlapped,
  type CompilerViewOptions,
} from '../../src/frontend/compilerView.js';
import { lineStarts, type Node, parseTree } from '../../src/frontend/parse.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = fs
  .readdirSync(path.join(ROOT, 'samples'))
  .filter((f) => f.endsWith('.c'))
  .map((f) => path.join('samples', f));

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beeclak-startup-paths-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const plain = (x: unknown) =>
  JSON.stringify(x, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

/** What a caller sees of a CompilerModel: the model, the macro uses and the headers. */
function seen(r: Awaited<ReturnType<typeof buildCompilerModelAsync>>): string {
  return plain({ model: r.model, macroUses: r.macroUses, includes: r.includes });
}

/** The model, or the error thrown (class, message and location). */
async function outcome(f: () => unknown): Promise<string> {
  try {
    return seen((await f()) as Awaited<ReturnType<typeof buildCompilerModelAsync>>);
  } catch (e) {
    const err = e as Error & { loc?: unknown };
    return plain({ error: err.constructor.name, message: err.message, loc: err.loc });
  }
}

function sample(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'latin1');
}

/** The synchronous path's model of a sample, once for both comparisons below. */
const plainModels = new Map<string, Promise<string>>();
function plainModel(file: string): Promise<string> {
  if (!plainModels.has(file))
    plainModels.set(
      file,
      outcome(() => buildCompilerModel(sample(file), file, { compiler: { cwd: ROOT } })),
    );
  return plainModels.get(file)!;
}

describe('buildCompilerModelAsync', () => {
  // Guards: the compiler's output read before it was complete, or another model than the
  // synchronous path's (the CLI uses the async one, the library and tests the other).
  it.each(SAMPLES)('%s: the same model as buildCompilerModel', async (file) => {
    const source = sample(file);
    const options: CompilerViewOptions = { compiler: { cwd: ROOT } };
    expect(await outcome(() => buildCompilerModelOverlapped(source, file, options))).toBe(
      await plainModel(file),
    );
  });

  const DURBIN = 'samples/durbin.c';
  it.each<[string, string, CompilerViewOptions]>([
    // Guards: an unhandled 'error' event, or another message than spawnSync's ENOENT path.
    ['a missing compiler', sample(DURBIN), { compiler: { cc: '/nonexistent/beeclak-cc' } }],
    // Guards: the compiler's diagnostic lost or placed elsewhere.
    ['a missing header', '#include "nowhere.h"\nint x;\n', {}],
    // Guards: the compiler stops reading a large input (EPIPE on its standard input): the
    // synchronous run reports that, the async one must not hang or say something else.
    [
      'an unknown compiler flag with a large input',
      `int x;\n${'/* padding */\n'.repeat(200_000)}`,
      { compiler: { flags: ['--beeclak-no-such-flag'] } },
    ],
  ])('%s: the same error or fallback as buildCompilerModel', async (_what, source, options) => {
    const file = path.join(dir, 't.c');
    fs.writeFileSync(file, source, 'latin1');
    const sync = await outcome(() => buildCompilerModel(source, file, options));
    expect(await outcome(() => buildCompilerModelOverlapped(source, file, options))).toBe(sync);
  });
});

describe('one file parsed whole, many files through the main view', () => {
  // Guards: a report that depends on how many files a run has (one file: the unit parsed
  // whole; many: the main text's parse when it stands for the unit, mainView.ts).
  it.each(SAMPLES)('%s: the same model', async (file) => {
    const many = buildCompilerModel(sample(file), file, {
      compiler: { cwd: ROOT },
      skipWithoutCandidates: true,
    });
    expect(seen(many)).toBe(await plainModel(file));
  });
});

describe("parse.ts's node classes", () => {
  // Guards: a node whose `type` is not the binding's (parse.ts makes tree-sitter's node
  // classes itself, with one `type` per symbol instead of its per-node-type classes).
  it('every node, named or not, has the type the binding gives', () => {
    const root = parseTree(sample('samples/durbin.c') + '\nint broken( {\n').rootNode;
    const native = (n: Node): string => {
      for (let p = Object.getPrototypeOf(n); p; p = Object.getPrototypeOf(p)) {
        const d = Object.getOwnPropertyDescriptor(p, 'type');
        if (d?.get) return d.get.call(n) as string;
      }
      throw new Error('no type getter');
    };
    const types = new Set<string>();
    const visit = (n: Node) => {
      expect(n.type).toBe(native(n));
      types.add(n.type);
      for (const c of n.children) visit(c);
    };
    visit(root);
    // Named and anonymous nodes, and an error, were all seen.
    expect([...types]).toEqual(expect.arrayContaining(['identifier', '(', 'ERROR']));
  });
});

describe('lineStarts', () => {
  // Guards: line tables off by one (every location of every report would move).
  it.each(['', 'a', 'a\n', '\n\n', 'a\r\nb\r\n', 'x\ny\nz', '\nlast'])('%j', (text) => {
    const naive = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') naive.push(i + 1);
    expect(lineStarts(text)).toEqual(naive);
  });
});
