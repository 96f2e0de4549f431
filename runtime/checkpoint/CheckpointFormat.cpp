#include "checkpoint/CheckpointFormat.h"
#include "io/Crc32c.h"
#include "io/JsonDepth.h"
#include "exec/Executor.h"
#include "optim/Optimizer.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace mtc::runtime {
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {
constexpr const char *kSelfChecksum = "crc32c";

uint32_t checksumOf(json meta) {
  meta.erase(kSelfChecksum);
  const std::string text = meta.dump(); // keys sorted: the same text on every dump
  return crc32c(text.data(), text.size());
}
} // namespace

std::string shardName(int64_t rank) {
  char name[64];
  std::snprintf(name, sizeof name, "rank_%05lld.safetensors", static_cast<long long>(rank));
  return name;
}

std::string sealCheckpointJson(json meta) {
  meta[kSelfChecksum] = crc32cHex(checksumOf(meta));
  return meta.dump(2) + "\n";
}

json readCheckpointJson(const std::string &folder, std::string *notice) {
  const fs::path path = fs::path(folder) / "checkpoint.json";
  const std::string where = "'" + path.string() + "'";
  std::ifstream in(path);
  if (!in)
    throw CheckpointError("cannot open " + where);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Copying and dumping a value (its checksum) recurse once per level.
  if (int depth = jsonNestingDepth(text); depth > kMaxJsonDepth)
    throw CheckpointError(where + " nests JSON " + std::to_string(depth) +
                          " levels deep (at most " + std::to_string(kMaxJsonDepth) +
                          "): not an mtc checkpoint");
  json meta = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (meta.is_discarded() || !meta.is_object())
    throw CheckpointError(where + " is not valid JSON (truncated or corrupt)");
  const int version = meta.value("version", 0);
  if (meta.value("format", "") != "mtc-checkpoint" || version < 1 ||
      version > kCheckpointVersion)
    throw CheckpointError(where + " is not an mtc checkpoint of version 1 to " +
                          std::to_string(kCheckpointVersion) + " (format '" +
                          meta.value("format", "?") + "', version " +
                          std::to_string(version) + ")");
  if (version == 1) {
    if (notice)
      *notice = "note: checkpoint '" + folder + "' is of format version 1, which has no "
                "checksums: loaded without verification";
    return meta;
  }
  if (!meta.contains(kSelfChecksum) || !meta.at(kSelfChecksum).is_string() ||
      meta.at(kSelfChecksum).get<std::string>() != crc32cHex(checksumOf(meta)))
    throw CheckpointError(where + " is corrupt: its CRC32C is " + crc32cHex(checksumOf(meta)) +
                          ", the file says " + meta.value(kSelfChecksum, "nothing"));
  if (!meta.contains("shards") || !meta.at("shards").is_array())
    throw CheckpointError(where + " lists no rank files (\"shards\")");
  return meta;
}

std::unique_ptr<SafetensorsFile> openShard(const std::string &folder, const json &meta,
                                           int64_t rank) {
  const std::string path = (fs::path(folder) / shardName(rank)).string();
  std::unique_ptr<SafetensorsFile> file;
  try {
    file = std::make_unique<SafetensorsFile>(path);
  } catch (const FormatError &e) {
    throw CheckpointError(std::string("checkpoint rank file: ") + e.what());
  }
  if (meta.value("version", 0) < 2)
    return file;
  const json &shards = meta.at("shards");
  if (rank < 0 || rank >= static_cast<int64_t>(shards.size()))
    throw CheckpointError("'" + path + "': checkpoint.json lists " +
                          std::to_string(shards.size()) + " rank files, not rank " +
                          std::to_string(rank));
  const json &expected = shards.at(rank);
  const uint64_t bytes = expected.at("bytes").get<uint64_t>();
  if (file->fileSize() != bytes)
    throw CheckpointError("'" + path + "' has " + std::to_string(file->fileSize()) +
                          " bytes, checkpoint.json says " + std::to_string(bytes) +
                          " (truncated or replaced)");
  const std::string headerCrc = expected.at("header_crc32c").get<std::string>();
  if (crc32cHex(file->headerCrc32c()) != headerCrc)
    throw CheckpointError("'" + path + "': its header is corrupt: CRC32C " +
                          crc32cHex(file->headerCrc32c()) + ", checkpoint.json says " +
                          headerCrc);
  if (!file->hasChecksums())
    throw CheckpointError("'" + path + "' has no tensor checksums (a version-2 rank file must)");
  return file;
}

TrainingState restoreTrainingState(const json &meta, Executor &executor, Optimizer *optimizer) {
  TrainingState state;
  state.iteration = meta.at("iteration").get<int64_t>();
  state.consumedSamples = meta.at("consumed_samples").get<int64_t>();
  state.seed = meta.at("rng").at("seed").get<uint64_t>();
  state.dropoutCounter = meta.at("rng").at("dropout_counter").get<uint64_t>();
  if (meta.contains("loss_scaler")) {
    const json &ls = meta.at("loss_scaler");
    state.lossScale = ls.at("scale").get<double>();
    state.lossScaleGrowthTracker = ls.at("growth_tracker").get<int64_t>();
    state.lossScaleHysteresisTracker = ls.at("hysteresis_tracker").get<int64_t>();
  }
  executor.setDropoutCounter(state.dropoutCounter);
  if (optimizer)
    optimizer->setStepsTaken(meta.at("optimizer").at("steps").get<int64_t>());
  return state;
}

} // namespace mtc::runtime
