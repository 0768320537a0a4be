/**
 * The passes over the whole file, after every array has its own outcome (decideArray.ts):
 * guard and copy feasibility (HLS mode emits no run-time check; a function whose result
 * holds for some argument values keeps its original body for the others, which must be
 * copyable), HLS masks, the placement of contracted parameters and the stack their private
 * arrays take, the callers' buffers that shrink with the parameters folded in them, and the
 * notes on the callers' buffers, the macros the guards cannot check and the HLS pragmas.
 */
import type { ProgramModel } from '../../model/types.js';
import type { MacroUse } from '../../frontend/spelling.js';
import type { MemberShrunk, ProgramView } from '../../model/program.js';
import type { ArrayDecision } from '../decision.js';
import { placeParameter } from '../wholeProgram/placement.js';
import { limitPrivateStack } from '../wholeProgram/privateStack.js';
import { shrinkCallerStorage, type StoragePlan } from '../wholeProgram/callerStorage.js';
import { callerBufferNotes, callerBufferStatus } from '../wholeProgram/crossCalls.js';
import type { DecisionOptions } from './options.js';
import { dataModelFacts, guards } from './guards.js';
import { sharedFrames } from './sharedFrames.js';
import { hlsDivision } from './hlsDivision.js';
import { macroGuards } from './macroGuards.js';
import { hlsPragmaEdits } from './hlsPragmaUpdates.js';
import { decisionRows } from './rows.js';
import { shareFileScopeMappings } from '../wholeProgram/sharedScratch.js';
import { agreeOnTemplates, includedTemplates } from './templates.js';
import { mappingSize } from '../../lattice/index.js';
import { jsonInt } from '../report.js';
import {
  isContracted,
  isHeap,
  refuse,
  refused,
  warn,
  withWarning,
  type ArrayOutcome,
  type Contraction,
  type Outcome,
} from './outcome.js';

type Contracted = ArrayOutcome & { readonly verdict: Contraction };

/** The outcomes with `change` applied to each contracted one. */
function eachContracted(os: readonly Outcome[], change: (o: Contracted) => Outcome): Outcome[] {
  return os.map((o) => (isContracted(o) ? change(o) : o));
}

const decisionsOf = (os: readonly Outcome[]): ArrayDecision[] =>
  os.filter(isContracted).map((o) => o.verdict.decision);

/** HLS mode: no `abort()` guard, so no contraction that rests on a function argument's value. */
function hlsRunTimeGuards(os: readonly Outcome[]): Outcome[] {
  return eachContracted(os, (o) => {
    const g = guards([o.verdict.decision]).find((x) => x.kind === 'runtime');
    if (!g) return o;
    return refused(
      o,
      refuse(
        'hls-run-time-guard',
        `HLS mode emits no run-time check, and this contraction holds only for ${g.param.name} == ${g.value} ` +
          `(a function argument): make the size a constant (a macro) instead`,
      ),
    );
  });
}

/**
 * A function whose result holds for fixed argument values keeps its original body as the
 * path taken for every other value; where that copy cannot be made its arrays stay.
 */
function copyFeasibility(os: readonly Outcome[]): Outcome[] {
  const refusedFns = new Set(
    guards(decisionsOf(os))
      .filter((g) => g.kind === 'runtime' && g.fn.copyObstacle)
      .map((g) => g.fn),
  );
  return eachContracted(os, (o) => {
    const { fn, assumes } = o.verdict.decision;
    if (!refusedFns.has(fn)) return o;
    return refused(
      o,
      refuse(
        'body-not-copyable',
        `the result holds only for ${Object.entries(assumes)
          .map(([k, v]) => `${k} == ${v}`)
          .join(', ')}, and the original body cannot be kept for other values: ${fn.copyObstacle}`,
      ),
    );
  });
}

/**
 * A result that rests on the target's data model is guarded in its function by constant
 * conditions (`if (sizeof(long) != 8) { original } else { contracted }`, contraction.ts): only
 * a local array of a function whose body can be written twice. Storage outside the function
 * (a parameter, a static or file-scope array) is the same object on both paths, and HLS
 * emits no such check: those stay unchanged.
 */
function dataModelGuards(os: readonly Outcome[], hls: boolean): Outcome[] {
  return eachContracted(os, (o) => {
    const d = o.verdict.decision;
    const facts = dataModelFacts(d);
    if (facts.length === 0) return o;
    const why = hls
      ? 'HLS mode emits no run-time check'
      : d.array.storage !== 'local'
        ? `the array is ${d.array.storage === 'parameter' ? "its callers' storage" : 'not local to the function'}, the same object in every build's path`
        : d.fn.copyObstacle
          ? `the original body cannot be kept for other builds: ${d.fn.copyObstacle}`
          : undefined;
    if (!why)
      return withWarning(
        o,
        warn(
          'data-model-guarded',
          `contracted for this data model only: where ${facts.join(' or ')}, the function runs its original body`,
        ),
      );
    return refused(
      o,
      refuse(
        'data-model-dependent',
        `the result holds only where none of ${facts.join(', ')} is true (another data model computes other values), and ${why}`,
      ),
    );
  });
}

/**
 * A result that rests on conditions on arguments at the function's entry (a do-while loop
 * from an argument, frontend/doWhileEntry.ts) holds only where they hold. A run-time check
 * `if (m < 1) { original } else { contracted }` would keep the original array in the same
 * frame (measured on kissfft's kf_bfly3: 24 -> 56 bytes at -O0, the same at -O2, where the
 * two paths share their slots): no memory saved. So the array stays unchanged, and the
 * reason names the condition that a guard around the loop in the source makes known.
 */
function entryDependent(os: readonly Outcome[]): Outcome[] {
  return eachContracted(os, (o) => {
    const facts = o.verdict.decision.fn.entryFacts ?? [];
    if (facts.length === 0) return o;
    const holds = facts.map((f) => f.holds).join(', ');
    return refused(
      o,
      refuse(
        'entry-dependent',
        `the do-while loop is the for loop the result was computed for only where ${holds} at the function's entry; ` +
          `a check there would keep the original array beside the contracted one: guard the loop with if (${facts
            .map((f) => f.holds)
            .join(' && ')}) to contract it`,
      ),
    );
  });
}

/** HLS mode: an array whose slot indices would need a division stays unchanged. */
function hlsMasks(os: readonly Outcome[]): Outcome[] {
  return eachContracted(os, (o) => {
    const r = hlsDivision(o.verdict.decision);
    return r ? refused(o, r) : o;
  });
}

/**
 * Parameters fold in place in their callers' buffers where they can (placement.ts); the
 * private arrays of the others are new stack: they must fit (privateStack.ts).
 */
function placement(os: readonly Outcome[], options: DecisionOptions): Outcome[] {
  const placed = eachContracted(os, (o) => {
    const p = placeParameter(o.verdict.decision);
    const moved = { ...o, verdict: { ...o.verdict, decision: p.d } };
    return p.note ? withWarning(moved, p.note) : moved;
  });
  const dropped = limitPrivateStack(
    placed.filter(isContracted).map((o) => ({
      d: o.verdict.decision,
      cells: typeof o.verdict.cells === 'string' ? o.verdict.cells : `${o.verdict.cells}`,
      ...(o.verdict.bytes !== undefined ? { bytes: o.verdict.bytes } : {}),
    })),
    options.privateStackBytes === undefined ? undefined : BigInt(options.privateStackBytes),
  );
  return eachContracted(placed, (o) => {
    const r = dropped.get(o.verdict.decision);
    if (!r) return o;
    // The note "gets a private array" no longer holds.
    return { ...refused(o, r), warnings: o.warnings.filter((w) => w.reason !== 'private-array') };
  });
}

/**
 * A file-scope scratch array of several functions takes one mapping (sharedScratch.ts), or
 * stays as it is in all of them.
 */
async function sharedScratch(os: readonly Outcome[]): Promise<Outcome[]> {
  const shared = await shareFileScopeMappings(decisionsOf(os));
  return eachContracted(os, (o) => {
    const s = shared.get(o.verdict.decision);
    if (!s) return o;
    if ('refusal' in s) {
      const { mapping: _, ...facts } = o.facts;
      return { ...refused(o, s.refusal), facts };
    }
    const cells = mappingSize(s.decision.mapping);
    const each = o.array.elementBytes;
    const mapping = {
      M: s.decision.mapping.M.map((row) => row.map(jsonInt)),
      b: s.decision.mapping.b.map(jsonInt),
    };
    return withWarning(
      {
        ...o,
        facts: { ...o.facts, mapping },
        verdict: {
          ...o.verdict,
          decision: s.decision,
          cells,
          ...(each !== undefined ? { bytes: cells * BigInt(each) } : {}),
        },
      },
      s.note,
    );
  });
}

/** Callers' buffers that only carry values for parameters folded in place shrink. */
function callerStorage(
  os: readonly Outcome[],
  model: ProgramModel,
  hls: boolean,
  program?: ProgramView,
): { outcomes: Outcome[]; storage?: StoragePlan } {
  if (hls) return { outcomes: [...os] };
  const storage = shrinkCallerStorage(model, decisionsOf(os), program);
  const out = acrossFilesNotes([...os], storage, program);
  for (const b of storage.buffers) {
    const note = (what: string) =>
      warn(
        'storage-shrinks',
        `its ${what} shrinks to [${b.texts.join('][')}]: it only carries values for ${b.carriesFor.join(', ')}, folded in place, whose parameter type changes with it`,
      );
    if (!b.array) {
      out.push({ kind: 'heap', shrink: b, warnings: [note('allocation')] });
      continue;
    }
    const k = out.findIndex(
      (o) =>
        !isHeap(o) &&
        o.fn.name === b.caller &&
        o.array.name === b.name &&
        o.array.loc.line === b.array!.loc.line,
    );
    const o = out[k];
    if (o && !isHeap(o))
      out[k] = withWarning({ ...o, verdict: { kind: 'shrunk', shrink: b } }, note('storage'));
  }
  for (const f of storage.forwarders) {
    const k = out.findIndex(
      (o) => !isHeap(o) && o.fn.name === f.fn && o.array.name === f.array.name,
    );
    if (k >= 0)
      out[k] = withWarning(
        out[k]!,
        warn(
          'storage-shrinks',
          `its type changes to [${f.texts.join('][')}]: it only passes its callers' buffers on to parameters folded in place, which shrink with them`,
        ),
      );
  }
  const some =
    storage.buffers.length > 0 ||
    storage.forwarders.length > 0 ||
    storage.parameters.size > 0 ||
    storage.prototypes.length > 0 ||
    !!storage.offers;
  return { outcomes: out, ...(some ? { storage } : {}) };
}

const nameOf = (o: Outcome) => (isHeap(o) ? o.shrink.name : o.array.name);
const functionOf = (o: Outcome) => (isHeap(o) ? o.shrink.caller : o.fn.name);

/**
 * The callers' buffers: say which ones a private array relieved, and whether they are now
 * unused (on the caller's entry, or on the callee's when the buffer is a pointer).
 */
function relievedBuffers(os: readonly Outcome[], model: ProgramModel): Outcome[] {
  const kept = decisionsOf(os);
  const relieved = kept
    .filter((d) => d.placement === 'private' && d.callSites)
    .flatMap((d) => callerBufferNotes(d.fn, d.array, d.callSites!));
  // Functions fixed for argument values keep their original body for other values, which
  // still uses the caller's buffer: not counted as private there.
  const privatized = new Set(
    kept
      .filter((d) => d.placement === 'private')
      .filter((d) => !Object.keys(d.assumes).some((k) => d.fn.parameters.some((p) => p.name === k)))
      .map((d) => `${d.fn.name}:${d.array.name}`),
  );
  const out = [...os];
  const add = (fn: string, name: string, w: ReturnType<typeof warn>) => {
    const k = out.findIndex((o) => functionOf(o) === fn && nameOf(o) === name);
    if (k >= 0) out[k] = withWarning(out[k]!, w);
    return k >= 0;
  };
  const summarized = new Set<string>();
  for (const n of relieved) {
    const own = add(n.caller, n.buffer, warn('buffer-relieved', n.note));
    const key = `${n.caller}:${n.buffer}`;
    if (summarized.has(key) || !model.calls) continue;
    summarized.add(key);
    const st = callerBufferStatus(model.calls, n.caller, n.buffer, privatized);
    const text = st.unused
      ? warn(
          'buffer-unused',
          `${n.caller}:${n.buffer} is now unused: ${n.caller}() only allocates, frees or passes it to ` +
            `parameters that have private arrays; it could be removed or shrunk by hand (beeclak ` +
            `leaves it: the parameters' types still ask for its full extent)`,
        )
      : warn(
          'buffer-still-used',
          `${n.caller}:${n.buffer} is still used (${st.use}): it keeps its size`,
        );
    if (own) add(n.caller, n.buffer, text);
    else
      for (const m of relieved.filter((m) => `${m.caller}:${m.buffer}` === key))
        add(m.callee, m.array, text);
  }
  return out;
}

/** The macros no `#if` guard can check, said on the first result of their function. */
function unguardedMacros(os: readonly Outcome[], uses: readonly MacroUse[]): Outcome[] {
  const out = [...os];
  const fns = [...new Set(decisionsOf(os).map((d) => d.fn))];
  // The first result of each function (contracted, or a caller's buffer that shrinks), found
  // in one pass: a search per function was quadratic in a file of many functions.
  const first = new Map<string, number>();
  os.forEach((o, k) => {
    if (isHeap(o) || 'kind' in o.verdict)
      if (!first.has(functionOf(o))) first.set(functionOf(o), k);
  });
  for (const fn of fns) {
    if (fn.range.end <= fn.range.start) continue;
    const k = first.get(fn.name) ?? -1;
    if (k < 0) continue;
    for (const w of macroGuards(fn, uses).warnings) out[k] = withWarning(out[k]!, w);
  }
  return out;
}

/** HLS mode: what becomes of the `#pragma HLS` lines naming a contracted array. */
function hlsPragmaNotes(os: readonly Outcome[]): Outcome[] {
  const kept = decisionsOf(os);
  const { notes } = hlsPragmaEdits(kept.map(pragmaTarget));
  const out = [...os];
  for (const note of notes) {
    const k = out.findIndex((o) => isContracted(o) && o.array.name === note.array);
    if (k >= 0)
      out[k] = withWarning(out[k]!, warn('hls-pragma-updated', `HLS pragma: ${note.message}`));
  }
  return out;
}

/**
 * The parameters of the set's edits across files (callerStorage.ts acrossFiles): retyped
 * with their callers' buffers in other files, or kept with the set's reason.
 */
function acrossFilesNotes(
  out: Outcome[],
  storage: StoragePlan,
  program: ProgramView | undefined,
): Outcome[] {
  const at = (fn: string, param: string) =>
    out.findIndex((o) => !isHeap(o) && o.fn.name === fn && o.array.name === param);
  for (const [d, texts] of storage.parameters) {
    const k = at(d.fn.name, d.array.name);
    const member = d.callSites?.find((s) => s.member)?.member;
    const with_ = member
      ? `the member '${member.member}' of struct ${member.tag} (its definition), which only carries values for it`
      : `its callers' buffers in other files of the set, which only carry values for it`;
    if (k < 0 || !storage.offers?.some((o) => o.fn === d.fn.name && o.param === d.array.name))
      continue;
    out[k] = withWarning(
      out[k]!,
      warn(
        'storage-shrinks',
        `its type changes to [${texts.join('][')}] with ${with_}, and with its prototypes`,
      ),
    );
    const shrunk = program?.storage?.parameters.find(
      (p) => p.fn === d.fn.name && p.param === d.array.name,
    )?.members;
    if (shrunk?.length) out[k] = withMembersShrunk(out[k]!, shrunk);
  }
  for (const kept of program?.storage?.kept ?? []) {
    const k = at(kept.fn, kept.param);
    if (k >= 0) out[k] = withWarning(out[k]!, warn(kept.code, kept.reason));
  }
  return out;
}

/**
 * A parameter's entry counts the struct members shrunk with it (the set counts each on one
 * parameter, crossFilePlan.ts): their cells per struct object, for its bytes (reports.ts).
 */
function withMembersShrunk(o: Outcome, members: readonly MemberShrunk[]): Outcome {
  if (!isContracted(o)) return o;
  const memberCells = members.reduce((a, m) => a + BigInt(m.before) - BigInt(m.after), 0n);
  return { ...o, verdict: { ...o.verdict, memberCells } };
}

/** A decision as its array's pragmas see it (the rewriter's rows). */
export function pragmaTarget(d: ArrayDecision) {
  return {
    name: d.array.name,
    pragmas: d.fn.hlsPragmas ?? [],
    rows: decisionRows(d).map((r) => ({
      coefficients: r.coefficients,
      ...(r.modulus.value !== undefined ? { extent: r.modulus.value } : {}),
    })),
    reshaped: d.array.delinearized !== undefined,
  };
}

export interface FileDecision {
  readonly outcomes: readonly Outcome[];
  /** Callers' buffers that shrink, and the parameters retyped with them (callerStorage.ts). */
  readonly storage?: StoragePlan;
}

/** Every pass over the whole file, in order. */
export async function decideFile(
  outcomes: readonly Outcome[],
  model: ProgramModel,
  macroUses: readonly MacroUse[],
  options: DecisionOptions,
): Promise<FileDecision> {
  const hls = !!options.hls;
  let os: Outcome[] = hls ? hlsRunTimeGuards(outcomes) : [...outcomes];
  os = copyFeasibility(os);
  os = dataModelGuards(os, hls);
  os = entryDependent(os);
  if (hls) os = hlsMasks(os);
  os = placement(os, options);
  os = await sharedScratch(os);
  os = includedTemplates(os, [
    ...(options.includedBy ?? []),
    ...(options.program?.includedBy ?? []),
  ]);
  os = agreeOnTemplates(os, (d) => (hls ? hlsPragmaEdits([pragmaTarget(d)]).edits : []));
  const stored = callerStorage(os, model, hls, options.program);
  os = relievedBuffers(stored.outcomes, model);
  os = unguardedMacros(os, macroUses);
  os = sharedFrames(os);
  if (hls) os = hlsPragmaNotes(os);
  return { outcomes: os, ...(stored.storage ? { storage: stored.storage } : {}) };
}
