//===- CompilePipeline.cpp - the compiler's pass pipeline -----------------===//
//
// The order matters in three places. Tensor parallelism runs before the
// configuration check: it pads a vocabulary t does not divide (the check,
// run alone, reports that padding from the same rule). Everything up to the optimizer works on the
// whole model; the pipeline partition comes last because it only labels
// @train_step's ops and inserts transfers. The memory plan comes right
// before the lowering, which reuses it (one memory plan per program).
//
//===----------------------------------------------------------------------===//
#include "mtc/Compiler/CompilePipeline.h"
#include "mtc/Conversion/ExecPlan.h"
#include "mtc/Support/ValueRange.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace mtc {
std::optional<std::string> checkCompileOptions(const CompileOptions &o) {
  const ValueRange count = ValueRange::atLeast(0), ranks = ValueRange::between(1, 1 << 20),
                   unit = ValueRange::fromBelow(0, 1);
  std::pair<const char *, std::pair<double, ValueRange>> checks[] = {
      {"micro-batch", {double(o.microBatch), ValueRange::between(0, 1 << 20)}},
      {"seq", {double(o.seq), ValueRange::between(0, 1 << 24)}},
      {"global-batch", {double(o.globalBatch), ValueRange::between(0, 1 << 30)}},
      {"tp", {double(o.tp), ranks}},
      {"pp", {double(o.pp), ranks}},
      {"vp", {double(o.vp), ranks}},
      {"dp", {double(o.dp), ranks}},
      {"cp", {double(o.cp), ranks}},
      {"ep", {double(o.ep), ranks}},
      {"dp-bucket-mb", {o.dpBucketMb, ValueRange::between(0, 1 << 20)}},
      {"lr", {o.lr, ValueRange::above(0)}},
      {"min-lr", {o.minLr, count}},
      {"warmup-steps", {double(o.warmupSteps), count}},
      {"decay-steps", {double(o.decaySteps), count}},
      {"wsd-decay-steps", {double(o.wsdDecaySteps), count}},
      {"beta1", {o.beta1, unit}},
      {"beta2", {o.beta2, unit}},
      {"adam-eps", {o.adamEps, ValueRange::above(0)}},
      {"weight-decay", {o.weightDecay, count}},
      {"clip-grad", {o.clipGrad, count}},
  };
  for (const auto &[name, check] : checks)
    if (auto problem = valueProblem(name, check.first, check.second))
      return problem;
  for (int64_t layers : o.layersPerChunk)
    if (layers < 1)
      return "--layers-per-chunk needs positive layer counts, got " + std::to_string(layers);
  for (auto [name, layers] : {std::pair<const char *, int64_t>{"decoder-first-pipeline-num-layers",
                                                               o.firstStageLayers},
                              {"decoder-last-pipeline-num-layers", o.lastStageLayers}})
    if (layers < 0)
      return std::string("--") + name + " needs a positive layer count (0: not given), got " +
             std::to_string(layers);
  if (o.minLr > o.lr)
    return "--min-lr " + formatNumber(o.minLr) + " is above --lr " + formatNumber(o.lr) +
           ": the learning rate would grow during the decay";
  if (!llvm::is_contained(kDecayStyles, o.decayStyle))
    return "--decay-style must be one of " + llvm::join(kDecayStyles, ", ") + ", got '" +
           o.decayStyle + "'";
  if (!llvm::is_contained(kWsdDecayStyles, o.wsdDecayStyle))
    return "--wsd-decay-style must be one of " + llvm::join(kWsdDecayStyles, ", ") +
           ", got '" + o.wsdDecayStyle + "'";
  if (o.zeroBubbleMemoryLimit != "1f1b" && o.zeroBubbleMemoryLimit != "none")
    return "--zero-bubble-memory-limit must be 1f1b or none, got '" + o.zeroBubbleMemoryLimit +
           "'";
  if (o.zeroBubbleMemoryLimit == "none" && o.schedule != "zb-h1")
    return "--zero-bubble-memory-limit none lifts zb-h1's limit; --schedule is '" +
           (o.schedule.empty() ? std::string("(default)") : o.schedule) + "'";
  if (o.schedule == "zb-v" && (o.vp != 2 || o.pp < 2))
    return "--schedule zb-v places two chunks on each pipeline rank: it needs "
           "--num-virtual-stages-per-pipeline-rank 2 and --pipeline-model-parallel-size 2 or "
           "more, got " + std::to_string(o.pp) + " x " + std::to_string(o.vp);
  if (o.decayStyle == "WSD" && o.wsdDecaySteps < 1)
    return std::string("decay style WSD needs the final decay's length (mtc-compile "
                       "--lr-wsd-decay-iters, pipeline option wsd-decay-steps)");
  return std::nullopt;
}

void buildCompilePipeline(OpPassManager &pm, const CompileOptions &o) {
  pm.addPass(createSetShape({o.microBatch, o.seq}));
  if (o.tp > 1)
    pm.addPass(createTensorParallel({o.tp}));
  VerifyConfigOptions config;
  config.tp = o.tp;
  config.pp = o.pp;
  config.vp = o.vp;
  config.dp = o.dp;
  config.cp = o.cp;
  config.ep = o.ep;
  config.microBatch = o.microBatch;
  config.globalBatch = o.globalBatch;
  config.sequenceParallel = o.sequenceParallel;
  config.layersPerChunk.assign(o.layersPerChunk.begin(), o.layersPerChunk.end());
  config.pipelineBalance = o.pipelineBalance;
  config.firstStageLayers = o.firstStageLayers;
  config.lastStageLayers = o.lastStageLayers;
  config.report = false; // mtc-compile prints its own summary
  pm.addPass(createVerifyConfig(config));
  if (o.cp > 1)
    pm.addPass(createContextParallel());
  if (o.ep > 1)
    pm.addPass(createExpertParallel());
  if (o.sequenceParallel)
    pm.addPass(createSequenceParallel());
  pm.addPass(createAutodiff());
  if (o.recompute != "none")
    pm.addPass(createRecompute({o.recompute}));
  OptimizerOptions optimizer;
  optimizer.lr = o.lr;
  optimizer.minLr = o.minLr;
  optimizer.warmupSteps = o.warmupSteps;
  optimizer.decaySteps = o.decaySteps;
  optimizer.decayStyle = o.decayStyle;
  optimizer.wsdDecaySteps = o.wsdDecaySteps;
  optimizer.wsdDecayStyle = o.wsdDecayStyle;
  optimizer.beta1 = o.beta1;
  optimizer.beta2 = o.beta2;
  optimizer.eps = o.adamEps;
  optimizer.weightDecay = o.weightDecay;
  optimizer.clipGrad = o.clipGrad;
  pm.addPass(createOptimizer(optimizer));
  pm.addPass(createDataParallel({o.precision, o.dpBucketMb, false}));
  if (o.distributedOptimizer)
    pm.addPass(createDistributedOptimizer({false}));
  if (o.pp > 1) {
    PipelinePartitionOptions partition;
    partition.stages = o.pp;
    partition.chunks = o.vp;
    partition.layersPerChunk.assign(o.layersPerChunk.begin(), o.layersPerChunk.end());
    partition.balance = o.pipelineBalance;
    partition.firstStageLayers = o.firstStageLayers;
    partition.lastStageLayers = o.lastStageLayers;
    partition.placement = o.schedule == "zb-v" ? "v" : "interleaved";
    pm.addPass(createPipelinePartition(partition));
    PipelineScheduleOptions schedule;
    schedule.kind = !o.schedule.empty() ? o.schedule : o.vp > 1 ? "interleaved" : "1f1b";
    schedule.microbatches = 0; // from the checked global batch (mtc.parallel)
    schedule.memoryLimit = o.zeroBubbleMemoryLimit;
    pm.addPass(createPipelineSchedule(schedule));
  }
  pm.addPass(createPlanMemory());
}

FailureOr<pb::Plan> compileToPlan(ModuleOp module, const CompileOptions &options) {
  PassManager pm(module.getContext());
  buildCompilePipeline(pm, options);
  std::optional<pb::Plan> plan;
  pm.addPass(createLowerToExec([&](pb::Plan &&p) { plan = std::move(p); }));
  if (failed(pm.run(module)) || !plan)
    return failure();
  return std::move(*plan);
}

namespace {
/// CompileOptions spelled as pass-pipeline options, named like mtc-compile's
/// flags, plus where to write the plan.
struct CompilePipelineOptions : PassPipelineOptions<CompilePipelineOptions> {
  Option<int64_t> microBatch{*this, "micro-batch", llvm::cl::desc("micro-batch size (0: the model's)"),
                             llvm::cl::init(0)};
  Option<int64_t> seq{*this, "seq", llvm::cl::desc("sequence length (0: the model's)"),
                      llvm::cl::init(0)};
  Option<int64_t> globalBatch{*this, "global-batch",
                              llvm::cl::desc("global batch (0: micro-batch x dp)"),
                              llvm::cl::init(0)};
  Option<int64_t> tp{*this, "tp", llvm::cl::desc("tensor-parallel size"), llvm::cl::init(1)};
  Option<int64_t> pp{*this, "pp", llvm::cl::desc("pipeline-parallel size"), llvm::cl::init(1)};
  Option<int64_t> vp{*this, "vp", llvm::cl::desc("virtual pipeline chunks per rank"),
                     llvm::cl::init(1)};
  Option<int64_t> dp{*this, "dp", llvm::cl::desc("data-parallel size"), llvm::cl::init(1)};
  Option<int64_t> cp{*this, "cp", llvm::cl::desc("context-parallel size"), llvm::cl::init(1)};
  Option<int64_t> ep{*this, "ep", llvm::cl::desc("expert-parallel size"), llvm::cl::init(1)};
  Option<bool> sequenceParallel{*this, "sequence-parallel",
                                llvm::cl::desc("Megatron sequence parallelism (needs tp > 1)"),
                                llvm::cl::init(false)};
  Option<std::string> schedule{*this, "schedule",
                               llvm::cl::desc("1f1b, interleaved, zb-h1 or zb-v (default: "
                                              "interleaved when vp > 1)"),
                               llvm::cl::init("")};
  Option<std::string> zeroBubbleMemoryLimit{
      *this, "zero-bubble-memory-limit",
      llvm::cl::desc("zb-h1: 1f1b (no stage above 1F1B's fullest) or none"),
      llvm::cl::init("1f1b")};
  ListOption<int64_t> layersPerChunk{*this, "layers-per-chunk",
                                     llvm::cl::desc("explicit uneven pipeline layout")};
  Option<std::string> pipelineBalance{*this, "pipeline-balance",
                                      llvm::cl::desc("even or cost"), llvm::cl::init("even")};
  Option<int64_t> firstStageLayers{*this, "decoder-first-pipeline-num-layers",
                                   llvm::cl::desc("layers on the first pipeline stage (0: not "
                                                  "given)"),
                                   llvm::cl::init(0)};
  Option<int64_t> lastStageLayers{*this, "decoder-last-pipeline-num-layers",
                                  llvm::cl::desc("layers on the last pipeline stage (0: not "
                                                 "given)"),
                                  llvm::cl::init(0)};
  Option<std::string> recompute{*this, "recompute", llvm::cl::desc("none, full or selective"),
                                llvm::cl::init("none")};
  Option<bool> distributedOptimizer{*this, "distributed-optimizer",
                                    llvm::cl::desc("ZeRO-1 over the data-parallel group"),
                                    llvm::cl::init(false)};
  Option<std::string> precision{*this, "precision", llvm::cl::desc("fp32, bf16 or fp16"),
                                llvm::cl::init("fp32")};
  Option<double> dpBucketMb{*this, "dp-bucket-mb", llvm::cl::desc("gradient bucket MiB"),
                            llvm::cl::init(4.0)};
  Option<double> lr{*this, "lr", llvm::cl::desc("peak learning rate"), llvm::cl::init(1.5e-4)};
  Option<double> minLr{*this, "min-lr", llvm::cl::desc("final learning rate"),
                       llvm::cl::init(1e-5)};
  Option<int64_t> warmupSteps{*this, "warmup-steps", llvm::cl::desc("linear warm-up steps"),
                              llvm::cl::init(0)};
  Option<int64_t> decaySteps{*this, "decay-steps",
                             llvm::cl::desc("schedule length, warm-up included (0: the run's "
                                            "iterations)"),
                             llvm::cl::init(0)};
  Option<std::string> decayStyle{*this, "decay-style",
                                 llvm::cl::desc("constant, linear, cosine, inverse-square-root "
                                                "or WSD"),
                                 llvm::cl::init("cosine")};
  Option<int64_t> wsdDecaySteps{*this, "wsd-decay-steps",
                                llvm::cl::desc("WSD: iterations of the final decay"),
                                llvm::cl::init(0)};
  Option<std::string> wsdDecayStyle{*this, "wsd-decay-style",
                                    llvm::cl::desc("WSD: linear, cosine, exponential or "
                                                   "minus_sqrt"),
                                    llvm::cl::init("exponential")};
  Option<double> beta1{*this, "beta1", llvm::cl::desc("Adam beta1"), llvm::cl::init(0.9)};
  Option<double> beta2{*this, "beta2", llvm::cl::desc("Adam beta2"), llvm::cl::init(0.95)};
  Option<double> adamEps{*this, "adam-eps", llvm::cl::desc("Adam epsilon"), llvm::cl::init(1e-8)};
  Option<double> weightDecay{*this, "weight-decay", llvm::cl::desc("decoupled weight decay"),
                             llvm::cl::init(0.01)};
  Option<double> clipGrad{*this, "clip-grad",
                          llvm::cl::desc("global gradient-norm clip (0: off)"),
                          llvm::cl::init(1.0)};
  Option<std::string> output{*this, "output",
                             llvm::cl::desc("where to write the plan: text for - (stdout) "
                                            "and *.txt, binary otherwise"),
                             llvm::cl::init("-")};

  CompileOptions get() const {
    CompileOptions o;
    o.microBatch = microBatch;
    o.seq = seq;
    o.globalBatch = globalBatch;
    o.tp = tp;
    o.pp = pp;
    o.vp = vp;
    o.dp = dp;
    o.cp = cp;
    o.ep = ep;
    o.sequenceParallel = sequenceParallel;
    o.schedule = schedule;
    o.zeroBubbleMemoryLimit = zeroBubbleMemoryLimit;
    o.layersPerChunk.assign(layersPerChunk.begin(), layersPerChunk.end());
    o.pipelineBalance = pipelineBalance;
    o.firstStageLayers = firstStageLayers;
    o.lastStageLayers = lastStageLayers;
    o.recompute = recompute;
    o.distributedOptimizer = distributedOptimizer;
    o.precision = precision;
    o.dpBucketMb = dpBucketMb;
    o.lr = lr;
    o.minLr = minLr;
    o.warmupSteps = warmupSteps;
    o.decaySteps = decaySteps;
    o.decayStyle = decayStyle;
    o.wsdDecaySteps = wsdDecaySteps;
    o.wsdDecayStyle = wsdDecayStyle;
    o.beta1 = beta1;
    o.beta2 = beta2;
    o.adamEps = adamEps;
    o.weightDecay = weightDecay;
    o.clipGrad = clipGrad;
    return o;
  }
};
} // namespace

void registerCompilePipeline() {
  registerPassPipeline(
      "mtc-compile-pipeline",
      "mtc-compile's pipeline: model -> planned @train_step -> the runtime's plan",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) -> LogicalResult {
        CompilePipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        CompileOptions o = options.get();
        if (std::optional<std::string> problem = checkCompileOptions(o))
          return errorHandler("--mtc-compile-pipeline: " + *problem);
        buildCompilePipeline(pm, o);
        LowerToExecOptions lower;
        lower.output = options.output;
        pm.addPass(createLowerToExec(lower));
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optHandler) {
        optHandler(CompilePipelineOptions());
      });
}
} // namespace mtc
