//===- PlanArgs.cpp - mtc-plan's command line -----------------------------===//
#include "mtc/Plan/PlanTool.h"
#include "mtc/Support/FlagVocabulary.h"

#include <sys/stat.h>

#include <optional>

namespace mtc {

namespace {
// A folder opens like a file and then reads as "not valid JSON": say what it is.
bool isFolder(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

} // namespace

Result<PlanRequest> parsePlanArgs(const std::vector<std::string> &args,
                                  const ModelFileReader &readModelFile) {
  PlanRequest req;
  std::string configPath, recompute;
  int seqOverride = 0;
  ModelShape shapeFlags; // fields set by model flags, 0 = not given
  bool untied = false;
  ParallelConfig &ev = req.evaluateConfig;
  ev.dp = 0; // 0 = take what the GPU count leaves

  const ValueRange count = ValueRange::between(1, 1 << 30);
  FlagSet flags("mtc-plan",
                "Searches tensor/pipeline/data-parallel layouts of a model on a cluster, predicts\n"
                "time and memory per GPU and prints the best plans; --evaluate predicts one given\n"
                "layout; --paper-table compares with Narayanan et al. 2021, Table 1. The model is\n"
                "a model.mlir, a config .json (--model-config) or Megatron-LM's model flags.");
  flags.positional("model", &req.modelPath, "a model .mlir (mtc-import writes one) or a config .json",
                   false);
  flags.topic(flag::kModel);
  flags.add("model-config", &configPath, "the model from a HuggingFace or Megatron config")
      .valueName("FILE.json");
  flags.add(flag::numLayers, &shapeFlags.layers, "", count);
  flags.add(flag::hiddenSize, &shapeFlags.hidden, "", count);
  flags.add(flag::numAttentionHeads, &shapeFlags.heads, "", count);
  flags.add(flag::vocabSize, &shapeFlags.vocab, "", count);
  flags.add(flag::ffnHiddenSize, &shapeFlags.ffn, "(default 4 x hidden)", count);
  flags.add(flag::seqLength, &seqOverride, "(overrides the model's)", count);
  flags.add(flag::untieEmbeddings, &untied);

  flags.topic(flag::kPlanner);
  flags.add(flag::gpus, &req.gpus, "", count).required().valueName("N");
  flags.add(flag::gpusPerNode, &req.gpusPerNode, "", count);
  flags.add(flag::gpu, &req.device);
  flags.add(flag::globalBatchSize, &req.globalBatch, "", count).required().valueName("B");
  flags.add("top", &req.top, "plans in the table", count);
  flags.add("json", &req.json, "print JSON instead of tables");
  flags.add("paper-table", &req.paperTable,
            "compare with Narayanan et al. 2021, Table 1, and exit")
      .standalone();

  flags.topic("One layout (--evaluate)");
  flags.add("evaluate", &req.evaluate, "predict the layout the flags below give");
  flags.add(flag::tensorParallel, &ev.tp, "", count);
  flags.add(flag::pipelineParallel, &ev.pp, "", count);
  flags.add(flag::virtualStages, &ev.vp, "", count);
  flags.add(flag::dataParallel, &ev.dp, "(default: what --gpus leaves)", count);
  flags.add(flag::microBatchSize, &ev.microBatch, "", count);
  flags.add(flag::recomputeGranularity, &recompute).choices({"none", "selective", "full"});
  flags.add(flag::sequenceParallel, &ev.sequenceParallel);
  flags.add(flag::distributedOptimizer, &ev.distributedOptimizer);
  try {
    if (!flags.parse(args)) {
      req.help = true;
      req.usage = flags.usage();
      return req;
    }
  } catch (const FlagError &e) {
    return Error{std::string("mtc-plan: ") + e.what()};
  }
  if (!recompute.empty())
    parseRecompute(recompute, ev.recompute);
  const bool recomputeGiven = !recompute.empty();
  if (req.paperTable)
    return req;

  for (const std::string *path : {&configPath, &req.modelPath})
    if (!path->empty() && isFolder(*path))
      return Error{"mtc-plan: cannot read '" + *path + "': it is a folder"};
  if (!configPath.empty()) {
    auto m = loadModelConfig(configPath);
    if (!m.ok())
      return Error{"mtc-plan: " + m.error()};
    req.model = *m;
    req.modelName = configPath;
  } else if (!req.modelPath.empty()) {
    bool isJson = req.modelPath.size() > 5 &&
                  req.modelPath.compare(req.modelPath.size() - 5, 5, ".json") == 0;
    if (isJson || readModelFile) {
      auto m = isJson ? loadModelConfig(req.modelPath) : readModelFile(req.modelPath);
      if (!m.ok())
        return Error{"mtc-plan: " + m.error()};
      req.model = *m;
      req.modelName = req.modelPath;
    } else {
      return Error{"mtc-plan: cannot read '" + req.modelPath +
                   "': this build reads models only from --model-config FILE.json "
                   "or the model flags"};
    }
  }
  // Flags override (or supply) the shape.
  if (shapeFlags.layers) req.model.layers = shapeFlags.layers;
  if (shapeFlags.hidden) req.model.hidden = shapeFlags.hidden;
  if (shapeFlags.heads) req.model.heads = shapeFlags.heads;
  if (shapeFlags.vocab) req.model.vocab = shapeFlags.vocab;
  if (shapeFlags.ffn) req.model.ffn = shapeFlags.ffn;
  if (seqOverride) req.model.seq = seqOverride;
  if (untied) req.model.tied = false;
  if (req.modelName.empty())
    req.modelName = "model from flags";
  std::string missing;
  for (auto [name, v] : {std::pair<const char *, int>{"--num-layers", req.model.layers},
                         {"--hidden-size", req.model.hidden},
                         {"--num-attention-heads", req.model.heads},
                         {"--vocab-size", req.model.vocab},
                         {"--seq-length", req.model.seq}})
    if (v == 0)
      missing += std::string(missing.empty() ? "" : ", ") + name;
  if (!missing.empty())
    return Error{"mtc-plan: no model: give --model-config FILE.json or " + missing};
  auto valid = validateModel(req.model);
  if (!valid.ok())
    return Error{"mtc-plan: " + valid.error()};
  if (req.evaluate) {
    ev.globalBatch = req.globalBatch;
    if (!recomputeGiven)
      ev.recompute = Recompute::None;
    if (ev.dp == 0) {
      long long tpp = static_cast<long long>(ev.tp) * ev.pp;
      if (req.gpus % tpp != 0)
        return Error{"mtc-plan: --gpus " + std::to_string(req.gpus) +
                     " is not a multiple of tp*pp = " + std::to_string(tpp) +
                     "; give --dp or change --tp/--pp"};
      ev.dp = static_cast<int>(req.gpus / tpp);
    }
  }
  return req;
}

} // namespace mtc
