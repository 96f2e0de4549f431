//===- mtc-import.cpp - write a model .mlir from a config or flags --------===//
#include "mtc/Diagnostics/ModuleDiagnostics.h"
#include "mtc/Import/ModelBuilder.h"
#include "mtc/MtcDialect.h"
#include "mtc/Support/ValueRange.h"
#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/LlamaFamilyFlags.h"
#include "data/ModelTokenizer.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <optional>
#include <string>

using namespace llvm;

namespace {
/// The flags; a model flag left at 0 (or -1) was not given.
struct ImportFlags {
  std::string configPath, outputPath = "-", name, arch;
  int64_t numLayers = 0, hiddenSize = 0, numHeads = 0, ffnSize = 0, vocabSize = 0,
          maxPositions = 0, seqLength = 0, microBatch = 0, divisibleBy = 0,
          tensorParallel = 1;
  double hiddenDropout = -1, attentionDropout = -1, rotaryBase = 0, normEpsilon = 0;
  std::string tokenizerType, tokenizerModel;
  mtc::LlamaFamilyFlags llama;
  bool untieEmbeddings = false, noBinaryHead = false, squaredRelu = false;
  // Megatron-Core's MoE flags.
  int64_t numExperts = 0, moeTopk = 2, moeFfn = 0;
  double moeAuxLossCoeff = 0, moeCapacityFactor = 0;
  std::string moeDropPolicy = "probs", moeBalancing = "aux_loss", moeDispatcher = "alltoall";
  bool moeGroupedGemm = false;
};
ImportFlags f;
mtc::FlagSet flags(
    "mtc-import",
    "Writes a transformer model in the mtc dialect, from a HuggingFace config.json (GPT-2,\n"
    "BERT, LLaMA, Mistral or Mixtral keys) or from Megatron-LM's model flags:\n"
    "  mtc-import config.json [-o model.mlir]\n"
    "  mtc-import --num-layers L --hidden-size H --num-attention-heads A --seq-length S\n"
    "             --vocab-size V [-o model.mlir]\n"
    "Flags given with a config.json override its values. Exit status: 0 on success, 1 on a\n"
    "bad config or file, 2 on a bad flag.");

void addImportFlags() {
  namespace flag = mtc::flag;
  using mtc::ValueRange;
  const ValueRange positive = ValueRange::atLeast(1), count = ValueRange::atLeast(0),
                   dropout = ValueRange::fromBelow(0, 1);
  flags.positional("config.json", &f.configPath, "a HuggingFace config", false);
  flags.add("o", &f.outputPath, "output file (-: standard output)").valueName("FILE");
  flags.add("name", &f.name, "model name (default: the config's file name)");
  flags.add("arch", &f.arch,
            "with flags: the model family (a config says which); llama is the same as "
            "Megatron-LM's LLaMA flags below together")
      .choices({"gpt", "bert", "llama"});

  flags.topic(flag::kModel);
  flags.add(flag::numLayers, &f.numLayers, "", positive);
  flags.add(flag::hiddenSize, &f.hiddenSize, "", positive);
  flags.add(flag::numAttentionHeads, &f.numHeads, "", positive);
  flags.add(flag::ffnHiddenSize, &f.ffnSize, "(0: 4 x hidden)", count);
  flags.add(flag::vocabSize, &f.vocabSize, "", positive);
  flags.add("max-position-embeddings", &f.maxPositions,
            "learned positions (default: the sequence length)", positive);
  flags.add("make-vocab-size-divisible-by", &f.divisibleBy,
            "pad the vocabulary to a multiple of this x the tensor-parallel size, as "
            "Megatron-LM does (0: no padding)",
            count);
  flags.add(flag::tensorParallel, &f.tensorParallel, "(only for the vocabulary's padding)",
            positive);
  flags.add("hidden-dropout", &f.hiddenDropout,
            "residual and embedding dropout (default: the config's, or 0.1)", dropout);
  flags.add("attention-dropout", &f.attentionDropout,
            "attention-probability dropout (default: the config's, or 0.1)", dropout);
  flags.add("bert-no-binary-head", &f.noBinaryHead,
            "BERT without the sentence-order head (masked LM only)");

  flags.topic(flag::kBatch);
  flags.add(flag::seqLength, &f.seqLength, "(default: all positions)", positive);
  flags.add(flag::microBatchSize, &f.microBatch, "the model is written for (default 1)", positive);

  // Megatron-LM's flags for LLaMA-family models; together they are --arch llama.
  flags.topic("LLaMA family (Megatron-LM's flags)");
  f.llama.addTo(flags);
  flags.add("squared-relu", &f.squaredRelu,
            "squared-ReLU MLP, max(x, 0)^2 (Primer, Nemotron; GPT and BERT)");
  flags.add(flag::untieEmbeddings, &f.untieEmbeddings, "(LLaMA; default: tied)");
  flags.add("rotary-base", &f.rotaryBase, "rotary base, rope_theta (default 10000)",
            ValueRange::above(0));
  flags.add("norm-epsilon", &f.normEpsilon, "normalization epsilon (default: the family's)",
            ValueRange::above(0));

  flags.topic("Mixture of experts (Megatron-Core's flags; LLaMA family)");
  flags.add("num-experts", &f.numExperts,
            "experts in every MLP (a Mixtral-style model; default: a config's "
            "num_local_experts, or dense)",
            positive);
  flags.add("moe-router-topk", &f.moeTopk, "experts each token is routed to (default 2)",
            positive);
  flags.add("moe-ffn-hidden-size", &f.moeFfn, "an expert's SwiGLU width (default: the FFN size)",
            positive);
  flags.add("moe-aux-loss-coeff", &f.moeAuxLossCoeff,
            "the load-balancing loss's coefficient (default 0: none; a config's "
            "router_aux_loss_coef when output_router_logits)",
            ValueRange::atLeast(0));
  flags.add("moe-expert-capacity-factor", &f.moeCapacityFactor,
            "each expert keeps at most ceil(tokens x topk / experts x this) entries (default "
            "0: no dropping)",
            ValueRange::atLeast(0));
  flags.add("moe-token-drop-policy", &f.moeDropPolicy,
            "with a capacity: drop the entries with the smallest weights (probs) or the latest "
            "tokens (position)")
      .choices({"probs", "position"});
  flags.add("moe-router-load-balancing-type", &f.moeBalancing,
            "aux_loss (Switch-style, the only type built; none: no loss)")
      .choices({"aux_loss", "none"});
  flags.add("moe-token-dispatcher-type", &f.moeDispatcher,
            "alltoall (the dispatcher built)")
      .choices({"alltoall"});
  flags.add("moe-grouped-gemm", &f.moeGroupedGemm,
            "accepted: the experts' GEMMs run as one per expert either way (docs/moe.md)");

  flags.add("tokenizer-type", &f.tokenizerType,
            "with --tokenizer-model: the model's tokenizer, whose vocabulary must fit "
            "vocab_size (a LLaMA config.json's folder is searched for tokenizer.json or "
            "tokenizer.model without it)")
      .choices(mtc::data::modelTokenizerTypes());
  flags.add("tokenizer-model", &f.tokenizerModel, "the tokenizer.model or tokenizer.json")
      .valueName("FILE");
}

/// The model's tokenizer must not hold ids past the vocabulary: its data and
/// prompts would index rows the embedding does not have. Given by the flags,
/// else found next to a LLaMA-family config.json.
std::optional<std::string> checkTokenizer(const mtc::ModelConfig &config) {
  mtc::data::ModelTokenizerSummary tokenizer;
  if (!f.tokenizerModel.empty()) {
    tokenizer = mtc::data::summarizeModelTokenizer(f.tokenizerType, f.tokenizerModel);
  } else if (config.arch == "llama" && !f.configPath.empty()) {
    StringRef folder = sys::path::parent_path(f.configPath);
    tokenizer = mtc::data::summarizeModelTokenizer("", folder.empty() ? "." : folder.str());
  }
  if (!tokenizer.error.empty())
    return tokenizer.error;
  if (!tokenizer.found)
    return std::nullopt;
  if (tokenizer.vocabSize > config.vocab)
    return "the tokenizer '" + tokenizer.path + "' has " + std::to_string(tokenizer.vocabSize) +
           " tokens, more than vocab_size " + std::to_string(config.vocab) +
           ": its ids would index rows the model does not have";
  if (tokenizer.vocabSize < config.vocab)
    WithColor::note(errs(), "mtc-import")
        << "the tokenizer '" << tokenizer.path << "' has " << tokenizer.vocabSize
        << " tokens; vocab_size " << config.vocab << " leaves "
        << config.vocab - tokenizer.vocabSize << " rows no token uses\n";
  return std::nullopt;
}

bool given(const char *name) { return flags.given(name); }

int fail(const Twine &message) {
  WithColor::error(errs(), "mtc-import") << message << "\n";
  return 1;
}

/// Megatron-LM's LLaMA flags name one model family here: all of them make
/// --arch llama, some of them a model this importer does not build.
std::optional<std::string> applyLlamaFlags(mtc::ModelConfig &config) {
  bool llama = false;
  // --arch gpt or bert with all four flags stays that family, and refuses them.
  const bool otherArch = !f.arch.empty() && config.arch != "llama";
  if (auto error = f.llama.resolve(config.arch == "llama", llama))
    return error;
  if (llama && otherArch)
    return std::string("--arch ") + f.arch + " is not a LLaMA-family model: "
           "--normalization RMSNorm, --swiglu, --position-embedding-type rope and "
           "--disable-bias-linear build one";
  if (llama)
    config.arch = "llama";
  if (!llama && (f.untieEmbeddings || given("rotary-base")))
    return std::string("--untie-embeddings-and-output-weights and --rotary-base are for "
                       "LLaMA-family models");
  if (!llama)
    return std::nullopt;
  if (f.configPath.empty()) {
    // Megatron-LM: tied unless untied, no dropout unless asked for.
    config.tiedEmbeddings = !f.untieEmbeddings;
    config.hiddenDropout = config.attentionDropout = 0.0;
    config.layerNormEps = 1e-5;
  } else if (f.untieEmbeddings) {
    config.tiedEmbeddings = false;
  }
  if (f.llama.groupQueryAttention)
    config.kvHeads = f.llama.numQueryGroups;
  if (given("rotary-base"))
    config.ropeTheta = f.rotaryBase;
  return std::nullopt;
}

/// Writes the model; every failure names the file (raw_fd_ostream would report
/// a full disk as a fatal error that names none).
int writeModel(mlir::ModuleOp module) {
  std::string error;
  auto output = mlir::openOutputFile(f.outputPath, &error);
  if (!output)
    return fail(error);
  module.print(output->os());
  output->os() << "\n";
  if (f.outputPath == "-")
    output->os().flush();
  else
    output->os().close();
  if (output->os().has_error()) {
    std::error_code ec = output->os().error();
    output->os().clear_error();
    return fail((f.outputPath == "-" ? std::string("cannot write to standard output")
                                   : "cannot write '" + f.outputPath + "'") +
                ": " + ec.message());
  }
  output->keep();
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  addImportFlags();
  bool help = false;
  if (auto problem = flags.tryParse(argc, argv, &help)) {
    fail(*problem);
    return 2;
  }
  if (help) {
    outs() << flags.usage();
    return 0;
  }

  mtc::ModelConfig config;
  if (!f.configPath.empty()) {
    if (sys::fs::is_directory(f.configPath))
      return fail("cannot read '" + f.configPath + "': it is a folder");
    auto read = mtc::readHuggingFaceConfig(f.configPath);
    if (!read)
      return fail(toString(read.takeError()));
    config = *read;
  } else {
    if (!given("num-layers") || !given("hidden-size") || !given("num-attention-heads") ||
        !given("vocab-size") || !given("seq-length"))
      return fail("give a config.json, or all of --num-layers, --hidden-size, "
                  "--num-attention-heads, --seq-length and --vocab-size");
    config.positions = f.seqLength;
  }
  // Flags override the config (or make the whole model without one).
  if (given("num-layers"))
    config.layers = f.numLayers;
  if (given("hidden-size"))
    config.hidden = f.hiddenSize;
  if (given("num-attention-heads"))
    config.heads = f.numHeads;
  if (given("vocab-size"))
    config.vocab = f.vocabSize;
  if (!f.name.empty())
    config.name = f.name;
  if (!f.arch.empty())
    config.arch = f.arch;
  if (auto problem = applyLlamaFlags(config))
    return fail(*problem);
  if (given("norm-epsilon"))
    config.layerNormEps = f.normEpsilon;
  if (given("ffn-hidden-size"))
    config.ffn = f.ffnSize;
  if (given("seq-length"))
    config.seq = f.seqLength;
  if (given("max-position-embeddings"))
    config.positions = f.maxPositions;
  if (given("micro-batch-size"))
    config.microBatch = f.microBatch;
  config.vocabDivisibleBy = f.divisibleBy;
  config.tensorParallel = f.tensorParallel;
  if (given("hidden-dropout"))
    config.hiddenDropout = f.hiddenDropout;
  if (given("attention-dropout"))
    config.attentionDropout = f.attentionDropout;
  if (f.squaredRelu) {
    if (config.arch == "llama")
      return fail("--squared-relu is for GPT and BERT models (a LLaMA-family MLP is SwiGLU)");
    config.activation = mtc::ModelConfig::Activation::SquaredRelu;
  }
  if (given("num-experts"))
    config.experts = f.numExperts;
  if (!config.experts) {
    for (const char *flag : {"moe-router-topk", "moe-ffn-hidden-size", "moe-aux-loss-coeff",
                             "moe-expert-capacity-factor", "moe-token-drop-policy",
                             "moe-router-load-balancing-type", "moe-token-dispatcher-type",
                             "moe-grouped-gemm"})
      if (given(flag))
        return fail(std::string("--") + flag + " needs experts (--num-experts, or a mixtral "
                    "config)");
  } else {
    if (given("moe-router-topk"))
      config.topk = f.moeTopk;
    if (given("moe-ffn-hidden-size"))
      config.ffn = f.moeFfn;
    if (given("moe-aux-loss-coeff"))
      config.moeAuxLossCoeff = f.moeAuxLossCoeff;
    if (f.moeBalancing == "none") {
      if (given("moe-aux-loss-coeff") && f.moeAuxLossCoeff > 0)
        return fail("--moe-router-load-balancing-type none takes no --moe-aux-loss-coeff");
      config.moeAuxLossCoeff = 0;
    }
    config.capacityFactor = f.moeCapacityFactor;
    if (given("moe-token-drop-policy") && !given("moe-expert-capacity-factor"))
      return fail("--moe-token-drop-policy needs --moe-expert-capacity-factor (without a "
                  "capacity nothing is dropped)");
    config.dropByPosition = f.moeDropPolicy == "position";
  }
  if (f.noBinaryHead) {
    if (config.arch != "bert")
      return fail("--bert-no-binary-head is for BERT models");
    config.binaryHead = false;
  }
  if (Error err = config.validate())
    return fail((f.configPath.empty() ? "" : f.configPath + ": ") +
                toString(std::move(err)));
  if (f.tokenizerType.empty() != f.tokenizerModel.empty()) {
    fail("give --tokenizer-type with --tokenizer-model");
    return 2;
  }
  if (auto problem = checkTokenizer(config))
    return fail((f.configPath.empty() ? "" : f.configPath + ": ") + *problem);

  mlir::MLIRContext context;
  mtc::ModuleDiagnosticHandler diagnostics(&context, "mtc-import");
  auto module = mtc::buildModel(context, config);
  if (!module)
    return 1;
  if (failed(mlir::verify(*module)))
    return fail("internal error: the built model does not verify");
  return writeModel(*module);
}
