/**
 * Campaign sizes against the real beeclak, as data: the `quick` preset is what
 * `npm run test:long` runs (test/fuzz/campaign.long.test.ts, a few seconds per row on 2 cores),
 * the `nightly` preset what `npm run fuzz:nightly` runs (scripts/fuzz/nightly.ts, hours). Each
 * quick row starts at a seed that found a known bug with its generator options
 * (scripts/fuzz/README.md, "bugs found"; the reduced programs are in test/fixtures/fuzz and run
 * by test/cli/regressions.test.ts), so the in-suite campaign still meets each class of bug.
 */
import type { GenerateOptions } from './generate.js';

export interface CampaignPreset {
  /** What the row exercises (a test title). */
  name: string;
  seed: number;
  count: number;
  generate?: GenerateOptions;
  /** Extra options of `contract` and `check`. */
  args: string[];
}

/** Every form of calls.ts often: few programs show all of them. */
export const WHOLE_PROGRAM_FORMS = {
  calls: 1,
  alias: 0.6,
  kept: 0.5,
  nested: 0.5,
  loop: 0.5,
  prelude: 0.6,
  extents: 0.6,
  recursion: 0.6,
  unity: 0.5,
};

export const QUICK_PRESET: CampaignPreset[] = [
  // Default generator options: seeds 2000.. (the in-suite campaign since issue 8).
  { name: 'default generator options', seed: 2000, count: 6, args: [] },
  // Writes sequenced before reads by a comma: a miscompilation (seeds 11 and 13). Seed 13
  // alone fails within 2 s when that bug is put back (the owner check finds a clobbered
  // read), and it contracts an array on today's code, where seed 11 contracts none.
  {
    name: 'comma-joined assignments',
    seed: 13,
    count: 1,
    generate: { commaProbability: 0.9 },
    args: [],
  },
  // The exact model of `?:`: a guard lost or negated wrongly shrinks lifetimes.
  {
    name: 'references split into `?:` branches',
    seed: 31,
    count: 2,
    generate: { selectProbability: 0.5 },
    args: [],
  },
  // Delinearization: a wrong split would merge or separate cells.
  {
    name: 'hand-linearized temporaries (delinearization)',
    seed: 300,
    count: 2,
    generate: { linearProbability: 0.8 },
    args: [],
  },
  // pow2 moduli that could not be rounded: an internal error (seed 12). Seeds 12 and 14
  // no longer reach that case (rounded up, their moduli save nothing: "no saving"), so the
  // rounding is guarded by test/fixtures/fuzz/pow2-non-power-modulus.c, a program written
  // to reach it (exact moduli 12 and 3, pow2 16 and 4; test/cli/regressions.test.ts), and
  // the exact form of a modulus that could not be rounded by test/rewrite/rewrite.test.ts
  // ('a modulus that is not a power of two keeps the exact form'); the row runs seed 13,
  // which contracts an array with these options (seed 12 contracts none).
  {
    name: '--modulo pow2 --heuristic opt',
    seed: 13,
    count: 1,
    generate: {},
    args: ['--modulo', 'pow2', '--heuristic', 'opt'],
  },
  // C forms of issue 13 (casts, narrow/unsigned counters, labels, while loops, induction
  // scalars, shadowing declarations): a form the model reads wrongly miscompiles.
  {
    name: 'C forms (casts, counters, labels, while, induction, shadowing)',
    seed: 9000,
    count: 3,
    generate: {
      forms: { casts: 0.3, counters: 0.5, labels: 0.3, while: 0.3, induction: 0.4, shadow: 0.2 },
    },
    args: [],
  },
  // Counter and cast types spelled through typedef names (`u8_t`, a chain for it): the model
  // must read each as the type it names (src/frontend/typedefs.ts).
  {
    name: 'typedef names for counter and cast types',
    seed: 9000,
    count: 2,
    generate: { forms: { casts: 0.3, counters: 0.5, typedefs: 0.8 } },
    args: [],
  },
  // Outer loops (frames, time steps) that rewrite temporaries in every iteration: the
  // value-based lifetimes of issue 14 (a lifetime cut wrongly at a frame boundary clobbers).
  {
    name: 'outer loops rewriting temporaries (value-based lifetimes)',
    seed: 1,
    count: 2,
    generate: { outerProbability: 1 },
    args: [],
  },
  // Whole programs (issue 25, calls.ts): a static kernel with scratch parameters and the
  // callers that pass their buffers. Seeds 25510-25513 write every family of forms (an
  // alias, a kept pointer, a nested call, a call in a loop, a prelude, a lying extent,
  // recursion, a unity build; test/fuzz/campaign.long.test.ts checks it), three in which a value
  // crosses a call and one in which none does (a unity build: its kernel keeps its
  // parameters, since another file includes it). The seeds that failed on c337e58:
  // scripts/fuzz/README.md, "Whole programs".
  {
    name: 'whole programs: temporaries across calls',
    seed: 25510,
    count: 4,
    generate: { calls: WHOLE_PROGRAM_FORMS },
    args: [],
  },
  // Forms at their default probabilities: seed 25518 is a program where no value crosses a
  // call, whose scratch parameter must be contracted (a tool that refuses every temporary
  // across calls fails here).
  {
    name: 'whole programs: a scratch parameter contracted',
    seed: 25518,
    count: 1,
    generate: { calls: { calls: 1 } },
    args: [],
  },
];

/** The same rows at campaign size (the seeds of the long campaigns in docs/soundness-and-testing.md). */
export const NIGHTLY_PRESET: CampaignPreset[] = [
  { name: 'default generator options', seed: 1, count: 1000, args: [] },
  {
    name: 'comma-joined assignments',
    seed: 1,
    count: 300,
    generate: { commaProbability: 0.9 },
    args: [],
  },
  {
    name: 'references split into `?:` branches',
    seed: 1,
    count: 300,
    generate: { selectProbability: 0.5 },
    args: [],
  },
  {
    name: 'hand-linearized temporaries (delinearization)',
    seed: 1,
    count: 300,
    generate: { linearProbability: 0.8 },
    args: [],
  },
  {
    name: 'hand-linearized temporaries with `?:`',
    seed: 20000,
    count: 300,
    generate: { linearProbability: 0.6, selectProbability: 0.3 },
    args: [],
  },
  {
    name: '--modulo pow2 --heuristic opt',
    seed: 1,
    count: 300,
    generate: {},
    args: ['--modulo', 'pow2', '--heuristic', 'opt'],
  },
  {
    name: 'C forms (casts, counters, labels, while, induction, shadowing)',
    seed: 1,
    count: 1000,
    generate: {
      forms: { casts: 0.3, counters: 0.5, labels: 0.3, while: 0.3, induction: 0.4, shadow: 0.2 },
    },
    args: [],
  },
  {
    name: 'typedef names for counter and cast types',
    seed: 1,
    count: 300,
    generate: { forms: { casts: 0.3, counters: 0.5, typedefs: 0.8 } },
    args: [],
  },
  {
    name: 'outer loops rewriting temporaries (value-based lifetimes)',
    seed: 1,
    count: 500,
    generate: { outerProbability: 1 },
    args: [],
  },
  {
    name: 'whole programs: temporaries across calls',
    seed: 1,
    count: 300,
    generate: { calls: WHOLE_PROGRAM_FORMS },
    args: [],
  },
];

/**
 * Whole programs with temporaries across calls (issue 25, calls.ts): 2,000 programs, every
 * one a static kernel with scratch parameters called by callers that pass their buffers,
 * in the forms of calls.ts. `npm run fuzz -- --preset crosscall [--jobs 2]`.
 */
export const CROSSCALL_PRESET: CampaignPreset[] = [
  {
    name: 'whole programs: every form at its default probability',
    seed: 1,
    count: 800,
    generate: { calls: { calls: 1 } },
    args: [],
  },
  {
    name: 'whole programs: callers (aliases, kept pointers, nested calls, loops)',
    seed: 100001,
    count: 400,
    generate: {
      calls: { calls: 1, alias: 0.5, kept: 0.4, nested: 0.4, loop: 0.4, prelude: 0.1 },
    },
    args: [],
  },
  {
    name: 'whole programs: callees (conditional writes, lying extents, recursion)',
    seed: 200001,
    count: 400,
    generate: { calls: { calls: 1, prelude: 0.7, extents: 0.6, recursion: 0.6 } },
    args: [],
  },
  {
    name: 'whole programs: unity builds',
    seed: 300001,
    count: 200,
    generate: { calls: { calls: 1, unity: 0.8 } },
    args: [],
  },
  {
    name: 'whole programs with C forms, linearized temporaries and outer loops',
    seed: 400001,
    count: 200,
    generate: {
      calls: { calls: 1 },
      linearProbability: 0.3,
      outerProbability: 0.2,
      selectProbability: 0.2,
      forms: { casts: 0.2, counters: 0.3, while: 0.2, induction: 0.2, shadow: 0.2 },
    },
    args: [],
  },
];

/** The presets by name (`npm run fuzz -- --preset NAME`). */
export const PRESETS: Record<string, readonly CampaignPreset[]> = {
  quick: QUICK_PRESET,
  nightly: NIGHTLY_PRESET,
  crosscall: CROSSCALL_PRESET,
};
