//===- PlanArgs.cpp - mtc-plan's command line -----------------------------===//
#include "mtc/Plan/PlanSchedules.h"
#include "mtc/Plan/PlanTool.h"
#include "mtc/Plan/StageLayout.h"
#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/LlamaFamilyFlags.h"

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
  std::string configPath, recompute, dpAllReduce = "auto", schedule, attentionBackend = "unfused";
  std::string zeroBubbleMemoryLimit = "1f1b";
  std::string software;
  std::vector<int64_t> layersPerChunk;
  int firstStageLayers = 0, lastStageLayers = 0;
  double marginGiB = req.params.memoryMarginBytes / (1024.0 * 1024.0 * 1024.0);
  bool noScatterGather = false, megatron2021 = false;
  int seqOverride = 0;
  ModelShape shapeFlags; // fields set by model flags, 0 = not given
  bool untied = false;
  LlamaFamilyFlags llamaFlags;
  ParallelConfig &ev = req.evaluateConfig;
  ev.dp = 0; // 0 = take what the GPU count leaves

  const ValueRange count = ValueRange::between(1, 1 << 30);
  FlagSet flags("mtc-plan",
                "Searches tensor/context/pipeline/data-parallel layouts of a model on a cluster,\n"
                "predicts time and memory per GPU and prints the best plans; --evaluate predicts\n"
                "one given layout; --paper-table compares with Narayanan et al. 2021, Table 1.\n"
                "The model is a model.mlir, a config .json (--model-config) or Megatron-LM's\n"
                "model flags.");
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
  flags.topic("LLaMA family (Megatron-LM's flags)");
  llamaFlags.addTo(flags);
  flags.topic("Mixture of experts (Megatron-LM's flags; SwiGLU experts, as Mixtral's)");
  int experts = 0, topk = 0, expertFfn = 0;
  flags.add(flag::numExperts, &experts, "", count);
  flags.add(flag::moeRouterTopk, &topk, "", count);
  flags.add(flag::moeFfnHiddenSize, &expertFfn, "", count);

  flags.topic(flag::kPlanner);
  flags.add(flag::gpus, &req.gpus, "", count).required().valueName("N");
  flags.add(flag::gpusPerNode, &req.gpusPerNode, "(default: the --gpu system's, DGX-2 16, else 8)",
            count);
  flags.add(flag::gpu, &req.device);
  flags.add("nics-per-node", &req.nicsPerNode,
            "compute NICs per node (default: the --gpu system's; DGX A100/H100 8, Jean Zay's "
            "A100 nodes 4); the GPUs of a node share them",
            count)
      .valueName("N");
  flags.add("nic-gbps", &req.nicGbps,
            "line rate of one NIC in Gb/s per direction (default: the --gpu system's; "
            "InfiniBand HDR 200, NDR 400, Omni-Path 100)",
            ValueRange::between(1, 1e6))
      .valueName("RATE");
  flags.add("memory-margin", &marginGiB,
            "GiB a plan must leave free beyond its modelled memory (a plan that does not fit "
            "with it is rejected)",
            ValueRange::between(0, 1 << 20))
      .valueName("GIB");
  flags.add("dp-allreduce", &dpAllReduce,
            "data-parallel all-reduce algorithm: ring, tree (NCCL's across nodes) or auto "
            "(the faster, as NCCL picks)")
      .choices({"ring", "tree", "auto"});
  flags.add("no-scatter-gather-tensors-in-pipeline", &noScatterGather,
            "pipeline p2p without the 2021 paper's scatter/gather over the tensor ranks' NICs");
  flags.add("attention-backend", &attentionBackend,
            "attention kernels: unfused (Megatron-LM 2021's score GEMMs + softmax and "
            "dropout kernels, the default) or flash (mtc's fused CUDA kernel; sm_80+)")
      .choices({"unfused", "flash"});
  flags.add("megatron-2021", &megatron2021,
            "model the software Narayanan et al. 2021 measured (fp16 gradient all-reduce after "
            "the backward) instead of mtc's runtime (fp32, overlapped when p = 1); the same as "
            "--software megatron-2021");
  flags.add("software", &software,
            "the framework to model: mtc (its runtime, the default), megatron-2021, "
            "megatron-2022 (Korthikanti et al. 2022's: the backward's tensor-parallel "
            "collectives under the GEMMs), deepspeed-fp16 (Megatron-DeepSpeed's pipeline engine, fp16 ZeRO-1; MT-NLG) or "
            "deepspeed-bf16 (the same with DeepSpeed's BF16_Optimizer; BLOOM); with deepspeed-*, "
            "--distributed-optimizer stands for ZeRO stage 1")
      .choices({"mtc", "megatron-2021", "megatron-2022", "deepspeed-fp16", "deepspeed-bf16"});
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
  flags.add(flag::contextParallel, &ev.cp, "", count);
  flags.add(flag::expertParallel, &ev.ep, "", count);
  flags.add(flag::microBatchSize, &ev.microBatch, "", count);
  flags.add(flag::recomputeGranularity, &recompute).choices({"none", "selective", "full"});
  flags.add(flag::sequenceParallel, &ev.sequenceParallel);
  flags.add(flag::distributedOptimizer, &ev.distributedOptimizer);
  std::vector<std::string> scheduleChoices;
  for (const PlannerSchedule &row : plannerSchedules())
    scheduleChoices.push_back(row.name);
  flags.add("schedule", &schedule, "pipeline schedule (default: interleaved when v > 1, else 1f1b)")
      .choices(scheduleChoices);
  flags.add("zero-bubble-memory-limit", &zeroBubbleMemoryLimit,
            "zb-h1 as mtc-compile orders it: 1f1b (default: W steps earlier where a stage would "
            "hold more activations than 1F1B's fullest) or none (the paper's order)")
      .choices({"1f1b", "none"});
  flags.add("layers-per-chunk", &layersPerChunk,
            "uneven layout: layers of each of the pp x vp chunks in model order",
            ValueRange::atLeast(1));
  flags.add("decoder-first-pipeline-num-layers", &firstStageLayers,
            "layers on the first pipeline stage (the others share the rest evenly)", count);
  flags.add("decoder-last-pipeline-num-layers", &lastStageLayers,
            "layers on the last pipeline stage (the others share the rest evenly)", count);
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
  if (megatron2021 && !software.empty() && software != "megatron-2021")
    return Error{"mtc-plan: --megatron-2021 is --software megatron-2021; give one of "
                 "--megatron-2021 and --software " + software};
  if (megatron2021)
    software = "megatron-2021";
  if (!software.empty())
    parseSoftware(software, req.software);
  applySoftware(req.software, req.params);
  parseAllReduceAlgorithm(dpAllReduce, req.params.dpAllReduce);
  req.params.scatterGather = !noScatterGather;
  req.params.memoryMarginBytes = marginGiB * 1024.0 * 1024.0 * 1024.0;
  ev.schedule = schedule;
  ev.zeroBubbleMemoryLimit = zeroBubbleMemoryLimit != "none";
  if (zeroBubbleMemoryLimit == "none" && schedule != "zb-h1")
    return Error{"mtc-plan: --zero-bubble-memory-limit none lifts zb-h1's limit; --schedule is '" +
                 (schedule.empty() ? std::string("the default") : schedule) +
                 "' (give --schedule zb-h1)"};
  ev.flashAttention = attentionBackend == "flash";
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
  bool llama = false;
  if (auto error = llamaFlags.resolve(req.model.llama(), llama))
    return Error{"mtc-plan: " + *error};
  if (llama && !req.model.llama()) {
    if (!configPath.empty() || !req.modelPath.empty())
      return Error{"mtc-plan: the LLaMA-family flags describe the model; the model given (" +
                   (configPath.empty() ? req.modelPath : configPath) + ") is '" +
                   req.model.arch + "'"};
    req.model.arch = "llama"; // Megatron-LM: tied unless untied, as for GPT
  }
  if (llamaFlags.groupQueryAttention)
    req.model.kvHeads = static_cast<int>(llamaFlags.numQueryGroups);
  if (experts) {
    if (!req.model.llama())
      return Error{"mtc-plan: --num-experts: the planner costs SwiGLU experts (Mixtral's); "
                   "give the LLaMA-family flags (--swiglu ...) or a Mixtral config"};
    req.model.experts = experts;
    if (!topk && !req.model.topk)
      req.model.topk = 2; // Megatron-LM's --moe-router-topk default
  }
  if ((topk || expertFfn) && !req.model.moe())
    return Error{std::string("mtc-plan: ") +
                 (topk ? "--moe-router-topk" : "--moe-ffn-hidden-size") +
                 " describes experts; the model has none (give --num-experts)"};
  if (topk)
    req.model.topk = topk;
  if (expertFfn)
    req.model.ffn = expertFfn;
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
  const bool layoutGiven = !layersPerChunk.empty() || firstStageLayers || lastStageLayers;
  if (layoutGiven && !req.evaluate)
    return Error{"mtc-plan: --layers-per-chunk and --decoder-first/last-pipeline-num-layers "
                 "describe one layout: give them with --evaluate"};
  if (!layersPerChunk.empty() && (firstStageLayers || lastStageLayers))
    return Error{"mtc-plan: give --layers-per-chunk or --decoder-first/last-pipeline-num-layers, "
                 "not both"};
  for (int64_t n : layersPerChunk) {
    if (n > req.model.layers)
      return Error{"mtc-plan: --layers-per-chunk lists a chunk of " + std::to_string(n) +
                   " layers; the model has " + std::to_string(req.model.layers)};
    ev.layersPerChunk.push_back(static_cast<int>(n));
  }
  if (firstStageLayers || lastStageLayers) {
    auto layout = firstLastStageLayout(req.model.layers, ev.pp, ev.vp, firstStageLayers,
                                       lastStageLayers,
                                       {"--pp", "--vp", "--decoder-first-pipeline-num-layers",
                                        "--decoder-last-pipeline-num-layers"});
    if (!layout.ok())
      return Error{"mtc-plan: " + layout.error()};
    ev.layersPerChunk = *layout;
  }
  if (req.evaluate) {
    ev.globalBatch = req.globalBatch;
    if (!recomputeGiven)
      ev.recompute = Recompute::None;
    if (ev.dp == 0) {
      long long tpp = static_cast<long long>(ev.tp) * ev.cp * ev.pp;
      if (req.gpus % tpp != 0)
        return Error{"mtc-plan: --gpus " + std::to_string(req.gpus) + " is not a multiple of " +
                     (ev.cp > 1 ? "tp*cp*pp = " : "tp*pp = ") + std::to_string(tpp) +
                     "; give --dp or change --tp/" + (ev.cp > 1 ? "--cp/" : "") + "--pp"};
      ev.dp = static_cast<int>(req.gpus / tpp);
    }
  }
  return req;
}

} // namespace mtc
