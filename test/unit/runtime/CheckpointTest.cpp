#include "TinyPlan.h"

#include "comm/Communicator.h"
#include "exec/Checkpoint.h"
#include "exec/Executor.h"
#include "exec/Optimizer.h"
#include "exec/Trainer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace mtc::runtime {
namespace {

namespace fs = std::filesystem;

fs::path freshDir(const std::string &name) {
  fs::path dir = fs::temp_directory_path() / ("mtc_runtime_test_" + name + "_" +
                                              std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TrainConfig syntheticConfig(int64_t steps) {
  TrainConfig c;
  c.synthetic = true;
  c.steps = steps;
  c.seed = 7;
  c.globalBatch = 4; // 2 micro-batches of 2
  return c;
}

bool sameBits(const float *a, const float *b, int64_t n) {
  return std::memcmp(a, b, n * sizeof(float)) == 0;
}

TEST(Checkpoint, ResumeIsBitIdentical) {
  fs::path dir = freshDir("resume");
  comm::SelfCommunicator world;
  pb::Plan plan = testing::makeTinyPlan();

  Trainer whole(plan, syntheticConfig(6), world, nullptr);
  TrainSummary all = whole.run();
  ASSERT_EQ(all.losses.size(), 6u);
  EXPECT_LT(all.losses.back(), all.losses.front()); // it learns something

  TrainConfig first = syntheticConfig(3);
  first.save = dir.string();
  Trainer(plan, first, world, nullptr).run();
  ASSERT_TRUE(fs::exists(dir / "iter_0000003" / "checkpoint.json"));
  ASSERT_TRUE(fs::exists(dir / "iter_0000003" / "rank_00000.safetensors"));
  EXPECT_EQ(latestIteration(dir.string()), 3);

  TrainConfig second = syntheticConfig(6);
  second.load = dir.string();
  Trainer resumed(plan, second, world, nullptr);
  TrainSummary rest = resumed.run();
  EXPECT_EQ(rest.firstIteration, 3);
  ASSERT_EQ(rest.losses.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(std::memcmp(&rest.losses[i], &all.losses[3 + i], sizeof(double)), 0)
        << "iteration " << 4 + i << ": " << rest.losses[i] << " vs " << all.losses[3 + i];
    EXPECT_EQ(rest.gradNorms[i], all.gradNorms[3 + i]);
  }
  EXPECT_TRUE(sameBits(resumed.executor().flatParams(), whole.executor().flatParams(),
                       whole.executor().flatSize()));
  EXPECT_TRUE(sameBits(resumed.optimizer().expAvgSq().data(),
                       whole.optimizer().expAvgSq().data(), whole.executor().flatSize()));
  fs::remove_all(dir);
}

TEST(Checkpoint, ResumeWithDropoutIsBitIdentical) {
  // Dropout masks depend on the micro-batch counter, which the checkpoint keeps.
  pb::Plan plan = testing::makeTinyPlan();
  // Insert dropout in place on the embedding output (its own step, forward only).
  pb::Plan withDropout = plan;
  withDropout.clear_steps();
  for (int s = 0; s < plan.steps_size(); ++s) {
    *withDropout.add_steps() = plan.steps(s);
    if (s == 0) {
      pb::Step *d = withDropout.add_steps();
      d->set_location("emb dropout");
      auto *k = d->mutable_dropout();
      k->set_x(testing::kEmb);
      k->set_y(testing::kEmb);
      k->set_rate(0.3f);
      k->set_stream(11);
    }
  }
  withDropout.set_forward_steps(plan.forward_steps() + 1);
  for (pb::Buffer &b : *withDropout.mutable_buffers()) {
    if (b.first_step() >= 1) b.set_first_step(b.first_step() + 1);
    if (b.last_step() >= 1) b.set_last_step(b.last_step() + 1);
  }
  withDropout.mutable_memory()->set_activation_peak_bytes(1672);
  fs::path dir = freshDir("dropout");
  comm::SelfCommunicator world;
  Trainer whole(withDropout, syntheticConfig(4), world, nullptr);
  TrainSummary all = whole.run();
  TrainConfig first = syntheticConfig(2);
  first.save = dir.string();
  Trainer(withDropout, first, world, nullptr).run();
  TrainConfig second = syntheticConfig(4);
  second.load = dir.string();
  TrainSummary rest = Trainer(withDropout, second, world, nullptr).run();
  ASSERT_EQ(rest.losses.size(), 2u);
  EXPECT_EQ(rest.losses[0], all.losses[2]);
  EXPECT_EQ(rest.losses[1], all.losses[3]);
  fs::remove_all(dir);
}

TEST(Checkpoint, AnotherVocabularyIsRefusedWithTheDifference) {
  fs::path dir = freshDir("mismatch");
  comm::SelfCommunicator world;
  TrainConfig cfg = syntheticConfig(1);
  cfg.save = dir.string();
  Trainer(testing::makeTinyPlan(), cfg, world, nullptr).run();

  testing::TinyDims other;
  other.vocab = 13;
  other.paddedVocab = 32;
  Executor e(testing::makeTinyPlan(other), {});
  Optimizer opt(e, OptimizerConfig{});
  try {
    loadCheckpoint(dir.string(), e, &opt, world);
    FAIL() << "loaded a checkpoint of another vocabulary";
  } catch (const CheckpointError &error) {
    std::string text = error.what();
    EXPECT_NE(text.find("another vocabulary"), std::string::npos) << text;
    EXPECT_NE(text.find("param 'wte': full shape [16, 8] in the checkpoint, [32, 8] in this plan"),
              std::string::npos)
        << text;
  }
}

TEST(Checkpoint, AnotherModelIsRefused) {
  fs::path dir = freshDir("model");
  comm::SelfCommunicator world;
  TrainConfig cfg = syntheticConfig(1);
  cfg.save = dir.string();
  Trainer(testing::makeTinyPlan(), cfg, world, nullptr).run();
  testing::TinyDims wider;
  wider.hidden = 16;
  Executor e(testing::makeTinyPlan(wider), {});
  try {
    loadCheckpoint(dir.string(), e, nullptr, world);
    FAIL();
  } catch (const CheckpointError &error) {
    std::string text = error.what();
    EXPECT_NE(text.find("another model"), std::string::npos) << text;
    EXPECT_NE(text.find("param 'ln_f.weight': full shape [8]"), std::string::npos) << text;
  }
}

TEST(Checkpoint, MissingCheckpointIsAClearError) {
  fs::path dir = freshDir("empty");
  comm::SelfCommunicator world;
  Executor e(testing::makeTinyPlan(), {});
  try {
    loadCheckpoint(dir.string(), e, nullptr, world);
    FAIL();
  } catch (const CheckpointError &error) {
    EXPECT_NE(std::string(error.what()).find("no checkpoint in"), std::string::npos);
  }
  std::ofstream(dir / kLatestFile) << "ten\n";
  EXPECT_THROW(latestIteration(dir.string()), CheckpointError);
}

TEST(Safetensors, RoundTripThroughExecutor) {
  fs::path dir = freshDir("safetensors");
  std::string file = (dir / "tiny.safetensors").string();
  ExecutorOptions a, b;
  a.seed = 1;
  b.seed = 2;
  Executor source(testing::makeTinyPlan(), a), target(testing::makeTinyPlan(), b);
  ASSERT_FALSE(sameBits(source.flatParams(), target.flatParams(), source.flatSize()));
  exportSafetensors(file, source);

  SafetensorsFile parsed(file);
  EXPECT_EQ(parsed.names().size(), 4u);
  EXPECT_EQ(parsed.entry("wte").shape, (std::vector<int64_t>{16, 8}));
  EXPECT_EQ(parsed.entry("wte").dtype, "F32");
  EXPECT_EQ(parsed.metadata().at("mtc_model"), "tiny");

  EXPECT_EQ(importSafetensors(file, target), 4);
  for (int id = 0; id < source.numParams(); ++id)
    EXPECT_TRUE(sameBits(source.param(id), target.param(id), source.paramElements(id))) << id;
  fs::remove_all(dir);
}

TEST(Safetensors, UnpaddedEmbeddingFillsPaddedTable) {
  fs::path dir = freshDir("padded");
  std::string file = (dir / "hf.safetensors").string();
  std::vector<float> wte(11 * 8);
  for (size_t i = 0; i < wte.size(); ++i)
    wte[i] = 0.25f * i;
  // Hugging Face naming: "transformer." prefix.
  writeSafetensors(file, {{"transformer.wte", {11, 8}, wte.data()}});
  Executor e(testing::makeTinyPlan(), {});
  std::string report;
  EXPECT_EQ(importSafetensors(file, e, &report), 1);
  EXPECT_NE(report.find("kept the initialization of 3"), std::string::npos) << report;
  for (int64_t i = 0; i < 11 * 8; ++i)
    ASSERT_EQ(e.param(testing::kWte)[i], wte[i]);
  for (int64_t i = 11 * 8; i < 16 * 8; ++i)
    ASSERT_EQ(e.param(testing::kWte)[i], 0.f);

  std::vector<float> wrong(5 * 8, 1.f);
  writeSafetensors(file, {{"wte", {5, 8}, wrong.data()}});
  EXPECT_THROW(importSafetensors(file, e), FormatError);
  fs::remove_all(dir);
}

TEST(Safetensors, MalformedFilesAreRefused) {
  fs::path dir = freshDir("malformed");
  std::string file = (dir / "bad.safetensors").string();
  std::ofstream(file, std::ios::binary) << "abc";
  EXPECT_THROW(SafetensorsFile{file}, FormatError);
  {
    std::ofstream out(file, std::ios::binary);
    std::string header = R"({"x":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})";
    uint64_t n = header.size();
    out.write(reinterpret_cast<const char *>(&n), 8);
    out << header << "12345678"; // 8 data bytes where 16 are promised
  }
  try {
    SafetensorsFile f(file);
    FAIL();
  } catch (const FormatError &error) {
    EXPECT_NE(std::string(error.what()).find("tensor 'x'"), std::string::npos) << error.what();
  }
  fs::remove_all(dir);
}

TEST(CopySlice, ExtractsABox) {
  std::vector<float> full(3 * 4);
  for (size_t i = 0; i < full.size(); ++i)
    full[i] = float(i);
  std::vector<float> out(4);
  copySlice(full.data(), {3, 4}, {1, 2}, {2, 2}, out.data());
  EXPECT_EQ(out, (std::vector<float>{6, 7, 10, 11}));
  std::vector<float> cube(2 * 3 * 4), box(1 * 2 * 3);
  for (size_t i = 0; i < cube.size(); ++i)
    cube[i] = float(i);
  copySlice(cube.data(), {2, 3, 4}, {1, 1, 1}, {1, 2, 3}, box.data());
  EXPECT_EQ(box, (std::vector<float>{17, 18, 19, 21, 22, 23}));
}

} // namespace
} // namespace mtc::runtime
