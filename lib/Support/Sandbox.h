//===- Sandbox.h - Running untrusted work in a child process ----*- C -*-===//
//
// Upstream's bytecode reader and its text parser trust their input: corrupt
// or hostile files make them crash (and the reader hang or allocate
// gigabytes). A crash in code DLC does not control can only be kept out of
// the caller's process by running that code in another one: a child that
// fork() makes, whose end the parent reads and reports.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_SANDBOX_H
#define DLC_SUPPORT_SANDBOX_H

#include "Support/Str.h"

#include <stdbool.h>
#include <stddef.h>

// Under AddressSanitizer (which reserves terabytes of address space for its
// shadow, so a child's address-space limit would fail every allocation).
#if defined(__SANITIZE_ADDRESS__)
#define DLC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DLC_ASAN 1
#endif
#endif

/// How a child ended: by _exit(`status`), or killed by `signal`.
typedef struct DlcSandboxEnd {
  bool exited;
  int status;
  int signal;
} DlcSandboxEnd;

/// The exit status of a child in which a sanitizer found an error: the
/// child's crash, reported by the parent like one.
#define DLC_SANDBOX_SANITIZER_STATUS 86

/// Runs `body(fd, userData)` in a child process and waits for it. What the
/// child writes to `fd` (dlcSandboxWrite) is appended to `output`; how it
/// ended is in `end`. In the child, stderr is /dev/null (what failing code
/// prints is not the caller's: the parent says what happened), fatal
/// signals have their default action (a crash handler the host installed,
/// libFuzzer's say, would take the child's crash for its own) and a
/// sanitizer's error report ends it with DLC_SANDBOX_SANITIZER_STATUS.
/// `body` must end with _exit, leaving the parent's state and atexit
/// handlers alone. Returns false, with why in `error`, when no child could
/// be started.
bool dlcSandboxRun(void (*body)(int fd, void *userData), void *userData, DlcStr *output,
                   DlcSandboxEnd *end, DlcStr *error);

/// Writes all of `data` to the parent (in a child of dlcSandboxRun); the
/// child exits with status 3 when the parent is gone.
void dlcSandboxWrite(int fd, const void *data, size_t size);

/// Whether the child crashed: a signal other than SIGXCPU (its CPU limit) or
/// a sanitizer's report.
bool dlcSandboxCrashed(const DlcSandboxEnd *end);

#endif // DLC_SUPPORT_SANDBOX_H
