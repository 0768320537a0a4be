/**
 * Configuration files: a `beeclak.json`, or the `beeclak` key of a `package.json`, found by
 * walking up from each input file's directory (the nearest one wins; they do not merge).
 * It holds the long options, with per-glob overrides:
 *
 *     { "define": { "N": 100 }, "heuristic": "opt", "exclude": ["gen/**"],
 *       "overrides": [ { "files": "dsp/*.c", "modulo": "pow2", "hls": true } ] }
 *
 * Precedence: defaults < the file's top level < matching overrides (in order) < the
 * command line. Globs are relative to the configuration file's directory.
 */
import { namedDataModel } from '../frontend/dataModel.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './errors.js';
import { matchesGlob } from './files.js';
import { HEURISTICS, MODULO_FORMS, type HeuristicChoice, type ModuloForm } from './options.js';
import { TARGETS, type Target } from '../pipeline/options.js';
import { hasName, nameRecord } from '../poly/nameRecord.js';
import { reasonNamed } from '../model/reasons.js';
import { configurationFlags } from '../pipeline/configurations/flags.js';

/** The option values a configuration may set (names as the long options, camelCase). */
export interface ConfigValues {
  define?: Record<string, bigint>;
  /** Include directories, for the compiler's view of the file (-I). */
  include?: string[];
  temporary?: string[];
  only?: string[];
  heuristic?: HeuristicChoice;
  modulo?: ModuloForm;
  /** Percent, as `--min-gain`. */
  minGain?: number;
  /** The core, as `--target` (`cortex-m0`: no divider). */
  target?: Target;
  /** Milliseconds, as `--budget`. */
  budget?: number;
  work?: number;
  /** Bytes, as `--private-stack`. */
  privateStack?: number;
  hls?: boolean;
  /** As `--min-bytes`: arrays saving no more bytes than this are left unchanged (-i, --check, --diff) and not listed (--list). */
  minBytes?: number;
  /** Reason codes or names whose findings are hidden, as `--suppress`. */
  suppress?: string[];
  /** The configurations the result must hold in, each a set of -D/-U flags, as `--configurations`. */
  configurations?: string[];
  /** As `--single-configuration`. */
  singleConfiguration?: boolean;
  /** The target's data model, as `--data-model` (`ilp32`). */
  dataModel?: string;
  /** The files of a multi-file run are the whole program, as `--closed-world`. */
  closedWorld?: boolean;
}

export interface Config {
  /** The file it was read from. */
  readonly file: string;
  readonly dir: string;
  readonly values: ConfigValues;
  readonly exclude: readonly string[];
  readonly overrides: readonly { files: string[]; values: ConfigValues }[];
}

/** An invalid configuration: nothing is done (exit 2), the message names the file and key. */
export class ConfigError extends UsageError {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
  override format(): string {
    return `${this.file}: error: ${this.message}`;
  }
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TEMPORARY = /^([A-Za-z_][A-Za-z0-9_]*:)?[A-Za-z_][A-Za-z0-9_]*$/;

type Check = (v: unknown, where: string, fail: (m: string) => never) => unknown;

const stringList =
  (pattern?: RegExp, what = 'a string'): Check =>
  (v, where, fail) => {
    const list = typeof v === 'string' ? [v] : v;
    if (!Array.isArray(list) || list.some((x) => typeof x !== 'string'))
      fail(`'${where}' must be a list of strings`);
    for (const x of list as string[])
      if (pattern && !pattern.test(x)) fail(`'${where}': '${x}' is not ${what}`);
    return [...(list as string[])];
  };

const number =
  (min: number, max: number): Check =>
  (v, where, fail) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
      fail(`'${where}' must be a number from ${min} to ${max}, got ${JSON.stringify(v)}`);
    return v;
  };

const choice =
  (allowed: readonly string[]): Check =>
  (v, where, fail) => {
    if (typeof v !== 'string' || !allowed.includes(v))
      fail(`'${where}' must be one of ${allowed.join(', ')}, got ${JSON.stringify(v)}`);
    return v;
  };

const CHECKS: Record<keyof ConfigValues, Check> = {
  define: (v, where, fail) => {
    if (!v || typeof v !== 'object' || Array.isArray(v))
      fail(`'${where}' must be an object of NAME: integer`);
    const out = nameRecord<bigint>();
    for (const [k, x] of Object.entries(v as object)) {
      if (!IDENT.test(k)) fail(`'${where}': '${k}' is not a C identifier`);
      const ok =
        (typeof x === 'number' && Number.isSafeInteger(x)) ||
        (typeof x === 'string' && /^-?\d+$/.test(x));
      if (!ok) fail(`'${where}.${k}' must be an integer, got ${JSON.stringify(x)}`);
      out[k] = BigInt(x as number | string);
    }
    return out;
  },
  include: stringList(),
  temporary: stringList(TEMPORARY, 'NAME or FUNCTION:NAME'),
  only: stringList(IDENT, 'a C identifier'),
  heuristic: choice(HEURISTICS),
  modulo: choice(MODULO_FORMS),
  minGain: number(0, 100),
  target: choice(TARGETS),
  budget: number(0, 3_600_000),
  work: number(1, 1e12),
  privateStack: number(0, 2 ** 40),
  hls: (v, where, fail) => (typeof v === 'boolean' ? v : fail(`'${where}' must be true or false`)),
  closedWorld: (v, where, fail) =>
    typeof v === 'boolean' ? v : fail(`'${where}' must be true or false`),
  minBytes: number(0, 1e15),
  suppress: (v, where, fail) => {
    const list = stringList()(v, where, fail) as string[];
    for (const c of list)
      if (!reasonNamed(c)) fail(`'${where}': '${c}' is no reason code (docs/reasons.md)`);
    return list;
  },
  configurations: (v, where, fail) => {
    const list = stringList()(v, where, fail) as string[];
    for (const c of list)
      try {
        configurationFlags(c);
      } catch (e) {
        fail(`'${where}': ${(e as Error).message}`);
      }
    return list;
  },
  singleConfiguration: (v, where, fail) =>
    typeof v === 'boolean' ? v : fail(`'${where}' must be true or false`),
  dataModel: (v, where, fail) =>
    typeof v === 'string' && namedDataModel(v)
      ? v
      : fail(`'${where}' must be one of ilp32, lp64, llp64, ip16`),
};

const TOP_ONLY = ['exclude', 'overrides'];

function values(
  raw: Record<string, unknown>,
  prefix: string,
  fail: (m: string) => never,
  allowed: string[],
): ConfigValues {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(raw)) {
    if (allowed.includes(key)) continue;
    const check = hasName(CHECKS, key) ? CHECKS[key as keyof ConfigValues] : undefined;
    if (!check) {
      const known = [...Object.keys(CHECKS), ...allowed].sort().join(', ');
      fail(`unknown key '${prefix}${key}' (known keys: ${known})`);
    }
    out[key] = check(v, `${prefix}${key}`, fail);
  }
  return out as ConfigValues;
}

/** Validates one configuration object (`file` only names it in messages). */
export function parseConfig(raw: unknown, file: string): Config {
  const fail = (m: string): never => {
    throw new ConfigError(file, m);
  };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    fail('the configuration must be a JSON object');
  const obj = raw as Record<string, unknown>;
  const top = values(obj, '', fail, TOP_ONLY);
  const exclude =
    obj.exclude === undefined ? [] : (stringList()(obj.exclude, 'exclude', fail) as string[]);
  const overrides: Config['overrides'][number][] = [];
  if (obj.overrides !== undefined) {
    if (!Array.isArray(obj.overrides)) fail(`'overrides' must be a list of objects`);
    (obj.overrides as unknown[]).forEach((o, k) => {
      const where = `overrides[${k}].`;
      if (!o || typeof o !== 'object' || Array.isArray(o))
        fail(`'overrides[${k}]' must be an object`);
      const entry = o as Record<string, unknown>;
      if (entry.files === undefined) fail(`'${where}files' is missing (a glob or a list of globs)`);
      const files = stringList()(entry.files, `${where}files`, fail) as string[];
      for (const key of TOP_ONLY)
        if (key in entry) fail(`'${where}${key}' is only allowed at the top level`);
      overrides.push({ files, values: values(entry, where, fail, ['files']) });
    });
  }
  return { file, dir: path.dirname(path.resolve(file)), values: top, exclude, overrides };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError(file, `cannot read the configuration: ${(e as Error).message}`);
  }
}

/** Finds and loads configurations, each directory looked at once per run. */
export class ConfigFinder {
  private readonly byDir = new Map<string, Config | null>();

  /** The configuration that applies to `file`, or undefined when there is none. */
  forFile(file: string): Config | undefined {
    return this.forDir(path.dirname(path.resolve(file))) ?? undefined;
  }

  private forDir(dir: string): Config | null {
    const known = this.byDir.get(dir);
    if (known !== undefined) return known;
    let found: Config | null = null;
    const own = path.join(dir, 'beeclak.json');
    const pkg = path.join(dir, 'package.json');
    if (existsSync(own)) found = parseConfig(readJson(own), own);
    else if (existsSync(pkg)) {
      const p = readJson(pkg) as Record<string, unknown>;
      if (p && typeof p === 'object' && 'beeclak' in p) found = parseConfig(p.beeclak, pkg);
    }
    if (!found && path.dirname(dir) !== dir) found = this.forDir(path.dirname(dir));
    this.byDir.set(dir, found);
    return found;
  }
}

/** The configuration's values for one file: the top level, then each matching override. */
export function valuesFor(config: Config | undefined, file: string): ConfigValues {
  if (!config) return {};
  let out: ConfigValues = { ...config.values };
  for (const o of config.overrides) {
    if (!o.files.some((g) => matchesGlob(file, g, config.dir))) continue;
    // Defines add up per name; every other key replaces.
    const define = o.values.define
      ? nameRecord([...Object.entries(out.define ?? {}), ...Object.entries(o.values.define)])
      : out.define;
    out = { ...out, ...o.values, ...(define ? { define } : {}) };
  }
  return out;
}

/** Whether the configuration's `exclude` globs skip `file`. */
export function excludedBy(config: Config | undefined, file: string): boolean {
  return !!config && config.exclude.some((g) => matchesGlob(file, g, config.dir));
}
