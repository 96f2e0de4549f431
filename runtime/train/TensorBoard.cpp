#include "train/TensorBoard.h"
#include "io/Crc32c.h"
#include "io/DurableFile.h"

#include "tensorboard_event.pb.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace mtc::runtime {
namespace {

constexpr char kPrefix[] = "events.out.tfevents.";

void appendLittleEndian(std::string &out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

double wallTime() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string hostName() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0 || !name[0])
    return "localhost";
  return name;
}

std::string serialized(const tensorboard::Event &event) {
  std::string bytes;
  if (!event.SerializeToString(&bytes))
    throw std::runtime_error("--tensorboard-dir: cannot encode an event");
  return bytes;
}

} // namespace

uint32_t maskedCrc32c(const void *data, size_t bytes) {
  const uint32_t crc = crc32c(data, bytes);
  return ((crc >> 15) | (crc << 17)) + 0xa282ead8u;
}

std::string tfRecord(const std::string &data) {
  std::string record;
  record.reserve(data.size() + 16);
  appendLittleEndian(record, data.size(), 8);
  appendLittleEndian(record, maskedCrc32c(record.data(), 8), 4);
  record += data;
  appendLittleEndian(record, maskedCrc32c(data.data(), data.size()), 4);
  return record;
}

std::string newEventFileName(const std::string &folder, int64_t now, const std::string &host,
                             int64_t pid) {
  int64_t seconds = now;
  std::error_code ec;
  for (const auto &entry : std::filesystem::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(kPrefix, 0) != 0)
      continue;
    char *end = nullptr;
    const long long earlier = std::strtoll(name.c_str() + sizeof kPrefix - 1, &end, 10);
    if (end != name.c_str() + sizeof kPrefix - 1 && earlier >= seconds)
      seconds = earlier + 1;
  }
  char name[64];
  std::snprintf(name, sizeof name, "%s%010lld.", kPrefix, static_cast<long long>(seconds));
  return name + host + "." + std::to_string(pid);
}

TensorBoardWriter::TensorBoardWriter(const std::string &folder, int64_t firstStep) {
  // As SummaryWriter (Megatron-LM's writer) makes its log_dir: missing folders
  // are created, durably as the event file will be.
  try {
    createFoldersDurably(folder);
  } catch (const IoError &e) {
    throw IoError(std::string("--tensorboard-dir: ") + e.what());
  }
  const int64_t now = static_cast<int64_t>(wallTime());
  // A name another writer took since we looked (same second, host and pid
  // only across containers) is not replaced: look again.
  for (int attempt = 0; fd < 0; ++attempt) {
    file = (std::filesystem::path(folder) / newEventFileName(folder, now, hostName(), getpid()))
               .string();
    fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0 && (errno != EEXIST || attempt == 10))
      throw IoError("--tensorboard-dir: cannot create '" + file + "': " + std::strerror(errno));
  }
  tensorboard::Event version;
  version.set_wall_time(wallTime());
  version.set_file_version("brain.Event:2");
  queue(serialized(version));
  tensorboard::Event start;
  start.set_wall_time(wallTime());
  start.set_step(firstStep);
  start.mutable_session_log()->set_status(tensorboard::SessionLog::START);
  queue(serialized(start));
  // An unwritable file shows now, before the first iteration.
  try {
    flush();
  } catch (const IoError &) {
    ::close(fd);
    ::unlink(file.c_str());
    throw;
  }
}

TensorBoardWriter::~TensorBoardWriter() {
  try {
    flush();
  } catch (const std::exception &) {
  }
  ::close(fd);
}

void TensorBoardWriter::addScalars(int64_t step, const Scalars &values) {
  tensorboard::Event event;
  event.set_wall_time(wallTime());
  event.set_step(step);
  for (const auto &[tag, value] : values) {
    tensorboard::Summary::Value *v = event.mutable_summary()->add_value();
    v->set_tag(tag);
    v->set_simple_value(static_cast<float>(value));
  }
  queue(serialized(event));
}

void TensorBoardWriter::queue(const std::string &event) { pending += tfRecord(event); }

void TensorBoardWriter::flush() {
  if (pending.empty())
    return;
  // Written or not, the records leave the queue: a retry would duplicate
  // the part that reached the file.
  std::string out;
  out.swap(pending);
  try {
    writeAll(fd, out.data(), out.size(), file);
  } catch (const IoError &e) {
    throw IoError(std::string("--tensorboard-dir: ") + e.what());
  }
}

} // namespace mtc::runtime
