/**
 * The reason codes of where the cells live (private copies, shared scratch, callers' buffers
 * and their prototypes): one part of the table of reasons.ts, kept in a file of its own for
 * its size.
 */
import { entry, UNCHANGED } from './reasonEntry.js';

export const STORAGE_REASONS = {
  'private-stack-run-time-size': entry(
    'BC1601',
    'a private array would be on the stack with a size known only at run time',
    'Give the size a value with -D, so that the private array has a constant size.',
    UNCHANGED,
  ),
  'private-stack-limit': entry(
    'BC1602',
    'the private arrays of a function would take too much stack',
    'Raise the limit with --private-stack if the stack is large enough.',
    UNCHANGED,
  ),
  'shared-scratch-refused': entry(
    'BC1610',
    'a file-scope scratch array of several functions: no one mapping serves them all',
    'Give each function its own scratch array, or nothing to do.',
    UNCHANGED,
  ),
  'shared-scratch': entry(
    'BC1611',
    'one mapping for the functions of a file-scope scratch array: its declaration is shared',
    'Nothing to do.',
  ),
  'folded-in-place': entry(
    'BC1603',
    "a parameter folded in place in its callers' buffers",
    'Nothing to do: no copy, no new memory.',
  ),
  'private-array': entry(
    'BC1604',
    'a parameter gets a private array',
    "Nothing to do; the callers' buffers could be shrunk by hand where nothing else uses them.",
  ),
  'temporary-across-calls': entry(
    'BC1605',
    'a parameter is a temporary across calls',
    'Nothing to do: no value flows into or out of it at any call.',
  ),
  'storage-shrinks': entry(
    'BC1606',
    "a caller's buffer shrinks with the parameters folded in it",
    'Nothing to do: the parameter types change with it.',
  ),
  'buffer-relieved': entry(
    'BC1607',
    'a call no longer uses this buffer',
    'The buffer may be unused or smaller now.',
  ),
  'buffer-unused': entry(
    'BC1608',
    'the buffer is now unused',
    'Remove it by hand if you like (beeclak leaves it).',
  ),
  'buffer-still-used': entry(
    'BC1609',
    'the buffer is still used and keeps its size',
    'Nothing to do.',
  ),
  'prototype-not-retypable': entry(
    'BC1612',
    "a prototype of the function cannot be retyped with its callers' buffers in other files",
    "Nothing to do, or declare the parameter as a plain array (`double t[N][N]`) in every prototype, spelled in the file rather than by a macro, alike in every configuration: the callers' buffers keep their size until then.",
  ),
  'prototype-outside-set': entry(
    'BC1613',
    'a prototype of the function is in a file the set does not own',
    "Nothing to do, or bring the header into the set: a header outside the set's folders, included by a file outside the set, or a file not written keeps its prototype, so the callers' buffers keep their size.",
  ),
};
