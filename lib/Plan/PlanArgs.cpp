//===- PlanArgs.cpp - mtc-plan's command line -----------------------------===//
#include "mtc/Plan/PlanTool.h"

#include <sys/stat.h>

#include <optional>

namespace mtc {

std::string planUsage() {
  return R"(usage: mtc-plan [model.mlir | --model-config FILE.json | model flags] --gpus N
                [--gpus-per-node 8] [--gpu a100-80gb|h100-80gb|h200|v100-32gb]
                --global-batch B [--seq S] [--top K] [--json]
       mtc-plan ... --evaluate --tp T --pp P [--vp V] --dp D --micro-batch b
                [--recompute none|selective|full] [--sequence-parallel]
                [--distributed-optimizer]
       mtc-plan --paper-table [--json]
model flags: --num-layers L --hidden-size H --num-attention-heads A
             --vocab-size V --seq-length S [--ffn-hidden-size F] [--untied]
Searches tensor/pipeline/data parallel layouts, predicts time and memory per
GPU and prints the best plans; --evaluate predicts one given layout.
)";
}

namespace {
// A folder opens like a file and then reads as "not valid JSON": say what it is.
bool isFolder(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::optional<int> toInt(const std::string &text) {
  if (text.empty() || text.size() > 10)
    return std::nullopt;
  for (char ch : text)
    if (ch < '0' || ch > '9')
      return std::nullopt;
  long long v = std::stoll(text);
  if (v > 1LL << 30)
    return std::nullopt;
  return static_cast<int>(v);
}
} // namespace

Result<PlanRequest> parsePlanArgs(const std::vector<std::string> &args,
                                  const ModelFileReader &readModelFile) {
  PlanRequest req;
  std::string configPath;
  int seqOverride = 0;
  ModelShape flags; // fields set by model flags, 0 = not given
  bool untied = false;
  ParallelConfig &ev = req.evaluateConfig;
  bool recomputeGiven = false;
  ev.dp = 0; // 0 = take what the GPU count leaves

  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::string value;
    bool hasInlineValue = false;
    if (arg.rfind("--", 0) == 0) {
      if (size_t eq = arg.find('='); eq != std::string::npos) {
        value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
        hasInlineValue = true;
      }
    }
    auto takeValue = [&]() -> Result<std::string> {
      if (hasInlineValue)
        return value;
      if (i + 1 >= args.size())
        return Error{"mtc-plan: " + arg + " needs a value"};
      return args[++i];
    };
    auto takeInt = [&](int &out) -> std::string {
      auto v = takeValue();
      if (!v.ok())
        return v.error();
      auto n = toInt(*v);
      if (!n || *n < 1)
        return "mtc-plan: " + arg + " needs a positive integer, got '" + *v + "'";
      out = *n;
      return "";
    };
    std::string e;
    if (arg == "--help" || arg == "-h") {
      req.help = true;
    } else if (arg == "--json") {
      req.json = true;
    } else if (arg == "--evaluate") {
      req.evaluate = true;
    } else if (arg == "--paper-table") {
      req.paperTable = true;
    } else if (arg == "--sequence-parallel") {
      ev.sequenceParallel = true;
    } else if (arg == "--distributed-optimizer") {
      ev.distributedOptimizer = true;
    } else if (arg == "--untied") {
      untied = true;
    } else if (arg == "--model-config") {
      auto v = takeValue();
      if (!v.ok())
        return Error{v.error()};
      configPath = *v;
    } else if (arg == "--gpu") {
      auto v = takeValue();
      if (!v.ok())
        return Error{v.error()};
      req.device = *v;
    } else if (arg == "--recompute") {
      auto v = takeValue();
      if (!v.ok())
        return Error{v.error()};
      if (!parseRecompute(*v, ev.recompute))
        return Error{"mtc-plan: --recompute must be none, selective or full, got '" +
                     *v + "'"};
      recomputeGiven = true;
    } else if (arg == "--gpus") {
      e = takeInt(req.gpus);
    } else if (arg == "--gpus-per-node") {
      e = takeInt(req.gpusPerNode);
    } else if (arg == "--global-batch") {
      e = takeInt(req.globalBatch);
    } else if (arg == "--seq" || arg == "--seq-length") {
      e = takeInt(seqOverride);
    } else if (arg == "--top") {
      e = takeInt(req.top);
    } else if (arg == "--num-layers") {
      e = takeInt(flags.layers);
    } else if (arg == "--hidden-size") {
      e = takeInt(flags.hidden);
    } else if (arg == "--num-attention-heads") {
      e = takeInt(flags.heads);
    } else if (arg == "--vocab-size") {
      e = takeInt(flags.vocab);
    } else if (arg == "--ffn-hidden-size") {
      e = takeInt(flags.ffn);
    } else if (arg == "--tp") {
      e = takeInt(ev.tp);
    } else if (arg == "--pp") {
      e = takeInt(ev.pp);
    } else if (arg == "--vp") {
      e = takeInt(ev.vp);
    } else if (arg == "--dp") {
      e = takeInt(ev.dp);
    } else if (arg == "--micro-batch") {
      e = takeInt(ev.microBatch);
    } else if (arg.rfind("-", 0) == 0) {
      return Error{"mtc-plan: unknown option '" + arg + "' (see --help)"};
    } else if (req.modelPath.empty()) {
      req.modelPath = arg;
    } else {
      return Error{"mtc-plan: unexpected argument '" + arg + "'"};
    }
    if (!e.empty())
      return Error{e};
  }
  if (req.help || req.paperTable)
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
  if (flags.layers) req.model.layers = flags.layers;
  if (flags.hidden) req.model.hidden = flags.hidden;
  if (flags.heads) req.model.heads = flags.heads;
  if (flags.vocab) req.model.vocab = flags.vocab;
  if (flags.ffn) req.model.ffn = flags.ffn;
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
  if (req.gpus == 0)
    return Error{"mtc-plan: --gpus N is required"};
  if (req.globalBatch == 0)
    return Error{"mtc-plan: --global-batch B is required"};
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
