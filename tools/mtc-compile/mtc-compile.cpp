//===- mtc-compile.cpp - model .mlir -> per-rank training programs --------===//
//
// Runs the whole pipeline (shape, configuration check, autodiff, optimizer,
// memory plan, lowering), writes the plan (binary and text), emits a `train`
// and a `generate` program that embed it, and builds them against
// libmtc_runtime with the host compiler.
//
//===----------------------------------------------------------------------===//
#include "mtc/Conversion/ExecPlan.h"
#include "mtc/MtcDialect.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
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
cl::opt<int64_t> dp("dp", cl::desc("data-parallel size"), cl::init(1), cl::cat(category));
cl::opt<bool> sequenceParallel("sequence-parallel",
                               cl::desc("Megatron sequence parallelism (needs tp > 1)"),
                               cl::cat(category));
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

Error writeFile(StringRef path, StringRef contents) {
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (ec)
    return createStringError(ec, "cannot write '" + path + "': " + ec.message());
  os << contents;
  return Error::success();
}

/// A program whose only job is to hand the embedded plan to the runtime.
std::string generateProgram(StringRef entry, StringRef modelName,
                            const std::string &planBytes) {
  std::string s;
  raw_string_ostream os(s);
  os << "// Generated by mtc-compile for model '" << modelName
     << "'. Do not edit.\n"
     << "#include \"exec/Main.h\"\n\n"
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
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mtc-compile: compile a model into training programs\n\n"
      "  mtc-compile model.mlir -o DIR [--micro-batch B --seq S] [--tp T --pp P --dp D]\n\n"
      "Writes DIR/plan.pb (the runtime's plan), DIR/plan.txt (the same, readable),\n"
      "DIR/train.cpp and DIR/generate.cpp, and builds DIR/train and DIR/generate.\n"
      "Run `DIR/train --help` for the training flags.\n");

  if (target != "host")
    return fail("--target=" + target +
                " is not available yet; this build emits host (CPU) programs");
  if (tp * pp * dp * vp != 1 || sequenceParallel)
    return fail("tensor, pipeline and data parallelism are not available in "
                "this build yet; compile with --tp=1 --pp=1 --dp=1");

  mlir::MLIRContext context;
  context.loadDialect<mtc::MtcDialect, mlir::func::FuncDialect>();
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  auto file = MemoryBuffer::getFileOrSTDIN(inputPath);
  if (!file)
    return fail("cannot read '" + inputPath + "': " + file.getError().message());
  sourceMgr.AddNewSourceBuffer(std::move(*file), SMLoc());
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;

  mlir::PassManager pm(&context);
  pm.addPass(mtc::createSetShape({microBatch, seqLength}));
  mtc::VerifyConfigOptions config;
  config.tp = tp;
  config.pp = pp;
  config.vp = vp;
  config.dp = dp;
  config.microBatch = microBatch;
  config.globalBatch = globalBatch;
  config.sequenceParallel = sequenceParallel;
  pm.addPass(mtc::createVerifyConfig(config));
  pm.addPass(mtc::createAutodiff());
  pm.addPass(mtc::createOptimizer({lr, minLr, warmup, decaySteps, beta1, beta2,
                                   adamEps, weightDecay, clipGrad}));
  pm.addPass(mtc::createPlanMemory());
  if (failed(pm.run(*module)))
    return 1;
  auto plan = mtc::buildExecPlan(*module);
  if (failed(plan))
    return 1;

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
  if (emitMlir) {
    std::string ir;
    raw_string_ostream os(ir);
    module->print(os);
    if (Error err = writeFile(path("train_step.mlir"), ir))
      return fail(toString(std::move(err)));
  }
  if (!noBuild)
    for (StringRef program : {"train", "generate"})
      if (Error err = compileProgram(path((program + ".cpp").str()), path(program)))
        return fail(toString(std::move(err)));

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
         << "  wrote " << path("plan.pb") << ", " << path("plan.txt");
  if (!noBuild)
    outs() << ", " << path("train") << ", " << path("generate");
  outs() << "\n";
  return 0;
}
