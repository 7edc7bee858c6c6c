//===- Sandbox.c - Running untrusted work in a child process ----*- C -*-===//
//
// This is the one place DLC makes a child process: nothing else can keep a
// crash in code DLC does not control out of the caller's process.
//
//===----------------------------------------------------------------------===//

#include "Support/Sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef DLC_ASAN
#include <sanitizer/common_interface_defs.h>

static void sanitizerDeath(void) { _exit(DLC_SANDBOX_SANITIZER_STATUS); }
#endif

void dlcSandboxWrite(int fd, const void *data, size_t size) {
  const char *p = data;
  while (size) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      _exit(3);
    p += n;
    size -= (size_t)n;
  }
}

static void enterChild(void) {
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null >= 0)
    dup2(null, 2);
  static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGXCPU};
  for (size_t i = 0; i < sizeof fatal / sizeof *fatal; ++i)
    signal(fatal[i], SIG_DFL);
#ifdef DLC_ASAN
  __sanitizer_set_death_callback(sanitizerDeath);
#endif
}

bool dlcSandboxRun(void (*body)(int fd, void *userData), void *userData, DlcStr *output,
                   DlcSandboxEnd *end, DlcStr *error) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    dlcStrPrintf(error, "%s", strerror(errno));
    return false;
  }
  pid_t pid = fork();
  if (pid < 0) {
    dlcStrPrintf(error, "%s", strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return false;
  }
  if (pid == 0) {
    close(fds[0]);
    enterChild();
    body(fds[1], userData);
    _exit(0);
  }
  close(fds[1]);
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    dlcStrAppend(output, buffer, (size_t)n);
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  end->exited = WIFEXITED(status);
  end->status = end->exited ? WEXITSTATUS(status) : 0;
  end->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  return true;
}

bool dlcSandboxCrashed(const DlcSandboxEnd *end) {
  return end->exited ? end->status == DLC_SANDBOX_SANITIZER_STATUS : end->signal != SIGXCPU;
}
