/**
 * Which facts of the data model a folded constant rests on (src/frontend/modelVariants.ts,
 * constants.ts). Guards: a constant whose value differs between the models the source may be
 * built for (`12 - sizeof(long)`) was folded with no mark, so its function was contracted
 * unguarded; and a mark on values every model shares would guard ordinary code for nothing.
 */
import { constantValue } from '../../src/frontend/constants.js';
import { ILP32, LP64, type DataModel } from '../../src/frontend/dataModel.js';
import { modelOnly } from '../../src/frontend/intTypes.js';
import { child, parseTree } from '../../src/frontend/parse.js';

function factsOf(expr: string, model: DataModel): string[] | undefined {
  const tree = parseTree(`int x = (${expr});`);
  const value = child(child(tree.rootNode.namedChildren[0]!, 'declarator')!, 'value')!;
  const scope = {
    identifier: () => undefined,
    functionMacros: new Map(),
    fresh: () => '',
    typedefs: modelOnly(model),
  };
  const c = constantValue(value, scope);
  return c ? [...(c.facts ?? [])] : undefined;
}

const SIGNED_LP64: DataModel = { ...LP64, charSigned: true };

// expression                                  facts in LP64 (plain char signed)
const CASES: [string, string[]][] = [
  ['sizeof(double)', []],
  ['sizeof(int) * 4', []],
  ['12 - sizeof(double)', []],
  ['3000000000 > 5', []],
  ['1L + 2', []],
  ['sizeof(long long)', []],
  ['12 - sizeof(long)', ['long']],
  ['12 - sizeof(void *)', ['pointer']],
  ['sizeof(long) == sizeof(void *)', ['long', 'pointer']],
  ['4294967295UL + 2UL > 8', ['long']],
  ['-1L < 1u', ['long']],
  ['(unsigned long)-1 % 7', ['long']],
  ['(unsigned long long)-1 % 7', []],
  ['(char)200 > 0', ['char']],
  ['(unsigned char)200 > 0', []],
  ['sizeof(long double)', ['longDouble']],
];

describe('the data model facts of a constant', () => {
  it.each(CASES)('%s: %j', (expr, facts) => {
    expect(factsOf(expr, SIGNED_LP64)).toEqual(facts);
  });

  it('are read in the unit model, ILP32 too', () => {
    expect(factsOf('12 - sizeof(long)', ILP32)).toEqual(['long']);
    expect(factsOf('sizeof(int)', ILP32)).toEqual([]);
    // Plain char of unknown signedness: (char)200 has no value, nothing to rest on.
    expect(factsOf('(char)200 > 0', ILP32)).toBeUndefined();
  });
});
