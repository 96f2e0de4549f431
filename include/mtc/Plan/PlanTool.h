//===- PlanTool.h - The model-independent body of mtc-plan ------*- C++ -*-===//
//
// tools/mtc-plan only parses argv and calls runPlanTool, so another front
// end (e.g. `mtc-plan model.mlir`, which extracts a ModelShape from the IR)
// can fill PlanRequest::model and reuse everything here.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_PLANTOOL_H
#define MTC_PLAN_PLANTOOL_H

#include <functional>
#include "mtc/Plan/CostModel.h"
#include "mtc/Plan/ParallelConfig.h"
#include "mtc/Plan/Software.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace mtc {

struct PlanRequest {
  ModelShape model;
  std::string modelName;   ///< shown in the report
  std::string modelPath;   ///< positional argument (e.g. model.mlir), if any
  std::string device = "a100-80gb";
  int gpus = 0;
  int gpusPerNode = 0;     ///< 0 = the device's system (DGX-2: 16, else 8)
  int nicsPerNode = 0;     ///< 0 = the device's system's compute NICs
  double nicGbps = 0;      ///< one NIC's line rate, Gb/s; 0 = the system's
  Software software = Software::Mtc; ///< the framework the prediction assumes
  int globalBatch = 0;
  int top = 5;             ///< plans in the table
  bool json = false;
  bool evaluate = false;   ///< predict evaluateConfig instead of searching
  ParallelConfig evaluateConfig;
  CostParams params;       ///< network options and the memory margin
  bool paperTable = false; ///< compare with Narayanan et al. 2021 Table 1
  bool help = false;
  std::string usage;       ///< --help's text
};

/// Parses the JSON text of a model config: HuggingFace GPT-2 keys (n_layer,
/// n_embd, n_head, vocab_size, n_positions, n_inner) or Megatron-style keys
/// (num_layers, hidden_size, num_attention_heads, vocab_size / padded_vocab_size,
/// seq_length / max_position_embeddings, ffn_hidden_size / intermediate_size),
/// tie_word_embeddings (default true). Errors name the source and the key.
Result<ModelShape> parseModelConfig(const std::string &jsonText,
                                    const std::string &source);
Result<ModelShape> loadModelConfig(const std::string &path);

/// Reads a model file that is not JSON (mtc-plan passes one that parses
/// model.mlir; lib/Plan itself links no MLIR).
using ModelFileReader = std::function<Result<ModelShape>(const std::string &path)>;

/// Parses mtc-plan's command line (args exclude argv[0]). Model flags and
/// --seq override fields of --model-config or the positional model file.
Result<PlanRequest> parsePlanArgs(const std::vector<std::string> &args,
                                  const ModelFileReader &readModelFile = nullptr);


/// Runs the request: writes the report (or JSON) to `out`, diagnostics to
/// `err`; returns the process exit code (0 ok, 1 impossible request, 2 bad
/// usage).
int runPlanTool(const PlanRequest &request, std::ostream &out, std::ostream &err);

} // namespace mtc

#endif // MTC_PLAN_PLANTOOL_H
