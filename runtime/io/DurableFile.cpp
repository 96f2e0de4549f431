#include "io/DurableFile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

namespace mtc::runtime {
namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const std::string &what, const std::string &path, int error) {
  throw IoError(what + " '" + path + "': " + std::strerror(error));
}

std::string parentOf(const std::string &path) {
  std::string parent = fs::path(path).parent_path().string();
  return parent.empty() ? "." : parent;
}

} // namespace

AtomicFileWriter::AtomicFileWriter(std::string finalPath)
    : path(std::move(finalPath)), tmp(path + ".tmp") {
  fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    fail("cannot create", tmp, errno);
}

AtomicFileWriter::~AtomicFileWriter() {
  if (fd >= 0) { // not committed: leave nothing half-written behind
    ::close(fd);
    ::unlink(tmp.c_str());
  }
}

void AtomicFileWriter::write(const void *data, size_t bytes) {
  writeAll(fd, data, bytes, tmp);
  written += bytes;
}

void writeAll(int fd, const void *data, size_t bytes, const std::string &path) {
  const char *p = static_cast<const char *>(data);
  while (bytes > 0) {
    ssize_t n = ::write(fd, p, bytes);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) // 0 cannot make progress: report it like a full disk
      fail("cannot write", path, n < 0 ? errno : ENOSPC);
    p += n;
    bytes -= static_cast<size_t>(n);
  }
}

void AtomicFileWriter::commit() {
  if (::fsync(fd) != 0)
    fail("cannot write (fsync)", tmp, errno);
  int closed = ::close(fd);
  fd = -1;
  if (closed != 0) {
    int error = errno;
    ::unlink(tmp.c_str());
    fail("cannot write (close)", tmp, error);
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    int error = errno;
    ::unlink(tmp.c_str());
    throw IoError("cannot rename '" + tmp + "' to '" + path + "': " + std::strerror(error));
  }
  fsyncDirectory(parentOf(path));
}

void writeFileAtomically(const std::string &path, const std::string &text) {
  AtomicFileWriter out(path);
  out.write(text.data(), text.size());
  out.commit();
}

void fsyncDirectory(const std::string &dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    fail("cannot open folder", dir, errno);
  int synced = ::fsync(fd);
  int error = errno;
  ::close(fd);
  // Some file systems cannot fsync folders (EINVAL): their renames are as
  // durable as they get.
  if (synced != 0 && error != EINVAL)
    fail("cannot fsync folder", dir, error);
}

namespace {

// The folders of `dir` that do not exist, deepest first, and the nearest one
// that does ("" for the working folder).
fs::path missingFolders(const std::string &dir, std::vector<fs::path> *missing) {
  std::error_code ec;
  fs::path at = fs::path(dir).lexically_normal();
  if (!at.has_filename()) // "tb/"
    at = at.parent_path();
  while (!at.empty() && !fs::exists(at, ec)) {
    if (missing)
      missing->push_back(at);
    at = at.parent_path(); // "" past the first name of a relative path: the working folder
  }
  return at;
}

} // namespace

std::string fileInTheWayOf(const std::string &dir) {
  std::error_code ec;
  fs::path existing = missingFolders(dir, nullptr);
  return !existing.empty() && !fs::is_directory(existing, ec) ? existing.string() : "";
}

void createFoldersDurably(const std::string &dir) {
  if (std::string file = fileInTheWayOf(dir); !file.empty())
    throw IoError("cannot create folder '" + dir + "': '" + file + "' is not a folder");
  std::vector<fs::path> missing;
  missingFolders(dir, &missing);
  std::error_code ec;
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    if (::mkdir(it->c_str(), 0777) != 0 && errno != EEXIST)
      fail("cannot create folder", it->string(), errno);
    if (!fs::is_directory(*it, ec))
      throw IoError("cannot create folder '" + dir + "': '" + it->string() + "' is not a folder");
    fsyncDirectory(parentOf(it->string()));
  }
}

void renameDurably(const std::string &from, const std::string &to) {
  if (::rename(from.c_str(), to.c_str()) != 0)
    throw IoError("cannot rename '" + from + "' to '" + to + "': " + std::strerror(errno));
  fsyncDirectory(parentOf(to));
  if (parentOf(from) != parentOf(to))
    fsyncDirectory(parentOf(from));
}

} // namespace mtc::runtime
