#include "TinyPlan.h"

#include "comm/Communicator.h"
#include "checkpoint/Checkpoint.h"
#include "io/Slices.h"
#include "interop/WeightFiles.h"
#include "exec/Executor.h"
#include "optim/Optimizer.h"
#include "train/Trainer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

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

  // GPT2LMHeadModel's names; the vocabulary's 11 rows of the padded 16.
  SafetensorsFile parsed(file);
  EXPECT_EQ(parsed.names(), (std::vector<std::string>{"transformer.ln_f.bias",
                                                      "transformer.ln_f.weight",
                                                      "transformer.wpe.weight",
                                                      "transformer.wte.weight"}));
  EXPECT_EQ(parsed.entry("transformer.wte.weight").shape, (std::vector<int64_t>{11, 8}));
  EXPECT_EQ(parsed.entry("transformer.wte.weight").dtype, "F32");
  EXPECT_EQ(parsed.metadata().at("mtc_model"), "tiny");
  EXPECT_EQ(parsed.metadata().at("mtc_names"), "GPT2LMHeadModel");

  EXPECT_EQ(importSafetensors(file, target), 4);
  for (int id = 0; id < source.numParams(); ++id) {
    int64_t n = source.paramElements(id);
    if (id == testing::kWte) { // the padding rows come back zero
      n = 11 * 8;
      for (int64_t i = n; i < source.paramElements(id); ++i)
        ASSERT_EQ(target.param(id)[i], 0.f) << i;
    }
    EXPECT_TRUE(sameBits(source.param(id), target.param(id), n)) << id;
  }
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

// --- Integrity: checksums, failed saves, the marker, stale folders (issue 13) ---

std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const std::exception &e) {
    return e.what();
  }
  return "(no error)";
}

// Trains `steps` iterations saving every `interval` into DIR.
void trainAndSave(const fs::path &dir, int64_t steps, int64_t interval) {
  comm::SelfCommunicator world;
  TrainConfig cfg = syntheticConfig(steps);
  cfg.save = dir.string();
  cfg.saveInterval = interval;
  Trainer(testing::makeTinyPlan(), cfg, world, nullptr).run();
}

// Byte offset of tensor NAME's data in a safetensors file.
uint64_t dataOffsetOf(const fs::path &file, const std::string &name) {
  std::ifstream in(file, std::ios::binary);
  uint64_t headerLength = 0;
  in.read(reinterpret_cast<char *>(&headerLength), 8);
  return 8 + headerLength + SafetensorsFile(file.string()).entry(name).begin;
}

void flipByte(const fs::path &file, uint64_t offset) {
  std::fstream f(file, std::ios::binary | std::ios::in | std::ios::out);
  f.seekg(offset);
  char c = 0;
  f.read(&c, 1);
  c ^= 0x04;
  f.seekp(offset);
  f.write(&c, 1);
}

std::string loadError(const fs::path &dir) {
  comm::SelfCommunicator world;
  Executor e(testing::makeTinyPlan(), {});
  Optimizer opt(e, OptimizerConfig{});
  return errorOf([&] { loadCheckpoint(dir.string(), e, &opt, world); });
}

TEST(CheckpointIntegrity, FlippedBitInTensorDataIsRefusedNamingFileAndTensor) {
  fs::path dir = freshDir("bitflip");
  trainAndSave(dir, 2, 0);
  const fs::path shard = dir / "iter_0000002" / "rank_00000.safetensors";
  flipByte(shard, dataOffsetOf(shard, "wte.exp_avg") + 5);
  std::string error = loadError(dir);
  EXPECT_NE(error.find("'" + shard.string() + "': tensor 'wte.exp_avg' is corrupt"),
            std::string::npos)
      << error;
  fs::remove_all(dir);
}

TEST(CheckpointIntegrity, CorruptHeaderTruncatedShardAndEditedJsonAreRefused) {
  fs::path dir = freshDir("corrupt");
  trainAndSave(dir, 2, 0);
  const fs::path folder = dir / "iter_0000002";
  const fs::path shard = folder / "rank_00000.safetensors";
  const std::string original = [&] {
    std::ifstream in(shard, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }();
  // A digit of a slice offset in the header's parameter list: still valid JSON.
  std::string edited = original;
  size_t at = edited.find("slice_offset");
  ASSERT_NE(at, std::string::npos);
  at = edited.find('[', at) + 1;
  ASSERT_EQ(edited[at], '0');
  edited[at] = '1';
  std::ofstream(shard, std::ios::binary | std::ios::trunc) << edited;
  std::string error = loadError(dir);
  EXPECT_NE(error.find("'" + shard.string() + "': its header is corrupt"), std::string::npos)
      << error;

  // Truncated: the reader finds the last tensor outside the file.
  std::ofstream(shard, std::ios::binary | std::ios::trunc)
      << original.substr(0, original.size() - 4);
  error = loadError(dir);
  EXPECT_NE(error.find("'" + shard.string() + "': tensor 'ln_f.bias.exp_avg_sq': data_offsets"),
            std::string::npos)
      << error;
  // Bytes appended: the size checkpoint.json records differs.
  std::ofstream(shard, std::ios::binary | std::ios::trunc) << original << "abcd";
  error = loadError(dir);
  EXPECT_NE(error.find("'" + shard.string() + "' has " + std::to_string(original.size() + 4) +
                       " bytes, checkpoint.json says " + std::to_string(original.size())),
            std::string::npos)
      << error;
  std::ofstream(shard, std::ios::binary | std::ios::trunc) << original;
  EXPECT_EQ(loadError(dir), "(no error)");

  // checkpoint.json with another consumed-samples count (valid JSON).
  std::ifstream in(folder / "checkpoint.json");
  std::string meta(std::istreambuf_iterator<char>(in), {});
  at = meta.find("\"consumed_samples\": 8");
  ASSERT_NE(at, std::string::npos) << meta;
  meta[at + 20] = '9';
  std::ofstream(folder / "checkpoint.json", std::ios::trunc) << meta;
  error = loadError(dir);
  EXPECT_NE(error.find("checkpoint.json' is corrupt"), std::string::npos) << error;
  fs::remove_all(dir);
}

TEST(CheckpointIntegrity, VersionOneCheckpointsLoadWithANotice) {
  fs::path dir = freshDir("version1");
  trainAndSave(dir, 2, 0);
  const fs::path json = dir / "iter_0000002" / "checkpoint.json";
  nlohmann::json meta = nlohmann::json::parse(std::ifstream(json));
  // Version 1 had no rank-file list and no checksum.
  meta["version"] = 1;
  meta.erase("shards");
  meta.erase("crc32c");
  const std::string text = meta.dump(2);
  std::ofstream(json, std::ios::trunc) << text;
  comm::SelfCommunicator world;
  Executor e(testing::makeTinyPlan(), {});
  TrainingState state = loadCheckpoint(dir.string(), e, nullptr, world);
  EXPECT_EQ(state.iteration, 2);
  EXPECT_NE(state.notice.find("format version 1, which has no checksums"), std::string::npos)
      << state.notice << "\n" << text;
  fs::remove_all(dir);
}

TEST(CheckpointIntegrity, FailedMarkerWriteFailsTheSaveAndKeepsThePreviousCheckpoint) {
  fs::path dir = freshDir("markerfull");
  trainAndSave(dir, 2, 0);
  // The marker's temporary file is /dev/full: every write fails with ENOSPC.
  fs::create_symlink("/dev/full", dir / (std::string(kLatestFile) + ".tmp"));
  comm::SelfCommunicator world;
  Executor e(testing::makeTinyPlan(), {});
  Optimizer opt(e, OptimizerConfig{});
  TrainingState state;
  state.iteration = 3;
  std::string error = errorOf([&] { saveCheckpoint(dir.string(), state, e, opt, world); });
  EXPECT_NE(error.find("saving checkpoint iteration 3 failed"), std::string::npos) << error;
  EXPECT_NE(error.find("cannot write '" + (dir / kLatestFile).string() +
                       ".tmp': No space left on device"),
            std::string::npos)
      << error;
  EXPECT_EQ(latestIteration(dir.string()), 2);
  EXPECT_FALSE(fs::exists(dir / "iter_0000003"));
  EXPECT_FALSE(fs::exists(dir / "iter_0000003.tmp"));
  EXPECT_EQ(loadError(dir), "(no error)");
  fs::remove_all(dir);
}

TEST(CheckpointIntegrity, MissingMarkerResumesFromTheNewestVerifiedIteration) {
  fs::path dir = freshDir("nomarker");
  trainAndSave(dir, 4, 2);
  fs::remove(dir / kLatestFile);
  // A complete-looking copy left as an unfinished save must never be chosen.
  fs::copy(dir / "iter_0000004", dir / "iter_0000009.tmp");
  comm::SelfCommunicator world;
  std::ostringstream log;
  TrainConfig cfg = syntheticConfig(6);
  cfg.load = cfg.save = dir.string();
  TrainSummary summary = Trainer(testing::makeTinyPlan(), cfg, world, &log).run();
  EXPECT_EQ(summary.firstIteration, 4) << log.str();
  EXPECT_NE(log.str().find("using its newest iteration folder '" + (dir / "iter_0000004").string() +
                           "'"),
            std::string::npos)
      << log.str();
  EXPECT_NE(log.str().find("ignoring '" + (dir / "iter_0000009.tmp").string()), std::string::npos)
      << log.str();
  EXPECT_NE(log.str().find("removed '" + (dir / "iter_0000009.tmp").string()), std::string::npos)
      << log.str();
  EXPECT_FALSE(fs::exists(dir / "iter_0000009.tmp"));
  EXPECT_EQ(latestIteration(dir.string()), 6);
  EXPECT_TRUE(fs::exists(dir / "iter_0000002" / "checkpoint.json"));
  // An unfinished save named explicitly is refused.
  fs::copy(dir / "iter_0000004", dir / "iter_0000007.tmp");
  std::string error = loadError(dir / "iter_0000007.tmp");
  EXPECT_NE(error.find("is an unfinished save"), std::string::npos) << error;
  fs::remove_all(dir);
}

TEST(CheckpointIntegrity, MissingMarkerAndAnUnverifiableNewestFolderIsRefused) {
  fs::path dir = freshDir("nomarkerbad");
  trainAndSave(dir, 4, 2);
  fs::remove(dir / kLatestFile);
  fs::remove(dir / "iter_0000004" / "rank_00000.safetensors");
  comm::SelfCommunicator world;
  TrainConfig cfg = syntheticConfig(6);
  cfg.load = cfg.save = dir.string();
  std::string error = errorOf([&] { Trainer(testing::makeTinyPlan(), cfg, world, nullptr); });
  EXPECT_NE(error.find("newest iteration folder '" + (dir / "iter_0000004").string() +
                       "' does not verify"),
            std::string::npos)
      << error;
  EXPECT_TRUE(fs::exists(dir / "iter_0000002" / "checkpoint.json"));
  fs::remove_all(dir);
}

TEST(CheckpointIntegrity, SavingNeverOverwritesNewerIterationsOrAnotherModel) {
  fs::path dir = freshDir("newer");
  trainAndSave(dir, 4, 2);
  comm::SelfCommunicator world;
  // Resumed from iteration 2 elsewhere: iteration 4 in DIR would be overwritten.
  TrainConfig cfg = syntheticConfig(6);
  cfg.load = (dir / "iter_0000002").string();
  cfg.save = dir.string();
  cfg.saveInterval = 2;
  std::string error = errorOf([&] { Trainer(testing::makeTinyPlan(), cfg, world, nullptr); });
  EXPECT_NE(error.find("names iteration 4, after the iteration this run starts from (2)"),
            std::string::npos)
      << error;
  fs::remove(dir / kLatestFile);
  error = errorOf([&] { Trainer(testing::makeTinyPlan(), cfg, world, nullptr); });
  EXPECT_NE(error.find("holds '" + (dir / "iter_0000004").string() +
                       "', a checkpoint after the iteration this run starts from (2)"),
            std::string::npos)
      << error;
  // A fresh run into a folder with checkpoints.
  TrainConfig fresh = syntheticConfig(2);
  fresh.save = dir.string();
  error = errorOf([&] { Trainer(testing::makeTinyPlan(), fresh, world, nullptr); });
  EXPECT_NE(error.find("this run starts from (0)"), std::string::npos) << error;

  // Another model's checkpoints (at or before the start) are refused too.
  fs::path other = freshDir("othermodel");
  testing::TinyDims wider;
  wider.hidden = 16;
  TrainConfig first = syntheticConfig(1);
  first.save = other.string();
  Trainer(testing::makeTinyPlan(wider), first, world, nullptr).run();
  TrainConfig resumed = syntheticConfig(6);
  resumed.load = (dir / "iter_0000002").string();
  resumed.save = other.string();
  error = errorOf([&] { Trainer(testing::makeTinyPlan(), resumed, world, nullptr); });
  EXPECT_NE(error.find("a checkpoint of model 'tiny' (0 layers, hidden 16"), std::string::npos)
      << error;
  EXPECT_TRUE(fs::exists(dir / "iter_0000004" / "checkpoint.json"));
  fs::remove_all(dir);
  fs::remove_all(other);
}

TEST(CheckpointIntegrity, ResumingAppendsMetricsAndBatchDumps) {
  fs::path dir = freshDir("append");
  comm::SelfCommunicator world;
  for (const char *name : {"metrics.csv", "metrics.jsonl"}) {
    fs::remove_all(dir / "ckpt");
    TrainConfig first = syntheticConfig(3);
    first.save = (dir / "ckpt").string();
    first.metrics = (dir / name).string();
    first.dumpBatch = (dir / "batch.safetensors").string();
    Trainer(testing::makeTinyPlan(), first, world, nullptr).run();
    std::vector<float> firstTokens = SafetensorsFile(first.dumpBatch).read("tokens");

    TrainConfig second = first;
    second.steps = 5;
    second.load = first.save;
    std::ostringstream log;
    Trainer(testing::makeTinyPlan(), second, world, &log).run();
    EXPECT_NE(log.str().find("appending metrics to '" + first.metrics +
                             "' (resumed at iteration 3)"),
              std::string::npos)
        << log.str();
    std::vector<std::string> lines = testing::readLines((dir / name).string());
    const bool csv = std::string(name) == "metrics.csv";
    ASSERT_EQ(lines.size(), csv ? 6u : 5u) << name;
    for (int i = 1; i <= 5; ++i) {
      const std::string &row = lines[csv ? i : i - 1];
      EXPECT_EQ(row.rfind(csv ? std::to_string(i) + "," : "{\"iteration\": " + std::to_string(i) + ",", 0),
                0u)
          << name << ": " << row;
    }
    SafetensorsFile batches(first.dumpBatch);
    EXPECT_EQ(batches.entry("tokens").shape[0], 5) << name;
    EXPECT_EQ(batches.metadata().at("first_iteration"), "0");
    std::vector<float> all = batches.read("tokens");
    EXPECT_TRUE(std::equal(firstTokens.begin(), firstTokens.end(), all.begin()));
    fs::remove(first.dumpBatch);
  }
  fs::remove_all(dir);
}

TEST(CheckpointIntegrity, MetricsOnAFullDiskStopTrainingNamingTheFile) {
  fs::path dir = freshDir("metricsfull");
  fs::create_symlink("/dev/full", dir / "metrics.jsonl"); // every write: ENOSPC
  comm::SelfCommunicator world;
  TrainConfig cfg = syntheticConfig(2);
  cfg.metrics = (dir / "metrics.jsonl").string();
  std::string error = errorOf([&] { Trainer(testing::makeTinyPlan(), cfg, world, nullptr).run(); });
  EXPECT_NE(error.find("--metrics: writing '" + cfg.metrics + "' failed: No space left on device"),
            std::string::npos)
      << error;
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
