//===- CommandLine.c - Flags of dlc-run and dlc-translate -------*- C -*-===//

#include "Tools/CommandLine.h"

#include <stdio.h>
#include <string.h>

bool dlcTakeFlagValue(int argc, char **argv, int *i, const char *name, const char **value,
                      const char *tool, int *status, int errorStatus) {
  const char *a = argv[*i] + (argv[*i][1] == '-' ? 2 : 1);
  size_t n = strlen(name);
  if (strncmp(a, name, n))
    return false;
  if (a[n] == '=') {
    *value = a + n + 1;
    return true;
  }
  if (a[n])
    return false;
  if (*i + 1 == argc) {
    fprintf(stderr, "%s: option '%s' requires a value\n", tool, argv[*i]);
    *status = errorStatus;
    return true;
  }
  *value = argv[++*i];
  return true;
}
