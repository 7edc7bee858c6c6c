// TEMPORARY placeholder during bring-up; replaced by the real tool.
#include <stdio.h>
int main(void) {
  fprintf(stderr, "dlc-run: not built yet\n");
  return 2;
}
