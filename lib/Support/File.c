//===- File.c - Reading and writing files whole -----------------*- C -*-===//

#include "Support/File.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *dlcTemporaryPath(const char *path, const char *suffix) {
  DlcStr s = DLC_STR_INIT;
  dlcStrPrintf(&s, "%s.tmp%ld%s", path, (long)getpid(), suffix);
  return s.data;
}

MlirLogicalResult dlcFileWriteAtomically(MlirStringRef path, const void *data, size_t size,
                                         MlirStringCallback errorCallback, void *userData) {
  char *file = dlcStrndup(path.data, path.length);
  DlcStr error = DLC_STR_INIT;
  const void *chunks[] = {data};
  bool ok = dlcWriteFileAtomically(file, 1, chunks, &size, &error);
  if (!ok && errorCallback)
    errorCallback(mlirStringRefCreate(error.data, error.len), userData);
  dlcStrFree(&error);
  free(file);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

FILE *dlcOpenRegularFile(const char *path, const char *what, DlcStr *error) {
  const char *space = what ? " " : "";
  what = what ? what : "";
  // O_NONBLOCK: opening a FIFO must not wait for a writer before the check
  // below refuses it.
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) {
    dlcStrPrintf(error, "cannot open %s%s'%s': %s", what, space, path, strerror(errno));
    if (fd >= 0)
      close(fd);
    return NULL;
  }
  if (!S_ISREG(st.st_mode)) {
    dlcStrPrintf(error, "cannot open %s%s'%s': %s", what, space, path,
                 S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file");
    close(fd);
    return NULL;
  }
  int flags = fcntl(fd, F_GETFL);
  FILE *f = flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0 ? NULL : fdopen(fd, "rb");
  if (!f) {
    dlcStrPrintf(error, "cannot open %s%s'%s': %s", what, space, path, strerror(errno));
    close(fd);
  }
  return f;
}

char *dlcReadFile(const char *path, const char *what, size_t *size, DlcStr *error) {
  const char *space = what ? " " : "";
  bool isStdin = !strcmp(path, "-");
  FILE *f = isStdin ? stdin : dlcOpenRegularFile(path, what, error);
  what = what ? what : "";
  if (!f)
    return NULL;
  struct stat st;
  bool known = fstat(fileno(f), &st) == 0;
  // Sized for a regular file in one read (one byte more to see its end);
  // grows for stdin and files that grow meanwhile.
  size_t capacity = known && st.st_size > 0 ? (size_t)st.st_size + 1 : 1 << 16;
  char *data = malloc(capacity);
  if (!data)
    abort();
  size_t used = 0, n;
  while ((n = fread(data + used, 1, capacity - used, f)) > 0) {
    used += n;
    if (used == capacity) {
      capacity *= 2;
      data = realloc(data, capacity);
      if (!data)
        abort();
    }
  }
  int err = ferror(f) ? errno : 0;
  if (!isStdin)
    fclose(f);
  if (err) {
    dlcStrPrintf(error, "cannot read %s%s'%s': %s", what, space, path, strerror(err));
    free(data);
    return NULL;
  }
  data[used] = '\0';
  *size = used;
  return data;
}

// Writes the chunks straight into `path`, which exists and is no regular
// file (a device such as /dev/null, a FIFO): renaming over it would
// replace the device node. A FIFO without a reader fails at once rather
// than blocking.
static bool writeInPlace(const char *path, const char *shown, intptr_t numChunks,
                         const void *const *chunks, const size_t *sizes, DlcStr *error) {
  int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  bool ok = fd >= 0;
  if (ok) // block on a full pipe from here on, as any writer does
    ok = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0;
  for (intptr_t i = 0; ok && i < numChunks; ++i) {
    const char *p = chunks[i];
    for (size_t left = sizes[i]; ok && left;) {
      ssize_t n = write(fd, p, left);
      ok = n > 0 || (n < 0 && errno == EINTR);
      if (n > 0) {
        p += n;
        left -= (size_t)n;
      }
    }
  }
  int savedErrno = errno;
  if (fd >= 0 && close(fd) != 0 && ok) {
    ok = false;
    savedErrno = errno;
  }
  if (!ok)
    dlcStrPrintf(error, "cannot write '%s': %s", shown,
                 savedErrno == ENXIO ? "a FIFO with no reader" : strerror(savedErrno));
  return ok;
}

bool dlcWriteFileAtomically(const char *path, intptr_t numChunks, const void *const *chunks,
                            const size_t *sizes, DlcStr *error) {
  return dlcWriteFileAtomicallyAs(path, path, numChunks, chunks, sizes, error);
}

bool dlcWriteFileAtomicallyAs(const char *path, const char *shown, intptr_t numChunks,
                              const void *const *chunks, const size_t *sizes, DlcStr *error) {
  // Through a symlink, the file it points to is what gets replaced.
  char *resolved = realpath(path, NULL);
  const char *target = resolved ? resolved : path;
  struct stat st;
  bool exists = stat(target, &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) {
    bool ok = S_ISDIR(st.st_mode) ? false
                                  : writeInPlace(target, shown, numChunks, chunks, sizes, error);
    if (S_ISDIR(st.st_mode))
      dlcStrPrintf(error, "cannot write '%s': %s", shown, strerror(EISDIR));
    free(resolved);
    return ok;
  }
  char *tmp = dlcTemporaryPath(target, "");
  FILE *f = fopen(tmp, "wb");
  bool ok = f != NULL;
  for (intptr_t i = 0; ok && i < numChunks; ++i)
    ok = !sizes[i] || fwrite(chunks[i], 1, sizes[i], f) == sizes[i];
  int savedErrno = errno;
  if (f && fclose(f) != 0 && ok) {
    ok = false;
    savedErrno = errno;
  }
  // A file replaced keeps its permissions.
  if (ok && exists)
    chmod(tmp, st.st_mode & 07777);
  if (ok && rename(tmp, target) != 0) {
    ok = false;
    savedErrno = errno;
  }
  if (!ok) {
    dlcStrPrintf(error, "cannot write '%s': %s", shown, strerror(savedErrno));
    remove(tmp);
  }
  free(tmp);
  free(resolved);
  return ok;
}
