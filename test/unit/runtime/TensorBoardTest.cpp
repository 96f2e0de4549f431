// TensorBoard event files: TFRecord framing and the Event bytes against
// values worked out by hand from the format's definition (the CRCs with a
// bit-at-a-time CRC32C, not this library's), and the writer's file names.
#include "TinyPlan.h"

#include "io/DurableFile.h"
#include "main/Main.h"
#include "train/TensorBoard.h"

#include "tensorboard_event.pb.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

namespace mtc::runtime {
namespace {

namespace fs = std::filesystem;

std::string bytes(std::initializer_list<unsigned> values) {
  std::string out;
  for (unsigned v : values)
    out.push_back(static_cast<char>(v));
  return out;
}

std::string readFile(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class TempFolder {
public:
  TempFolder() {
    char name[] = "/tmp/mtc_tensorboard_XXXXXX";
    path = mkdtemp(name);
  }
  ~TempFolder() { fs::remove_all(path); }
  fs::path path;
};

// The records of a file, each checked: the length's and the data's CRCs.
std::vector<std::string> records(const std::string &file) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < file.size()) {
    EXPECT_LE(at + 12, file.size());
    uint64_t length = 0;
    std::memcpy(&length, file.data() + at, 8);
    uint32_t lengthCrc = 0, dataCrc = 0;
    std::memcpy(&lengthCrc, file.data() + at + 8, 4);
    EXPECT_EQ(lengthCrc, maskedCrc32c(file.data() + at, 8));
    EXPECT_LE(at + 16 + length, file.size());
    std::string data = file.substr(at + 12, length);
    std::memcpy(&dataCrc, file.data() + at + 12 + length, 4);
    EXPECT_EQ(dataCrc, maskedCrc32c(data.data(), data.size()));
    out.push_back(data);
    at += 16 + length;
  }
  return out;
}

TEST(TensorBoard, FramesARecordAsTFRecord) {
  // uint64 length 3, masked CRC32C of those 8 bytes, the data, masked CRC32C
  // of "abc" (CRC32C 0x364b3fb7 -> rotated right 15 -> + 0xa282ead8).
  EXPECT_EQ(tfRecord("abc"), bytes({0x03, 0, 0, 0, 0, 0, 0, 0, 0xb0, 0x99, 0x49, 0x0e, 'a', 'b',
                                    'c', 0x6e, 0x57, 0xf1, 0x21}));
  // The masked CRC of the empty string: CRC32C 0 masks to 0xa282ead8.
  EXPECT_EQ(maskedCrc32c("", 0), 0xa282ead8u);
}

TEST(TensorBoard, FileStartsWithTheVersionEventEveryEventFileHas) {
  TempFolder dir;
  std::string path;
  {
    TensorBoardWriter writer(dir.path.string(), 7);
    path = writer.path();
  }
  const std::string file = readFile(path);
  // Every TensorFlow event file begins with these 12 bytes: a 24-byte record
  // (wall_time, file_version "brain.Event:2") and its length's masked CRC.
  ASSERT_GE(file.size(), 12u);
  EXPECT_EQ(file.substr(0, 12), bytes({0x18, 0, 0, 0, 0, 0, 0, 0, 0xa3, 0x7f, 0x4b, 0x22}));
  std::vector<std::string> events = records(file);
  ASSERT_EQ(events.size(), 2u);
  // Field 1 (wall_time, fixed64), then field 3 (file_version, 13 bytes).
  EXPECT_EQ(events[0][0], '\x09');
  double wallTime = 0;
  std::memcpy(&wallTime, events[0].data() + 1, 8);
  EXPECT_GT(wallTime, 1.6e9);
  EXPECT_EQ(events[0].substr(9), "\x1a\x0d" "brain.Event:2");
  // Then a session start at the first step: step = 7 (field 2), session_log
  // (field 7) holding status START (field 1 = 1).
  EXPECT_EQ(events[1].substr(9), bytes({0x10, 0x07, 0x3a, 0x02, 0x08, 0x01}));
}

TEST(TensorBoard, EncodesScalarsAsSimpleValues) {
  TempFolder dir;
  TensorBoardWriter writer(dir.path.string(), 1);
  writer.addScalars(5, {{"lm loss", 2.5}, {"learning-rate", 1e-4}});
  writer.flush();
  std::vector<std::string> events = records(readFile(writer.path()));
  ASSERT_EQ(events.size(), 3u);
  // step 5, then summary (field 5) of two values (field 1), each a tag
  // (field 1) and a float simple_value (field 2, little-endian).
  const std::string lmLoss = bytes({0x0a, 0x07}) + "lm loss" + bytes({0x15, 0, 0, 0x20, 0x40});
  // 1e-4 as float32 is 0x38d1b717.
  const std::string lr = bytes({0x0a, 0x0d}) + "learning-rate" + bytes({0x15, 0x17, 0xb7, 0xd1, 0x38});
  const std::string summary = bytes({0x0a, 14}) + lmLoss + bytes({0x0a, 20}) + lr;
  EXPECT_EQ(events[2].substr(9), bytes({0x10, 0x05, 0x2a, 38}) + summary);
}

TEST(TensorBoard, NamesSortAfterTheFoldersEarlierFiles) {
  TempFolder dir;
  const std::string folder = dir.path.string();
  EXPECT_EQ(newEventFileName(folder, 1700000000, "node1", 42),
            "events.out.tfevents.1700000000.node1.42");
  // An earlier run in the same second (or with a clock ahead of ours):
  // the new name must still sort after its file.
  std::ofstream(dir.path / "events.out.tfevents.1700000000.node1.41") << "";
  std::ofstream(dir.path / "notes.txt") << "";
  EXPECT_EQ(newEventFileName(folder, 1700000000, "node1", 42),
            "events.out.tfevents.1700000001.node1.42");
  EXPECT_EQ(newEventFileName(folder, 1700000005, "node1", 42),
            "events.out.tfevents.1700000005.node1.42");

  // Two writers in the same folder and second: two files, in order of creation.
  TempFolder runs;
  std::string first, second;
  {
    TensorBoardWriter a(runs.path.string(), 1);
    first = fs::path(a.path()).filename().string();
  }
  {
    TensorBoardWriter b(runs.path.string(), 5);
    second = fs::path(b.path()).filename().string();
  }
  EXPECT_NE(first, second);
  EXPECT_LT(first, second);
}

// A missing folder is made with its parents, as SummaryWriter makes log_dir.
TEST(TensorBoard, CreatesAMissingFolder) {
  TempFolder tmp;
  const fs::path folder = tmp.path / "runs" / "deeper" / "tb";
  TensorBoardWriter writer(folder.string(), 1);
  EXPECT_TRUE(fs::is_directory(folder));
  EXPECT_EQ(fs::path(writer.path()).parent_path(), folder);
  EXPECT_TRUE(fs::exists(writer.path()));
}

TEST(TensorBoard, RefusesAFileInTheWayNamingIt) {
  TempFolder tmp;
  const fs::path file = tmp.path / "metrics.jsonl";
  std::ofstream(file) << "{}\n";
  try {
    TensorBoardWriter writer((file / "tb").string(), 1);
    FAIL() << "no error";
  } catch (const IoError &e) {
    EXPECT_NE(std::string(e.what()).find("--tensorboard-dir: cannot create folder '" +
                                         (file / "tb").string() + "': '" + file.string() +
                                         "' is not a folder"),
              std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(fs::is_regular_file(file));
}

// The tags of one step, as train wrote them (decoded with the same .proto).
std::map<int64_t, std::map<std::string, float>> scalarsByStep(const std::string &file) {
  std::map<int64_t, std::map<std::string, float>> out;
  for (const std::string &record : records(readFile(file))) {
    tensorboard::Event event;
    EXPECT_TRUE(event.ParseFromString(record));
    for (const auto &value : event.summary().value())
      out[event.step()][value.tag()] = value.simple_value();
  }
  return out;
}

TEST(TensorBoard, Fp16RunLogsTheLossScaleAndNoGradNormForASkippedStep) {
  TempFolder dir;
  std::string plan = testing::makeTinyPlan().SerializeAsString();
  std::vector<std::string> args{"train", "--synthetic", "--steps", "3", "--precision", "fp16",
                                "--initial-loss-scale", "1024", "--inject-overflow-at", "2",
                                "--tensorboard-dir", dir.path.string()};
  std::vector<char *> argv;
  for (std::string &a : args)
    argv.push_back(a.data());
  ::testing::internal::CaptureStdout();
  const int rc = trainMain(static_cast<int>(argv.size()), argv.data(), plan);
  const std::string log = ::testing::internal::GetCapturedStdout();
  ASSERT_EQ(rc, 0) << log;
  ASSERT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()), 1);
  auto steps = scalarsByStep(fs::directory_iterator(dir.path)->path().string());
  // Iteration 2 overflowed and was skipped; one overflow spends the
  // hysteresis (2) without halving, so every step shows the log's 1024.
  EXPECT_NE(log.find("iteration 2: gradients overflowed in fp16, step skipped; loss scale "
                     "1024 -> 1024"),
            std::string::npos)
      << log;
  for (int64_t step : {1, 2, 3})
    EXPECT_EQ(steps[step]["loss-scale"], 1024.f) << "step " << step;
  EXPECT_EQ(steps[1].count("grad-norm"), 1u);
  EXPECT_EQ(steps[2].count("grad-norm"), 0u) << "a skipped step has no gradient norm";
  EXPECT_EQ(steps[3].count("grad-norm"), 1u);
  EXPECT_GT(steps[1]["grad-norm"], 0.f);
  EXPECT_EQ(steps[2].count("lm loss"), 1u);
  // The "vs samples" series at consumed samples (the tiny plan's batch).
  const int64_t batch = static_cast<int64_t>(steps[1]["batch-size"]);
  ASSERT_GT(batch, 0);
  EXPECT_EQ(steps[3 * batch]["loss-scale vs samples"], 1024.f);
  EXPECT_EQ(steps[3 * batch]["lm loss vs samples"], steps[3]["lm loss"]);
}

} // namespace
} // namespace mtc::runtime
