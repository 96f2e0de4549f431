// TensorBoard event files, written natively (`train --tensorboard-dir`): the
// format TensorBoard reads, without TensorFlow or PyTorch. A file is a
// sequence of TFRecords, each holding one serialized Event
// (train/tensorboard_event.proto, TensorBoard's field numbers).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mtc::runtime {

// TFRecord's checksum: the CRC32C rotated right by 15 bits plus 0xa282ead8
// (a CRC of data that holds CRCs is otherwise easy to get accidentally right).
uint32_t maskedCrc32c(const void *data, size_t bytes);

// One TFRecord: the length of `data` (uint64, little-endian), the masked
// CRC32C of those 8 bytes, `data`, the masked CRC32C of `data` (both uint32,
// little-endian).
std::string tfRecord(const std::string &data);

// The name of a new event file in FOLDER: "events.out.tfevents.<seconds>.<host>.<pid>",
// seconds being `now` unless a file of FOLDER already has that time or a later
// one, then one past the latest. TensorBoard reads a folder's event files in
// name order, so a resumed run's file must sort after the earlier run's.
std::string newEventFileName(const std::string &folder, int64_t now, const std::string &host,
                             int64_t pid);

using Scalars = std::vector<std::pair<std::string, double>>;

// Writes one event file in an existing folder; only rank 0 makes one.
// Records wait in memory until flush(). Every failure throws IoError naming
// the file and the system's reason ("--tensorboard-dir: cannot write
// 'DIR/events.out.tfevents...': No space left on device").
class TensorBoardWriter {
public:
  // Creates a new file (newEventFileName; never replaces one) and queues the
  // file version ("brain.Event:2") and a session start at `firstStep`: a run
  // resumed from a checkpoint starts at its next iteration, and TensorBoard
  // drops what an earlier run logged from that step on (that run's steps
  // after its last checkpoint, which this run computes anew).
  TensorBoardWriter(const std::string &folder, int64_t firstStep);
  // Flushes what is queued; errors are dropped here (the run is already
  // failing, or flush() reported them).
  ~TensorBoardWriter();
  TensorBoardWriter(const TensorBoardWriter &) = delete;
  TensorBoardWriter &operator=(const TensorBoardWriter &) = delete;

  // One event at `step` holding a scalar summary per (tag, value); TensorBoard
  // stores scalars as float32.
  void addScalars(int64_t step, const Scalars &values);
  void flush();
  const std::string &path() const { return file; }

private:
  void queue(const std::string &event);

  std::string file;
  int fd = -1;
  std::string pending; // framed records not yet written
};

} // namespace mtc::runtime
