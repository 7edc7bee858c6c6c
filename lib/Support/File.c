//===- File.c - Writing files whole or not at all ---------------*- C -*-===//

#include "Support/File.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *dlcTemporaryPath(const char *path, const char *suffix) {
  DlcStr s = DLC_STR_INIT;
  dlcStrPrintf(&s, "%s.tmp%ld%s", path, (long)getpid(), suffix);
  return s.data;
}

bool dlcWriteFileAtomically(const char *path, intptr_t numChunks, const void *const *chunks,
                            const size_t *sizes, DlcStr *error) {
  char *tmp = dlcTemporaryPath(path, "");
  FILE *f = fopen(tmp, "wb");
  bool ok = f != NULL;
  for (intptr_t i = 0; ok && i < numChunks; ++i)
    ok = !sizes[i] || fwrite(chunks[i], 1, sizes[i], f) == sizes[i];
  int savedErrno = errno;
  if (f && fclose(f) != 0 && ok) {
    ok = false;
    savedErrno = errno;
  }
  if (ok && rename(tmp, path) != 0) {
    ok = false;
    savedErrno = errno;
  }
  if (!ok) {
    dlcStrPrintf(error, "cannot write '%s': %s", path, strerror(savedErrno));
    remove(tmp);
  }
  free(tmp);
  return ok;
}
