// Files that are either wholly written or not there: checkpoints, their
// metadata and marker, safetensors exports. Every write is checked; a failure
// (disk full, I/O error) throws IoError naming the file and the system's reason.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace mtc::runtime {

class IoError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Writes PATH.tmp; commit() fsyncs it, renames it to PATH and fsyncs the folder,
// so after commit() returns PATH holds every byte even across a power loss, and
// before it PATH is untouched. Destroyed uncommitted, it removes PATH.tmp.
class AtomicFileWriter {
public:
  explicit AtomicFileWriter(std::string path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter &) = delete;
  AtomicFileWriter &operator=(const AtomicFileWriter &) = delete;

  void write(const void *data, size_t bytes);
  void commit();
  uint64_t bytesWritten() const { return written; }
  const std::string &tmpPath() const { return tmp; }

private:
  std::string path, tmp;
  int fd = -1;
  uint64_t written = 0;
};

void writeFileAtomically(const std::string &path, const std::string &text);
// write(2) until every byte is out (retrying after signals); a failure, or a
// write that makes no progress (as on a full disk), throws IoError
// "cannot write 'PATH': reason".
void writeAll(int fd, const void *data, size_t bytes, const std::string &path);
// fsync of a folder: makes the creation, removal or renaming of its entries durable.
void fsyncDirectory(const std::string &dir);
// rename(2), then fsync of the folders of both names.
void renameDurably(const std::string &from, const std::string &to);
// mkdir -p: makes each missing folder of `dir` and fsyncs the folder holding
// it, so the new folders survive a crash as the files written into them do.
// Throws IoError "cannot create folder 'PATH': reason" (a file in the way
// reads "'PATH' is not a folder").
void createFoldersDurably(const std::string &dir);
// What stops createFoldersDurably(dir) before it makes anything: `dir` itself,
// or its nearest existing ancestor, when that is not a folder; "" otherwise.
std::string fileInTheWayOf(const std::string &dir);

} // namespace mtc::runtime
