#include "checkpoint/Checkpoint.h"
#include "checkpoint/CheckpointFormat.h"
#include "io/Crc32c.h"
#include "io/DurableFile.h"
#include "io/JsonDepth.h"
#include "checkpoint/Reshard.h"
#include "exec/Executor.h"
#include "optim/Optimizer.h"

#include "comm/Communicator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <sstream>

namespace mtc::runtime {

using comm::agreeOnError;
using comm::throwIfAnyRankFails;

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

std::vector<int64_t> toVector(const google::protobuf::RepeatedField<int64_t> &field) {
  return {field.begin(), field.end()};
}

json modelJson(const pb::Plan &plan) {
  const pb::Model &m = plan.model();
  return {{"name", m.name()},       {"arch", m.arch()},     {"fingerprint", m.fingerprint()},
          {"layers", m.layers()},   {"hidden", m.hidden()}, {"heads", m.heads()},
          {"vocab", m.vocab()},     {"padded_vocab", m.padded_vocab()},
          {"seq", m.seq()}};
}

json gridJson(const pb::Plan &plan, int worldSize) {
  const pb::Parallel &p = plan.parallel();
  json grid = {{"tensor", std::max<int64_t>(1, p.tensor())},
               {"pipeline", std::max<int64_t>(1, p.pipeline())},
               {"data", std::max<int64_t>(1, p.data())},
               {"world_size", worldSize}};
  // The same (t, p, d) with other layers per chunk (another v, an uneven
  // layout) puts other parameters on a stage: a layout to re-slice from, not
  // this rank's own file. A checkpoint without the list (older, or p = 1)
  // compares unequal to a pipelined plan and is re-sliced, which is always
  // right.
  if (p.layers_per_chunk_size() > 0)
    grid["layers_per_chunk"] = std::vector<int64_t>(p.layers_per_chunk().begin(),
                                                    p.layers_per_chunk().end());
  // ZB-V's chunks sit on other stages than interleaved ones: another layout.
  if (!p.pipeline_placement().empty())
    grid["placement"] = p.pipeline_placement();
  return grid;
}

} // namespace

std::string iterationDirName(int64_t iteration) {
  char name[64];
  std::snprintf(name, sizeof name, "iter_%07lld", static_cast<long long>(iteration));
  return name;
}

namespace {

struct IterationFolder {
  int64_t iteration = 0;
  fs::path path;
  bool unfinished = false; // iter_N.tmp: a save that never completed
};

// iter_NNNNNNN folders (and iter_NNNNNNN.tmp ones) of DIR, by iteration.
std::vector<IterationFolder> iterationFolders(const fs::path &dir) {
  std::vector<IterationFolder> out;
  std::error_code ec;
  for (const fs::directory_entry &entry : fs::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    IterationFolder f;
    f.path = entry.path();
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0) {
      f.unfinished = true;
      name.resize(name.size() - 4);
    }
    if (name.size() < 12 || name.compare(0, 5, "iter_") != 0 ||
        name.find_first_not_of("0123456789", 5) != std::string::npos ||
        !entry.is_directory(ec))
      continue;
    f.iteration = std::stoll(name.substr(5));
    out.push_back(f);
  }
  std::sort(out.begin(), out.end(), [](const IterationFolder &a, const IterationFolder &b) {
    return a.iteration < b.iteration;
  });
  return out;
}

// checkpoint.json and every rank file's size and header checksum (not the
// tensor data: the load verifies that as it reads).
void verifyFolder(const std::string &folder) {
  json meta = readCheckpointJson(folder, nullptr);
  const int64_t ranks = meta.value("version", 0) >= 2
                            ? static_cast<int64_t>(meta.at("shards").size())
                            : meta.at("grid").value("world_size", 0);
  if (ranks <= 0)
    throw CheckpointError("'" + folder + "/checkpoint.json' names no rank files");
  for (int64_t r = 0; r < ranks; ++r)
    openShard(folder, meta, r);
}

// Test hook (fault injection): MTC_TEST_KILL_IN_SAVE=RANK:ITERATION makes that
// rank SIGKILL itself after writing its file of that iteration's save, before
// the folder is renamed: a process dying mid-save, deterministically.
void killIfTestAsks(int rank, int64_t iteration) {
  const char *spec = std::getenv("MTC_TEST_KILL_IN_SAVE");
  long long r = -1, it = -1;
  if (spec && std::sscanf(spec, "%lld:%lld", &r, &it) == 2 && r == rank && it == iteration)
    std::raise(SIGKILL);
}

std::string modelSummary(const json &model) {
  return "'" + model.value("name", "?") + "' (" + std::to_string(model.value("layers", 0)) +
         " layers, hidden " + std::to_string(model.value("hidden", 0)) + ", heads " +
         std::to_string(model.value("heads", 0)) + ", vocab " +
         std::to_string(model.value("vocab", 0)) + ")";
}

// Same model up to the padded vocabulary (which follows the tensor size).
bool sameModel(const json &a, const json &b) {
  for (const char *key : {"name", "arch", "layers", "hidden", "heads", "vocab"})
    if (a.value(key, json()) != b.value(key, json()))
      return false;
  return true;
}

} // namespace

CheckpointLocation findCheckpoint(const std::string &dirName) {
  CheckpointLocation location;
  const fs::path dir = dirName;
  const std::string name = dir.filename().string();
  if (fs::exists(dir / "checkpoint.json")) {
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0)
      throw CheckpointError("'" + dirName + "' is an unfinished save (interrupted before it "
                            "completed): it is never loaded");
    location.folder = dirName;
    return location;
  }
  if (!fs::is_directory(dir))
    return location;
  std::vector<IterationFolder> folders = iterationFolders(dir);
  const IterationFolder *newest = nullptr;
  for (const IterationFolder &f : folders) {
    if (f.unfinished)
      location.notices.push_back("note: ignoring '" + f.path.string() +
                                 "', left by a save that did not complete");
    else
      newest = &f;
  }
  int64_t latest = latestIteration(dirName);
  if (latest >= 0) {
    fs::path folder = dir / iterationDirName(latest);
    if (!fs::is_directory(folder))
      throw CheckpointError("'" + (dir / kLatestFile).string() + "' names iteration " +
                            std::to_string(latest) + ", but '" + folder.string() +
                            "' does not exist");
    location.folder = folder.string();
    return location;
  }
  if (!newest)
    return location;
  try {
    verifyFolder(newest->path.string());
  } catch (const CheckpointError &e) {
    throw CheckpointError("'" + dirName + "' has no " + kLatestFile + " and its newest "
                          "iteration folder '" + newest->path.string() + "' does not verify: " +
                          e.what() + "; refusing to guess (load an iteration folder "
                          "explicitly, or move this one away)");
  }
  location.folder = newest->path.string();
  location.notices.push_back("note: '" + dirName + "' has no " + kLatestFile +
                             "; using its newest iteration folder '" + location.folder +
                             "' (its checkpoint.json and rank files verify)");
  return location;
}

namespace {

void createFolder(const std::string &dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    throw IoError("cannot create '" + dir + "': " + ec.message());
}

// What a rank found for --load: 0 for nothing, else a checksum of the folder's
// name and its checkpoint.json bytes (never 0).
int64_t checkpointIdentity(const CheckpointLocation &location) {
  if (location.folder.empty())
    return 0;
  uint32_t crc = crc32c(location.folder.data(), location.folder.size());
  std::ifstream in(fs::path(location.folder) / "checkpoint.json", std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return static_cast<int64_t>(crc32c(bytes.data(), bytes.size(), crc)) + 1;
}

} // namespace

void agreeOnCheckpointFound(comm::Communicator &world, const CheckpointLocation &location,
                            const std::string &dir) {
  const int64_t mine = checkpointIdentity(location);
  std::vector<int64_t> found(world.size());
  world.allGather(&mine, found.data(), 1, comm::DataType::I64);
  std::vector<int> differ;
  for (int r = 0; r < world.size(); ++r)
    if (found[r] != found[0])
      differ.push_back(r);
  if (differ.empty())
    return;
  std::string ranks;
  for (size_t i = 0; i < differ.size() && i < 8; ++i)
    ranks += (i ? ", " : "") + std::to_string(differ[i]);
  if (differ.size() > 8)
    ranks += " and " + std::to_string(differ.size() - 8) + " more";
  throw CheckpointError(
      "the ranks do not see the same checkpoint in '" + dir + "' (rank(s) " + ranks +
      " see another one than rank 0, or none); this rank sees " +
      (location.folder.empty() ? std::string("none") : "'" + location.folder + "'") +
      ". --load needs a folder every node sees at the same path, on a shared file system "
      "(docs/cluster.md)");
}

void checkSaveFolderShared(comm::Communicator &world, const std::string &dir) {
  // A new name each run: a node's cached "no such file" cannot answer for it.
  int64_t token = static_cast<int64_t>(std::random_device{}()) << 20 ^
                  std::chrono::steady_clock::now().time_since_epoch().count();
  world.broadcast(&token, 1, comm::DataType::I64, 0);
  char name[64];
  std::snprintf(name, sizeof name, ".mtc-shared-check-%016llx",
                static_cast<unsigned long long>(token));
  const fs::path probe = fs::path(dir) / name;
  throwIfAnyRankFails<CheckpointError>(world, "--save: ", [&] {
    if (world.rank() == 0) {
      createFolder(dir);
      writeFileAtomically(probe.string(), std::to_string(token) + "\n");
    }
  });
  std::ifstream in(probe);
  int64_t seen = -1;
  const bool sees = static_cast<bool>(in >> seen) && seen == token;
  int64_t blind = sees ? 0 : 1;
  world.allReduce(&blind, 1, comm::DataType::I64, comm::ReduceOp::Sum);
  if (world.rank() == 0) {
    std::error_code ec;
    fs::remove(probe, ec);
  }
  // No rank returns before the probe is gone: the caller may list or empty the folder next.
  world.barrier();
  if (blind > 0)
    throw CheckpointError(
        "--save '" + dir + "' is not one folder for all ranks: " + std::to_string(blind) +
        " of " + std::to_string(world.size()) + " ranks do not see the file rank 0 wrote there" +
        (sees ? std::string() : " (this rank is one of them)") +
        "; --save needs a folder every node sees at the same path, on a shared file system "
        "(docs/cluster.md)");
}

std::vector<std::string> prepareSaveDir(const std::string &dirName, int64_t startIteration,
                                        const pb::Plan &plan) {
  std::vector<std::string> notices;
  const fs::path dir = dirName;
  if (!fs::is_directory(dir))
    return notices;
  const std::string remedy = "; save into another folder, or move it away";
  const int64_t latest = latestIteration(dirName);
  if (latest > startIteration)
    throw CheckpointError("--save '" + dirName + "': its " + kLatestFile + " names iteration " +
                          std::to_string(latest) + ", after the iteration this run starts "
                          "from (" + std::to_string(startIteration) + "); saving would hide "
                          "or overwrite it" + remedy);
  const json model = modelJson(plan);
  for (const IterationFolder &f : iterationFolders(dir)) {
    if (f.unfinished) {
      std::error_code ec;
      fs::remove_all(f.path, ec);
      if (ec)
        throw CheckpointError("cannot remove '" + f.path.string() + "', left by a save that "
                              "did not complete: " + ec.message());
      notices.push_back("note: removed '" + f.path.string() +
                        "', left by a save that did not complete");
      continue;
    }
    if (f.iteration > startIteration)
      throw CheckpointError("--save '" + dirName + "' holds '" + f.path.string() +
                            "', a checkpoint after the iteration this run starts from (" +
                            std::to_string(startIteration) + "); this run would overwrite "
                            "or hide it" + remedy);
    std::ifstream in(f.path / "checkpoint.json");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    json meta = jsonNestingDepth(text) > kMaxJsonDepth
                    ? json(json::value_t::discarded)
                    : json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (meta.is_object() && meta.contains("model") && !sameModel(meta.at("model"), model))
      throw CheckpointError("--save '" + dirName + "' holds '" + f.path.string() +
                            "', a checkpoint of model " + modelSummary(meta.at("model")) +
                            ", and this run trains " + modelSummary(model) + remedy);
  }
  std::error_code ec;
  if (fs::remove(dir / (std::string(kLatestFile) + ".tmp"), ec))
    notices.push_back("note: removed '" + (dir / kLatestFile).string() +
                      ".tmp', left by a save that did not complete");
  return notices;
}

std::string saveCheckpoint(const std::string &dir, const TrainingState &state,
                           Executor &executor, Optimizer &optimizer,
                           comm::Communicator &world) {
  const fs::path finalDir = fs::path(dir) / iterationDirName(state.iteration);
  fs::path tmpDir = finalDir;
  tmpDir += ".tmp";
  const std::string what =
      "saving checkpoint iteration " + std::to_string(state.iteration) + " failed on ";
  // After a failure every rank throws the same message; rank 0 removes what
  // the save wrote so far (the previous checkpoints and marker are untouched).
  auto check = [&](const std::string &error) {
    std::string agreed = agreeOnError(world, error);
    if (agreed.empty())
      return;
    if (world.rank() == 0) {
      std::error_code ec;
      fs::remove_all(tmpDir, ec);
    }
    throw CheckpointError(what + (world.size() > 1 ? "" : "this rank: ") + agreed +
                          "; the marker and the previous checkpoints are unchanged");
  };

  std::string error;
  if (world.rank() == 0) {
    try {
      createFolder(dir);
      std::error_code ec;
      if (fs::exists(finalDir))
        throw CheckpointError("'" + finalDir.string() + "' exists already; refusing to "
                              "replace a checkpoint this save did not write");
      fs::remove_all(tmpDir, ec); // an earlier interrupted save of this iteration
      if (!fs::create_directory(tmpDir, ec))
        throw IoError("cannot create '" + tmpDir.string() + "': " + ec.message());
      fsyncDirectory(dir);
    } catch (const std::exception &e) {
      error = e.what();
    }
  }
  check(error);

  const pb::Plan &plan = executor.plan();
  Backend &dev = executor.backend();
  const int64_t flat = executor.flatSize();
  HostView weights(dev, executor.flatParams(), flat), expAvg(dev, optimizer.expAvg().data(), flat),
      expAvgSq(dev, optimizer.expAvgSq().data(), flat);
  std::vector<TensorView> tensors;
  json params = json::array();
  for (int id = 0; id < executor.numParams(); ++id) {
    const pb::Param &p = executor.paramInfo(id);
    std::vector<int64_t> shape = toVector(p.shape());
    int64_t offset = executor.paramOffset(id);
    tensors.push_back({p.name(), shape, weights + offset});
    tensors.push_back({p.name() + ".exp_avg", shape, expAvg + offset});
    tensors.push_back({p.name() + ".exp_avg_sq", shape, expAvgSq + offset});
    params.push_back({{"name", p.name()},
                      {"full_shape", toVector(p.full_shape())},
                      {"slice_offset", executor.sliceOffset(id)},
                      {"shape", shape}});
  }
  std::map<std::string, std::string> metadata{
      {"format", "mtc-checkpoint-shard"},
      {"rank", std::to_string(world.rank())},
      {"params", params.dump()}};
  SafetensorsSummary written;
  try {
    // A folder on a node's own disk: rank 0's new folder is not there.
    if (!fs::is_directory(tmpDir))
      throw IoError("'" + tmpDir.string() + "', which rank 0 created, does not exist for this "
                    "rank: --save needs a folder every node sees at the same path, on a shared "
                    "file system (docs/cluster.md)");
    written = writeSafetensors((tmpDir / shardName(world.rank())).string(), tensors, metadata);
  } catch (const std::exception &e) {
    error = e.what();
  }
  killIfTestAsks(world.rank(), state.iteration);
  check(error);

  // Rank 0 records every rank file's size and header checksum.
  std::vector<int64_t> mine = {static_cast<int64_t>(written.bytes), written.headerCrc32c};
  std::vector<int64_t> all(2 * world.size());
  world.allGather(mine.data(), all.data(), 2, comm::DataType::I64);

  if (world.rank() == 0) {
    try {
      json shards = json::array();
      for (int r = 0; r < world.size(); ++r)
        shards.push_back({{"file", shardName(r)},
                          {"bytes", all[2 * r]},
                          {"header_crc32c", crc32cHex(static_cast<uint32_t>(all[2 * r + 1]))}});
      json meta = {{"format", "mtc-checkpoint"},
                   {"version", kCheckpointVersion},
                   {"iteration", state.iteration},
                   {"consumed_samples", state.consumedSamples},
                   {"rng", {{"seed", state.seed}, {"dropout_counter", state.dropoutCounter}}},
                   {"optimizer", {{"steps", optimizer.stepsTaken()}}},
                   {"model", modelJson(plan)},
                   {"grid", gridJson(plan, world.size())},
                   {"shards", shards}};
      if (state.lossScale > 0)
        meta["loss_scaler"] = {{"scale", state.lossScale},
                               {"growth_tracker", state.lossScaleGrowthTracker},
                               {"hysteresis_tracker", state.lossScaleHysteresisTracker}};
      writeFileAtomically((tmpDir / "checkpoint.json").string(), sealCheckpointJson(meta));
      renameDurably(tmpDir.string(), finalDir.string());
      try {
        writeFileAtomically((fs::path(dir) / kLatestFile).string(),
                            std::to_string(state.iteration) + "\n");
      } catch (const std::exception &) {
        // Back to the state before this save: no folder after the marker's.
        std::error_code ec;
        fs::rename(finalDir, tmpDir, ec);
        throw;
      }
    } catch (const std::exception &e) {
      error = e.what();
    }
  }
  check(error);
  return finalDir.string();
}

int64_t latestIteration(const std::string &dir) {
  fs::path marker = fs::path(dir) / kLatestFile;
  std::ifstream in(marker);
  if (!in)
    return -1;
  std::string text;
  in >> text;
  try {
    size_t used = 0;
    long long value = std::stoll(text, &used);
    if (used == text.size() && value >= 0)
      return value;
  } catch (const std::exception &) {
  }
  throw CheckpointError("'" + marker.string() + "' holds '" + text +
                        "', not an iteration number");
}

namespace {

// Same (tensor, pipeline, data) layout: this rank's own file.
TrainingState loadSameLayout(const fs::path &folder, const json &meta, Executor &executor,
                             Optimizer *optimizer, comm::Communicator &world) {
  const pb::Plan &plan = executor.plan();
  const std::string where = "checkpoint '" + folder.string() + "'";
  std::vector<std::string> differences;
  const json &model = meta.at("model");
  const pb::Model &m = plan.model();
  if (model.value("fingerprint", "") != m.fingerprint()) {
    std::ostringstream os;
    os << "model: the checkpoint holds '" << model.value("name", "?") << "' (fingerprint "
       << model.value("fingerprint", "?") << ", vocab " << model.value("vocab", 0)
       << ", padded " << model.value("padded_vocab", 0) << ", hidden "
       << model.value("hidden", 0) << ", layers " << model.value("layers", 0)
       << "), this plan is '" << m.name() << "' (fingerprint " << m.fingerprint() << ", vocab "
       << m.vocab() << ", padded " << m.padded_vocab() << ", hidden " << m.hidden()
       << ", layers " << m.layers() << ")";
    if (model.value("vocab", 0) != m.vocab() || model.value("padded_vocab", 0) != m.padded_vocab())
      os << ": another vocabulary";
    else
      os << ": another model";
    differences.push_back(os.str());
  }

  std::unique_ptr<SafetensorsFile> shard = openShard(folder.string(), meta, world.rank());
  std::map<std::string, json> stored;
  try {
    const std::string &params = shard->metadata().at("params");
    if (jsonNestingDepth(params) > kMaxJsonDepth)
      throw CheckpointError("it nests JSON more than " + std::to_string(kMaxJsonDepth) +
                            " levels deep");
    for (const json &p : json::parse(params))
      stored[p.at("name").get<std::string>()] = p;
  } catch (const std::exception &e) {
    throw CheckpointError(where + ": cannot read the parameter list of '" + shard->path() +
                          "': " + e.what());
  }
  std::set<std::string> planNames;
  int paramLines = 0;
  auto addParamDifference = [&](const std::string &text) {
    if (paramLines++ < 10)
      differences.push_back(text);
  };
  for (int id = 0; id < executor.numParams(); ++id) {
    const pb::Param &p = executor.paramInfo(id);
    planNames.insert(p.name());
    auto it = stored.find(p.name());
    if (it == stored.end()) {
      addParamDifference("param '" + p.name() + "' is not in the checkpoint");
      continue;
    }
    auto fullShape = it->second.at("full_shape").get<std::vector<int64_t>>();
    auto offset = it->second.at("slice_offset").get<std::vector<int64_t>>();
    auto shape = it->second.at("shape").get<std::vector<int64_t>>();
    if (fullShape != toVector(p.full_shape()))
      addParamDifference("param '" + p.name() + "': full shape " + shapeString(fullShape) +
                         " in the checkpoint, " + shapeString(toVector(p.full_shape())) +
                         " in this plan");
    else if (offset != executor.sliceOffset(id) || shape != toVector(p.shape()))
      addParamDifference("param '" + p.name() + "': the checkpoint holds slice " +
                         shapeString(shape) + " at " + shapeString(offset) +
                         ", this rank needs " + shapeString(toVector(p.shape())) + " at " +
                         shapeString(executor.sliceOffset(id)));
  }
  for (const auto &[name, p] : stored)
    if (!planNames.count(name))
      addParamDifference("checkpoint param '" + name + "' is not in this plan");
  if (paramLines > 10)
    differences.push_back("... and " + std::to_string(paramLines - 10) +
                          " more parameter differences");
  if (!differences.empty()) {
    std::string message = where + " does not fit this plan:";
    for (const std::string &d : differences)
      message += "\n  " + d;
    throw CheckpointError(message);
  }

  Backend &dev = executor.backend();
  const int64_t flat = executor.flatSize();
  std::vector<HostView> views; // written back once every tensor read
  views.emplace_back(dev, executor.flatParams(), flat);
  if (optimizer) {
    views.emplace_back(dev, optimizer->expAvg().data(), flat);
    views.emplace_back(dev, optimizer->expAvgSq().data(), flat);
  }
  try {
    for (int id = 0; id < executor.numParams(); ++id) {
      const std::string &name = executor.paramInfo(id).name();
      const int64_t offset = executor.paramOffset(id);
      const std::vector<int64_t> shape = toVector(executor.paramInfo(id).shape());
      // The parameter list was checked against the plan; the tensors' own
      // shapes (what read() writes) must agree with it too.
      auto readInto = [&](const std::string &tensor, float *out) {
        const SafetensorsFile::Entry &entry = shard->entry(tensor);
        if (entry.shape != shape)
          throw FormatError("'" + shard->path() + "': tensor '" + tensor + "' has shape " +
                            shapeString(entry.shape) + ", its parameter list and this plan say " +
                            shapeString(shape));
        shard->read(tensor, out);
      };
      readInto(name, views[0] + offset);
      if (optimizer) {
        readInto(name + ".exp_avg", views[1] + offset);
        readInto(name + ".exp_avg_sq", views[2] + offset);
      }
    }
  } catch (const FormatError &e) {
    throw CheckpointError(where + ": " + e.what());
  }
  for (HostView &view : views)
    view.commit();
  return restoreTrainingState(meta, executor, optimizer);
}

} // namespace

TrainingState loadCheckpoint(const std::string &dir, Executor &executor,
                             Optimizer *optimizer, comm::Communicator &world) {
  TrainingState state;
  std::string error;
  try {
    CheckpointLocation location = findCheckpoint(dir);
    if (location.folder.empty()) {
      if (!fs::is_directory(dir))
        throw CheckpointError("checkpoint folder '" + dir + "' does not exist");
      throw CheckpointError("no checkpoint in '" + dir + "' (no " + kLatestFile +
                            ", no checkpoint.json and no iter_ folder)");
    }
    std::string notice;
    json meta = readCheckpointJson(location.folder, &notice);
    // Another (tensor, pipeline, data) layout: re-slice from every rank file.
    if (meta.at("grid") != gridJson(executor.plan(), world.size()))
      state = loadCheckpointAcrossLayouts(location.folder, meta, executor, optimizer);
    else
      state = loadSameLayout(location.folder, meta, executor, optimizer, world);
    state.notice = notice;
    executor.refreshWeights("the checkpoint load");
  } catch (const CheckpointError &e) {
    error = e.what();
  } catch (const std::exception &e) { // a malformed field, a failed read
    error = "checkpoint '" + dir + "': " + e.what();
  }
  std::string agreed = agreeOnError(world, error);
  if (!agreed.empty())
    throw CheckpointError(agreed);
  return state;
}

} // namespace mtc::runtime
