//===- mtc-compile.cpp - model .mlir -> per-rank training programs --------===//
//
// A thin driver around the compiler library (lib/Compiler): turns the flags
// into CompileOptions, runs the pipeline (the one mtc-opt runs as
// --mtc-compile-pipeline), writes the plan it lowers to (binary and text),
// emits a `train` and a `generate` program that embed it, and builds them
// against libmtc_runtime with the host compiler.
//
//===----------------------------------------------------------------------===//
#include "mtc/Compiler/CompilePipeline.h"
#include "mtc/Conversion/PipelinePlan.h"
#include "mtc/Plan/ScheduleJson.h"
#include "mtc/MtcDialect.h"
#include "mtc/Transforms/ModelStats.h"
#include "mtc/Plan/Device.h"
#include "mtc/Plan/Planner.h"
#include "mtc/Plan/ValueRange.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
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
cl::OptionCategory category("mtc-compile options");
cl::opt<std::string> inputPath(cl::Positional, cl::desc("<model.mlir>"),
                               cl::Required, cl::cat(category));
cl::opt<std::string> outputDir("o", cl::desc("output folder (created)"),
                               cl::value_desc("dir"), cl::Required,
                               cl::cat(category));
cl::opt<int64_t> microBatch("micro-batch", cl::desc("micro-batch size (default: the model's)"),
                            cl::init(0), cl::cat(category));
cl::opt<int64_t> seqLength("seq", cl::desc("sequence length (default: the model's)"),
                           cl::init(0), cl::cat(category));
cl::opt<int64_t> globalBatch("global-batch",
                             cl::desc("global batch the plan is checked for "
                                      "(default: micro-batch x dp; train can change it)"),
                             cl::init(0), cl::cat(category));
cl::opt<int64_t> tp("tp", cl::desc("tensor-parallel size"), cl::init(1), cl::cat(category));
cl::opt<int64_t> pp("pp", cl::desc("pipeline-parallel size"), cl::init(1), cl::cat(category));
cl::opt<int64_t> vp("vp", cl::desc("virtual pipeline chunks per rank"), cl::init(1),
                    cl::cat(category));
cl::opt<std::string> scheduleKind("schedule",
                                  cl::desc("pipeline schedule: 1f1b or interleaved "
                                           "(default: interleaved when --vp > 1)"),
                                  cl::init(""), cl::cat(category));
cl::list<int64_t> layersPerChunk("layers-per-chunk",
                                 cl::desc("explicit uneven pipeline layout: layers of "
                                          "each chunk in model order"),
                                 cl::CommaSeparated, cl::cat(category));
cl::opt<std::string> pipelineBalance("pipeline-balance",
                                     cl::desc("even (L/(pp*vp) layers per chunk) or cost"),
                                     cl::init("even"), cl::cat(category));
cl::opt<bool> emitSchedule("emit-schedule",
                           cl::desc("write DIR/schedule.json, schedule.trace.json "
                                    "(Chrome/Perfetto) and schedule.svg"),
                           cl::cat(category));
cl::opt<int64_t> dp("dp", cl::desc("data-parallel size"), cl::init(1), cl::cat(category));
cl::opt<bool> sequenceParallel("sequence-parallel",
                               cl::desc("Megatron sequence parallelism (needs tp > 1)"),
                               cl::cat(category));
cl::opt<std::string> recompute("recompute",
                                cl::desc("activation recomputation: none, full (whole layers) "
                                         "or selective (core attention)"),
                                cl::init("none"), cl::cat(category));
cl::opt<bool> distributedOptimizer(
    "distributed-optimizer",
    cl::desc("shard master weights and AdamW state over the data-parallel group (ZeRO-1)"),
    cl::cat(category));
cl::opt<std::string> precision("precision",
                               cl::desc("storage precision: fp32, bf16 or fp16 (fp32 compute, "
                                        "master weights and gradients)"),
                               cl::init("fp32"), cl::cat(category));
cl::opt<double> dpBucketMb("dp-bucket-mb",
                           cl::desc("data-parallel gradient bucket size in MiB (default 4)"),
                           cl::init(4.0), cl::cat(category));
cl::opt<std::string> planMode(
    "plan",
    cl::desc("auto: let the planner (mtc-plan) choose --tp --pp --vp --dp "
             "--micro-batch --recompute --sequence-parallel and "
             "--distributed-optimizer for --gpus of kind --gpu; needs --global-batch"),
    cl::init(""), cl::cat(category));
cl::opt<int> planGpus("gpus", cl::desc("with --plan=auto: GPUs to plan for"),
                      cl::init(0), cl::cat(category));
cl::opt<int> planGpusPerNode("gpus-per-node",
                             cl::desc("with --plan=auto: GPUs per node (default 8)"),
                             cl::init(8), cl::cat(category));
cl::opt<std::string> planDevice("gpu",
                                cl::desc("with --plan=auto: a100-80gb, h100-80gb, h200 "
                                         "or v100-32gb (default a100-80gb)"),
                                cl::init("a100-80gb"), cl::cat(category));
cl::opt<double> lr("lr", cl::desc("peak learning rate (default 1.5e-4)"), cl::init(1.5e-4),
                   cl::cat(category));
cl::opt<double> minLr("min-lr", cl::desc("final learning rate (default 1e-5)"),
                      cl::init(1e-5), cl::cat(category));
cl::opt<int64_t> warmup("warmup-steps", cl::desc("linear warm-up steps"), cl::init(0),
                        cl::cat(category));
cl::opt<int64_t> decaySteps("decay-steps", cl::desc("cosine decay steps (0: constant lr)"),
                            cl::init(0), cl::cat(category));
cl::opt<double> beta1("beta1", cl::desc("Adam beta1 (default 0.9)"), cl::init(0.9),
                      cl::cat(category));
cl::opt<double> beta2("beta2", cl::desc("Adam beta2 (default 0.95)"), cl::init(0.95),
                      cl::cat(category));
cl::opt<double> adamEps("adam-eps", cl::desc("Adam epsilon (default 1e-8)"), cl::init(1e-8),
                        cl::cat(category));
cl::opt<double> weightDecay("weight-decay", cl::desc("decoupled weight decay (default 0.01)"),
                            cl::init(0.01), cl::cat(category));
cl::opt<double> clipGrad("clip-grad", cl::desc("global gradient-norm clip (default 1.0; 0 = off)"),
                         cl::init(1.0), cl::cat(category));
cl::opt<std::string> target("target", cl::desc("host (CPU kernels + MPI) or cuda"),
                            cl::init("host"), cl::cat(category));
#ifndef MTC_NVCC
#define MTC_NVCC "nvcc"
#endif
cl::opt<std::string> nvccPath("nvcc", cl::desc("CUDA compiler for --target=cuda"),
                              cl::init(MTC_NVCC), cl::cat(category));
cl::opt<std::string> cudaArch("cuda-arch",
                              cl::desc("GPU architectures for --target=cuda (default 80,90)"),
                              cl::init("80,90"), cl::cat(category));
cl::opt<bool> noBuild("no-build",
                      cl::desc("write the plan and the sources, do not compile them"),
                      cl::cat(category));
cl::opt<bool> emitMlir("emit-mlir",
                       cl::desc("also write the lowered IR to DIR/train_step.mlir"),
                       cl::cat(category));
cl::opt<std::string> hostCompiler("cxx", cl::desc("host C++ compiler"),
                                  cl::init(MTC_HOST_CXX), cl::cat(category));
cl::opt<std::string> runtimeInclude("runtime-include",
                                    cl::desc("folder holding exec/Main.h"),
                                    cl::init(MTC_RUNTIME_INCLUDE_DIR), cl::cat(category));
cl::opt<std::string> runtimeLib("runtime-lib",
                                cl::desc("folder holding libmtc_runtime.so"),
                                cl::init(MTC_RUNTIME_LIB_DIR), cl::cat(category));

int fail(const Twine &message) {
  WithColor::error(errs(), "mtc-compile") << message << "\n";
  return 1;
}

/// Every failure names the file: raw_fd_ostream would otherwise report a full
/// disk as a fatal "IO failure on output stream" that names none.
Error writeFile(StringRef path, StringRef contents) {
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (ec)
    return createStringError(ec, "cannot write '" + path + "': " + ec.message());
  os << contents;
  os.close();
  if (os.has_error()) {
    ec = os.error();
    os.clear_error();
    return createStringError(ec, "cannot write '" + path + "': " + ec.message());
  }
  return Error::success();
}

template <typename T>
std::optional<std::string> outOfRange(const cl::opt<T> &option, const mtc::ValueRange &range) {
  return mtc::valueProblem(option.ArgStr.str(), static_cast<double>(option.getValue()), range);
}

/// Everything the flags decide about the program.
mtc::CompileOptions compileOptions() {
  mtc::CompileOptions o;
  o.microBatch = microBatch;
  o.seq = seqLength;
  o.globalBatch = globalBatch;
  o.tp = tp;
  o.pp = pp;
  o.vp = vp;
  o.dp = dp;
  o.sequenceParallel = sequenceParallel;
  o.schedule = scheduleKind;
  o.layersPerChunk.assign(layersPerChunk.begin(), layersPerChunk.end());
  o.pipelineBalance = pipelineBalance;
  o.recompute = recompute;
  o.distributedOptimizer = distributedOptimizer;
  o.precision = precision;
  o.dpBucketMb = dpBucketMb;
  o.lr = lr;
  o.minLr = minLr;
  o.warmupSteps = warmup;
  o.decaySteps = decaySteps;
  o.beta1 = beta1;
  o.beta2 = beta2;
  o.adamEps = adamEps;
  o.weightDecay = weightDecay;
  o.clipGrad = clipGrad;
  return o;
}

/// The accepted values of every option, checked before any work: a bad value
/// exits 2 naming the option (numbers must be finite too). The compiler's
/// options are the library's to check; the rest are this driver's.
std::optional<std::string> checkOptions(const mtc::CompileOptions &options) {
  if (auto problem = mtc::checkCompileOptions(options))
    return problem;
  for (auto problem : {outOfRange(planGpus, mtc::ValueRange::between(0, 1 << 20)),
                       outOfRange(planGpusPerNode, mtc::ValueRange::between(1, 1 << 16))})
    if (problem)
      return problem;
  if (target != "host" && target != "cuda")
    return "--target=" + target + " is unknown (host or cuda)";
  if (target == "cuda") {
    SmallVector<StringRef> archs;
    StringRef(cudaArch).split(archs, ',', -1, false);
    if (archs.empty())
      return std::string("--cuda-arch needs at least one SM number such as 80 or 90");
    for (StringRef a : archs) {
      a = a.trim();
      if (a.empty() || !llvm::all_of(a, [](char c) { return (c >= '0' && c <= '9') || c == 'a'; }))
        return "--cuda-arch: '" + a.str() + "' is not an SM number such as 80 or 90";
    }
  }
  if (!planMode.empty() && planMode != "auto")
    return "--plan=" + planMode + " is unknown (auto)";
  return std::nullopt;
}

/// A program whose only job is to hand the embedded plan to the runtime.
std::string generateProgram(StringRef entry, StringRef modelName,
                            const std::string &planBytes,
                            StringRef header = "exec/Main.h") {
  std::string s;
  raw_string_ostream os(s);
  os << "// Generated by mtc-compile for model '" << modelName
     << "'. Do not edit.\n"
     << "#include \"" << header << "\"\n\n"
     << "static const unsigned char kPlan[" << planBytes.size() << "] = {";
  for (size_t i = 0; i < planBytes.size(); ++i) {
    if (i % 24 == 0)
      os << "\n ";
    os << ' ' << static_cast<unsigned>(static_cast<unsigned char>(planBytes[i]))
       << ',';
  }
  os << "\n};\n\nint main(int argc, char **argv) {\n"
     << "  return mtc::runtime::" << entry << "(argc, argv,\n"
     << "      std::string(reinterpret_cast<const char *>(kPlan), sizeof(kPlan)));\n"
     << "}\n";
  return s;
}

Error compileProgram(StringRef source, StringRef output) {
  auto cxx = sys::findProgramByName(hostCompiler);
  if (!cxx)
    return createStringError(cxx.getError(),
                             "host compiler '" + hostCompiler + "' not found");
  std::string include = "-I" + runtimeInclude, libDir = "-L" + runtimeLib,
              rpath = "-Wl,-rpath," + runtimeLib;
  SmallVector<StringRef> args = {*cxx,   "-O1",  "-std=c++17", include,
                                 source, "-o",   output,       libDir,
                                 rpath,  "-lmtc_runtime"};
  std::string message;
  int rc = sys::ExecuteAndWait(*cxx, args, std::nullopt, {}, 0, 0, &message);
  if (rc != 0)
    return createStringError(inconvertibleErrorCode(),
                             "building '" + output + "' failed (exit " +
                                 Twine(rc) + ") " + message);
  return Error::success();
}
/// --target=cuda: the program is CUDA C++ built by nvcc for each architecture
/// and linked with libmtc_runtime_cuda (kernels, cuBLASLt, NCCL; docs/gpu.md).
Error compileCudaProgram(StringRef source, StringRef output) {
  auto nvcc = sys::findProgramByName(nvccPath);
  if (!nvcc)
    nvcc = sys::findProgramByName("nvcc", {"/usr/local/cuda/bin"});
  if (!nvcc)
    return createStringError(nvcc.getError(), "CUDA compiler '" + nvccPath +
                                                  "' not found (pass --nvcc=PATH)");
  std::vector<std::string> owned = {"-O2", "-std=c++17", "-I" + runtimeInclude};
  SmallVector<StringRef> archs;
  StringRef(cudaArch).split(archs, ',', -1, false);
  for (StringRef a : archs) { // checked by checkOptions
    a = a.trim();
    owned.push_back("-gencode=arch=compute_" + a.str() + ",code=sm_" + a.str());
  }
  for (std::string extra : {source.str(), std::string("-o"), output.str(),
                            "-L" + runtimeLib, "-Xlinker=-rpath," + runtimeLib,
                            std::string("-lmtc_runtime_cuda")})
    owned.push_back(extra);
  SmallVector<StringRef> args = {*nvcc};
  for (const std::string &a : owned)
    args.push_back(a);
  std::string message;
  int rc = sys::ExecuteAndWait(*nvcc, args, std::nullopt, {}, 0, 0, &message);
  if (rc != 0)
    return createStringError(inconvertibleErrorCode(), "building '" + output +
                                                           "' with nvcc failed (exit " +
                                                           Twine(rc) + ") " + message);
  return Error::success();
}
} // namespace

/// --plan=auto: the planner's fastest layout that fits replaces the layout flags.
Error choosePlan(mlir::ModuleOp module, mtc::CompileOptions &options) {
  mtc::ModelAttr model = mtc::getModelAttr(module);
  if (!model)
    return createStringError(inconvertibleErrorCode(),
                             "--plan=auto needs the model's #mtc.model attribute");
  const mtc::DeviceSpec *device = mtc::findDevice(planDevice);
  if (!device)
    return createStringError(inconvertibleErrorCode(),
                             "--gpu=" + planDevice +
                                 " is unknown (a100-80gb, h100-80gb, h200, v100-32gb)");
  if (planGpus < 1 || options.globalBatch < 1)
    return createStringError(inconvertibleErrorCode(),
                             "--plan=auto needs --gpus and --global-batch");
  mtc::ClusterSpec cluster{planGpus, planGpusPerNode, *device};
  mtc::ModelShape shape = mtc::modelShapeOf(model);
  if (options.seq)
    shape.seq = options.seq;
  auto found = mtc::searchPlans(shape, cluster, options.globalBatch);
  if (!found.ok())
    return createStringError(inconvertibleErrorCode(), "--plan=auto: " + found.error());
  if (found->fitting.empty())
    return createStringError(inconvertibleErrorCode(),
                             "--plan=auto: no layout of " + model.getName() + " fits " +
                                 Twine(planGpus) + " x " + planDevice +
                                 " (run mtc-plan for the nearest possible request)");
  const mtc::Prediction &best = found->best();
  const mtc::ParallelConfig &c = best.config;
  options.tp = c.tp;
  options.pp = c.pp;
  options.vp = c.vp;
  options.dp = c.dp;
  options.microBatch = c.microBatch;
  options.sequenceParallel = c.sequenceParallel;
  options.recompute = mtc::toString(c.recompute);
  options.distributedOptimizer = c.distributedOptimizer;
  outs() << "mtc-compile: --plan=auto chose " << c.summary() << " for " << planGpus
         << " x " << planDevice << " (predicted " << format("%.3g", best.iterationTime)
         << " s per iteration; run mtc-plan for the comparison)\n";
  return Error::success();
}

/// The whole pipeline once the options are known good; returns the exit status.
int compile(mtc::CompileOptions options) {
  mlir::MLIRContext context;
  context.loadDialect<mtc::MtcDialect, mlir::func::FuncDialect>();
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  if (sys::fs::is_directory(inputPath))
    return fail("cannot read '" + inputPath + "': it is a folder");
  auto file = MemoryBuffer::getFileOrSTDIN(inputPath);
  if (!file)
    return fail("cannot read '" + inputPath + "': " + file.getError().message());
  sourceMgr.AddNewSourceBuffer(std::move(*file), SMLoc());
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  if (planMode == "auto") {
    if (Error err = choosePlan(*module, options))
      return fail(toString(std::move(err)));
  }
  auto plan = mtc::compileToPlan(*module, options);
  if (failed(plan))
    return 1;

  // What the CUDA kernels cannot run is refused here, not at the first step.
  if (target == "cuda" && plan->model().heads() > 0 &&
      plan->model().hidden() / plan->model().heads() > 128)
    return fail("--target=cuda: head dimension " +
                std::to_string(plan->model().hidden() / plan->model().heads()) +
                " (hidden / heads) is above the 128 the GPU attention kernel holds in "
                "registers; use --target=host");
  if (sys::fs::exists(outputDir) && !sys::fs::is_directory(outputDir))
    return fail("cannot write into '" + outputDir + "': it is not a folder");
  if (std::error_code ec = sys::fs::create_directories(outputDir))
    return fail("cannot create '" + outputDir + "': " + ec.message());
  auto path = [&](StringRef name) {
    SmallString<256> p(outputDir);
    sys::path::append(p, name);
    return std::string(p);
  };
  std::string bytes, text;
  plan->SerializeToString(&bytes);
  google::protobuf::TextFormat::PrintToString(*plan, &text);
  std::string modelName = plan->model().name();
  for (auto [name, contents] :
       {std::pair<std::string, std::string>{"plan.pb", bytes},
        {"plan.txt", text},
        {"train.cpp", generateProgram("trainMain", modelName, bytes)},
        {"generate.cpp", generateProgram("generateMain", modelName, bytes)}})
    if (Error err = writeFile(path(name), contents))
      return fail(toString(std::move(err)));
  if (target == "cuda")
    for (auto [name, entry] : {std::pair<const char *, const char *>{"train.cu", "cudaTrainMain"},
                               {"generate.cu", "cudaGenerateMain"}})
      if (Error err = writeFile(path(name), generateProgram(entry, modelName, bytes,
                                                            "exec/cuda/CudaMain.h")))
        return fail(toString(std::move(err)));
  if (emitSchedule) {
    // The schedule the plan runs, from its stage plans' step lists.
    auto schedule = mtc::scheduleOfPlan(*plan);
    if (!schedule)
      return fail(schedule.error());
    auto timeline = mtc::checkSchedule(schedule.value());
    if (!timeline)
      return fail(timeline.error());
    for (auto [name, contents] :
         {std::pair<std::string, std::string>{"schedule.json",
                                              mtc::scheduleToJson(schedule.value())},
          {"schedule.trace.json", mtc::timelineToChromeTrace(timeline.value())},
          {"schedule.svg", mtc::scheduleToSvg(timeline.value())}})
      if (Error err = writeFile(path(name), contents))
        return fail(toString(std::move(err)));
  }
  if (emitMlir) {
    std::string ir;
    raw_string_ostream os(ir);
    module->print(os);
    if (Error err = writeFile(path("train_step.mlir"), ir))
      return fail(toString(std::move(err)));
  }
  if (!noBuild)
    for (StringRef program : {"train", "generate"}) {
      Error err = target == "cuda"
                      ? compileCudaProgram(path((program + ".cu").str()), path(program))
                      : compileProgram(path((program + ".cpp").str()), path(program));
      if (err)
        return fail(toString(std::move(err)));
    }

  const auto &mem = plan->memory();
  int64_t params = mem.param_bytes() / 4;
  outs() << format("mtc-compile: %s, %lld parameters, micro-batch %lld x seq %lld\n",
                   modelName.c_str(), (long long)params,
                   (long long)plan->model().micro_batch(),
                   (long long)plan->model().seq())
         << format("  plan: %d steps (%d forward), %d buffers; predicted memory per "
                   "rank: activations %.1f MiB (arena %.1f MiB), parameters + "
                   "gradients + AdamW %.1f MiB\n",
                   plan->steps_size(), plan->forward_steps(),
                   plan->buffers_size(), mem.activation_peak_bytes() / 1048576.0,
                   mem.arena_bytes() / 1048576.0,
                   (mem.param_bytes() + mem.grad_bytes() + mem.optimizer_bytes()) /
                       1048576.0)
         ;
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
  for (const auto &stage : plan->stage_plans())
    outs() << format("  pipeline stage %d: %d chunk(s), %d steps, %d schedule steps; "
                     "predicted activations %.3f MiB at peak (chunk arenas of the "
                     "micro-batches in flight), %.3f MiB of arenas allocated\n",
                     stage.pipeline_stage(), stage.chunks_size(), stage.steps_size(),
                     stage.schedule_size(),
                     stage.pipeline_activation_bytes() / 1048576.0,
                     stage.pipeline_arena_pool_bytes() / 1048576.0);
  outs() << "  wrote " << path("plan.pb") << ", " << path("plan.txt");
  if (!noBuild)
    outs() << ", " << path("train") << ", " << path("generate");
  outs() << "\n";
  return 0;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "mtc-compile: compile a model into training programs\n\n"
          "  mtc-compile model.mlir -o DIR [--micro-batch B --seq S] [--tp T --pp P --dp D]\n\n"
          "Writes DIR/plan.pb (the runtime's plan), DIR/plan.txt (the same, readable),\n"
          "DIR/train.cpp and DIR/generate.cpp, and builds DIR/train and DIR/generate.\n"
          "Run `DIR/train --help` for the training flags. Exit status: 0 on success,\n"
          "1 on an error in the model or a file, 2 on a bad option.\n",
          &errs()))
    return 2;
  mtc::CompileOptions options = compileOptions();
  if (auto problem = checkOptions(options)) {
    fail(*problem);
    return 2;
  }
  int status = compile(std::move(options));
  // Standard output is a file too: a full disk or a closed pipe is an error.
  outs().flush();
  if (outs().has_error()) {
    std::error_code ec = outs().error();
    outs().clear_error();
    return fail("cannot write to standard output: " + ec.message());
  }
  return status;
}
