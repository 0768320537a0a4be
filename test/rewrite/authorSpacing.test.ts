/**
 * The author's brackets and spaces are kept where the rank is (found on TACLeBench's
 * susan.c, whose style is `a[ i ]`: `char header [ 100 ]` became `char header[2]` and the
 * unchanged `header[ 0 ]` became `header[0]`, a diff on lines whose meaning did not change).
 * Before the fix, every expected text below came out with `[x]` and no spaces.
 */
import { contract } from '../../src/index.js';

const cases: { name: string; source: string; kept: string[] }[] = [
  {
    name: 'an identity slot keeps its access as written, the declarator its spaces',
    source: `int f(int (*get)(void)) {
  char header [ 100 ];
  header[ 0 ] = get();
  header[ 1 ] = get();
  return header[ 0 ] == 'P' && header [ 1 ] == '5';
}
`,
    kept: ['char header [ 2 ];', 'header[ 0 ] = get();', "header [ 1 ] == '5'"],
  },
  {
    name: 'a folded dimension fills the author brackets (rank kept)',
    source: `#define N 20
double g(const double r[N]) {
  double y [ N ][ N ];
  double s = 0;
  for (int k = 0; k < N; k++) {
    for (int i = 0; i < k; i++) y[ i ][ k ] = y[ i ][ k - 1 ] + r[k] * y[ k - i - 1 ][ k - 1 ];
    y[ k ][ k ] = r[k];
  }
  for (int i = 0; i < N; i++) s += y[ i ][ N - 1 ];
  return s;
}
`,
    kept: [
      'double y [ N ][ 2 ];',
      'y[ i ][ k % 2 ] = y[ i ][ (k - 1) % 2 ] + r[k] * y[ k - i - 1 ][ (k - 1) % 2 ];',
    ],
  },
  {
    name: 'a dropped dimension leaves the brackets of the one kept',
    source: `#define N 16
double g(const double r[N]) {
  double y [ N ] [ N ];
  double s = 0;
  for (int i = 0; i < N; i++) y[ i ][ 0 ] = r[i];
  for (int k = 1; k < N; k++)
    for (int i = 0; i < N; i++) y[ i ][ k ] = y[ i ] [ k - 1 ] * 0.5;
  for (int i = 0; i < N; i++) s += y[ i ][ N - 1 ];
  return s;
}
`,
    kept: ['double y [ N ];', 'y[ i ] = y[ i ] * 0.5;', 's += y[ i ];'],
  },
  {
    name: 'a dropped first dimension leaves the spaces after the name',
    source: `double h(void) {
  double t [ 100 ] [ 8 ];
  double s = 0;
  for (int i = 0; i < 100; i++) {
    for (int j = 0; j < 8; j++) t[ i ][ j ] = i * j;
    for (int j = 0; j < 8; j++) s += t [i] [ j ];
  }
  return s;
}
`,
    kept: ['double t [ 8 ];', 't[ j ] = i * j;', 's += t [ j ];'],
  },
];

describe('contracted accesses and declarators keep the author spacing', () => {
  test.each(cases)('$name', async ({ source, kept }) => {
    const out = await contract(source, { compiler: false });
    for (const text of kept) expect(out.code).toContain(text);
  });
});
