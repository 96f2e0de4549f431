//===- mtc-import.cpp - write a model .mlir from a config or flags --------===//
#include "mtc/Import/ModelBuilder.h"
#include "mtc/MtcDialect.h"
#include "mtc/Plan/ValueRange.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <optional>
#include <string>

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
cl::opt<std::string> arch("arch",
                          cl::desc("gpt, bert or llama (with flags; a config says which). "
                                   "llama is the set of Megatron-LM flags below"),
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
// Megatron-LM's flags for LLaMA-family models; together they are --arch llama.
cl::opt<std::string> normalization("normalization", cl::desc("LayerNorm or RMSNorm (LLaMA)"),
                                   cl::init(""), cl::cat(category));
cl::opt<bool> swiglu("swiglu", cl::desc("SwiGLU MLP (LLaMA)"), cl::init(false), cl::cat(category));
cl::opt<std::string> positionEmbeddingType("position-embedding-type",
                                           cl::desc("learned_absolute or rope (LLaMA)"),
                                           cl::init(""), cl::cat(category));
cl::opt<bool> disableBiasLinear("disable-bias-linear", cl::desc("linears without bias (LLaMA)"),
                                cl::init(false), cl::cat(category));
cl::opt<bool> groupQueryAttention("group-query-attention",
                                  cl::desc("grouped-query attention (with --num-query-groups)"),
                                  cl::init(false), cl::cat(category));
cl::opt<int64_t> numQueryGroups("num-query-groups",
                                cl::desc("key/value heads of grouped-query attention"),
                                cl::init(0), cl::cat(category));
cl::opt<bool> untieEmbeddings("untie-embeddings-and-output-weights",
                              cl::desc("an output layer of its own (LLaMA; default: tied)"),
                              cl::init(false), cl::cat(category));
cl::opt<double> rotaryBase("rotary-base", cl::desc("rotary base, rope_theta (default 10000)"),
                           cl::init(0), cl::cat(category));
cl::opt<double> normEpsilon("norm-epsilon", cl::desc("normalization epsilon"), cl::init(0),
                            cl::cat(category));
cl::opt<bool> noBinaryHead("bert-no-binary-head",
                           cl::desc("BERT without the sentence-order head (masked LM only)"),
                           cl::init(false), cl::cat(category));

int fail(const Twine &message) {
  WithColor::error(errs(), "mtc-import") << message << "\n";
  return 1;
}

/// The values every option accepts, in one place. Their defaults (0, -1) mean
/// "not given", so a given 0 or negative value must not pass as one unseen.
std::optional<std::string> checkOptions() {
  auto given = [](const auto &option, const mtc::ValueRange &range) -> std::optional<std::string> {
    if (!option.getNumOccurrences())
      return std::nullopt;
    return mtc::valueProblem(option.ArgStr.str(), static_cast<double>(option.getValue()), range);
  };
  for (cl::opt<int64_t> *option : {&numLayers, &hiddenSize, &numHeads, &vocabSize, &maxPositions,
                                   &seqLength, &microBatch, &tensorParallel, &numQueryGroups})
    if (auto problem = given(*option, mtc::ValueRange::atLeast(1)))
      return problem;
  // 0 means 4 x hidden and no padding.
  for (cl::opt<int64_t> *option : {&ffnSize, &divisibleBy})
    if (auto problem = given(*option, mtc::ValueRange::atLeast(0)))
      return problem;
  for (cl::opt<double> *option : {&hiddenDropout, &attentionDropout})
    if (auto problem = given(*option, mtc::ValueRange::fromBelow(0, 1)))
      return problem;
  if (normalization.getNumOccurrences() && normalization != "LayerNorm" &&
      normalization != "RMSNorm")
    return "--normalization must be LayerNorm or RMSNorm, got '" + normalization + "'";
  if (positionEmbeddingType.getNumOccurrences() && positionEmbeddingType != "learned_absolute" &&
      positionEmbeddingType != "rope")
    return "--position-embedding-type must be learned_absolute or rope, got '" +
           positionEmbeddingType + "'";
  return std::nullopt;
}

/// Megatron-LM's LLaMA flags name one model family here: all of them make
/// --arch llama, some of them a model this importer does not build.
std::optional<std::string> applyLlamaFlags(mtc::ModelConfig &config) {
  bool rms = normalization == "RMSNorm", rope = positionEmbeddingType == "rope";
  int given = rms + swiglu + rope + disableBiasLinear;
  bool llama = config.arch == "llama";
  if (!llama && given == 4 && arch.empty())
    config.arch = "llama", llama = true;
  else if (!llama && given > 0)
    return std::string("--normalization RMSNorm, --swiglu, --position-embedding-type rope "
                       "and --disable-bias-linear build a LLaMA-family model together "
                       "(or with --arch llama); one without the others is not supported");
  if (llama && ((normalization.getNumOccurrences() && !rms) ||
                (positionEmbeddingType.getNumOccurrences() && !rope)))
    return std::string("a LLaMA-family model uses RMSNorm and rope positions");
  if (!llama && (groupQueryAttention || numQueryGroups.getNumOccurrences() ||
                 untieEmbeddings || rotaryBase.getNumOccurrences()))
    return std::string("--group-query-attention, --num-query-groups, "
                       "--untie-embeddings-and-output-weights and --rotary-base are for "
                       "LLaMA-family models");
  if (numQueryGroups.getNumOccurrences() && !groupQueryAttention)
    return std::string("--num-query-groups needs --group-query-attention (as in Megatron-LM)");
  if (groupQueryAttention && !numQueryGroups.getNumOccurrences())
    return std::string("--group-query-attention needs --num-query-groups");
  if (!llama)
    return std::nullopt;
  if (configPath.empty()) {
    // Megatron-LM: tied unless untied, no dropout unless asked for.
    config.tiedEmbeddings = !untieEmbeddings;
    config.hiddenDropout = config.attentionDropout = 0.0;
    config.layerNormEps = 1e-5;
  } else if (untieEmbeddings) {
    config.tiedEmbeddings = false;
  }
  if (groupQueryAttention)
    config.kvHeads = numQueryGroups;
  if (rotaryBase.getNumOccurrences())
    config.ropeTheta = rotaryBase;
  return std::nullopt;
}

/// Writes the model; every failure names the file (raw_fd_ostream would report
/// a full disk as a fatal error that names none).
int writeModel(mlir::ModuleOp module) {
  std::string error;
  auto output = mlir::openOutputFile(outputPath, &error);
  if (!output)
    return fail(error);
  module.print(output->os());
  output->os() << "\n";
  if (outputPath == "-")
    output->os().flush();
  else
    output->os().close();
  if (output->os().has_error()) {
    std::error_code ec = output->os().error();
    output->os().clear_error();
    return fail((outputPath == "-" ? std::string("cannot write to standard output")
                                   : "cannot write '" + outputPath + "'") +
                ": " + ec.message());
  }
  output->keep();
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "mtc-import: write a transformer model in the mtc dialect\n\n"
          "  mtc-import config.json [-o model.mlir]        (HuggingFace GPT-2 or BERT config)\n"
          "  mtc-import --num-layers L --hidden-size H --num-attention-heads A\n"
          "             --seq-length S --vocab-size V [-o model.mlir]  (Megatron-LM flags)\n\n"
          "Flags given with a config.json override its values. Exit status: 0 on success,\n"
          "1 on a bad config or file, 2 on a bad option.\n",
          &errs()))
    return 2;
  if (auto problem = checkOptions()) {
    fail(*problem);
    return 2;
  }

  mtc::ModelConfig config;
  auto given = [](const cl::Option &option) { return option.getNumOccurrences() > 0; };
  if (!configPath.empty()) {
    if (sys::fs::is_directory(configPath))
      return fail("cannot read '" + configPath + "': it is a folder");
    auto read = mtc::readHuggingFaceConfig(configPath);
    if (!read)
      return fail(toString(read.takeError()));
    config = *read;
  } else {
    if (!given(numLayers) || !given(hiddenSize) || !given(numHeads) || !given(vocabSize) ||
        !given(seqLength))
      return fail("give a config.json, or all of --num-layers, --hidden-size, "
                  "--num-attention-heads, --seq-length and --vocab-size");
    config.positions = seqLength;
  }
  // Flags override the config (or make the whole model without one).
  if (given(numLayers))
    config.layers = numLayers;
  if (given(hiddenSize))
    config.hidden = hiddenSize;
  if (given(numHeads))
    config.heads = numHeads;
  if (given(vocabSize))
    config.vocab = vocabSize;
  if (!name.empty())
    config.name = name;
  if (!arch.empty())
    config.arch = arch;
  if (auto problem = applyLlamaFlags(config))
    return fail(*problem);
  if (normEpsilon.getNumOccurrences()) {
    if (!(normEpsilon > 0))
      return fail("--norm-epsilon must be positive");
    config.layerNormEps = normEpsilon;
  }
  if (given(ffnSize))
    config.ffn = ffnSize;
  if (given(seqLength))
    config.seq = seqLength;
  if (given(maxPositions))
    config.positions = maxPositions;
  if (given(microBatch))
    config.microBatch = microBatch;
  config.vocabDivisibleBy = divisibleBy;
  config.tensorParallel = tensorParallel;
  if (given(hiddenDropout))
    config.hiddenDropout = hiddenDropout;
  if (given(attentionDropout))
    config.attentionDropout = attentionDropout;
  if (noBinaryHead) {
    if (config.arch != "bert")
      return fail("--bert-no-binary-head is for BERT models");
    config.binaryHead = false;
  }
  if (Error err = config.validate())
    return fail((configPath.empty() ? "" : configPath + ": ") +
                toString(std::move(err)));

  mlir::MLIRContext context;
  auto module = mtc::buildModel(context, config);
  if (failed(mlir::verify(*module)))
    return fail("internal error: the built model does not verify");
  return writeModel(*module);
}
