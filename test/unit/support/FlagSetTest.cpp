// The parser every tool shares (mtc/Support/Flags.h): names and aliases,
// switches, lists, the operand, choices, required and standalone flags, and
// --help grouped by topic.
#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/Flags.h"

#include <gtest/gtest.h>

#include <sstream>

namespace mtc {
namespace {

// FlagError's message for `args`, or "" when they parse.
std::string parseError(FlagSet &flags, const std::vector<std::string> &args) {
  try {
    flags.parse(args);
  } catch (const FlagError &e) {
    return e.what();
  }
  return "";
}

TEST(FlagSet, AliasesSetTheSameValueAndMessagesUseTheSpellingGiven) {
  int64_t micro = 0;
  FlagSet flags("tool", "test");
  flags.add(flag::microBatchSize, &micro, "", ValueRange::atLeast(1));
  EXPECT_EQ(parseError(flags, {"--micro-batch", "4"}), "");
  EXPECT_EQ(micro, 4);
  EXPECT_TRUE(flags.given("micro-batch-size"));
  EXPECT_TRUE(flags.given("micro-batch"));
  EXPECT_EQ(flags.spelling("micro-batch-size"), "--micro-batch");
  EXPECT_EQ(parseError(flags, {"--micro-batch-size=0"}), "--micro-batch-size must be >= 1, got 0");
  EXPECT_EQ(parseError(flags, {"--micro-batch", "x"}), "--micro-batch needs an integer, got 'x'");
  EXPECT_EQ(parseError(flags, {"--micro-batch"}), "--micro-batch needs a value");
  EXPECT_EQ(parseError(flags, {"--micro"}), "unknown flag --micro (see --help)");
}

TEST(FlagSet, SwitchesListsOperandAndOneLetterFlags) {
  bool fast = false;
  std::vector<int64_t> chunks;
  std::vector<std::string> inputs;
  std::string model, out, precision = "fp32";
  FlagSet flags("tool", "test");
  flags.add("fast", &fast, "a switch");
  flags.add("layers-per-chunk", &chunks, "a list", ValueRange::atLeast(1));
  flags.add("input", &inputs, "repeatable");
  flags.add("o", &out, "output");
  flags.add(flag::precision, &precision).choices({"fp32", "bf16", "fp16"});
  flags.addSwitch("bf16", &precision, "bf16", "same as --precision bf16");
  flags.positional("<model.mlir>", &model, "the model", true);
  EXPECT_EQ(parseError(flags, {"m.mlir", "--fast", "--layers-per-chunk", "3,2", "--input", "a",
                               "--input=b", "-o", "dir", "--bf16"}),
            "");
  EXPECT_TRUE(fast);
  EXPECT_EQ(chunks, (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(inputs, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(out, "dir");
  EXPECT_EQ(model, "m.mlir");
  EXPECT_EQ(precision, "bf16");
  EXPECT_EQ(parseError(flags, {"m", "--fast=maybe"}),
            "--fast is a switch; give it alone or =true/=false");
  EXPECT_EQ(parseError(flags, {"m", "--layers-per-chunk", "3,0"}),
            "--layers-per-chunk must be >= 1, got 0");
  EXPECT_EQ(parseError(flags, {"m", "--layers-per-chunk", "3,"}),
            "--layers-per-chunk needs comma-separated integers, got '3,'");
  EXPECT_EQ(parseError(flags, {"m", "n"}), "unexpected argument 'n': <model.mlir> is already 'm'");
  EXPECT_EQ(parseError(flags, {}), "no <model.mlir> given (see --help)");
  EXPECT_EQ(parseError(flags, {"m", "-fast"}), "unknown flag -fast (see --help)");
  EXPECT_EQ(parseError(flags, {"m", "--precision", "fp8"}),
            "--precision must be one of fp32, bf16, fp16, got 'fp8'");
  // A switch and a value for the same setting must agree.
  EXPECT_EQ(parseError(flags, {"m", "--bf16", "--precision", "fp16"}),
            "--bf16 and --precision fp16 contradict");
  EXPECT_EQ(parseError(flags, {"m", "--precision", "bf16", "--bf16"}), "");
  EXPECT_EQ(parseError(flags, {"m", "--bf16=false"}),
            "--bf16=false has no meaning; leave the switch out");
}

TEST(FlagSet, RequiredUnlessAStandaloneFlagIsGiven) {
  int64_t iters = 0;
  bool print = false;
  FlagSet flags("tool", "test");
  flags.add("train-iters", &iters, "iterations", ValueRange::atLeast(1)).required().valueName("N");
  flags.add("print-plan", &print, "print and exit").standalone();
  EXPECT_EQ(parseError(flags, {}), "--train-iters N is required (see --help)");
  EXPECT_EQ(parseError(flags, {"--print-plan"}), "");
  EXPECT_TRUE(print);
}

TEST(FlagSet, HelpGroupsByTopicAndShowsDefaultsRangesAndAliases) {
  int64_t tp = 1, threads = 0, iters = 0;
  std::string style = "cosine";
  FlagSet flags("tool", "Does things.");
  flags.topic(flag::kParallel);
  flags.add(flag::tensorParallel, &tp, "", ValueRange::atLeast(1));
  flags.topic(flag::kOptimizer);
  flags.add(flag::lrDecayStyle, &style).choices({"linear", "cosine"});
  flags.add("train-iters", &iters, "iterations", ValueRange::atLeast(1)).required();
  flags.topic(flag::kParallel); // a topic met again keeps its place
  flags.add(flag::threads, &threads, "", ValueRange::between(0, 4096));
  const std::string usage = flags.usage();
  EXPECT_EQ(usage.rfind("usage: tool [flags]\nDoes things.\n\nParallelism:\n", 0), 0u) << usage;
  EXPECT_NE(usage.find("  --tensor-model-parallel-size VALUE\n"), std::string::npos) << usage;
  EXPECT_NE(usage.find("splits) (default 1)\n"), std::string::npos) << usage;
  EXPECT_NE(usage.find(" [>= 1] (also --tp)\n"), std::string::npos) << usage;
  // Lines wrap before column 100, never inside a note such as "[>= 1]".
  std::istringstream lines(usage);
  for (std::string line; std::getline(lines, line);)
    EXPECT_LT(line.size(), 100u) << line;
  EXPECT_LT(usage.find("--threads"), usage.find("Optimizer and learning-rate schedule:"))
      << usage;
  EXPECT_NE(usage.find("{linear|cosine} (default cosine)"), std::string::npos) << usage;
  EXPECT_NE(usage.find("iterations (required) [>= 1]\n"), std::string::npos) << usage;
  EXPECT_EQ(usage.find("(required) (default"), std::string::npos) << usage;
  EXPECT_EQ(flags.names().front(), (std::vector<std::string>{"tensor-model-parallel-size", "tp"}));
}

} // namespace
} // namespace mtc
