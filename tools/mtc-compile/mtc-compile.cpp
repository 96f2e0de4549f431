//===- mtc-compile.cpp - model .mlir -> per-rank training programs --------===//
//
// A thin driver around the compiler library (lib/Compiler): turns the flags
// into CompileOptions (--plan=auto: AutoPlan.h chooses the layout), runs the
// pipeline (the one mtc-opt runs as --mtc-compile-pipeline), writes the plan
// it lowers to (binary and text), and has ProgramBuilder.h emit and build the
// `train` and `generate` programs that embed it.
//
//===----------------------------------------------------------------------===//
#include "mtc/Compiler/AutoPlan.h"
#include "mtc/Compiler/CompilePipeline.h"
#include "mtc/Compiler/ProgramBuilder.h"
#include "mtc/Conversion/PipelinePlan.h"
#include "mtc/Diagnostics/ModuleDiagnostics.h"
#include "mtc/Plan/ScheduleJson.h"
#include "mtc/Plan/ScheduleSvg.h"
#include "mtc/Plan/StageLayout.h"
#include "mtc/MtcDialect.h"
#include "mtc/Support/ValueRange.h"
#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/LrSchedule.h"
#include "kernels/cuda/GemmMemory.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <google/protobuf/text_format.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>

using namespace llvm;

namespace {
#ifndef MTC_NVCC
#define MTC_NVCC "nvcc"
#endif

/// The paths this tool was built with (its compile definitions) are the
/// defaults of --cxx, --nvcc and --runtime-*; the library takes them as data.
mtc::ProgramBuildOptions builtPaths() {
  mtc::ProgramBuildOptions o;
  o.hostCompiler = MTC_HOST_CXX;
  o.nvcc = MTC_NVCC;
  o.runtimeInclude = MTC_RUNTIME_INCLUDE_DIR;
  o.runtimeLib = MTC_RUNTIME_LIB_DIR;
  return o;
}

/// What the flags decide besides the compiler's options.
struct DriverFlags {
  std::string inputPath, outputDir;
  std::string planMode; ///< --plan: "" or auto
  mtc::AutoPlanRequest plan;
  bool emitSchedule = false, emitMlir = false, noBuild = false, bundle = false;
  mtc::ProgramBuildOptions build = builtPaths();
};
DriverFlags driver;

/// Every flag, by topic, under the shared vocabulary's names (docs/flags.md).
void addCompileFlags(mtc::FlagSet &flags, mtc::CompileOptions &o, DriverFlags &d) {
  namespace flag = mtc::flag;
  using mtc::ValueRange;
  const ValueRange count = ValueRange::atLeast(0), ranks = ValueRange::between(1, 1 << 20),
                   unit = ValueRange::fromBelow(0, 1);
  flags.positional("<model.mlir>", &d.inputPath, "the model (mtc-import writes one)", true);
  flags.add("o", &d.outputDir, "output folder (created)").required().valueName("DIR");

  flags.topic(flag::kBatch);
  flags.add(flag::microBatchSize, &o.microBatch, "(0: the model's)", ValueRange::between(0, 1 << 20));
  flags.add(flag::seqLength, &o.seq, "(0: the model's)", ValueRange::between(0, 1 << 24));
  flags.add(flag::globalBatchSize, &o.globalBatch,
            "the pipeline schedule is built for (0: micro-batch x d; train can change it "
            "when p = 1)",
            ValueRange::between(0, 1 << 30));

  flags.topic(flag::kParallel);
  flags.add(flag::tensorParallel, &o.tp, "", ranks);
  flags.add(flag::pipelineParallel, &o.pp, "", ranks);
  flags.add(flag::virtualStages, &o.vp, "", ranks);
  flags.add(flag::dataParallel, &o.dp, "", ranks);
  flags.add(flag::contextParallel, &o.cp, "", ranks);
  flags.add(flag::expertParallel, &o.ep, "(mixtures of experts; divides d x c)", ranks);
  flags.add(flag::sequenceParallel, &o.sequenceParallel);
  flags.add("schedule", &o.schedule,
            "pipeline schedule (default: interleaved when v > 1, else 1f1b); zb-h1: zero "
            "bubble, each backward split into B and W (on interleaved 1F1B when v > 1); "
            "zb-v: zero bubble with v = 2 chunks per rank in a V (rank r holds chunks r and "
            "2p-1-r)")
      .choices({"1f1b", "interleaved", "zb-h1", "zb-v"});
  flags.add("zero-bubble-memory-limit", &o.zeroBubbleMemoryLimit,
            "zb-h1: 1f1b (default: no stage holds more activation bytes than 1F1B's fullest "
            "stage; W steps move earlier where the planned arenas would) or none (the paper's "
            "order, whatever it holds)")
      .choices({"1f1b", "none"});
  flags.add("layers-per-chunk", &o.layersPerChunk,
            "explicit uneven pipeline layout: layers of each chunk in model order",
            ValueRange::atLeast(1));
  flags.add("pipeline-balance", &o.pipelineBalance,
            "layers per chunk: even (L / (p x v)) or cost (balanced forward FLOPs, the "
            "embedding's on the first chunk, the output layer's and loss's on the last)")
      .choices({"even", "cost"});
  flags.add(flag::decoderFirstPipelineNumLayers, &o.firstStageLayers, "", ValueRange::atLeast(1))
      .valueName("N");
  flags.add(flag::decoderLastPipelineNumLayers, &o.lastStageLayers, "", ValueRange::atLeast(1))
      .valueName("N");
  flags.add(flag::recomputeGranularity, &o.recompute).choices({"none", "full", "selective"});
  flags.add(flag::distributedOptimizer, &o.distributedOptimizer);
  flags.add(flag::dpBucketMb, &o.dpBucketMb, "", ValueRange::between(0, 1 << 20));

  flags.topic(flag::kPrecision);
  flags.add(flag::precision, &o.precision).choices({"fp32", "bf16", "fp16"});
  flags.addSwitch(flag::bf16.name, &o.precision, "bf16", flag::bf16.help);
  flags.addSwitch(flag::fp16.name, &o.precision, "fp16", flag::fp16.help);

  flags.topic(flag::kOptimizer);
  flags.add(flag::lr, &o.lr, "", ValueRange::above(0));
  flags.add(flag::minLr, &o.minLr, "", count);
  flags.add(flag::lrDecayStyle, &o.decayStyle).choices(mtc::kDecayStyles);
  flags.add(flag::lrWarmupIters, &o.warmupSteps, "", count).valueName("N");
  flags.add(flag::lrDecayIters, &o.decaySteps, "(0: train's --train-iters)", count)
      .valueName("N");
  flags.add(flag::lrWsdDecayIters, &o.wsdDecaySteps, "", count).valueName("N");
  flags.add(flag::lrWsdDecayStyle, &o.wsdDecayStyle).choices(mtc::kWsdDecayStyles);
  flags.add(flag::adamBeta1, &o.beta1, "", unit);
  flags.add(flag::adamBeta2, &o.beta2, "", unit);
  flags.add(flag::adamEps, &o.adamEps, "", ValueRange::above(0));
  flags.add(flag::weightDecay, &o.weightDecay, "", count);
  flags.add(flag::clipGrad, &o.clipGrad, "", count);

  flags.topic(flag::kPlanner);
  flags.add("plan", &d.planMode,
            "auto: let the planner (mtc-plan) choose t, p, v, d, the micro-batch, "
            "recomputation, sequence parallelism and the distributed optimizer for --gpus "
            "of kind --gpu; needs --global-batch-size")
      .choices({"auto"});
  flags.add(flag::gpus, &d.plan.gpus, "", ValueRange::between(0, 1 << 20));
  flags.add(flag::gpusPerNode, &d.plan.gpusPerNode,
            "(default: the --gpu system's, DGX-2 16, else 8)", ValueRange::between(1, 1 << 16));
  flags.add(flag::gpu, &d.plan.device);

  flags.topic(flag::kOutput);
  flags.add("target", &d.build.target, "host (CPU kernels + MPI) or cuda (CUDA kernels, cuBLASLt, "
            "NCCL)").choices({"host", "cuda"});
  flags.add("emit-schedule", &d.emitSchedule,
            "write DIR/schedule.json, schedule.trace.json (Chrome/Perfetto) and schedule.svg");
  flags.add("emit-mlir", &d.emitMlir, "also write the lowered IR to DIR/train_step.mlir");
  flags.add("no-build", &d.noBuild, "write the plan and the sources, do not compile them");
  flags.add("bundle", &d.bundle,
            "also copy into DIR every library the programs load but the C library's and "
            "CUDA's (OpenMPI with its components and mpirun included) and write DIR.tar.xz: "
            "a folder that runs on a machine without our dependencies (mtc-bundle, "
            "docs/bundle.md)");
  flags.add("nvcc", &d.build.nvcc, "CUDA compiler for --target=cuda").valueName("PATH");
  flags.add("cuda-arch", &d.build.cudaArch, "GPU architectures for --target=cuda");
  flags.add("cxx", &d.build.hostCompiler, "host C++ compiler").valueName("PATH");
  flags.add("runtime-include", &d.build.runtimeInclude, "folder holding main/Main.h")
      .valueName("DIR");
  flags.add("runtime-lib", &d.build.runtimeLib, "folder holding libmtc_runtime.so")
      .valueName("DIR");
}

int fail(const Twine &message) {
  WithColor::error(errs(), "mtc-compile") << message << "\n";
  return 1;
}

/// What the flags' own ranges do not cover: the compiler's rules between its
/// options (exit 2 naming them) and the programs' build options.
std::optional<std::string> checkOptions(const mtc::CompileOptions &options) {
  if (auto problem = mtc::checkCompileOptions(options))
    return problem;
  return mtc::checkProgramBuildOptions(driver.build);
}

/// --bundle runs the mtc-bundle installed beside this mtc-compile.
std::string bundleTool(const char *argv0) {
  std::string self = sys::fs::getMainExecutable(argv0, reinterpret_cast<void *>(&bundleTool));
  SmallString<256> tool(sys::path::parent_path(self));
  sys::path::append(tool, "mtc-bundle");
  return std::string(tool);
}
} // namespace

/// The whole pipeline once the options are known good; returns the exit status.
int compile(mtc::CompileOptions options, const char *argv0) {
  mlir::MLIRContext context;
  context.loadDialect<mtc::MtcDialect, mlir::func::FuncDialect>();
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  mtc::ModuleDiagnosticHandler moduleDiagnostics(&context, "mtc-compile");
  if (sys::fs::is_directory(driver.inputPath))
    return fail("cannot read '" + driver.inputPath + "': it is a folder");
  auto file = MemoryBuffer::getFileOrSTDIN(driver.inputPath);
  if (!file)
    return fail("cannot read '" + driver.inputPath + "': " + file.getError().message());
  sourceMgr.AddNewSourceBuffer(std::move(*file), SMLoc());
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  if (driver.planMode == "auto") {
    auto choice = mtc::chooseAutoPlan(*module, options, driver.plan);
    if (!choice)
      return fail(toString(choice.takeError()));
    options = std::move(choice->options);
    outs() << "mtc-compile: --plan=auto chose " << choice->summary << " for " << driver.plan.gpus
           << " x " << driver.plan.device << " (predicted "
           << format("%.3g", choice->iterationTime)
           << " s per iteration; run mtc-plan for the comparison)\n";
  }
  auto plan = mtc::compileToPlan(*module, options);
  if (failed(plan))
    return 1;

  // What the CUDA kernels cannot run is refused here, not at the first step.
  if (driver.build.target == "cuda" && plan->model().heads() > 0 &&
      plan->model().hidden() / plan->model().heads() > 128)
    return fail("--target=cuda: head dimension " +
                std::to_string(plan->model().hidden() / plan->model().heads()) +
                " (hidden / heads) is above the 128 the GPU attention kernel holds in "
                "registers; use --target=host");
  if (sys::fs::exists(driver.outputDir) && !sys::fs::is_directory(driver.outputDir))
    return fail("cannot write into '" + driver.outputDir + "': it is not a folder");
  if (std::error_code ec = sys::fs::create_directories(driver.outputDir))
    return fail("cannot create '" + driver.outputDir + "': " + ec.message());
  auto path = [&](StringRef name) {
    SmallString<256> p(driver.outputDir);
    sys::path::append(p, name);
    return std::string(p);
  };
  std::string bytes, text;
  plan->SerializeToString(&bytes);
  google::protobuf::TextFormat::PrintToString(*plan, &text);
  std::string modelName = plan->model().name();
  std::vector<std::pair<std::string, std::string>> files = {{"plan.pb", bytes},
                                                             {"plan.txt", text}};
  for (auto &source : mtc::programSources(driver.build.target, modelName, bytes))
    files.push_back(std::move(source));
  for (const auto &[name, contents] : files)
    if (Error err = mtc::writeFile(path(name), contents))
      return fail(toString(std::move(err)));
  if (driver.emitSchedule) {
    // The schedule the plan runs, from its stage plans' step lists.
    auto schedule = mtc::scheduleOfPlan(*plan);
    if (!schedule)
      return fail(schedule.error());
    // Unit times: F=1, B=2, or F=B=W=1 when the backward is split; each
    // step scaled by its chunk's layers over the mean (uneven layouts).
    const mtc::StepTiming unit = schedule.value().splitBackward ? mtc::StepTiming::unitSplit()
                                                                : mtc::StepTiming{};
    const auto &layers = plan->parallel().layers_per_chunk();
    const mtc::StepTiming timing = mtc::layerProportionalTiming(
        std::vector<int64_t>(layers.begin(), layers.end()), unit);
    auto timeline = mtc::checkSchedule(schedule.value(), timing);
    if (!timeline)
      return fail(timeline.error());
    mtc::ScheduleSvgOptions svg;
    svg.axisLabel = mtc::unitStepsAxisLabel(timing, schedule.value().splitBackward);
    if (std::adjacent_find(layers.begin(), layers.end(), std::not_equal_to<>()) != layers.end())
      svg.source = "simulated, each step scaled by its chunk's layers over the mean";
    for (auto [name, contents] :
         {std::pair<std::string, std::string>{"schedule.json",
                                              mtc::scheduleToJson(schedule.value())},
          {"schedule.trace.json", mtc::timelineToChromeTrace(timeline.value())},
          {"schedule.svg", mtc::scheduleToSvg(timeline.value(), svg)}})
      if (Error err = mtc::writeFile(path(name), contents))
        return fail(toString(std::move(err)));
  }
  if (driver.emitMlir) {
    std::string ir;
    raw_string_ostream os(ir);
    module->print(os);
    if (Error err = mtc::writeFile(path("train_step.mlir"), ir))
      return fail(toString(std::move(err)));
  }
  if (!driver.noBuild)
    if (Error err = mtc::buildPrograms(driver.outputDir, driver.build))
      return fail(toString(std::move(err)));

  const auto &mem = plan->memory();
  int64_t params = mem.param_bytes() / 4;
  outs() << format("mtc-compile: %s, %lld parameters, micro-batch %lld x seq %lld\n",
                   modelName.c_str(), (long long)params,
                   (long long)plan->model().micro_batch(),
                   (long long)plan->model().seq());
  if (const int64_t cp = plan->parallel().context(); cp > 1)
    outs() << format("  context parallelism: %lld ranks hold %lld tokens of each sequence; ring "
                     "attention's key/value blocks %.1f MiB per rank beside the activations\n",
                     (long long)cp, (long long)(plan->model().seq() / cp),
                     mem.context_ring_bytes() / 1048576.0);
  outs()
         << format("  plan: %d steps (%d forward), %d buffers; predicted memory per "
                   "rank: activations %.1f MiB (arena %.1f MiB), parameters + "
                   "gradients + AdamW %.1f MiB\n",
                   plan->steps_size(), plan->forward_steps(),
                   plan->buffers_size(), mem.activation_peak_bytes() / 1048576.0,
                   mem.arena_bytes() / 1048576.0,
                   (mem.param_bytes() + mem.grad_bytes() + mem.optimizer_bytes()) /
                       1048576.0)
         ;
  if (driver.build.target == "cuda") {
    // Device memory beside the buffers: cuBLASLt's workspace and the 16-bit
    // operand copies the tensor-core GEMMs read (docs/gpu.md "GEMMs").
    const mtc::kernels::gpu::GemmMemory gemm =
        mtc::kernels::gpu::predictGemmMemory(*plan, plan->precision());
    if (gemm.outputStagingBytes > 0)
      outs() << format("  GPU GEMMs per rank: %.1f MiB (cuBLASLt workspace %.1f MiB + fp32 "
                       "staging of 16-bit outputs %.1f MiB)\n",
                       gemm.total() / 1048576.0, gemm.workspaceBytes / 1048576.0,
                       gemm.outputStagingBytes / 1048576.0);
    else
      outs() << format("  GPU GEMMs per rank: %.1f MiB (cuBLASLt workspace %.1f MiB + 16-bit "
                       "operand copies %.1f MiB)\n",
                       gemm.total() / 1048576.0, gemm.workspaceBytes / 1048576.0,
                       gemm.operandScratchBytes / 1048576.0);
  }
  if (plan->has_state_memory()) {
    const auto &state = plan->state_memory();
    outs() << format("  training state: %s parameters, %s optimizer: %.4g bytes per "
                     "parameter (params %.1f MiB, grads %.1f MiB, master %.1f MiB, "
                     "AdamW %.1f MiB per rank)\n",
                     plan->precision().c_str(),
                     plan->distributed_optimizer() ? "distributed" : "replicated",
                     state.bytes_per_param(), state.param_bytes() / 1048576.0,
                     state.grad_bytes() / 1048576.0, state.master_bytes() / 1048576.0,
                     state.optimizer_bytes() / 1048576.0);
  }
  for (const auto &stage : plan->stage_plans()) {
    // Layers and arena of each chunk: with an uneven layout they differ.
    std::string layers, arenas;
    for (const auto &chunk : stage.chunks()) {
      const char *sep = layers.empty() ? "" : " + ";
      const auto &counts = plan->parallel().layers_per_chunk();
      layers += sep + (chunk.chunk() < counts.size() ? std::to_string(counts[chunk.chunk()]) : "?");
      // A chunk whose W keeps its own arena: all its arenas (W's, B-to-W's).
      arenas += sep + formatv("{0:f3}", (chunk.arena_bytes() + chunk.weight_grad_arena_bytes() +
                                         chunk.b_to_w_arena_bytes()) /
                                            1048576.0)
                          .str();
    }
    // What lives inside one step: one arena for the stage (0: none).
    if (stage.pipeline_transient_arena_bytes() > 0)
      arenas += formatv(" MiB; transient {0:f3}", stage.pipeline_transient_arena_bytes() / 1048576.0)
                    .str();
    outs() << format("  pipeline stage %d: %d chunk(s) (layers %s; arenas %s MiB), %d steps, "
                     "%d schedule steps; "
                     "predicted activations %.3f MiB at peak (chunk arenas of the "
                     "micro-batches in flight and the transient arena), %.3f MiB of arenas "
                     "allocated\n",
                     stage.pipeline_stage(), stage.chunks_size(), layers.c_str(), arenas.c_str(),
                     stage.steps_size(), stage.schedule_size(),
                     stage.pipeline_activation_bytes() / 1048576.0,
                     stage.pipeline_arena_pool_bytes() / 1048576.0);
  }
  outs() << "  wrote " << path("plan.pb") << ", " << path("plan.txt");
  if (!driver.noBuild)
    outs() << ", " << path("train") << ", " << path("generate");
  outs() << "\n";
  if (driver.bundle) {
    outs().flush();
    if (Error err = mtc::bundleFolder(bundleTool(argv0), driver.outputDir))
      return fail(toString(std::move(err)));
  }
  return 0;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  mtc::CompileOptions options;
  mtc::FlagSet flags(
      "mtc-compile",
      "Compiles a model into training programs: writes DIR/plan.pb (the runtime's plan),\n"
      "DIR/plan.txt (the same, readable), DIR/train.cpp and DIR/generate.cpp, and builds\n"
      "DIR/train and DIR/generate (run `DIR/train --help` for the training flags), which\n"
      "find the runtime library copied into DIR/lib through their RUNPATH ($ORIGIN/lib):\n"
      "the folder can move. --bundle also carries every other library (DIR.tar.xz).\n"
      "Flags are Megatron-LM's names (docs/flags.md). Exit status: 0 on success, 1 on an\n"
      "error in the model or a file, 2 on a bad flag.");
  addCompileFlags(flags, options, driver);
  bool help = false;
  if (auto problem = flags.tryParse(argc, argv, &help)) {
    fail(*problem);
    return 2;
  }
  if (help) {
    outs() << flags.usage();
    return 0;
  }
  if (driver.bundle && driver.noBuild) {
    fail("--bundle needs the programs: it cannot go with --no-build");
    return 2;
  }
  if (auto problem = checkOptions(options)) {
    fail(*problem);
    return 2;
  }
  int status = compile(std::move(options), argv[0]);
  // Standard output is a file too: a full disk or a closed pipe is an error.
  outs().flush();
  if (outs().has_error()) {
    std::error_code ec = outs().error();
    outs().clear_error();
    return fail("cannot write to standard output: " + ec.message());
  }
  return status;
}
