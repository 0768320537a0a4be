/**
 * Trace sites (frontend/traceSites.ts): what a trace build reports, and which arrays it
 * cannot follow. A wrong kind or a missed escape would make `profile` lifetimes too short.
 */
import { traceSites } from '../../src/frontend/traceSites.js';

const sites = (body: string) =>
  traceSites(`struct P { int x, y; };\nint f(int n) {\n${body}\n}\n`, 'x.c');

describe('trace sites', () => {
  it('kinds: a write of a member is a read and a write of the cell', () => {
    const s = sites(
      'struct P t[10]; int u[4];\nfor (int i = 0; i < 10; i++) { t[i].x = i; (t[i]).y += 1; u[i % 4]++; u[0] = t[i].x; }\nreturn u[1];',
    );
    expect(s.accesses.map((a) => `${a.text}:${a.kind}`)).toEqual([
      't[i]:readwrite',
      't[i]:readwrite',
      'u[i % 4]:readwrite',
      'u[0]:write',
      't[i]:read',
      'u[1]:read',
    ]);
    expect(s.arrays.map((a) => a.escapes)).toEqual([undefined, undefined]);
  });
  it.each([
    ['a pointer to it', 'int t[4]; int *p = t; p[0] = 1; return t[0];'],
    ['the address of a cell', 'int t[4]; int *p = &t[1]; *p = 1; return t[1];'],
    ['the address of a member', 'struct P t[4]; int *p = &t[1].y; *p = 1; return t[1].y;'],
    ['sizeof', 'int t[4]; t[0] = sizeof t; return t[0];'],
    ['a partial subscript', 'int t[4][4]; int *r = t[1]; r[0] = 2; return t[1][0];'],
  ])('escapes: %s', (_, body) => {
    expect(sites(body).arrays[0]!.escapes).toBeDefined();
  });
  it('integer parameters are reported (sizes and bounds of the model)', () => {
    const s = traceSites(
      'int f(int n, double x, unsigned long m, int *p, struct S s, int a[4]) { int t[4]; t[0] = n; return t[0]; }',
      'x.c',
    );
    expect(s.functions[0]!.params).toEqual(['n', 'm']);
  });
  it('loops: counters, and accesses in a loop header', () => {
    const s = sites(
      'int t[8]; int k = 0;\nwhile (t[k] > 0) { for (int j = 0; j < n; j += 2) t[j] = k; k++; }\nreturn 0;',
    );
    expect(s.accesses.map((a) => [a.text, a.loops.length, !!a.inLoopHeader])).toEqual([
      ['t[k]', 0, true],
      ['t[j]', 2, false],
    ]);
    expect(s.loops.map((l) => l.counter)).toEqual(expect.arrayContaining(['j', undefined]));
  });
});
