// Flag ranges (FlagSet) and the train/generate flag rules: every bad value or
// combination exits with status 2 and a message naming the flag, before work.
#include "TinyPlan.h"

#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/Flags.h"
#include "main/Main.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mtc::runtime {
namespace {

// FlagError's message for argv, or "" when it parses.
std::string parseError(FlagSet &flags, std::vector<std::string> args) {
  std::vector<char *> argv;
  args.insert(args.begin(), "prog");
  for (std::string &a : args)
    argv.push_back(a.data());
  try {
    flags.parse(static_cast<int>(args.size()), argv.data());
  } catch (const FlagError &e) {
    return e.what();
  }
  return "";
}

TEST(FlagRanges, RejectOutOfRangeValuesWithTheFlagsName) {
  int64_t count = 1;
  double rate = 0.5, beta = 0.9;
  std::optional<double> lr;
  std::optional<int64_t> warmup;
  FlagSet flags("prog", "test");
  flags.add("count", &count, "a count", ValueRange::atLeast(1));
  flags.add("rate", &rate, "a rate", ValueRange::between(0, 1));
  flags.add("beta", &beta, "a beta", ValueRange::fromBelow(0, 1));
  flags.add("lr", &lr, "a learning rate", ValueRange::above(0));
  flags.add("warmup", &warmup, "warm-up", ValueRange::atLeast(0));

  EXPECT_EQ(parseError(flags, {"--count", "0"}), "--count must be >= 1, got 0");
  EXPECT_EQ(parseError(flags, {"--count=-2"}), "--count must be >= 1, got -2");
  EXPECT_EQ(parseError(flags, {"--count", "1e11"}), "--count needs an integer, got '1e11'");
  EXPECT_EQ(parseError(flags, {"--rate", "1.5"}), "--rate must be in [0, 1], got 1.5");
  EXPECT_EQ(parseError(flags, {"--beta", "1"}), "--beta must be in [0, 1), got 1");
  EXPECT_EQ(parseError(flags, {"--lr", "0"}), "--lr must be > 0, got 0");
  EXPECT_EQ(parseError(flags, {"--lr", "-1"}), "--lr must be > 0, got -1");
  EXPECT_EQ(parseError(flags, {"--warmup", "-3"}), "--warmup must be >= 0, got -3");
  for (const char *notFinite : {"nan", "NaN", "inf", "-inf", "1e999"})
    EXPECT_EQ(parseError(flags, {"--rate", notFinite}),
              std::string("--rate needs a finite number, got '") + notFinite + "'");
  EXPECT_FALSE(lr.has_value()); // a rejected value is never stored

  // The bounds themselves are inside (or not, when open).
  EXPECT_EQ(parseError(flags, {"--count", "1", "--rate", "0", "--beta", "0", "--lr", "1e-300",
                               "--warmup", "0"}),
            "");
  EXPECT_EQ(count, 1);
  EXPECT_EQ(*lr, 1e-300);
  EXPECT_EQ(*warmup, 0);
}

// A default the help explains ("(0: all)") is not repeated as "(default 0)".
TEST(FlagRanges, HelpPrintsRangesAndHidesSentinelDefaults) {
  int64_t steps = 0, threads = 0;
  double bucket = -1;
  FlagSet flags("prog", "test");
  flags.add("steps", &steps, "iterations (required)", ValueRange::atLeast(1));
  flags.add("threads", &threads, "threads (0: all)", ValueRange::between(0, 4096));
  flags.add("bucket", &bucket, "MiB (default: the plan's)", ValueRange::between(0, 1 << 20));
  const std::string usage = flags.usage();
  EXPECT_NE(usage.find("iterations (required) [>= 1]\n"), std::string::npos) << usage;
  EXPECT_NE(usage.find("threads (0: all) [0, 4096]\n"), std::string::npos) << usage;
  EXPECT_NE(usage.find("MiB (default: the plan's) [0, 1048576]\n"), std::string::npos) << usage;
  EXPECT_EQ(usage.find("default -1"), std::string::npos) << usage;
}

TEST(RangeText, DescribesEveryKind) {
  EXPECT_EQ(ValueRange::any().describe(), "");
  EXPECT_EQ(ValueRange::atLeast(0).describe(), ">= 0");
  EXPECT_EQ(ValueRange::above(0).describe(), "> 0");
  EXPECT_EQ(ValueRange::between(0.25, 1e6).describe(), "[0.25, 1000000]");
  EXPECT_EQ(ValueRange::fromBelow(0, 1).describe(), "[0, 1)");
  EXPECT_FALSE(ValueRange::any().contains(std::nan("")));
}

struct Outcome {
  int status;
  std::string err, out;
};

Outcome run(int (*main)(int, char **, const std::string &), std::vector<std::string> args) {
  std::vector<char *> argv;
  args.insert(args.begin(), "prog");
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::string plan = testing::makeTinyPlan().SerializeAsString();
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  int status = main(static_cast<int>(args.size()), argv.data(), plan);
  std::string out = ::testing::internal::GetCapturedStdout();
  return {status, ::testing::internal::GetCapturedStderr(), out};
}

// `args` must exit 2 before training, with `message` in the error.
std::vector<std::string> concat(std::vector<std::string> args,
                                const std::vector<std::string> &extra) {
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

void expectUsageError(int (*main)(int, char **, const std::string &),
                      std::vector<std::string> args, const std::string &message) {
  std::string shown;
  for (const std::string &a : args)
    shown += a + " ";
  Outcome o = run(main, args);
  EXPECT_EQ(o.status, 2) << shown << "\n" << o.err;
  EXPECT_NE(o.err.find(message), std::string::npos) << shown << "\n" << o.err;
  EXPECT_EQ(o.err.find("iteration"), std::string::npos) << "trained before failing: " << o.err;
}

TEST(TrainFlags, OutOfRangeValuesExitTwoNamingTheFlag) {
  const std::vector<std::string> ok = {"--synthetic", "--steps", "1"};
  auto with = [&](const std::vector<std::string> &extra) { return concat(ok, extra); };
  expectUsageError(trainMain, with({"--lr", "-1"}), "--lr must be > 0, got -1");
  expectUsageError(trainMain, with({"--lr", "nan"}), "--lr needs a finite number, got 'nan'");
  expectUsageError(trainMain, with({"--global-batch", "-2"}), "--global-batch must be in");
  expectUsageError(trainMain, with({"--eval-interval", "1", "--eval-iters", "0"}),
                   "--eval-iters must be >= 1, got 0");
  expectUsageError(trainMain, {"--synthetic", "--steps", "0"}, "--steps must be >= 1, got 0");
  expectUsageError(trainMain, {"--synthetic", "--steps", "-4"}, "--steps must be >= 1, got -4");
  expectUsageError(trainMain, with({"--log-interval", "0"}), "--log-interval must be >= 1");
  expectUsageError(trainMain, with({"--save-interval", "-1"}), "--save-interval must be >= 0");
  expectUsageError(trainMain, with({"--eval-interval", "-1"}), "--eval-interval must be >= 0");
  expectUsageError(trainMain, with({"--warmup", "-1"}), "--warmup must be >= 0");
  expectUsageError(trainMain, with({"--decay-steps", "0"}), "--decay-steps must be >= 1");
  expectUsageError(trainMain, with({"--min-lr", "-1e-5"}), "--min-lr must be >= 0");
  expectUsageError(trainMain, with({"--weight-decay", "-0.1"}), "--weight-decay must be >= 0");
  expectUsageError(trainMain, with({"--clip-grad", "inf"}), "--clip-grad needs a finite number");
  expectUsageError(trainMain, with({"--beta2", "1"}), "--beta2 must be in [0, 1), got 1");
  expectUsageError(trainMain, with({"--seed", "-7"}), "--seed must be >= 0");
  expectUsageError(trainMain, with({"--threads", "-1"}), "--threads must be in [0, 4096]");
  expectUsageError(trainMain, with({"--threads", "100000000000"}), "--threads must be in");
  expectUsageError(trainMain, with({"--dp-bucket-mb", "-0.5"}), "--dp-bucket-mb must be in");
  expectUsageError(trainMain, with({"--dp-bucket-mb", "nan"}), "--dp-bucket-mb needs a finite");
  expectUsageError(trainMain, with({"--steps", "1e11"}), "--steps needs an integer, got '1e11'");
}

TEST(TrainFlags, BadCombinationsExitTwoBeforeWork) {
  // The tiny plan: micro-batch 2, one rank, lr 1e-2, min-lr 1e-3, fp32.
  expectUsageError(trainMain, {"--synthetic"}, "--train-iters N is required");
  expectUsageError(trainMain, {"--steps", "1"}, "no training data");
  expectUsageError(trainMain, {"--steps", "1", "--synthetic", "--data", "x"},
                   "give --data PREFIX or --synthetic, not both");
  expectUsageError(trainMain, {"--steps", "1", "--data-path", "x", "--seed", "4294967296"},
                   "give a seed below 2^32");
  expectUsageError(trainMain, {"--steps", "1", "--data-path", "0.5 a b c"},
                   "some prefixes have a weight and some do not");
  expectUsageError(trainMain, {"--steps", "1", "--data-path", "x", "--vocab-file", "v.json"},
                   "give --vocab-file encoder.json with --merge-file vocab.bpe");
  expectUsageError(trainMain, {"--steps", "1", "--synthetic", "--merge-file", "m.bpe"},
                   "--merge-file applies to --data-path only");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--global-batch", "3"},
                   "--global-batch 3 is not divisible by micro-batch 2 x data-parallel 1 = 2");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--min-lr", "0.5"},
                   "--min-lr 0.5 is above --lr 0.01: the learning rate would grow");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--lr", "1e-4"},
                   "--min-lr 0.001 is above --lr 0.0001");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--save-interval", "5"},
                   "--save-interval 5 needs --save DIR");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--precision", "fp8"},
                   "--precision must be one of fp32, bf16, fp16, got 'fp8'");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--bf16", "--precision", "fp32"},
                   "--bf16 and --precision fp32 contradict");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--initial-loss-scale", "1024"},
                   "--initial-loss-scale applies to fp16 only (this run is fp32)");
  expectUsageError(trainMain, {"--data", "x", "--steps", "1", "--split", "90,x"},
                   "--split: split '90,x': 'x' is not a non-negative number");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--split", "90,10"},
                   "--split applies to --data-path only");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--bogus"}, "unknown flag --bogus");
}

TEST(TrainFlags, LearningRateSchedulesAreCheckedLikeMegatron) {
  const std::vector<std::string> ok = {"--mock-data", "--train-iters", "10",
                                       "--lr-decay-iters", "10", "--lr-warmup-iters", "0"};
  auto with = [&](const std::vector<std::string> &extra) { return concat(ok, extra); };
  expectUsageError(trainMain, with({"--lr-decay-style", "step"}),
                   "--lr-decay-style must be one of constant, linear, cosine, "
                   "inverse-square-root, WSD, got 'step'");
  expectUsageError(trainMain, with({"--lr-warmup-iters", "10"}),
                   "--lr-warmup-iters 10 leaves nothing of --lr-decay-iters 10 to decay over");
  expectUsageError(trainMain, with({"--lr-decay-style", "WSD"}),
                   "--lr-decay-style WSD needs --lr-wsd-decay-iters in [1, 10]");
  expectUsageError(trainMain, with({"--lr-decay-style", "WSD", "--lr-warmup-iters", "4",
                                    "--lr-wsd-decay-iters", "7"}),
                   "--lr-decay-style WSD needs --lr-wsd-decay-iters in [1, 6]");
  expectUsageError(trainMain, with({"--lr-wsd-decay-style", "square"}),
                   "--lr-wsd-decay-style must be one of linear, cosine, exponential, "
                   "minus_sqrt, got 'square'");
  expectUsageError(trainMain, with({"--exit-signal-handler"}),
                   "--exit-signal-handler saves before it exits: give --save DIR");
  // A constant rate needs no decay to fit after the warm-up.
  Outcome o = run(trainMain, with({"--lr-decay-style", "constant", "--lr-warmup-iters", "20",
                                   "--train-iters", "1"}));
  EXPECT_EQ(o.status, 0) << o.err;
}

TEST(TrainFlags, OldNamesAreAliasesAndErrorsUseTheSpellingGiven) {
  // Megatron-LM's names and mtc's older ones set the same values.
  expectUsageError(trainMain, {"--mock-data", "--train-iters", "1", "--global-batch-size", "3"},
                   "--global-batch-size 3 is not divisible");
  expectUsageError(trainMain, {"--synthetic", "--steps", "1", "--global-batch", "3"},
                   "--global-batch 3 is not divisible");
  expectUsageError(trainMain, {"--mock-data", "--train-iters", "1", "--lr-warmup-iters", "-1"},
                   "--lr-warmup-iters must be >= 0");
  expectUsageError(trainMain, {"--mock-data", "--train-iters", "1", "--warmup-steps", "-1"},
                   "--warmup-steps must be >= 0");
  expectUsageError(trainMain, {"--mock-data", "--train-iters", "1", "--adam-beta1", "1"},
                   "--adam-beta1 must be in [0, 1)");
  // The plan's summary needs no training flags.
  Outcome o = run(trainMain, {"--print-plan"});
  EXPECT_EQ(o.status, 0) << o.err;
  // --help groups flags by topic and names the aliases.
  o = run(trainMain, {"--help"});
  EXPECT_EQ(o.status, 0);
  for (const char *text : {"\nOptimizer and learning-rate schedule:\n", "\nCheckpoints:\n",
                           "  --train-iters N", "(also --steps)", "(also --data)",
                           "(also --warmup, --warmup-steps)", "(required)"})
    EXPECT_NE(o.out.find(text), std::string::npos) << text << "\n" << o.out;
  EXPECT_EQ(o.out.find("(required) (default"), std::string::npos) << o.out;
}

TEST(TrainFlags, OutputFolderThatDoesNotExistFailsBeforeTraining) {
  // The weights used to be lost: the error came after the last iteration.
  Outcome o = run(trainMain, {"--synthetic", "--steps", "2", "--export-safetensors",
                              "/nonexistent-mtc-dir/final.safetensors"});
  EXPECT_EQ(o.status, 1) << o.err;
  EXPECT_NE(o.err.find("--export-safetensors '/nonexistent-mtc-dir/final.safetensors': the "
                       "folder '/nonexistent-mtc-dir' does not exist"),
            std::string::npos)
      << o.err;
  EXPECT_EQ(o.out.find("iteration"), std::string::npos) << "trained first:\n" << o.out;
  o = run(trainMain, {"--synthetic", "--steps", "1", "--dump-batch", "/tmp"});
  EXPECT_EQ(o.status, 1) << o.err;
  EXPECT_NE(o.err.find("--dump-batch '/tmp' is a folder"), std::string::npos) << o.err;
}

TEST(TrainFlags, GoodValuesStillTrain) {
  Outcome o = run(trainMain, {"--synthetic", "--steps", "1", "--lr", "0.05", "--min-lr", "0",
                              "--global-batch", "4", "--eval-interval", "1", "--eval-iters", "1",
                              "--threads", "1", "--beta2", "0"});
  EXPECT_EQ(o.status, 0) << o.err;
}

TEST(GenerateFlags, OutOfRangeValuesExitTwoNamingTheFlag) {
  const std::vector<std::string> base = {"--init-from", "/nonexistent/w.safetensors"};
  auto with = [&](const std::vector<std::string> &extra) { return concat(base, extra); };
  expectUsageError(generateMain, with({"--tokens", "-5"}), "--tokens must be in [1, 1048576], got -5");
  expectUsageError(generateMain, with({"--tokens", "0"}), "--tokens must be in [1, 1048576], got 0");
  expectUsageError(generateMain, with({"--tokens", "1e11"}), "--tokens needs an integer, got '1e11'");
  expectUsageError(generateMain, with({"--tokens", "100000000000"}),
                   "--tokens must be in [1, 1048576], got 100000000000");
  expectUsageError(generateMain, with({"--temperature", "nan"}),
                   "--temperature needs a finite number, got 'nan'");
  expectUsageError(generateMain, with({"--temperature", "-1"}), "--temperature must be >= 0");
  expectUsageError(generateMain, with({"--top-k", "-1"}), "--top-k must be >= 0");
  expectUsageError(generateMain, with({"--seed", "-1"}), "--seed must be >= 0");
  expectUsageError(generateMain, with({"--threads", "99999"}), "--threads must be in [0, 4096]");
  expectUsageError(generateMain, with({"--load", "/nonexistent/ckpt"}),
                   "give --load CHECKPOINT_DIR or --init-from FILE.safetensors (one of them)");
  expectUsageError(generateMain, {}, "give --load CHECKPOINT_DIR or --init-from");
  // A good flag set gets past the flags: the missing weights file is exit 1.
  Outcome o = run(generateMain, with({"--tokens", "3"}));
  EXPECT_EQ(o.status, 1) << o.err;
}

} // namespace
} // namespace mtc::runtime
