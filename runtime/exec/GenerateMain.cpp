// The `generate` executable: samples text from a trained model with the plan's
// forward steps.
#include "exec/Checkpoint.h"
#include "exec/Executor.h"
#include "exec/Flags.h"
#include "exec/Main.h"
#include "exec/PlanValidator.h"
#include "exec/Trainer.h"
#include "exec/WeightFiles.h"

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

// One token per forward pass over the whole window: a million is hours of
// output already; more is a typo.
constexpr double kMaxTokens = 1 << 20;

std::unique_ptr<comm::Communicator> startWorld(int *argc, char ***argv);
pb::Plan parseEmbeddedPlan(const std::string &planBytes);
Backend *agreeOnBackend(comm::Communicator &world, BackendFactory makeBackend, const char *tool,
                        std::unique_ptr<Backend> &owned);

// Picks a token id from one row of logits (the real vocabulary only).
int32_t sampleToken(const float *logits, int64_t vocab, int64_t topK, double temperature,
                    std::mt19937_64 &rng) {
  if (temperature <= 0 || topK == 1)
    return static_cast<int32_t>(std::max_element(logits, logits + vocab) - logits);
  std::vector<int32_t> ids(vocab);
  for (int64_t i = 0; i < vocab; ++i)
    ids[i] = static_cast<int32_t>(i);
  int64_t keep = topK > 0 ? std::min(topK, vocab) : vocab;
  std::partial_sort(ids.begin(), ids.begin() + keep, ids.end(),
                    [&](int32_t a, int32_t b) { return logits[a] > logits[b]; });
  std::vector<double> weights(keep);
  const double top = logits[ids[0]];
  for (int64_t i = 0; i < keep; ++i)
    weights[i] = std::exp((logits[ids[i]] - top) / temperature);
  std::discrete_distribution<int64_t> pick(weights.begin(), weights.end());
  return ids[pick(rng)];
}

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
    std::string load, initFrom, prompt, vocabDir = MTC_DEFAULT_BPE_DIR;
    int64_t tokens = 32, topK = 40, seed = 1234, threads = 0;
    double temperature = 1.0;
    FlagSet flags(argc > 0 ? argv[0] : "generate",
                  "Generates text with model '" + plan.model().name() + "'.");
    flags.add("load", &load, "checkpoint folder (its latest iteration) with the weights");
    flags.add("init-from", &initFrom, "weights from FILE.safetensors instead of a checkpoint");
    flags.add("prompt", &prompt, "text to continue");
    flags.add("tokens", &tokens, "tokens to generate", Range::between(1, kMaxTokens));
    flags.add("top-k", &topK, "sample among the k most likely tokens (0: all, 1: greedy)",
              Range::atLeast(0));
    flags.add("temperature", &temperature, "softmax temperature (0: greedy)", Range::atLeast(0));
    flags.add("seed", &seed, "sampling seed", Range::atLeast(0));
    flags.add("vocab-dir", &vocabDir, "folder with GPT-2's encoder.json and vocab.bpe");
    flags.add("threads", &threads, "kernel threads (0: OpenMP's default)", Range::between(0, 4096));
    if (!flags.parse(argc, argv)) {
      std::cout << flags.usage();
      return 0;
    }
    if (load.empty() == initFrom.empty())
      throw FlagError("give --load CHECKPOINT_DIR or --init-from FILE.safetensors (one of them)");
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
    data::Tokenizer tokenizer = data::Tokenizer::fromDirectory(vocabDir);
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

    const int64_t seq = plan.model().seq(), micro = plan.model().micro_batch();
    const int64_t vocab = std::min<int64_t>(plan.model().vocab(), executor.logitsWidth());
    if (tokenizer.vocabSize() > plan.model().vocab())
      throw std::invalid_argument("the tokenizer in '" + vocabDir + "' has " +
                                  std::to_string(tokenizer.vocabSize()) +
                                  " tokens, the model's vocabulary only " +
                                  std::to_string(plan.model().vocab()));
    std::vector<int32_t> context = tokenizer.encode(prompt);
    if (context.empty())
      context.push_back(tokenizer.endOfTextId()); // an empty prompt starts a document
    std::mt19937_64 rng(static_cast<uint64_t>(seed));
    std::vector<int32_t> generated;
    std::cout << prompt << std::flush;
    for (int64_t n = 0; n < tokens; ++n) {
      // The last `seq` tokens of the context, padded with 0 after it: the model is
      // causal, so the padding does not change the logits at real positions.
      int64_t length = std::min<int64_t>(seq, static_cast<int64_t>(context.size()));
      const int32_t *window = context.data() + context.size() - length;
      int32_t *in = executor.tokens();
      std::fill(in, in + micro * seq, 0);
      std::copy(window, window + length, in);
      std::fill(executor.targets(), executor.targets() + micro * seq, -1);
      executor.forward();
      const std::vector<float> logits = executor.logitsToHost();
      const float *row = logits.data() + (length - 1) * executor.logitsWidth();
      int32_t next = sampleToken(row, vocab, topK, temperature, rng);
      if (next == tokenizer.endOfTextId())
        break;
      context.push_back(next);
      std::cout << tokenizer.decode({next}) << std::flush;
    }
    std::cout << std::endl;
    // The text is the result: a full disk or a closed pipe must not exit 0.
    if (!std::cout)
      throw std::runtime_error(std::string("cannot write the generated text to standard "
                                           "output: ") + std::strerror(errno));
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
