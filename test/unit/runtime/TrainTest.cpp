#include "TinyPlan.h"

#include "comm/Communicator.h"
#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/Flags.h"
#include "optim/Optimizer.h"
#include "main/Main.h"
#include "train/Trainer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace mtc::runtime {
namespace {

namespace fs = std::filesystem;

int runMain(std::vector<std::string> args, const std::string &planBytes,
            std::string *out = nullptr) {
  std::vector<char *> argv;
  args.insert(args.begin(), "train");
  for (std::string &a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  ::testing::internal::CaptureStdout();
  int rc = trainMain(static_cast<int>(args.size()), argv.data(), planBytes);
  std::string text = ::testing::internal::GetCapturedStdout();
  if (out)
    *out = text;
  return rc;
}

TEST(TrainMain, TrainsSyntheticAndWritesCsvMetrics) {
  fs::path csv = fs::temp_directory_path() / ("mtc_train_metrics_" + std::to_string(getpid()) + ".csv");
  std::string out;
  int rc = runMain({"--synthetic", "--steps", "4", "--global-batch", "4", "--log-interval", "2",
                    "--eval-interval", "2", "--eval-iters", "1", "--metrics", csv.string()},
                   testing::makeTinyPlan().SerializeAsString(), &out);
  ASSERT_EQ(rc, 0) << out;
  EXPECT_NE(out.find(" iteration        2/       4 | consumed samples:            8 |"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("| global batch size:     4 | lm loss: "), std::string::npos) << out;
  EXPECT_NE(out.find(" validation loss at iteration 4 | lm loss value: "), std::string::npos) << out;
  EXPECT_NE(out.find("training finished: 4 iterations"), std::string::npos) << out;
  std::vector<std::string> lines = testing::readLines(csv.string());
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0].rfind("iteration,consumed_samples,learning_rate,lm_loss", 0), 0u);
  EXPECT_EQ(lines[4].rfind("4,16,", 0), 0u) << lines[4];
  fs::remove(csv);
}

TEST(TrainMain, JsonLinesMetrics) {
  fs::path jsonl = fs::temp_directory_path() / ("mtc_train_metrics_" + std::to_string(getpid()) + ".jsonl");
  ASSERT_EQ(runMain({"--synthetic", "--steps=2", "--metrics", jsonl.string()},
                    testing::makeTinyPlan().SerializeAsString()),
            0);
  std::vector<std::string> lines = testing::readLines(jsonl.string());
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].rfind("{\"iteration\": 2, \"consumed_samples\": 8,", 0), 0u) << lines[1];
  fs::remove(jsonl);
}

TEST(TrainMain, HelpDocumentsFlagsAndBadInputFails) {
  std::string plan = testing::makeTinyPlan().SerializeAsString();
  std::string out;
  EXPECT_EQ(runMain({"--help"}, plan, &out), 0);
  for (const char *flag : {"--data", "--split", "--steps", "--global-batch", "--lr", "--min-lr",
                           "--warmup", "--decay-steps", "--weight-decay", "--clip-grad",
                           "--beta2", "--seed", "--save", "--load", "--save-interval",
                           "--log-interval", "--eval-interval", "--eval-iters", "--metrics",
                           "--threads", "--check-lifetimes", "--synthetic", "--print-plan",
                           "--export-safetensors", "--init-from"})
    EXPECT_NE(out.find(flag), std::string::npos) << flag;
  EXPECT_EQ(runMain({"--print-plan"}, plan, &out), 0);
  EXPECT_NE(out.find("3 F cross_entropy  loss fwd"), std::string::npos) << out;
  EXPECT_EQ(runMain({"--synthetic", "--steps", "2", "--bogus"}, plan), 2); // usage errors: 2
  EXPECT_EQ(runMain({"--synthetic"}, plan), 2);                    // no --steps
  EXPECT_EQ(runMain({"--steps", "1"}, plan), 2);                   // no data
  EXPECT_EQ(runMain({"--synthetic", "--steps", "1"}, "garbage"), 1); // not a plan
  EXPECT_EQ(runMain({"--data", "/nonexistent/prefix", "--steps", "1"}, plan), 1);
}

TEST(Trainer, GlobalBatchMustDivide) {
  comm::SelfCommunicator world;
  TrainConfig c;
  c.synthetic = true;
  c.steps = 1;
  c.globalBatch = 5;
  try {
    Trainer t(testing::makeTinyPlan(), c, world, nullptr);
    FAIL();
  } catch (const std::invalid_argument &e) {
    EXPECT_NE(std::string(e.what()).find(
                  "--global-batch 5 is not divisible by micro-batch 2 x data-parallel 1 = 2"),
              std::string::npos)
        << e.what();
  }
}

TEST(Trainer, LossIsMeanOfMicroBatchMeans) {
  comm::SelfCommunicator world;
  TrainConfig c;
  c.synthetic = true;
  c.steps = 1;
  c.globalBatch = 6; // 3 micro-batches
  c.lr = 0.0;        // keep the weights for the check below
  c.minLr = 0.0;
  Trainer t(testing::makeTinyPlan(), c, world, nullptr);
  EXPECT_EQ(t.numMicroBatches(), 3);
  TrainSummary s = t.run();
  // Recompute with the same data, micro-batch by micro-batch.
  auto source = makeSyntheticSource({2, 4, 0, 1, 6}, 11, 1234, Objective::CausalLm);
  double sum = 0;
  for (int mb = 0; mb < 3; ++mb) {
    source->fill(0, mb, t.executor().inputs());
    sum += t.executor().forward().mean();
  }
  EXPECT_NEAR(s.losses[0], sum / 3, 1e-12);
}

TEST(Trainer, CheckLifetimesTurnsWrongPlanIntoError) {
  pb::Plan plan = testing::makeTinyPlan();
  plan.mutable_buffers(testing::kEmb)->set_last_step(0);
  std::string out;
  ::testing::internal::CaptureStderr();
  int rc = runMain({"--synthetic", "--steps", "2", "--check-lifetimes"},
                   plan.SerializeAsString(), &out);
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(rc, 1);
  EXPECT_NE(err.find("iteration 1: lm loss is nan"), std::string::npos) << err;
  EXPECT_EQ(runMain({"--synthetic", "--steps", "2"}, plan.SerializeAsString()), 0);
}

TEST(Flags, ParsesTypesAndRejectsBadValues) {
  std::string s;
  int64_t i = 3;
  double d = 0.5;
  bool b = false;
  std::optional<double> o;
  FlagSet flags("prog", "test");
  flags.add("name", &s, "a string");
  flags.add("count", &i, "an int");
  flags.add("rate", &d, "a double");
  flags.add("on", &b, "a switch");
  flags.add("opt", &o, "optional");
  const char *argv[] = {"prog", "--name", "x", "--count=7", "--rate", "1e-3", "--on"};
  EXPECT_TRUE(flags.parse(7, const_cast<char **>(argv)));
  EXPECT_EQ(s, "x");
  EXPECT_EQ(i, 7);
  EXPECT_DOUBLE_EQ(d, 1e-3);
  EXPECT_TRUE(b);
  EXPECT_FALSE(o.has_value());
  EXPECT_NE(flags.usage().find("(default 3)"), std::string::npos);
  const char *bad[] = {"prog", "--count", "seven"};
  try {
    flags.parse(3, const_cast<char **>(bad));
    FAIL();
  } catch (const FlagError &e) {
    EXPECT_EQ(std::string(e.what()), "--count needs an integer, got 'seven'");
  }
}

TEST(Communicator, SelfCollectivesAndErrors) {
  comm::SelfCommunicator self;
  EXPECT_EQ(self.size(), 1);
  float x[3] = {1, 2, 3}, y[3] = {};
  self.allReduceSum(x, 3);
  EXPECT_EQ(x[2], 3.f);
  self.allGather(x, y, 3, comm::DataType::F32);
  EXPECT_EQ(y[1], 2.f);
  EXPECT_THROW(self.send(x, 3, comm::DataType::F32, 1, 0), comm::CommError);
  EXPECT_THROW(self.broadcast(x, 3, comm::DataType::F32, 2), comm::CommError);
  EXPECT_EQ(self.split(0, 0)->size(), 1);
}

} // namespace
} // namespace mtc::runtime
