#include "checkpoint/Reshard.h"
#include "io/JsonDepth.h"
#include "checkpoint/CheckpointFormat.h"
#include "exec/Executor.h"
#include "optim/Optimizer.h"
#include "io/Slices.h"

#include "comm/Communicator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <vector>

namespace mtc::runtime {
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct StoredSlice {
  const SafetensorsFile *file;
  std::vector<int64_t> fullShape, offset, shape;
};

std::string shapeText(const std::vector<int64_t> &s) {
  std::string t = "[";
  for (size_t i = 0; i < s.size(); ++i)
    t += (i ? "," : "") + std::to_string(s[i]);
  return t + "]";
}

} // namespace

TrainingState loadCheckpointAcrossLayouts(const std::string &folderName, const json &meta,
                                          Executor &executor, Optimizer *optimizer) {
  const fs::path folder = folderName;
  const std::string where = "checkpoint '" + folder.string() + "'";
  const pb::Model &m = executor.plan().model();
  const json &model = meta.at("model");
  // The padded vocabulary (and so the fingerprint) may differ with the tensor
  // size; the model itself must not.
  if (model.value("name", "") != m.name() || model.value("layers", 0) != m.layers() ||
      model.value("hidden", 0) != m.hidden() || model.value("heads", 0) != m.heads() ||
      model.value("vocab", 0) != m.vocab())
    throw CheckpointError(where + " holds model '" + model.value("name", "?") + "' (" +
                          std::to_string(model.value("layers", 0)) + " layers, hidden " +
                          std::to_string(model.value("hidden", 0)) + ", vocab " +
                          std::to_string(model.value("vocab", 0)) + "), this plan is '" +
                          m.name() + "' (" + std::to_string(m.layers()) + " layers, hidden " +
                          std::to_string(m.hidden()) + ", vocab " + std::to_string(m.vocab()) +
                          "): another model");

  // Every rank file and the slices it holds.
  std::vector<std::unique_ptr<SafetensorsFile>> files;
  std::map<std::string, std::vector<StoredSlice>> slices;
  const int64_t writers = meta.at("grid").value("world_size", 0);
  if (writers <= 0)
    throw CheckpointError(where + ": checkpoint.json has no world size");
  for (int64_t r = 0; r < writers; ++r) {
    files.push_back(openShard(folder.string(), meta, r)); // checks size and header
    try {
      const std::string &params = files.back()->metadata().at("params");
      if (jsonNestingDepth(params) > kMaxJsonDepth)
        throw CheckpointError("it nests JSON more than " + std::to_string(kMaxJsonDepth) +
                              " levels deep");
      for (const json &p : json::parse(params)) {
        StoredSlice slice{files.back().get(), p.at("full_shape").get<std::vector<int64_t>>(),
                          p.at("slice_offset").get<std::vector<int64_t>>(),
                          p.at("shape").get<std::vector<int64_t>>()};
        // Every index below trusts these: one rank each, the slice inside the tensor.
        const std::string name = p.at("name").get<std::string>();
        bool inside = slice.offset.size() == slice.fullShape.size() &&
                      slice.shape.size() == slice.fullShape.size();
        for (size_t d = 0; inside && d < slice.fullShape.size(); ++d)
          inside = slice.offset[d] >= 0 && slice.shape[d] >= 0 &&
                   slice.shape[d] <= slice.fullShape[d] &&
                   slice.offset[d] <= slice.fullShape[d] - slice.shape[d];
        if (!inside)
          throw CheckpointError("param '" + name + "': slice " + shapeText(slice.shape) +
                                " at " + shapeText(slice.offset) + " does not lie inside " +
                                "its full shape " + shapeText(slice.fullShape));
        slices[name].push_back(std::move(slice));
      }
    } catch (const std::exception &e) {
      throw CheckpointError(where + ": rank file " + shardName(r) + ": " + e.what());
    }
  }

  // Whole flat arrays on the host, written back once every param is read.
  Backend &dev = executor.backend();
  std::vector<HostView> views;
  views.emplace_back(dev, executor.flatParams(), executor.flatSize(), /*load=*/false);
  if (optimizer) {
    views.emplace_back(dev, optimizer->expAvg().data(), executor.flatSize(), false);
    views.emplace_back(dev, optimizer->expAvgSq().data(), executor.flatSize(), false);
  }
  for (int id = 0; id < executor.numParams(); ++id) {
    const pb::Param &p = executor.paramInfo(id);
    std::vector<int64_t> fullShape(p.full_shape().begin(), p.full_shape().end());
    std::vector<int64_t> shape(p.shape().begin(), p.shape().end());
    const std::vector<int64_t> offset = executor.sliceOffset(id);
    auto it = slices.find(p.name());
    if (it == slices.end())
      throw CheckpointError(where + ": param '" + p.name() + "' is not in the checkpoint");
    const int64_t n = executor.paramElements(id);
    const int64_t flat = executor.paramOffset(id);
    struct Target { std::string suffix; float *data; };
    std::vector<Target> targets = {{"", views[0] + flat}};
    if (optimizer) {
      targets.push_back({".exp_avg", views[1] + flat});
      targets.push_back({".exp_avg_sq", views[2] + flat});
    }
    for (const Target &t : targets) {
      std::vector<bool> covered(n, false);
      std::fill(t.data, t.data + n, 0.0f);
      for (const StoredSlice &s : it->second) {
        if (s.fullShape.size() != fullShape.size())
          throw CheckpointError(where + ": param '" + p.name() + "' has full shape " +
                                shapeText(s.fullShape) + " in the checkpoint, " +
                                shapeText(fullShape) + " in this plan");
        // Skip slices that cannot overlap before reading them.
        bool overlaps = true;
        for (size_t d = 0; d < shape.size(); ++d)
          overlaps = overlaps && s.offset[d] < offset[d] + shape[d] &&
                     offset[d] < s.offset[d] + s.shape[d];
        if (!overlaps)
          continue;
        std::vector<float> data;
        try { // verifies the tensor's checksum
          const std::string tensor = p.name() + t.suffix;
          const SafetensorsFile::Entry &entry = s.file->entry(tensor);
          if (entry.shape != s.shape)
            throw FormatError("'" + s.file->path() + "': tensor '" + tensor + "' has shape " +
                              shapeString(entry.shape) + ", its parameter list says " +
                              shapeString(s.shape));
          data = s.file->read(tensor);
        } catch (const FormatError &e) {
          throw CheckpointError(where + ": " + e.what());
        }
        // Replicas (data-parallel ranks) hold the same bits: the first is kept.
        copyOverlap(data.data(), Box{s.offset, s.shape}, t.data, Box{offset, shape}, covered);
      }
      // What no slice covers must lie outside the stored tensor: padding.
      const std::vector<int64_t> &stored = it->second.front().fullShape;
      for (int64_t i = 0; i < n; ++i) {
        if (covered[i])
          continue;
        int64_t rest = i;
        bool padding = false;
        for (size_t d = shape.size(); d-- > 0;) {
          const int64_t at = offset[d] + rest % shape[d];
          rest /= shape[d];
          padding = padding || at >= stored[d];
        }
        if (!padding)
          throw CheckpointError(where + ": no rank file holds element " + std::to_string(i) +
                                " of param '" + p.name() + t.suffix + "' (slice " +
                                shapeText(shape) + " at " + shapeText(offset) + ")");
      }
    }
  }
  for (HostView &view : views)
    view.commit();
  return restoreTrainingState(meta, executor, optimizer);
}

} // namespace mtc::runtime
