/*
 * The conflict set DS of an array computed by isl, for the "isl ratio" of `npm run bench`
 * (scripts/bench-conflict.ts builds it with `cc ds.c -lisl` when <isl/set.h> exists).
 *
 * Input, one problem per line, tab-separated:
 *   name  nb  runs  P  ours
 * where P is the "write of i precedes an access of j" relation as an isl map
 * [EI, I] -> [EJ, J] (src/lifetime/conflictSet.ts precedesRelation, printed by
 * src/poly/isl.ts), nb the number of block-instance dims at the front of each side, and
 * ours the DS beeclak computed. isl computes, as beeclak does (Bee, section 3):
 *   conflicts = P and P^-1;  DS = { i - j : conflicts } (block dims projected out) + { 0 }
 * then coalesces. Output per line, tab-separated:
 *   name  median CPU ms (parse of P included)  same set as ours (1/0, -1: error)  isl's DS
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>

static double cpu_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static isl_set *conflict_set(isl_ctx *ctx, const char *p, int nb) {
  isl_map *P = isl_map_read_from_str(ctx, p);
  if (!P) return NULL;
  isl_map *R = isl_map_reverse(isl_map_copy(P)); /* (argument order is unspecified in C) */
  isl_map *C = isl_map_intersect(P, R);
  isl_set *D = isl_map_deltas(C);
  if (nb > 0) D = isl_set_project_out(D, isl_dim_set, 0, nb);
  isl_set *Z = isl_set_universe(isl_set_get_space(D));
  isl_size n = isl_set_dim(Z, isl_dim_set);
  for (int k = 0; k < n; k++) Z = isl_set_fix_si(Z, isl_dim_set, k, 0);
  return isl_set_coalesce(isl_set_union(D, Z));
}

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  char *line = NULL;
  size_t cap = 0;
  while (getline(&line, &cap, stdin) > 0) {
    line[strcspn(line, "\n")] = 0;
    char *save = NULL;
    char *name = strtok_r(line, "\t", &save);
    char *nbs = strtok_r(NULL, "\t", &save);
    char *runss = strtok_r(NULL, "\t", &save);
    char *p = strtok_r(NULL, "\t", &save);
    char *ours = strtok_r(NULL, "\t", &save);
    if (!name || !nbs || !runss || !p || !ours) continue;
    int nb = atoi(nbs), runs = atoi(runss);
    if (runs < 1) runs = 1;
    double *ts = malloc(sizeof(double) * runs);
    isl_set *ds = NULL;
    for (int r = 0; r < runs; r++) {
      double t0 = cpu_ms();
      isl_set *d = conflict_set(ctx, p, nb);
      ts[r] = cpu_ms() - t0;
      if (ds) isl_set_free(ds);
      ds = d;
    }
    qsort(ts, runs, sizeof(double), cmp);
    int same = -1;
    char *text = NULL;
    if (ds) {
      isl_set *o = isl_set_read_from_str(ctx, ours);
      isl_bool eq = o ? isl_set_is_equal(ds, o) : isl_bool_error;
      same = eq == isl_bool_true ? 1 : eq == isl_bool_false ? 0 : -1;
      isl_set_free(o);
      text = isl_set_to_str(ds);
    }
    printf("%s\t%.3f\t%d\t%s\n", name, ts[runs / 2], same, text ? text : "error");
    fflush(stdout);
    free(text);
    free(ts);
    isl_set_free(ds);
  }
  free(line);
  isl_ctx_free(ctx);
  return 0;
}
