// Test-only fault injection, loaded with LD_PRELOAD: makes one kind of file
// operation fail, as a full disk or a failing device would, for the files
// whose path contains a pattern; everything else passes through to libc.
//
//   MTC_FAIL_PATH   substring of the path, or its end when followed by '$'
//                   (write/fsync: the open file's path from /proc/self/fd;
//                   rename: either name; mkdir: the new folder)
//   MTC_FAIL_OP     write (write and writev) | fsync | rename | mkdir
//   MTC_FAIL_ERRNO  the errno to fail with (default ENOSPC)
#include <dlfcn.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

bool wanted(const char *op) {
  const char *want = std::getenv("MTC_FAIL_OP");
  return want && std::strcmp(want, op) == 0 && std::getenv("MTC_FAIL_PATH");
}

// A pattern ending in '$' must end the path; any other may appear anywhere.
bool pathMatches(const char *path) {
  const char *pattern = std::getenv("MTC_FAIL_PATH");
  const size_t n = std::strlen(pattern);
  if (!path)
    return false;
  if (n > 0 && pattern[n - 1] == '$') {
    const size_t length = std::strlen(path);
    return length >= n - 1 && std::strncmp(path + length - (n - 1), pattern, n - 1) == 0;
  }
  return std::strstr(path, pattern) != nullptr;
}

bool fdMatches(int fd) {
  char link[64], path[4096];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0)
    return false;
  path[n] = '\0';
  return pathMatches(path);
}

int failure() {
  const char *code = std::getenv("MTC_FAIL_ERRNO");
  return code ? std::atoi(code) : ENOSPC;
}

template <typename F> F next(const char *name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

} // namespace

extern "C" {

ssize_t write(int fd, const void *buf, size_t count) {
  static auto real = next<ssize_t (*)(int, const void *, size_t)>("write");
  if (wanted("write") && fdMatches(fd)) {
    errno = failure();
    return -1;
  }
  return real(fd, buf, count);
}

ssize_t writev(int fd, const struct iovec *iov, int count) {
  static auto real = next<ssize_t (*)(int, const struct iovec *, int)>("writev");
  if (wanted("write") && fdMatches(fd)) {
    errno = failure();
    return -1;
  }
  return real(fd, iov, count);
}

int fsync(int fd) {
  static auto real = next<int (*)(int)>("fsync");
  if (wanted("fsync") && fdMatches(fd)) {
    errno = failure();
    return -1;
  }
  return real(fd);
}

int rename(const char *from, const char *to) {
  static auto real = next<int (*)(const char *, const char *)>("rename");
  if (wanted("rename") && (pathMatches(from) || pathMatches(to))) {
    errno = failure();
    return -1;
  }
  return real(from, to);
}

int mkdir(const char *path, mode_t mode) {
  static auto real = next<int (*)(const char *, mode_t)>("mkdir");
  if (wanted("mkdir") && pathMatches(path)) {
    errno = failure();
    return -1;
  }
  return real(path, mode);
}

} // extern "C"
