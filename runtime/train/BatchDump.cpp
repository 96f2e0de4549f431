#include "train/BatchDump.h"
#include "io/Safetensors.h"

#include "comm/Communicator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

namespace mtc::runtime {

using json = nlohmann::json;

namespace {

constexpr int kBatchTag = 0x6d7464; // apart from the pipeline's and the weight gather's

bool perSample(const std::string &name) {
  return name == "lengths" || name == "sentence_labels";
}

// One replica's recorded inputs, sent to rank 0.
void sendRecorded(comm::Communicator &world, const std::map<std::string, std::vector<float>> &r) {
  json sizes = json::object();
  for (const auto &[name, values] : r)
    sizes[name] = values.size();
  const std::string header = sizes.dump();
  int64_t length = static_cast<int64_t>(header.size());
  world.send(&length, 1, comm::DataType::I64, 0, kBatchTag);
  world.send(header.data(), header.size(), comm::DataType::U8, 0, kBatchTag);
  for (const auto &[name, values] : r)
    world.send(values.data(), values.size(), comm::DataType::F32, 0, kBatchTag);
}

std::map<std::string, std::vector<float>> receiveRecorded(comm::Communicator &world, int rank) {
  int64_t length = 0;
  world.recv(&length, 1, comm::DataType::I64, rank, kBatchTag);
  std::string header(static_cast<size_t>(length), '\0');
  world.recv(header.data(), header.size(), comm::DataType::U8, rank, kBatchTag);
  const json sizes = json::parse(header);
  std::map<std::string, std::vector<float>> out;
  for (auto it = sizes.begin(); it != sizes.end(); ++it) {
    std::vector<float> &values = out[it.key()];
    values.resize(it->get<size_t>());
    world.recv(values.data(), values.size(), comm::DataType::F32, rank, kBatchTag);
  }
  return out;
}

} // namespace

BatchDump::BatchDump(const BatchGeometry &geometry, int64_t microBatches)
    : geometry(geometry), microBatches(microBatches) {}

void BatchDump::record(int64_t index, const MicroBatchInputs &in) {
  running.emplace(index, in);
}

void BatchDump::endIteration() {
  for (int64_t m = 0; m < microBatches; ++m) {
    auto it = running.find(m);
    if (it == running.end())
      throw std::logic_error("--dump-batch: micro-batch " + std::to_string(m) +
                             " of the iteration was never filled on this rank");
    const MicroBatchInputs &in = it->second;
    for (auto [name, values] :
         {std::pair{"tokens", &in.tokens}, std::pair{"targets", &in.targets},
          std::pair{"token_types", &in.tokenTypes}, std::pair{"lengths", &in.lengths},
          std::pair{"sentence_labels", &in.sentenceLabels}})
      if (!values->empty())
        recorded[name].insert(recorded[name].end(), values->begin(), values->end());
  }
  running.clear();
}

std::vector<int64_t> BatchDump::shapeOf(const std::string &name, int64_t iterations,
                                        int64_t microBatchesPerIteration) const {
  std::vector<int64_t> shape{iterations, microBatchesPerIteration, geometry.microBatch};
  if (!perSample(name))
    shape.push_back(geometry.seq);
  return shape;
}

void BatchDump::write(const std::string &path, comm::Communicator &world,
                      const std::vector<int> &recorders, int64_t startIteration) const {
  if (world.rank() != 0) {
    if (std::find(recorders.begin(), recorders.end(), world.rank()) != recorders.end())
      sendRecorded(world, recorded);
    return;
  }
  const int64_t replicas = static_cast<int64_t>(recorders.size());
  std::vector<std::map<std::string, std::vector<float>>> byReplica{recorded};
  for (size_t r = 1; r < recorders.size(); ++r)
    byReplica.push_back(receiveRecorded(world, recorders[r]));

  // Micro-batch m of replica r is the one-rank run's micro-batch m * d + r.
  const int64_t oneRankMicroBatches = microBatches * replicas;
  std::map<std::string, std::vector<float>> run;
  for (const auto &[name, values] : recorded) {
    const std::vector<int64_t> one = shapeOf(name, 1, 1);
    const int64_t chunk = one[2] * (one.size() > 3 ? one[3] : 1); // one micro-batch
    const int64_t iterations = static_cast<int64_t>(values.size()) / (chunk * microBatches);
    std::vector<float> &out = run[name];
    out.resize(static_cast<size_t>(iterations * oneRankMicroBatches * chunk));
    for (int64_t r = 0; r < replicas; ++r) {
      const std::vector<float> &mine = byReplica[r][name];
      if (static_cast<int64_t>(mine.size()) != iterations * microBatches * chunk)
        throw std::runtime_error("--dump-batch: replica " + std::to_string(r) + " recorded " +
                                 std::to_string(mine.size()) + " values of '" + name +
                                 "', replica 0 " + std::to_string(values.size()));
      for (int64_t i = 0; i < iterations; ++i)
        for (int64_t m = 0; m < microBatches; ++m)
          std::copy_n(mine.begin() + (i * microBatches + m) * chunk, chunk,
                      out.begin() + ((i * oneRankMicroBatches) + m * replicas + r) * chunk);
    }
  }

  int64_t first = startIteration;
  std::map<std::string, std::vector<float>> all;
  // A resumed run keeps the earlier run's iterations up to its checkpoint.
  std::ifstream present(path);
  if (startIteration > 0 && present) {
    present.close();
    SafetensorsFile earlier(path);
    const auto shape = earlier.entry("tokens").shape;
    int64_t earlierFirst = -1;
    auto it = earlier.metadata().find("first_iteration");
    if (it != earlier.metadata().end())
      earlierFirst = std::atoll(it->second.c_str());
    bool fits = shape.size() == 4 && earlierFirst >= 0 && earlierFirst <= startIteration &&
                earlierFirst + shape[0] >= startIteration;
    for (const auto &[name, values] : run)
      fits = fits && earlier.contains(name) &&
             earlier.entry(name).shape ==
                 shapeOf(name, fits ? shape[0] : 0, oneRankMicroBatches);
    if (!fits)
      throw std::runtime_error(
          "--dump-batch '" + path + "' holds batches of shape " + shapeString(shape) +
          " from iteration " + std::to_string(earlierFirst + 1) +
          ", which this run (resumed at iteration " + std::to_string(startIteration) +
          ") cannot continue: not replacing it (give another file)");
    for (const auto &[name, values] : run) {
      const std::vector<int64_t> one = shapeOf(name, 1, oneRankMicroBatches);
      const int64_t perIteration = one[1] * one[2] * (one.size() > 3 ? one[3] : 1);
      all[name] = earlier.read(name);
      all[name].resize((startIteration - earlierFirst) * perIteration);
    }
    first = earlierFirst;
  }
  for (auto &[name, values] : run)
    all[name].insert(all[name].end(), values.begin(), values.end());
  std::vector<TensorView> tensors;
  for (auto &[name, values] : all) {
    const std::vector<int64_t> one = shapeOf(name, 1, oneRankMicroBatches);
    const int64_t perIteration = one[1] * one[2] * (one.size() > 3 ? one[3] : 1);
    const int64_t iterations = static_cast<int64_t>(values.size()) / perIteration;
    tensors.push_back({name, shapeOf(name, iterations, oneRankMicroBatches), values.data()});
  }
  writeSafetensors(path, tensors, {{"first_iteration", std::to_string(first)}});
}

} // namespace mtc::runtime
