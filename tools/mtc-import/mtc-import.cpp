//===- mtc-import.cpp - write a model .mlir from a config or flags --------===//
#include "mtc/Import/ModelBuilder.h"
#include "mtc/MtcDialect.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace {
cl::OptionCategory category("mtc-import options");
cl::opt<std::string> configPath(cl::Positional, cl::desc("[config.json]"),
                                cl::init(""), cl::cat(category));
cl::opt<std::string> outputPath("o", cl::desc("output file (default: stdout)"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(category));
cl::opt<std::string> name("name", cl::desc("model name (default: the config's file name)"),
                          cl::init(""), cl::cat(category));
cl::opt<std::string> arch("arch", cl::desc("gpt or bert (with flags; a config says which)"),
                          cl::init(""), cl::cat(category));
cl::opt<int64_t> numLayers("num-layers", cl::desc("transformer layers"),
                           cl::init(0), cl::cat(category));
cl::opt<int64_t> hiddenSize("hidden-size", cl::desc("hidden size"), cl::init(0),
                            cl::cat(category));
cl::opt<int64_t> numHeads("num-attention-heads", cl::desc("attention heads"),
                          cl::init(0), cl::cat(category));
cl::opt<int64_t> ffnSize("ffn-hidden-size", cl::desc("MLP hidden size (default 4 x hidden)"),
                         cl::init(0), cl::cat(category));
cl::opt<int64_t> vocabSize("vocab-size", cl::desc("vocabulary size"), cl::init(0),
                           cl::cat(category));
cl::opt<int64_t> maxPositions("max-position-embeddings",
                              cl::desc("learned positions (default: the sequence length)"),
                              cl::init(0), cl::cat(category));
cl::opt<int64_t> seqLength("seq-length",
                           cl::desc("training sequence length (default: all positions)"),
                           cl::init(0), cl::cat(category));
cl::opt<int64_t> microBatch("micro-batch-size", cl::desc("micro-batch size (default 1)"),
                            cl::init(0), cl::cat(category));
cl::opt<int64_t> divisibleBy(
    "make-vocab-size-divisible-by",
    cl::desc("pad the vocabulary to a multiple of this x the tensor-parallel "
             "size, as Megatron-LM does (default: no padding)"),
    cl::init(0), cl::cat(category));
cl::opt<int64_t> tensorParallel("tensor-model-parallel-size",
                                cl::desc("tensor-parallel size used for vocabulary padding"),
                                cl::init(1), cl::cat(category));
cl::opt<double> hiddenDropout("hidden-dropout", cl::desc("residual/embedding dropout (default: config's, or 0.1)"),
                              cl::init(-1), cl::cat(category));
cl::opt<double> attentionDropout("attention-dropout",
                                 cl::desc("attention-probability dropout (default: config's, or 0.1)"),
                                 cl::init(-1), cl::cat(category));

int fail(const Twine &message) {
  WithColor::error(errs(), "mtc-import") << message << "\n";
  return 1;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mtc-import: write a transformer model in the mtc dialect\n\n"
      "  mtc-import config.json [-o model.mlir]        (HuggingFace GPT-2 or BERT config)\n"
      "  mtc-import --num-layers L --hidden-size H --num-attention-heads A\n"
      "             --seq-length S --vocab-size V [-o model.mlir]  (Megatron-LM flags)\n");

  mtc::ModelConfig config;
  if (!configPath.empty()) {
    auto read = mtc::readHuggingFaceConfig(configPath);
    if (!read)
      return fail(toString(read.takeError()));
    config = *read;
  } else {
    if (!numLayers || !hiddenSize || !numHeads || !vocabSize || !seqLength)
      return fail("give a config.json, or all of --num-layers, --hidden-size, "
                  "--num-attention-heads, --seq-length and --vocab-size");
    config.layers = numLayers;
    config.hidden = hiddenSize;
    config.heads = numHeads;
    config.vocab = vocabSize;
    config.positions = maxPositions ? maxPositions : seqLength;
  }
  if (!name.empty())
    config.name = name;
  if (!arch.empty())
    config.arch = arch;
  if (ffnSize)
    config.ffn = ffnSize;
  if (seqLength)
    config.seq = seqLength;
  if (maxPositions)
    config.positions = maxPositions;
  if (microBatch)
    config.microBatch = microBatch;
  config.vocabDivisibleBy = divisibleBy;
  config.tensorParallel = tensorParallel;
  if (hiddenDropout >= 0)
    config.hiddenDropout = hiddenDropout;
  if (attentionDropout >= 0)
    config.attentionDropout = attentionDropout;
  if (Error err = config.validate())
    return fail((configPath.empty() ? "" : configPath + ": ") +
                toString(std::move(err)));

  mlir::MLIRContext context;
  auto module = mtc::buildModel(context, config);
  if (failed(mlir::verify(*module)))
    return fail("internal error: the built model does not verify");
  std::string error;
  auto output = mlir::openOutputFile(outputPath, &error);
  if (!output)
    return fail(error);
  module->print(output->os());
  output->os() << "\n";
  output->keep();
  return 0;
}
