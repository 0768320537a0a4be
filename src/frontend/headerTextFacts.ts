/**
 * What a header's text says without preprocessing it: the names it defines or undefines and
 * its `#include` directives, read once per call and text (configurationDependence.ts follows
 * a header's conditional includes with them).
 */
import { codeOnly } from '../model/identifiers.js';
import { CallSlot } from '../context/callContext.js';
import { splicedLines, withoutSplices } from '../model/lineSplices.js';

/** What a header skipped whole says: the names it defines or undefines, and its includes. */
export interface TextFacts {
  readonly text: string;
  readonly definitions: readonly (readonly [name: string, kind: 'define' | 'undef'])[];
  readonly includes: readonly Include[];
}

/**
 * A header's `TextFacts`, read once per call and text: each file of a run followed the same
 * conditional includes (CMSIS-DSP's arm_math_types.h) and read their texts again.
 */
const textFactsOf = new CallSlot(() => new Map<string, TextFacts>());

export function textFacts(file: string, text: string): TextFacts {
  const kept = textFactsOf.current();
  const hit = kept?.get(file);
  if (hit && hit.text === text) return hit;
  // (line splices joined: `#def\` / `ine USE_ARM` defines USE_ARM)
  const definitions = [
    ...withoutSplices(codeOnly(text)).matchAll(
      /^[ \t]*(?:#|%:|\?\?=)[ \t]*(define|undef)[ \t]+([A-Za-z_]\w*)/gm,
    ),
  ].map((m) => [m[2]!, m[1] as 'define' | 'undef'] as const);
  const made = { text, definitions, includes: includesOf(text) };
  kept?.set(file, made);
  return made;
}

export interface Include {
  readonly line: number;
  /** As written after `include`. */
  readonly spelled: string;
  /** The header's name; undefined when a macro names it. */
  readonly name?: string;
  readonly quoted: boolean;
  readonly next: boolean;
}

/** The `#include` (and `#include_next`) directives of a text, with their lines. */
export function includesOf(text: string): Include[] {
  // (codeOnly blanks the quoted name: the directives are read from the text, at lines whose
  // code still starts with one)
  const code = splicedLines(codeOnly(text).split('\n'));
  const lines = splicedLines(text.split('\n'));
  return lines.flatMap((l, k) => {
    if (l === undefined) return [];
    const m = /^[ \t]*(?:#|%:|\?\?=)[ \t]*include(_next)?\b[ \t]*(.*)$/.exec(l);
    if (!m || !/^[ \t]*(?:#|%:|\?\?=)/.test(code[k] ?? '')) return [];
    // (a comment is a blank: `#include /* kernel */ "kern.c"` names kern.c)
    const rest = m[2]!.replace(/\/\*.*?\*\//g, ' ').trim();
    const named = /^"([^"]+)"|^<([^>]+)>/.exec(rest);
    return [
      {
        line: k + 1,
        spelled: named ? named[0] : rest,
        ...(named ? { name: named[1] ?? named[2]! } : {}),
        quoted: named?.[1] !== undefined,
        next: m[1] !== undefined,
      },
    ];
  });
}
