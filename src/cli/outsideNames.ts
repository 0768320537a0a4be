/**
 * Names spelled by files outside the file set (issue 27): a closed world is the set's claim,
 * and the folders around it may hold what calls a function by name without being analysed:
 * an assembly startup file's vector table, a linker script's `KEEP`/`ENTRY`, a source file
 * of the program that was not given. Each such file is read as text (comments included: a
 * false match only keeps arrays) and the names asked about are looked up in it.
 *
 * The folders are those of the command line (a folder with everything under it) and the
 * folder of each file of the set; files the set's units read (`inside`: their headers) are
 * not outside it. When the set defines `main()`, a C file that defines `main()` itself is
 * another program (otherProgram.ts): a name it defines itself is its own, but a name it only
 * calls is the set's function, linked into that program too (a test driver beside the
 * kernel: folding the kernel's buffer in place changed what the driver read; adversary
 * 2026-11-28d). The header name of an `#include` names a
 * file, not a function (`#include "gemm.h"` does not spell `gemm`). A file that pastes
 * tokens (`##`) spells a name it holds in pieces (`CAT(wo, rk)`, `x##_buf`): a probe.c
 * beside the set read `CAT(wo, rk)[7]` after the call, and work was folded (adversary
 * 2026-11-29e). So does a file that spells a macro whose body spells the name, defined in
 * a header the set reads (`#define PROBE_TARGET work` in probe.h: the header is the set's,
 * not searched, and probe.c, outside, spelled only PROBE_TARGET; same review).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { withoutSplices } from '../model/lineSplices.js';
import { inSystemFolder } from '../frontend/systemFolders.js';
import { walkFolder } from './folderWalk.js';
import { definesItself, definesMainItself } from './otherProgram.js';

/**
 * Sources, assembly (`.sx` is GCC's preprocessed assembly: adversary 2026-11-29e, its
 * `movss work+28(%rip)` read a closed-world array folded to one cell), linker scripts and
 * command files (GNU, IAR, Arm, TI, CodeWarrior), export lists; any case.
 */
const TEXTS =
  /\.(c|h|cc|cpp|cxx|hpp|hh|inc|inl|def|s|sx|asm|ld|lds|x|icf|sct|scat|cmd|lcf|xcl|ver)$/i;
/** Files larger than this are data (a generated source passes 8 MiB: SQLite's is 9). */
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_FILES = 50_000;
const C_SOURCES = /\.(c|cc|cpp|cxx)$/;
const HEADER_NAMES = /^([ \t]*#[ \t]*(?:include|include_next|import)[ \t]*)("[^"\n]*"|<[^>\n]*>)/gm;

/** Per name asked about, the first file outside the set that spells it. */
export function outsideNames(
  roots: readonly string[],
  set: readonly string[],
  inside: readonly string[],
  names: ReadonlySet<string>,
  setDefinesMain = false,
): Map<string, string> {
  const out = new Map<string, string>();
  if (names.size === 0) return out;
  const seen = new Set([...set, ...inside].map((f) => path.resolve(f)));
  const macros = insideMacros(inside, names);
  const files: string[] = [];
  const listed = new Set<string>();
  const list = (dir: string, recursive: boolean) =>
    walkFolder(dir, recursive, (p, name) => {
      if (TEXTS.test(name) && !seen.has(p) && !listed.has(p)) {
        listed.add(p);
        files.push(p);
      }
      return files.length < MAX_FILES;
    });
  for (const r of roots) {
    let st;
    try {
      st = statSync(r);
    } catch {
      continue;
    }
    if (st.isDirectory()) list(path.resolve(r), true);
  }
  // (each folder once: listed again, it adds nothing, and a folder of n files was listed n times)
  for (const dir of new Set(set.map((f) => path.dirname(path.resolve(f))))) list(dir, false);
  for (const f of files) {
    const read = smallFileText(f);
    if (read === undefined) continue;
    let text = read;
    // A name split by a line splice (`wo\` / `rk`) is one name to the compiler (adversary
    // 2026-11-29e: probe.c's was not found, work was folded); a trigraph splice is one only
    // in an ISO mode: both readings are searched.
    text = withoutSplices(text);
    if (text.includes('??/')) text += `\n${text.replace(/\?\?\/[ \t\f\v]*\r?\n/g, '')}`;
    const program = setDefinesMain && C_SOURCES.test(f) && definesMainItself(text);
    const own = new Map<string, boolean>();
    // Another program's own definition of a name is no use of the set's (it links its own).
    const definedThere = (name: string) => {
      if (!own.has(name)) own.set(name, definesItself(text, name));
      return own.get(name)!;
    };
    text = text.replace(HEADER_NAMES, (_, d: string, h: string) => d + ' '.repeat(h.length));
    const here = path.relative(process.cwd(), f) || f;
    const spells = (n: string) => {
      if (!out.has(n) && !(program && definedThere(n))) out.set(n, here);
    };
    let pasting = text.includes('##');
    const pieces = new Set<string>();
    for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
      if (names.has(m[0])) spells(m[0]);
      const macro = macros.get(m[0]);
      if (!macro) continue;
      for (const n of macro.names) spells(n);
      if (macro.pastes) for (const w of macro.words) pieces.add(w);
      pasting ||= macro.pastes;
    }
    if (!pasting) continue;
    for (const w of text.match(/\w+/g) ?? []) pieces.add(w);
    for (const n of names) if (!out.has(n) && pastedOf(n, pieces)) spells(n);
  }
  return out;
}

/** A macro of the set's headers: the names its body spells (through other macros too). */
interface InsideMacro {
  readonly names: Set<string>;
  /** Its body pastes tokens: its words may make a name with the words of its user. */
  pastes: boolean;
  readonly words: Set<string>;
}

/**
 * The macros the files the set reads define whose bodies spell one of `names`, or paste
 * tokens, directly or through other macros: a file outside the set that spells such a
 * macro spells what it expands to.
 */
function insideMacros(
  inside: readonly string[],
  names: ReadonlySet<string>,
): Map<string, InsideMacro> {
  const all = new Map<string, InsideMacro>();
  // (the system's headers spell none of the program's names)
  for (const f of new Set(inside.filter((h) => !inSystemFolder(h)))) {
    const read = smallFileText(f);
    if (read === undefined) continue;
    let text = read;
    if (!text.includes('define')) continue;
    text = withoutSplices(text).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');
    for (const m of text.matchAll(/^[ \t]*(?:#|%:)[ \t]*define[ \t]+([A-Za-z_]\w*)(.*)$/gm)) {
      let macro = all.get(m[1]!);
      if (!macro) all.set(m[1]!, (macro = { names: new Set(), pastes: false, words: new Set() }));
      for (const w of m[2]!.match(/[A-Za-z_]\w*/g) ?? []) {
        macro.words.add(w);
        if (names.has(w)) macro.names.add(w);
      }
      macro.pastes ||= m[2]!.includes('##');
    }
  }
  // (through other macros: the closure, until nothing changes; each pass only adds)
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, macro] of all)
      for (const w of [...macro.words]) {
        const via = all.get(w);
        if (!via || w === name) continue;
        const before = macro.names.size + macro.words.size + Number(macro.pastes);
        for (const n of via.names) macro.names.add(n);
        if (via.pastes) for (const v of via.words) macro.words.add(v);
        macro.pastes ||= via.pastes;
        changed ||= macro.names.size + macro.words.size + Number(macro.pastes) !== before;
      }
  }
  for (const [name, macro] of all) if (macro.names.size === 0 && !macro.pastes) all.delete(name);
  return all;
}

/** Whether `name` is two or more of `pieces` (words of a file) pasted together. */
function pastedOf(name: string, pieces: ReadonlySet<string>): boolean {
  // (reached[k] - 1: the most pieces the first k characters split into; 0: none)
  const reached = new Array<number>(name.length + 1).fill(0);
  reached[0] = 1;
  for (let k = 0; k < name.length; k++) {
    if (reached[k] === 0) continue;
    for (let e = k + 1; e <= name.length; e++)
      if (pieces.has(name.slice(k, e))) reached[e] = Math.max(reached[e]!, reached[k]! + 1);
  }
  return reached[name.length]! > 2;
}

/** A file's text, unless it is larger than the search reads or cannot be read. */
function smallFileText(f: string): string | undefined {
  try {
    return statSync(f).size > MAX_BYTES ? undefined : readFileSync(f, 'latin1');
  } catch {
    return undefined;
  }
}
