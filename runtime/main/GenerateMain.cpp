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
#include "data/Tokenizer.h"
#include "kernels/kernels.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
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
        dumpLogits;
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
                       "<|endoftext|> comes or the context is full)"},
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
    if (world->size() != 1 || plan.parallel().tensor() > 1 || plan.parallel().pipeline() > 1)
      throw std::invalid_argument("generate runs on one rank with a plan compiled for "
                                  "tensor = pipeline = 1");
    if (threads > 0)
      kernels::setNumThreads(static_cast<int>(threads));

    // Sampling continues a text: only a causal model predicts what follows.
    const std::string &objective = plan.model().objective();
    if (!objective.empty() && objective != "causal_lm")
      throw std::invalid_argument("generate samples from causal language models; '" +
                                  plan.model().name() + "' is trained as " + objective +
                                  " (a bidirectional encoder)");
    data::Tokenizer tokenizer = vocabFile.empty() ? data::Tokenizer::fromDirectory(vocabDir)
                                                  : data::Tokenizer(vocabFile, mergeFile);
    std::unique_ptr<Backend> owned;
    Backend *backend = agreeOnBackend(*world, makeBackend, "generate", owned);
    if (!backend)
      return 1;
    ExecutorOptions options;
    options.backend = backend;
    options.seed = static_cast<uint64_t>(seed);
    Executor executor(plan, options);
    if (!load.empty())
      loadCheckpoint(load, executor, nullptr, *world);
    else
      importSafetensors(initFrom, executor);

    const int64_t vocab = std::min<int64_t>(plan.model().vocab(), executor.logitsWidth());
    if (tokenizer.vocabSize() > plan.model().vocab())
      throw std::invalid_argument("the tokenizer in '" + vocabDir + "' has " +
                                  std::to_string(tokenizer.vocabSize()) +
                                  " tokens, the model's vocabulary only " +
                                  std::to_string(plan.model().vocab()));
    std::vector<int32_t> context = tokenizer.encode(prompt);
    if (context.empty())
      context.push_back(tokenizer.endOfTextId()); // an empty prompt starts a document
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
    int64_t lastRow = feed(executor, cache, context);

    std::mt19937_64 rng(static_cast<uint64_t>(seed));
    std::vector<float> logitsDump;
    std::cout << prompt << std::flush;
    for (int64_t n = 0; n < tokens; ++n) {
      const std::vector<float> row = executor.logitsRowToHost(lastRow);
      if (!dumpLogits.empty())
        logitsDump.insert(logitsDump.end(), row.begin(), row.begin() + vocab);
      const int32_t next = sampleToken(row.data(), vocab, sampling, rng);
      if (next == tokenizer.endOfTextId())
        break;
      context.push_back(next);
      std::cout << tokenizer.decode({next}) << std::flush;
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
    std::cout << std::endl;
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
