/* trap: the harness of a kernel whose scratch is a member of its heap struct
   expect: none
*/
#include <stdio.h>
#include <stdlib.h>

extern int INPUT_SIZE;
void load(void *vdata);
void run(void *vargs);
int check(void *vdata);

int main(void) {
  char *data = malloc(INPUT_SIZE);
  if (!data)
    return 1;
  load(data);
  run(data);
  printf("%d\n", check(data));
  free(data);
  return 0;
}
