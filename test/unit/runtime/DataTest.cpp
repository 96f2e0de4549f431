// The trainer on a real indexed dataset, and the generate executable's main.
#include "RunMain.h"
#include "TinyPlan.h"

#include "data/IndexedDataset.h"
#include "checkpoint/Checkpoint.h"
#include "exec/Executor.h"
#include "io/Safetensors.h"
#include "interop/WeightFiles.h"
#include "main/Main.h"
#include "train/Trainer.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace mtc::runtime {
namespace {

namespace fs = std::filesystem;

int runMain(int (*main)(int, char **, const std::string &), std::vector<std::string> args,
            const std::string &planBytes, std::string *out = nullptr) {
  testing::ProgramOutput o =
      testing::runProgram(main, std::move(args), planBytes, /*captureErr=*/false);
  if (out)
    *out = o.out;
  return o.status;
}

TEST(TrainOnData, IndexedDatasetWithValidation) {
  fs::path dir = fs::temp_directory_path() / ("mtc_runtime_data_" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::string prefix = (dir / "corpus").string();
  {
    data::IndexedDatasetWriter writer(prefix, 11);
    for (int d = 0; d < 60; ++d) {
      std::vector<int32_t> doc;
      for (int i = 0; i < 10 + d % 7; ++i)
        doc.push_back((d * 3 + i * i) % 10);
      doc.push_back(10); // end of document
      writer.addDocument(doc);
    }
    writer.finalize();
  }
  std::string out;
  int rc = runMain(trainMain,
                   {"--data", prefix, "--split", "80,20,0", "--steps", "6", "--global-batch", "4",
                    "--eval-interval", "3", "--eval-iters", "2", "--lr", "0.05", "--warmup", "0"},
                   testing::makeTinyPlan().SerializeAsString(), &out);
  ASSERT_EQ(rc, 0) << out;
  EXPECT_NE(out.find("corpus [train]"), std::string::npos) << out;
  EXPECT_NE(out.find(" validation loss at iteration 6 | lm loss value: "), std::string::npos) << out;
  EXPECT_NE(out.find("final valid loss: "), std::string::npos) << out;

  // A dataset whose ids do not fit the model's vocabulary is refused by name
  // when it is opened, before the first iteration, though the one bad id sits
  // in the last document, which one step would not read.
  std::string wide = (dir / "wide").string();
  {
    data::IndexedDatasetWriter writer(wide, 100);
    for (int d = 0; d < 50; ++d)
      writer.addDocument(std::vector<int32_t>(20, 5));
    std::vector<int32_t> last(20, 5);
    last[7] = 50;
    writer.addDocument(last);
    writer.finalize();
  }
  ::testing::internal::CaptureStderr();
  std::string wideOut;
  rc = runMain(trainMain, {"--data-path", wide, "--steps", "1", "--split", "98,2,0"},
               testing::makeTinyPlan().SerializeAsString(), &wideOut);
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(rc, 1);
  EXPECT_NE(err.find("token 50 at position 7 of sequence 50 (document 50) is not an id of the "
                     "model's vocabulary [0, 11)"),
            std::string::npos)
      << err;
  EXPECT_EQ(wideOut.find("iteration"), std::string::npos) << wideOut;
  fs::remove_all(dir);
}

// The tiny plan with GPT-2's vocabulary (padded) and 8 positions, for generate.
testing::TinyDims gpt2VocabDims() {
  testing::TinyDims d;
  d.vocab = 50257;
  d.paddedVocab = 50304;
  d.seq = 8;
  return d;
}

#define SKIP_WITHOUT_BPE(bpe)                                                                  \
  if (!fs::exists(fs::path(bpe) / "encoder.json"))                                             \
  GTEST_SKIP() << "GPT-2 BPE files not found in " << (bpe) << " (run scripts/setup.sh)"

TEST(Generate, GreedyIsDeterministicAndContinuesThePrompt) {
  const std::string bpe = MTC_TEST_BPE_DIR;
  SKIP_WITHOUT_BPE(bpe);
  const testing::TinyDims gpt2Vocab = gpt2VocabDims();
  pb::Plan plan = testing::makeTinyPlan(gpt2Vocab);
  fs::path dir = fs::temp_directory_path() / ("mtc_runtime_gen_" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::string weights = (dir / "w.safetensors").string();
  {
    Executor e(plan, {});
    exportSafetensors(weights, e);
  }
  std::string a, b;
  std::vector<std::string> args = {"--init-from", weights, "--prompt", "Hello world",
                                   "--tokens", "5", "--temperature", "0", "--vocab-dir", bpe};
  ASSERT_EQ(runMain(generateMain, args, plan.SerializeAsString(), &a), 0) << a;
  ASSERT_EQ(runMain(generateMain, args, plan.SerializeAsString(), &b), 0);
  EXPECT_EQ(a.rfind("Hello world", 0), 0u) << a;
  EXPECT_GT(a.size(), std::string("Hello world\n").size());
  EXPECT_EQ(a, b);
  std::vector<std::string> sampled = {"--init-from", weights, "--prompt", "Hi", "--tokens", "12",
                                      "--top-k", "5", "--seed", "3", "--vocab-dir", bpe};
  ASSERT_EQ(runMain(generateMain, sampled, plan.SerializeAsString(), &a), 0) << a;
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(runMain(generateMain, {"--load", (dir / "none").string(), "--vocab-dir", bpe},
                    plan.SerializeAsString()),
            1);
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("does not exist"), std::string::npos) << err;
  fs::remove_all(dir);
}

// The context is the model's positions (8 here): a longer prompt is refused,
// generation stops when they are full and says so; --top-p takes (0, 1].
TEST(Generate, TheContextIsTheModelsPositions) {
  const std::string bpe = MTC_TEST_BPE_DIR;
  SKIP_WITHOUT_BPE(bpe);
  const testing::TinyDims gpt2Vocab = gpt2VocabDims();
  const std::string plan = testing::makeTinyPlan(gpt2Vocab).SerializeAsString();
  fs::path dir = fs::temp_directory_path() / ("mtc_runtime_context_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string weights = (dir / "w.safetensors").string();
  {
    Executor e(testing::makeTinyPlan(gpt2Vocab), {});
    exportSafetensors(weights, e);
  }
  const std::vector<std::string> base = {"--init-from", weights, "--vocab-dir", bpe,
                                         "--temperature", "0"};
  auto with = [&](std::vector<std::string> extra) {
    extra.insert(extra.begin(), base.begin(), base.end());
    return testing::runProgram(generateMain, extra, plan);
  };
  // "Hello world" is 2 tokens: 7 more fit the 8 positions (the last needs none).
  const std::string dump = (dir / "logits.safetensors").string();
  testing::ProgramOutput o = with({"--prompt", "Hello world", "--tokens", "20", "--dump-logits",
                                   dump});
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.err.find("stopped after 7 of 20 tokens: the context is full (8 positions"),
            std::string::npos)
      << o.err;
  SafetensorsFile logits(dump);
  EXPECT_EQ(logits.entry("logits").shape, (std::vector<int64_t>{7, 50257}));
  EXPECT_EQ(logits.entry("tokens").shape, std::vector<int64_t>{9});
  EXPECT_EQ(logits.metadata().at("prompt_tokens"), "2");

  o = with({"--prompt", "one two three four five six seven eight nine"});
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--prompt is 9 tokens, more than the model's context of 8 positions"),
            std::string::npos)
      << o.err;
  for (const char *p : {"0", "1.5", "-0.1", "nan"}) {
    o = with({"--prompt", "Hi", "--top-p", p});
    EXPECT_EQ(o.status, 2) << p;
    EXPECT_NE(o.err.find("--top-p"), std::string::npos) << o.err;
  }
  o = with({"--prompt", "Hi", "--tokens", "3", "--top-p", "0.9", "--top-k", "0",
            "--temperature", "0.7"});
  EXPECT_EQ(o.status, 0) << o.err;
  fs::remove_all(dir);
}

} // namespace
} // namespace mtc::runtime
