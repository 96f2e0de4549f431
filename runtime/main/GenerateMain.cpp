// The `generate` executable: samples text from a trained model with the plan's
// forward steps, one new token at a time against a key/value cache.
#include "checkpoint/Checkpoint.h"
#include "exec/Executor.h"
#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/Flags.h"
#include "exec/KvCache.h"
#include "main/Main.h"
#include "main/ProgramSetup.h"
#include "exec/PlanValidator.h"
#include "io/Safetensors.h"
#include "main/Sampling.h"
#include "train/Trainer.h"
#include "interop/WeightFiles.h"

#include "comm/Communicator.h"
#include "data/ModelTokenizer.h"
#include "data/Tokenizer.h"
#include "kernels/kernels.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>

#ifndef MTC_DEFAULT_BPE_DIR
#define MTC_DEFAULT_BPE_DIR ""
#endif

namespace mtc::runtime {

// A million tokens is hours of output already; more is a typo (and the
// context, the model's positions, ends long before on every model we know).
constexpr double kMaxTokens = 1 << 20;


namespace {

// Runs `tokens` through the model into the cache, a micro-batch's worth of
// tokens at a time (the plan's buffers hold that many). Returns the logits
// row of the last token.
int64_t feed(Executor &executor, KvCache &cache, const std::vector<int32_t> &tokens) {
  const int64_t chunk = executor.tokensPerMicroBatch();
  int64_t count = 0;
  for (size_t at = 0; at < tokens.size(); at += count) {
    count = std::min<int64_t>(chunk, static_cast<int64_t>(tokens.size() - at));
    executor.forwardCached(tokens.data() + at, count, cache);
  }
  return count - 1;
}

// The prompt's tokens and the generated text, by GPT-2's BPE or a model's own
// tokenizer.
class PromptTokenizer {
public:
  PromptTokenizer(std::optional<data::Tokenizer> gpt2, std::optional<data::ModelTokenizer> model)
      : gpt2_(std::move(gpt2)), model_(std::move(model)) {}

  // A model tokenizer's prefix (Llama2Tokenizer's <s>, a tokenizer.json
  // template's BOS) comes first, as in its training data; its suffix (an EOS)
  // would end the text, so it is left out.
  std::vector<int32_t> encodePrompt(const std::string &prompt) {
    if (gpt2_)
      return gpt2_->encode(prompt);
    std::vector<int32_t> ids = model_->prefix();
    model_->text().encodeAppend(prompt, ids);
    return ids;
  }
  int32_t vocabSize() const { return gpt2_ ? gpt2_->vocabSize() : model_->vocabSize(); }
  int32_t endOfDocumentId() const { return gpt2_ ? gpt2_->endOfTextId() : model_->eodId(); }
  std::string decode(const std::vector<int32_t> &ids) const {
    return gpt2_ ? gpt2_->decode(ids) : model_->decode(ids);
  }
  std::string source() const { return model_ ? model_->path() : "GPT-2's BPE"; }

private:
  std::optional<data::Tokenizer> gpt2_;
  std::optional<data::ModelTokenizer> model_;
};

// Prints the continuation of a prompt a token at a time as the tokenizer
// decodes the whole text: a SentencePiece token's space depends on where it
// stands, and a character may span several byte tokens, so decoding tokens one
// by one would drop spaces and split characters. A U+FFFD at the end may be a
// character whose bytes are still to come: it waits for the next token.
class ContinuationPrinter {
public:
  ContinuationPrinter(const PromptTokenizer &tokenizer, std::vector<int32_t> prompt)
      : tokenizer_(tokenizer), ids_(std::move(prompt)), promptText_(tokenizer.decode(ids_)) {}

  void add(int32_t id) {
    ids_.push_back(id);
    print(/*final=*/false);
  }
  void finish() { print(/*final=*/true); }

private:
  void print(bool final) {
    std::string text = tokenizer_.decode(ids_);
    // Decoding more tokens does not change the prompt's text with these
    // tokenizers; if it ever did, print from where the two still agree.
    size_t from = promptText_.size() + printedText_.size();
    if (text.compare(0, from, promptText_ + printedText_) != 0) {
      size_t agree = 0;
      const std::string before = promptText_ + printedText_;
      while (agree < before.size() && agree < text.size() && before[agree] == text[agree])
        ++agree;
      from = agree;
    }
    size_t end = text.size();
    static constexpr std::string_view kReplacement = "ï¿½";
    while (!final && end >= from + kReplacement.size() &&
           std::string_view(text).substr(end - kReplacement.size(), kReplacement.size()) ==
               kReplacement)
      end -= kReplacement.size();
    if (end > from) {
      std::cout << text.substr(from, end - from) << std::flush;
      printedText_ = text.substr(promptText_.size(), end - promptText_.size());
    }
  }

  const PromptTokenizer &tokenizer_;
  std::vector<int32_t> ids_;
  std::string promptText_, printedText_;
};

// One line on stderr, as train's closing line: the prompt's pass and the
// new tokens' rate (each new token's sampling and, but for the last, its
// forward step), start-up and weight loading excluded.
void reportSpeed(size_t promptTokens, std::chrono::steady_clock::time_point prefillStart,
                 std::chrono::steady_clock::time_point decodeStart, size_t newTokens) {
  using Seconds = std::chrono::duration<double>;
  const double prefill = Seconds(decodeStart - prefillStart).count();
  const double decode = Seconds(std::chrono::steady_clock::now() - decodeStart).count();
  char line[200];
  std::snprintf(line, sizeof line,
                "generate: prompt %zu tokens in %.1f ms, %zu new tokens in %.1f ms "
                "(%.1f tokens/s)",
                promptTokens, prefill * 1e3, newTokens, decode * 1e3,
                decode > 0 ? newTokens / decode : 0.0);
  std::cerr << line << std::endl;
}

} // namespace

int generateMain(int argc, char **argv, const std::string &planBytes,
                 BackendFactory makeBackend) {
  std::unique_ptr<comm::Communicator> world;
  try {
    world = startWorld(&argc, &argv);
  } catch (const std::exception &e) {
    std::cerr << "generate: error: " << e.what() << std::endl;
    return 1;
  }
  try {
    pb::Plan plan = parseEmbeddedPlan(planBytes);
    std::string load, initFrom, prompt, vocabDir = MTC_DEFAULT_BPE_DIR, vocabFile, mergeFile,
        dumpLogits, tokenizerType, tokenizerModel;
    int64_t tokens = 32, seed = 1234, threads = 0;
    SamplingOptions sampling;
    sampling.topK = 40;
    FlagSet flags(argc > 0 ? argv[0] : "generate",
                  "Generates text with model '" + plan.model().name() +
                      "': the prompt and every new token go through the model once, its "
                      "attention keys and values cached (the context is the model's " +
                      std::to_string(plan.model().positions()) + " positions).");
    flags.topic("Weights");
    flags.add("load", &load, "checkpoint folder (its latest iteration) with the weights")
        .valueName("DIR");
    flags.add("init-from", &initFrom,
              "weights from FILE.safetensors instead of a checkpoint (Hugging Face's or mtc's "
              "names; every param must be there)")
        .valueName("FILE");
    flags.topic("Sampling");
    flags.add("prompt", &prompt,
              "text to continue; more tokens than the model's positions is an error (no "
              "silent truncation)")
        .valueName("TEXT");
    flags.add(FlagSpec{"tokens", {"max-new-tokens"}, "tokens to generate (fewer when "
                       "the end-of-document token (<|endoftext|>, </s>, ...) comes or the context is "
                       "full)"},
              &tokens, "", ValueRange::between(1, kMaxTokens))
        .valueName("N");
    flags.add("top-k", &sampling.topK, "sample among the k most likely tokens (0: all, 1: greedy)",
              ValueRange::atLeast(0));
    flags.add("top-p", &sampling.topP,
              "nucleus sampling: among the top-k, the fewest most likely tokens whose "
              "probabilities reach p (1: off), as Hugging Face applies it after top-k",
              ValueRange{0, 1, /*minOpen=*/true, /*maxOpen=*/false});
    flags.add("temperature", &sampling.temperature, "softmax temperature (0: greedy)",
              ValueRange::atLeast(0));
    flags.add(flag::seed, &seed, "of sampling", ValueRange::atLeast(0));
    flags.topic("Tokenizer and machine");
    flags.add(flag::vocabDir, &vocabDir).valueName("DIR");
    flags.add("vocab-file", &vocabFile,
              "a GPT-2-style encoder.json (token -> id), with --merge-file; instead of "
              "--vocab-dir").valueName("FILE");
    flags.add("merge-file", &mergeFile, "the vocab.bpe merges that go with --vocab-file")
        .valueName("FILE");
    flags.add("tokenizer-type", &tokenizerType,
              "a LLaMA-family model's own tokenizer, read from --tokenizer-model, instead of "
              "GPT-2's BPE (the prompt starts with the BOS the type puts before documents)")
        .choices(data::modelTokenizerTypes());
    flags.add("tokenizer-model", &tokenizerModel,
              "with --tokenizer-type: the model's tokenizer.model or tokenizer.json")
        .valueName("FILE");
    flags.add(flag::threads, &threads, "", ValueRange::between(0, 4096));
    flags.topic(flag::kDebug);
    flags.add("dump-logits", &dumpLogits,
              "write each generated token's logits (the real vocabulary's) and all token ids "
              "to FILE.safetensors (numerics checks)")
        .valueName("FILE");
    if (!flags.parse(argc, argv)) {
      std::cout << flags.usage();
      return 0;
    }
    if (load.empty() == initFrom.empty())
      throw FlagError("give --load CHECKPOINT_DIR or --init-from FILE.safetensors (one of them)");
    if (vocabFile.empty() != mergeFile.empty())
      throw FlagError("a GPT-2-style tokenizer is two files: give --vocab-file encoder.json "
                      "with --merge-file vocab.bpe");
    if (!vocabFile.empty() && flags.given("vocab-dir"))
      throw FlagError("give --vocab-file/--merge-file or --vocab-dir, not both");
    if (tokenizerType.empty() != tokenizerModel.empty())
      throw FlagError("a LLaMA-family tokenizer is a type and a file: give --tokenizer-type "
                      "with --tokenizer-model");
    if (!tokenizerModel.empty() && (!vocabFile.empty() || flags.given("vocab-dir")))
      throw FlagError("give --tokenizer-model or GPT-2's --vocab-file/--vocab-dir, not both");
    if (world->size() != 1 || plan.parallel().tensor() > 1 || plan.parallel().pipeline() > 1 ||
        plan.parallel().context() > 1)
      throw std::invalid_argument("generate runs on one rank with a plan compiled for "
                                  "tensor = pipeline = context = 1");
    if (threads > 0)
      kernels::setNumThreads(static_cast<int>(threads));

    // Sampling continues a text: only a causal model predicts what follows.
    const std::string &objective = plan.model().objective();
    if (!objective.empty() && objective != "causal_lm")
      throw std::invalid_argument("generate samples from causal language models; '" +
                                  plan.model().name() + "' is trained as " + objective +
                                  " (a bidirectional encoder)");
    std::optional<data::Tokenizer> gpt2;
    std::optional<data::ModelTokenizer> model;
    if (!tokenizerModel.empty())
      model.emplace(data::ModelTokenizer::open(*data::modelTokenizerKind(tokenizerType),
                                               tokenizerModel));
    else
      gpt2.emplace(vocabFile.empty() ? data::Tokenizer::fromDirectory(vocabDir)
                                     : data::Tokenizer(vocabFile, mergeFile));
    PromptTokenizer tokenizer(std::move(gpt2), std::move(model));
    std::unique_ptr<Backend> owned;
    Backend *backend = agreeOnBackend(*world, makeBackend, "generate", owned);
    if (!backend)
      return 1;
    ExecutorOptions options;
    options.backend = backend;
    options.seed = static_cast<uint64_t>(seed);
    options.initializeParams = false; // --load and --init-from set every parameter
    Executor executor(plan, options);
    if (!load.empty())
      loadCheckpoint(load, executor, nullptr, *world);
    else
      importSafetensors(initFrom, executor);

    const int64_t vocab = std::min<int64_t>(plan.model().vocab(), executor.logitsWidth());
    if (tokenizer.vocabSize() > plan.model().vocab())
      throw std::invalid_argument("the tokenizer (" + tokenizer.source() + ") has " +
                                  std::to_string(tokenizer.vocabSize()) +
                                  " tokens, the model's vocabulary only " +
                                  std::to_string(plan.model().vocab()));
    std::vector<int32_t> context = tokenizer.encodePrompt(prompt);
    if (context.empty())
      context.push_back(tokenizer.endOfDocumentId()); // an empty prompt starts a document
    // The model has learned positions 0 .. positions-1 and no others: a longer
    // prompt would have to lose its beginning, which changes the continuation
    // without saying so. The user decides what to drop.
    const int64_t positions = plan.model().positions();
    if (static_cast<int64_t>(context.size()) > positions)
      throw FlagError("--prompt is " + std::to_string(context.size()) +
                      " tokens, more than the model's context of " + std::to_string(positions) +
                      " positions (max_position_embeddings): shorten it");
    const size_t promptTokens = context.size();
    KvCache cache(executor, positions);
    using Clock = std::chrono::steady_clock;
    const Clock::time_point prefillStart = Clock::now();
    int64_t lastRow = feed(executor, cache, context);
    const Clock::time_point decodeStart = Clock::now();

    std::mt19937_64 rng(static_cast<uint64_t>(seed));
    std::vector<float> logitsDump;
    std::cout << prompt << std::flush;
    ContinuationPrinter printer(tokenizer, context);
    for (int64_t n = 0; n < tokens; ++n) {
      const std::vector<float> row = executor.logitsRowToHost(lastRow);
      if (!dumpLogits.empty())
        logitsDump.insert(logitsDump.end(), row.begin(), row.begin() + vocab);
      const int32_t next = sampleToken(row.data(), vocab, sampling, rng);
      if (next == tokenizer.endOfDocumentId())
        break;
      context.push_back(next);
      printer.add(next);
      if (n + 1 == tokens)
        break;
      if (cache.length() == positions) {
        std::cout << std::flush;
        std::cerr << "generate: note: stopped after " << n + 1 << " of " << tokens
                  << " tokens: the context is full (" << positions
                  << " positions, the model's max_position_embeddings)" << std::endl;
        break;
      }
      lastRow = feed(executor, cache, {next});
    }
    printer.finish();
    std::cout << std::endl;
    reportSpeed(promptTokens, prefillStart, decodeStart, context.size() - promptTokens);
    // The text is the result: a full disk or a closed pipe must not exit 0.
    if (!std::cout)
      throw std::runtime_error(std::string("cannot write the generated text to standard "
                                           "output: ") + std::strerror(errno));
    if (!dumpLogits.empty()) {
      const std::vector<float> ids(context.begin(), context.end()); // exact in f32
      const int64_t steps = static_cast<int64_t>(logitsDump.size()) / vocab;
      writeSafetensors(dumpLogits,
                       {{"logits", {steps, vocab}, logitsDump.data()},
                        {"tokens", {static_cast<int64_t>(ids.size())}, ids.data()}},
                       {{"prompt_tokens", std::to_string(promptTokens)}});
    }
    return 0;
  } catch (const FlagError &e) {
    std::cout.flush();
    std::cerr << "generate: error: " << e.what() << std::endl;
    return 2;
  } catch (const std::exception &e) {
    std::cout.flush();
    std::cerr << "generate: error: " << e.what() << std::endl;
    return 1;
  }
}

int generateMain(int argc, char **argv, const std::string &planBytes) {
  return generateMain(argc, argv, planBytes, nullptr);
}

} // namespace mtc::runtime
