// Whole-model weight files: GPT-2 params under Hugging Face GPT2LMHeadModel's
// names and layouts, imports that take every param or none (train and
// generate --init-from), and the slice assembly behind gathered exports.
#include "HfFileMap.h"
#include "RunMain.h"
#include "TinyPlan.h"

#include "exec/Executor.h"
#include "interop/HfGpt2Names.h"
#include "main/Main.h"
#include "io/Safetensors.h"
#include "io/Slices.h"
#include "interop/WeightFiles.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <map>

namespace mtc::runtime {
namespace {

namespace fs = std::filesystem;
using testing::HfFile;
using testing::namesOf;
using testing::readerOf;

fs::path freshDir(const std::string &name) {
  fs::path dir = fs::temp_directory_path() / ("mtc_weight_files_" + name + "_" +
                                              std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// GPT-2 geometry of the tests: hidden 8 in 2 heads of 4, vocabulary 11 padded to 16.
constexpr int64_t kHidden = 8, kVocab = 11, kPadded = 16;

pb::Model gptModel() {
  pb::Model m;
  m.set_name("gpt-test");
  m.set_arch("gpt");
  m.set_layers(1);
  m.set_hidden(kHidden);
  m.set_heads(2);
  m.set_vocab(kVocab);
  m.set_padded_vocab(kPadded);
  return m;
}

// The tiny plan as a 1-layer GPT: plus a c_attn weight and bias of 2 heads
// (no step reads them; export and import do).
pb::Plan tinyGptPlan() {
  pb::Plan plan = testing::makeTinyPlan();
  *plan.mutable_model() = [&] {
    pb::Model m = plan.model();
    m.set_layers(1);
    m.set_heads(2);
    return m;
  }();
  testing::appendParam(plan, "h.0.attn.c_attn.weight", {kHidden, 3 * kHidden});
  testing::appendParam(plan, "h.0.attn.c_attn.bias", {3 * kHidden});
  return plan;
}


std::vector<float> counting(int64_t n, float base = 0.f) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = base + static_cast<float>(i);
  return v;
}

TEST(HfGpt2Names, NamesAreGpt2LMHeadModels) {
  EXPECT_EQ(hfGpt2Name("wte"), "transformer.wte.weight");
  EXPECT_EQ(hfGpt2Name("wpe"), "transformer.wpe.weight");
  EXPECT_EQ(hfGpt2Name("ln_f.bias"), "transformer.ln_f.bias");
  EXPECT_EQ(hfGpt2Name("h.11.attn.c_attn.weight"), "transformer.h.11.attn.c_attn.weight");
  EXPECT_EQ(hfGpt2Name("h.0.mlp.c_proj.bias"), "transformer.h.0.mlp.c_proj.bias");
  EXPECT_EQ(hfGpt2Name("lm_head.weight"), ""); // tied: no tensor of its own
  EXPECT_EQ(hfGpt2Name("h.x.ln_1.weight"), "");
  EXPECT_THROW(toHfGpt2("h.0.attn.qkv.weight", {8, 24}, counting(192).data(), gptModel()),
               FormatError);
}

TEST(HfGpt2Names, ExportDropsPaddingRowsAndPermutesCAttn) {
  const pb::Model m = gptModel();
  const std::vector<float> wte = counting(kPadded * kHidden);
  HfTensor t = toHfGpt2("wte", {kPadded, kHidden}, wte.data(), m);
  EXPECT_EQ(t.name, "transformer.wte.weight");
  EXPECT_EQ(t.shape, (std::vector<int64_t>{kVocab, kHidden}));
  EXPECT_EQ(t.data, std::vector<float>(wte.begin(), wte.begin() + kVocab * kHidden));
  // Bias column (head 1, k, d 2): Megatron's (1 * 3 + 1) * 4 + 2, GPT-2's (1 * 2 + 1) * 4 + 2.
  const std::vector<float> bias = counting(3 * kHidden);
  HfTensor b = toHfGpt2("h.0.attn.c_attn.bias", {3 * kHidden}, bias.data(), m);
  EXPECT_EQ(b.data[(1 * 2 + 1) * 4 + 2], bias[(1 * 3 + 1) * 4 + 2]);
  std::vector<float> back = fromHfGpt2("h.0.attn.c_attn.bias", {3 * kHidden}, m,
                                       readerOf({{b.name, b}}));
  EXPECT_EQ(back, bias);
  EXPECT_THROW(toHfGpt2("wte", {kVocab, kHidden}, wte.data(), m), FormatError); // not padded
}

TEST(HfGpt2Names, ImportReadsEverySpellingAndZeroesPadding) {
  const pb::Model m = gptModel();
  const std::vector<float> rows = counting(kVocab * kHidden, 1.f);
  std::vector<float> expected = rows;
  expected.resize(kPadded * kHidden, 0.f);
  for (const char *name : {"transformer.wte.weight", "wte.weight", "wte", "transformer.wte"}) {
    HfFile file{{name, {name, {kVocab, kHidden}, rows}}};
    EXPECT_EQ(fromHfGpt2("wte", {kPadded, kHidden}, m, readerOf(file)), expected) << name;
  }
  // An earlier mtc export's padded table: its padding rows are dropped too.
  std::vector<float> padded = counting(kPadded * kHidden, 1.f);
  HfFile old{{"wte", {"wte", {kPadded, kHidden}, padded}}};
  EXPECT_EQ(fromHfGpt2("wte", {kPadded, kHidden}, m, readerOf(old)), expected);

  auto errorOf = [&](const std::string &param, std::vector<int64_t> full, const HfFile &f) {
    try {
      fromHfGpt2(param, full, m, readerOf(f));
    } catch (const FormatError &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(errorOf("h.0.ln_1.weight", {kHidden}, {}),
            "tensor 'transformer.h.0.ln_1.weight' (param 'h.0.ln_1.weight') is missing");
  HfFile wrong{{"h.0.ln_1.weight", {"h.0.ln_1.weight", {kHidden + 1}, counting(9)}}};
  EXPECT_EQ(errorOf("h.0.ln_1.weight", {kHidden}, wrong),
            "tensor 'h.0.ln_1.weight' has shape [9], param 'h.0.ln_1.weight' needs [8]");
}

TEST(HfGpt2Names, FileCheckKnowsHuggingFacesBuffersAndRefusesTheRest) {
  const pb::Model m = gptModel();
  const HfTensor wte{"transformer.wte.weight", {kVocab, kHidden}, counting(kVocab * kHidden)};
  auto check = [&](HfFile file) {
    try {
      checkHfGpt2File(namesOf(file), m, readerOf(file));
    } catch (const FormatError &e) {
      return std::string(e.what());
    }
    return std::string("ok");
  };
  HfFile file{{wte.name, wte}};
  // OpenAI's files carry the attention masks; GPT2LMHeadModel files may carry the tied head.
  for (const char *buffer : {"h.0.attn.bias", "h.0.attn.masked_bias",
                             "transformer.h.0.attn.bias", "transformer.h.0.attn.masked_bias"})
    file[buffer] = {buffer, {1}, {1.f}};
  file["lm_head.weight"] = {"lm_head.weight", wte.shape, wte.data};
  EXPECT_EQ(check(file), "ok");

  HfFile untied = file;
  untied["lm_head.weight"].data[3] += 1.f;
  EXPECT_NE(check(untied).find("'lm_head.weight' differs from 'transformer.wte.weight'"),
            std::string::npos);
  HfFile twice = file;
  twice["wte.weight"] = wte;
  EXPECT_EQ(check(twice), "tensors 'transformer.wte.weight' and 'wte.weight' are both param "
                          "'wte': refusing to pick one");
  for (const char *stranger : {"transformer.h.1.ln_1.weight", "transformer.h.1.attn.bias",
                               "transformer.h.0.attn.q_proj.weight", "score.weight"}) {
    HfFile extra = file;
    extra[stranger] = {stranger, {1}, {0.f}};
    EXPECT_EQ(check(extra), "tensor '" + std::string(stranger) +
                                "' has no place in a GPT2LMHeadModel of 1 layers (tied output "
                                "layer, biases on every linear layer and layer norm)")
        << stranger;
  }
}

// Copies of every tensor of `path` (to edit and write back).
HfFile readAll(const std::string &path) {
  SafetensorsFile file(path);
  HfFile out;
  for (const std::string &name : file.names())
    out[name] = {name, file.entry(name).shape, file.read(name)};
  return out;
}

void writeAll(const std::string &path, const HfFile &tensors) {
  std::vector<TensorView> views;
  for (const auto &[name, t] : tensors)
    views.push_back({name, t.shape, t.data.data()});
  writeSafetensors(path, views);
}

std::string importError(const std::string &path, Executor &e) {
  try {
    importSafetensors(path, e);
  } catch (const FormatError &error) {
    return error.what();
  }
  return "no error";
}

TEST(WeightImport, EveryParamOrNone) {
  fs::path dir = freshDir("all_or_none");
  const std::string exported = (dir / "exported.safetensors").string();
  const std::string edited = (dir / "edited.safetensors").string();
  ExecutorOptions seeded;
  seeded.seed = 5;
  Executor source(tinyGptPlan(), seeded), target(tinyGptPlan(), {});
  exportSafetensors(exported, source);
  const HfFile good = readAll(exported);
  ASSERT_EQ(good.size(), 6u);
  const std::vector<float> before(target.flatParams(), target.flatParams() + target.flatSize());
  auto unchanged = [&] {
    return std::memcmp(before.data(), target.flatParams(), before.size() * 4) == 0;
  };

  HfFile missing = good;
  missing.erase("transformer.ln_f.bias");
  missing.erase("transformer.h.0.attn.c_attn.weight");
  writeAll(edited, missing);
  EXPECT_EQ(importError(edited, target),
            "'" + edited + "' does not fit the model (2 problem(s); no parameter was loaded): "
            "tensor 'transformer.ln_f.bias' (param 'ln_f.bias') is missing; tensor "
            "'transformer.h.0.attn.c_attn.weight' (param 'h.0.attn.c_attn.weight') is missing");
  EXPECT_TRUE(unchanged());

  HfFile none{{"other.weight", {"other.weight", {2}, {1.f, 2.f}}}};
  writeAll(edited, none);
  const std::string error = importError(edited, target);
  EXPECT_NE(error.find("(7 problem(s); no parameter was loaded): tensor 'other.weight' has no "
                       "place in a GPT2LMHeadModel"),
            std::string::npos)
      << error;
  EXPECT_TRUE(unchanged());

  HfFile misshapen = good;
  misshapen["transformer.wpe.weight"].shape = {2, 16};
  writeAll(edited, misshapen);
  EXPECT_NE(importError(edited, target)
                .find("tensor 'transformer.wpe.weight' has shape [2, 16], param 'wpe' needs [4, 8]"),
            std::string::npos);
  EXPECT_TRUE(unchanged());

  // Hugging Face's buffers and the tied head are fine: everything loads.
  HfFile withBuffers = good;
  withBuffers["transformer.h.0.attn.bias"] = {"", {1, 1, 4, 4}, std::vector<float>(16, 1.f)};
  withBuffers["transformer.h.0.attn.masked_bias"] = {"", {}, {-1e4f}};
  withBuffers["lm_head.weight"] = good.at("transformer.wte.weight");
  writeAll(edited, withBuffers);
  std::string report;
  EXPECT_EQ(importSafetensors(edited, target, &report), 6);
  EXPECT_EQ(report, "loaded all 6 params from '" + edited + "' (GPT2LMHeadModel's names)");
  for (int id = 0; id < source.numParams(); ++id) {
    const int64_t n = id == testing::kWte ? kVocab * kHidden : source.paramElements(id);
    EXPECT_EQ(std::memcmp(source.param(id), target.param(id), n * 4), 0) << id;
  }
  for (int64_t i = kVocab * kHidden; i < kPadded * kHidden; ++i)
    ASSERT_EQ(target.param(testing::kWte)[i], 0.f) << "padding row element " << i;
  fs::remove_all(dir);
}

TEST(WeightImport, GptFilesOfMtcsEarlierNamesStillLoad) {
  fs::path dir = freshDir("old_names");
  const std::string exported = (dir / "exported.safetensors").string();
  ExecutorOptions seeded;
  seeded.seed = 5;
  Executor source(tinyGptPlan(), seeded), target(tinyGptPlan(), {});
  exportSafetensors(exported, source);
  HfFile renamed;
  for (const auto &[hfName, t] : readAll(exported)) {
    std::string name = hfName.substr(std::string("transformer.").size());
    if (name == "wte.weight" || name == "wpe.weight")
      name.resize(3);
    renamed[name] = t;
  }
  writeAll(exported, renamed);
  EXPECT_EQ(importSafetensors(exported, target), 6);
  const int bias = source.findParam("h.0.attn.c_attn.bias");
  EXPECT_EQ(std::memcmp(source.param(bias), target.param(bias), 3 * kHidden * 4), 0);
  fs::remove_all(dir);
}

TEST(Slices, CopyOverlapAssemblesAndChecksReplicas) {
  // A [2, 4] tensor from its two column halves (tensor-parallel slices).
  const Box whole{{0, 0}, {2, 4}}, left{{0, 0}, {2, 2}}, right{{0, 2}, {2, 2}};
  std::vector<float> full(8, -1.f);
  std::vector<bool> covered(8, false);
  const std::vector<float> a{0, 1, 4, 5}, b{2, 3, 6, 7};
  EXPECT_TRUE(copyOverlap(a.data(), left, full.data(), whole, covered));
  EXPECT_EQ(std::count(covered.begin(), covered.end(), true), 4);
  EXPECT_TRUE(copyOverlap(b.data(), right, full.data(), whole, covered));
  EXPECT_EQ(full, (std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7}));
  // A replica of the right half: the same bits agree, others do not.
  EXPECT_TRUE(copyOverlap(b.data(), right, full.data(), whole, covered));
  const std::vector<float> other{2, 3, 6, 7.5f};
  EXPECT_FALSE(copyOverlap(other.data(), right, full.data(), whole, covered));
  EXPECT_EQ(full[7], 7.f); // the first copy is kept
}

TEST(WeightImport, TrainAndGenerateRefuseAFileWithoutTheModel) {
  fs::path dir = freshDir("programs");
  const std::string file = (dir / "unrelated.safetensors").string();
  const std::vector<float> values{1.f, 2.f};
  writeSafetensors(file, {{"encoder.weight", {2}, values.data()}});
  const std::string plan = testing::makeTinyPlan().SerializeAsString();
  testing::ProgramOutput o =
      testing::runProgram(trainMain, {"--synthetic", "--steps", "1", "--init-from", file}, plan);
  EXPECT_EQ(o.status, 1);
  EXPECT_NE(o.err.find("--init-from: '" + file + "' does not fit the model (5 problem(s); no "
                     "parameter was loaded): tensor 'encoder.weight' has no place"),
            std::string::npos)
      << o.err;
  EXPECT_NE(o.err.find("tensor 'transformer.wte.weight' (param 'wte') is missing"),
            std::string::npos)
      << o.err;
  if (fs::exists(fs::path(MTC_TEST_BPE_DIR) / "encoder.json")) { // generate needs the BPE files
    o = testing::runProgram(generateMain, {"--init-from", file, "--vocab-dir", MTC_TEST_BPE_DIR},
                            plan);
    EXPECT_EQ(o.status, 1);
    EXPECT_NE(o.err.find("does not fit the model"), std::string::npos) << o.err;
  }
  fs::remove_all(dir);
}

} // namespace
} // namespace mtc::runtime
