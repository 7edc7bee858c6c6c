// TEMPORARY placeholder during bring-up; replaced by the real tool.
#include <stdio.h>
int main(void) {
  fprintf(stderr, "dlc-translate: not built yet\n");
  return 2;
}
