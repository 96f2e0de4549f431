#include "exec/Checkpoint.h"
#include "exec/Reshard.h"
#include "exec/Executor.h"
#include "exec/Optimizer.h"

#include "comm/Communicator.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace mtc::runtime {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

constexpr int kCheckpointVersion = 1;

std::vector<int64_t> toVector(const google::protobuf::RepeatedField<int64_t> &field) {
  return {field.begin(), field.end()};
}

// Where this rank's slice starts in the full tensor. A tensor-parallel slice's
// offset is the runtime's (one plan serves the whole tensor group).
std::vector<int64_t> sliceOffsetOf(const pb::Param &p, const Executor &executor) {
  std::vector<int64_t> offset(p.shape_size(), 0);
  for (int d = 0; d < p.slice_offset_size(); ++d)
    offset[d] = p.slice_offset(d);
  if (p.tensor_split() && p.split_dim() >= 0 && p.split_dim() < p.shape_size())
    offset[p.split_dim()] += executor.tensorShard().rank * p.shape(p.split_dim());
  return offset;
}

std::string shardName(int rank) {
  char name[64];
  std::snprintf(name, sizeof name, "rank_%05d.safetensors", rank);
  return name;
}

void writeTextAtomically(const fs::path &path, const std::string &text) {
  fs::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << text;
    if (!out)
      throw CheckpointError("cannot write '" + tmp.string() + "'");
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec)
    throw CheckpointError("cannot rename '" + tmp.string() + "' to '" + path.string() +
                          "': " + ec.message());
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
  return {{"tensor", std::max<int64_t>(1, p.tensor())},
          {"pipeline", std::max<int64_t>(1, p.pipeline())},
          {"data", std::max<int64_t>(1, p.data())},
          {"world_size", worldSize}};
}

json readJson(const fs::path &path) {
  std::ifstream in(path);
  if (!in)
    throw CheckpointError("cannot open '" + path.string() + "'");
  try {
    return json::parse(in);
  } catch (const std::exception &e) {
    throw CheckpointError("'" + path.string() + "' is not valid JSON: " + e.what());
  }
}

} // namespace

std::string iterationDirName(int64_t iteration) {
  char name[64];
  std::snprintf(name, sizeof name, "iter_%07lld", static_cast<long long>(iteration));
  return name;
}

void copySlice(const float *full, const std::vector<int64_t> &fullShape,
               const std::vector<int64_t> &offset, const std::vector<int64_t> &sliceShape,
               float *out) {
  const size_t rank = fullShape.size();
  if (rank == 0) {
    out[0] = full[0];
    return;
  }
  // Walk the slice's rows (all dimensions but the last) with an odometer.
  std::vector<int64_t> stride(rank, 1);
  for (size_t d = rank - 1; d > 0; --d)
    stride[d - 1] = stride[d] * fullShape[d];
  int64_t rows = 1;
  for (size_t d = 0; d + 1 < rank; ++d)
    rows *= sliceShape[d];
  const int64_t width = sliceShape[rank - 1];
  std::vector<int64_t> index(rank, 0);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t source = offset[rank - 1];
    for (size_t d = 0; d + 1 < rank; ++d)
      source += (offset[d] + index[d]) * stride[d];
    std::copy(full + source, full + source + width, out + r * width);
    for (size_t d = rank - 1; d-- > 0;) {
      if (++index[d] < sliceShape[d])
        break;
      index[d] = 0;
    }
  }
}

std::string saveCheckpoint(const std::string &dir, const TrainingState &state,
                           Executor &executor, Optimizer &optimizer,
                           comm::Communicator &world) {
  const fs::path finalDir = fs::path(dir) / iterationDirName(state.iteration);
  fs::path tmpDir = finalDir;
  tmpDir += ".tmp";
  if (world.rank() == 0) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    fs::remove_all(tmpDir, ec);
    if (!fs::create_directories(tmpDir, ec) && ec)
      throw CheckpointError("cannot create '" + tmpDir.string() + "': " + ec.message());
  }
  world.barrier();

  const pb::Plan &plan = executor.plan();
  std::vector<TensorView> tensors;
  json params = json::array();
  for (int id = 0; id < executor.numParams(); ++id) {
    const pb::Param &p = executor.paramInfo(id);
    std::vector<int64_t> shape = toVector(p.shape());
    int64_t offset = executor.paramOffset(id);
    tensors.push_back({p.name(), shape, executor.param(id)});
    tensors.push_back({p.name() + ".exp_avg", shape, optimizer.expAvg().data() + offset});
    tensors.push_back({p.name() + ".exp_avg_sq", shape, optimizer.expAvgSq().data() + offset});
    params.push_back({{"name", p.name()},
                      {"full_shape", toVector(p.full_shape())},
                      {"slice_offset", sliceOffsetOf(p, executor)},
                      {"shape", shape}});
  }
  std::map<std::string, std::string> metadata{
      {"format", "mtc-checkpoint-shard"},
      {"rank", std::to_string(world.rank())},
      {"params", params.dump()}};
  try {
    writeSafetensors((tmpDir / shardName(world.rank())).string(), tensors, metadata);
  } catch (const FormatError &e) {
    throw CheckpointError(std::string("saving checkpoint: ") + e.what());
  }
  world.barrier();

  if (world.rank() == 0) {
    json meta = {{"format", "mtc-checkpoint"},
                 {"version", kCheckpointVersion},
                 {"iteration", state.iteration},
                 {"consumed_samples", state.consumedSamples},
                 {"rng", {{"seed", state.seed}, {"dropout_counter", state.dropoutCounter}}},
                 {"optimizer", {{"steps", optimizer.stepsTaken()}}},
                 {"model", modelJson(plan)},
                 {"grid", gridJson(plan, world.size())}};
    if (state.lossScale > 0)
      meta["loss_scaler"] = {{"scale", state.lossScale},
                             {"growth_tracker", state.lossScaleGrowthTracker},
                             {"hysteresis_tracker", state.lossScaleHysteresisTracker}};
    std::ofstream out(tmpDir / "checkpoint.json");
    out << meta.dump(2) << "\n";
    out.close();
    if (!out)
      throw CheckpointError("cannot write '" + (tmpDir / "checkpoint.json").string() + "'");
    std::error_code ec;
    fs::remove_all(finalDir, ec);
    fs::rename(tmpDir, finalDir, ec);
    if (ec)
      throw CheckpointError("cannot rename '" + tmpDir.string() + "' to '" +
                            finalDir.string() + "': " + ec.message());
    writeTextAtomically(fs::path(dir) / kLatestFile, std::to_string(state.iteration) + "\n");
  }
  world.barrier();
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

TrainingState loadCheckpoint(const std::string &dir, Executor &executor,
                             Optimizer *optimizer, comm::Communicator &world) {
  fs::path folder = dir;
  if (!fs::exists(folder / "checkpoint.json")) {
    if (!fs::is_directory(folder))
      throw CheckpointError("checkpoint folder '" + dir + "' does not exist");
    int64_t latest = latestIteration(dir);
    if (latest < 0)
      throw CheckpointError("no checkpoint in '" + dir + "' (no " + kLatestFile +
                            " and no checkpoint.json)");
    folder /= iterationDirName(latest);
  }
  json meta = readJson(folder / "checkpoint.json");
  const pb::Plan &plan = executor.plan();
  const std::string where = "checkpoint '" + folder.string() + "'";
  if (meta.value("format", "") != "mtc-checkpoint" || meta.value("version", 0) != kCheckpointVersion)
    throw CheckpointError(where + " is not an mtc checkpoint of version " +
                          std::to_string(kCheckpointVersion));

  // Another (tensor, pipeline, data) layout: re-slice from every rank file.
  if (meta.at("grid") != gridJson(plan, world.size()))
    return loadCheckpointAcrossLayouts(folder.string(), executor, optimizer, world);

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

  fs::path shardPath = folder / shardName(world.rank());
  std::unique_ptr<SafetensorsFile> shard;
  std::map<std::string, json> stored;
  try {
    shard = std::make_unique<SafetensorsFile>(shardPath.string());
    for (const json &p : json::parse(shard->metadata().at("params")))
      stored[p.at("name").get<std::string>()] = p;
  } catch (const std::exception &e) {
    throw CheckpointError(where + ": cannot read this rank's shard: " + e.what());
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
    else if (offset != sliceOffsetOf(p, executor) || shape != toVector(p.shape()))
      addParamDifference("param '" + p.name() + "': the checkpoint holds slice " +
                         shapeString(shape) + " at " + shapeString(offset) +
                         ", this rank needs " + shapeString(toVector(p.shape())) + " at " +
                         shapeString(sliceOffsetOf(p, executor)));
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

  try {
    for (int id = 0; id < executor.numParams(); ++id) {
      const std::string &name = executor.paramInfo(id).name();
      shard->read(name, executor.param(id));
      if (optimizer) {
        int64_t offset = executor.paramOffset(id);
        shard->read(name + ".exp_avg", optimizer->expAvg().data() + offset);
        shard->read(name + ".exp_avg_sq", optimizer->expAvgSq().data() + offset);
      }
    }
  } catch (const FormatError &e) {
    throw CheckpointError(where + ": " + e.what());
  }
  TrainingState state;
  state.iteration = meta.at("iteration").get<int64_t>();
  state.consumedSamples = meta.at("consumed_samples").get<int64_t>();
  state.seed = meta.at("rng").at("seed").get<uint64_t>();
  state.dropoutCounter = meta.at("rng").at("dropout_counter").get<uint64_t>();
  executor.setDropoutCounter(state.dropoutCounter);
  readLossScalerState(meta, state);
  if (optimizer)
    optimizer->setStepsTaken(meta.at("optimizer").at("steps").get<int64_t>());
  return state;
}

namespace {

// The QKV permutation's geometry for a packed c_attn param of this full shape.
struct QkvGeometry {
  int64_t rows = 0, heads = 0, headDim = 0;
};

QkvGeometry qkvGeometry(const pb::Param &p, const pb::Model &m) {
  std::vector<int64_t> shape = toVector(p.full_shape());
  const int64_t heads = m.heads();
  if (shape.empty() || heads <= 0 || shape.back() % (3 * heads) != 0)
    throw FormatError("param '" + p.name() + "' of shape " + shapeString(shape) +
                      " is not a packed QKV of " + std::to_string(heads) + " heads");
  QkvGeometry g;
  g.heads = heads;
  g.headDim = shape.back() / (3 * heads);
  g.rows = 1;
  for (size_t d = 0; d + 1 < shape.size(); ++d)
    g.rows *= shape[d];
  return g;
}

// Writes one full tensor per param, read from `source(id)` (weights or
// gradients), with packed QKV columns in GPT-2's order.
void exportParamTensors(const std::string &path, Executor &executor, const char *flag,
                        const std::function<const float *(int)> &source) {
  std::vector<TensorView> tensors;
  std::vector<std::vector<float>> permuted; // keeps the reordered copies alive
  const pb::Model &m = executor.plan().model();
  for (int id = 0; id < executor.numParams(); ++id) {
    const pb::Param &p = executor.paramInfo(id);
    if (toVector(p.shape()) != toVector(p.full_shape()))
      throw FormatError(std::string(flag) + ": param '" + p.name() + "' is a slice " +
                        shapeString(toVector(p.shape())) + " of " +
                        shapeString(toVector(p.full_shape())) +
                        "; exporting sharded models (gathering slices) is not implemented yet");
    const float *data = source(id);
    if (isPackedQkvName(p.name())) {
      QkvGeometry g = qkvGeometry(p, m);
      permuted.emplace_back(executor.paramElements(id));
      qkvMegatronToGpt2(data, permuted.back().data(), g.rows, g.heads, g.headDim);
      data = permuted.back().data();
    }
    tensors.push_back({p.name(), toVector(p.shape()), data});
  }
  writeSafetensors(path, tensors,
                   {{"format", "pt"},
                    {"mtc_model", m.name()},
                    {"mtc_fingerprint", m.fingerprint()},
                    {"mtc_vocab", std::to_string(m.vocab())},
                    {"mtc_qkv_layout", "gpt2"}});
}

} // namespace

void exportSafetensors(const std::string &path, Executor &executor) {
  exportParamTensors(path, executor, "--export-safetensors",
                     [&](int id) -> const float * { return executor.param(id); });
}

void exportGradients(const std::string &path, Executor &executor) {
  exportParamTensors(path, executor, "--dump-grads",
                     [&](int id) -> const float * { return executor.grad(id); });
}

int importSafetensors(const std::string &path, Executor &executor, std::string *report) {
  SafetensorsFile file(path);
  const pb::Model &m = executor.plan().model();
  int loaded = 0;
  std::vector<std::string> missing;
  for (int id = 0; id < executor.numParams(); ++id) {
    const pb::Param &p = executor.paramInfo(id);
    std::string found;
    for (const std::string &candidate :
         {p.name(), "transformer." + p.name(), p.name() + ".weight",
          "transformer." + p.name() + ".weight"})
      if (file.contains(candidate)) {
        found = candidate;
        break;
      }
    if (found.empty()) {
      missing.push_back(p.name());
      continue;
    }
    const auto &entry = file.entry(found);
    std::vector<int64_t> fullShape = toVector(p.full_shape());
    std::vector<float> full = file.read(found);
    if (entry.shape != fullShape) {
      // A table with the real vocabulary's rows fills the padded table.
      bool paddedRows = entry.shape.size() == fullShape.size() && !fullShape.empty() &&
                        entry.shape[0] == m.vocab() && fullShape[0] == m.padded_vocab() &&
                        std::equal(entry.shape.begin() + 1, entry.shape.end(),
                                   fullShape.begin() + 1);
      if (!paddedRows)
        throw FormatError("'" + path + "': tensor '" + found + "' has shape " +
                          shapeString(entry.shape) + ", param '" + p.name() + "' needs " +
                          shapeString(fullShape));
      full.resize(full.size() / entry.shape[0] * fullShape[0], 0.f);
    }
    if (isPackedQkvName(p.name())) {
      QkvGeometry g = qkvGeometry(p, m);
      std::vector<float> megatron(full.size());
      qkvGpt2ToMegatron(full.data(), megatron.data(), g.rows, g.heads, g.headDim);
      full.swap(megatron);
    }
    copySlice(full.data(), fullShape, sliceOffsetOf(p, executor), toVector(p.shape()), executor.param(id));
    ++loaded;
  }
  if (report) {
    std::ostringstream os;
    os << "loaded " << loaded << " of " << executor.numParams() << " params from '" << path
       << "'";
    if (!missing.empty()) {
      os << "; kept the initialization of " << missing.size() << ":";
      for (size_t i = 0; i < missing.size() && i < 5; ++i)
        os << " " << missing[i];
      if (missing.size() > 5)
        os << " ...";
    }
    *report = os.str();
  }
  return loaded;
}

} // namespace mtc::runtime
