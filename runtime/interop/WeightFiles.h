// Whole-model weight files: safetensors under Hugging Face's names
// (GPT2LMHeadModel, BertForPreTraining, LlamaForCausalLM; docs/checkpoints.md).
// `train --export-safetensors`, `--export-initial` and `--dump-grads` write
// them on any (tensor, pipeline, data) layout by gathering every rank's
// slices into one file; `train --init-from` and `generate --init-from` read
// them, all or nothing.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mtc::pb {
class Model;
class Plan;
} // namespace mtc::pb

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {

class Executor;

// One param's full tensor in mtc's layout (every rank's slices put together).
struct FullTensor {
  std::string name;
  std::vector<int64_t> shape;
  std::vector<float> data;
};

// Collective over `world`: the full tensor of every param held by a rank in
// `holders` (world ranks, ascending, rank 0 first; one rank per tensor and
// pipeline place is enough, data-parallel replicas hold the same), taken
// from `flat` (backend memory laid out like executor.flatParams(): the
// weights or the gradients). Returned on world rank 0, empty elsewhere.
// Throws FormatError when a param is not covered exactly once, or when two
// copies of a replicated slice (the tied embedding's copy on the last
// pipeline stage) differ.
std::vector<FullTensor> gatherFullTensors(Executor &executor, float *flat,
                                          comm::Communicator &world,
                                          const std::vector<int> &holders);

// Writes full tensors as the model's Hugging Face tensors (names, layouts,
// vocabulary rows), sorted by name with numbers compared as numbers, so
// every layout writes the same bytes. Atomic and durable (writeSafetensors).
void writeWeightFile(const std::string &path, const std::vector<FullTensor> &tensors,
                     const pb::Model &model);

// One rank holding the whole model (every slice is the full tensor).
void exportSafetensors(const std::string &path, Executor &executor);
// Like exportSafetensors, with the accumulated gradients under the params' names.
void exportGradients(const std::string &path, Executor &executor);

// Sets every parameter to its slice of the file's full tensor. All or
// nothing: every param of `model` (the whole model, also under pipeline
// parallelism, where this rank holds one stage's) must be in the file with
// the right shape, and the file must hold nothing else but known-harmless
// Hugging Face buffers; otherwise FormatError lists every problem and no
// parameter changes. Vocabulary padding rows are zeroed. Returns the number
// of params set on this rank; `report` gets a one-line summary.
int importSafetensors(const std::string &path, Executor &executor, const pb::Plan &model,
                      std::string *report = nullptr);
// The executor's own plan as the whole model (no pipeline parallelism).
int importSafetensors(const std::string &path, Executor &executor,
                      std::string *report = nullptr);

} // namespace mtc::runtime
