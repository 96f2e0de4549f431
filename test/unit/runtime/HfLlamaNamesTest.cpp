// A LLaMA plan's params under Hugging Face LlamaForCausalLM's names: the
// table, the layouts by value (transposed Linears; qkv split into q/k/v from
// Megatron's grouped order for 1, 2 and 4 key/value heads of 4 query heads;
// vocabulary rows), the round trip, what the loader refuses, and the wiring
// into safetensors export/import.
#include "HfFileMap.h"
#include "TinyPlan.h"

#include "checkpoint/Checkpoint.h"
#include "interop/WeightFiles.h"
#include "exec/Executor.h"
#include "interop/HfLlamaNames.h"
#include "io/Safetensors.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

namespace mtc::runtime {
namespace {

namespace fs = std::filesystem;
using testing::HfFile;
using testing::namesOf;
using testing::readerOf;

// 2 layers, hidden 8, 4 query heads of 2, ffn 6, vocab 5 padded to 8.
constexpr int64_t kLayers = 2, kHidden = 8, kHeads = 4, kHeadDim = 2, kFfn = 6, kVocab = 5,
                  kPadded = 8;

pb::Model llamaModel(int64_t kvHeads, bool tied = false) {
  pb::Model m;
  m.set_name("llama-test");
  m.set_arch("llama");
  m.set_layers(kLayers);
  m.set_hidden(kHidden);
  m.set_heads(kHeads);
  m.set_kv_heads(kvHeads);
  m.set_ffn(kFfn);
  m.set_vocab(kVocab);
  m.set_padded_vocab(kPadded);
  m.set_tied_embeddings(tied);
  m.set_rope_theta(10000.0);
  return m;
}

// What the compiler gives (mtc names, [in, out]).
std::map<std::string, std::vector<int64_t>> llamaShapes(int64_t kvHeads, bool tied = false) {
  std::map<std::string, std::vector<int64_t>> s = {
      {"wte", {kPadded, kHidden}},
      {"norm_f.weight", {kHidden}},
  };
  if (!tied)
    s["lm_head.weight"] = {kPadded, kHidden};
  for (int l = 0; l < kLayers; ++l) {
    const std::string h = "h." + std::to_string(l) + ".";
    s[h + "input_norm.weight"] = {kHidden};
    s[h + "attn.qkv.weight"] = {kHidden, (kHeads + 2 * kvHeads) * kHeadDim};
    s[h + "attn.o_proj.weight"] = {kHeads * kHeadDim, kHidden};
    s[h + "post_attention_norm.weight"] = {kHidden};
    s[h + "mlp.gate_proj.weight"] = {kHidden, kFfn};
    s[h + "mlp.up_proj.weight"] = {kHidden, kFfn};
    s[h + "mlp.down_proj.weight"] = {kFfn, kHidden};
  }
  return s;
}

int64_t elements(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

// Every element distinct across params: param k's element i is k * 1000 + i.
std::map<std::string, std::vector<float>> distinctValues(int64_t kvHeads, bool tied = false) {
  std::map<std::string, std::vector<float>> out;
  int k = 1;
  for (const auto &[name, shape] : llamaShapes(kvHeads, tied)) {
    std::vector<float> v(elements(shape));
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = static_cast<float>(k * 1000 + i);
    out[name] = v;
    ++k;
  }
  return out;
}


HfFile exportAll(const std::map<std::string, std::vector<float>> &values, int64_t kvHeads,
                 bool tied = false) {
  HfFile file;
  const auto shapes = llamaShapes(kvHeads, tied);
  for (const auto &[name, v] : values)
    for (HfTensor &t : toHfLlama(name, shapes.at(name), v.data(), llamaModel(kvHeads, tied))) {
      EXPECT_EQ(file.count(t.name), 0u) << t.name << " written twice";
      file[t.name] = std::move(t);
    }
  return file;
}

// The grouped column order written out as the brief states it: key/value
// group g holds query heads g*r .. g*r+r-1, then key head g, then value head g.
std::vector<std::pair<int, int64_t>> groupedBlocks(int64_t kvHeads) {
  const int64_t r = kHeads / kvHeads;
  std::vector<std::pair<int, int64_t>> blocks; // (part, head) per block of kHeadDim columns
  for (int64_t g = 0; g < kvHeads; ++g) {
    for (int64_t j = 0; j < r; ++j)
      blocks.push_back({0, g * r + j});
    blocks.push_back({1, g});
    blocks.push_back({2, g});
  }
  return blocks;
}

TEST(HfLlamaNames, TheNameTable) {
  EXPECT_EQ(hfLlamaNames("wte"), std::vector<std::string>{"model.embed_tokens.weight"});
  EXPECT_EQ(hfLlamaNames("norm_f.weight"), std::vector<std::string>{"model.norm.weight"});
  EXPECT_EQ(hfLlamaNames("lm_head.weight"), std::vector<std::string>{"lm_head.weight"});
  EXPECT_EQ(hfLlamaNames("h.11.attn.qkv.weight"),
            (std::vector<std::string>{"model.layers.11.self_attn.q_proj.weight",
                                      "model.layers.11.self_attn.k_proj.weight",
                                      "model.layers.11.self_attn.v_proj.weight"}));
  EXPECT_EQ(hfLlamaNames("h.3.attn.o_proj.weight"),
            std::vector<std::string>{"model.layers.3.self_attn.o_proj.weight"});
  EXPECT_EQ(hfLlamaNames("h.0.input_norm.weight"),
            std::vector<std::string>{"model.layers.0.input_layernorm.weight"});
  EXPECT_EQ(hfLlamaNames("h.0.post_attention_norm.weight"),
            std::vector<std::string>{"model.layers.0.post_attention_layernorm.weight"});
  EXPECT_EQ(hfLlamaNames("h.2.mlp.down_proj.weight"),
            std::vector<std::string>{"model.layers.2.mlp.down_proj.weight"});
  for (const char *none : {"ln_f.weight", "h.x.input_norm.weight", "h..input_norm.weight",
                           "h.0.attn.c_attn.weight", "h.0.attn.qkv.bias", "wpe", "h.0"})
    EXPECT_TRUE(hfLlamaNames(none).empty()) << none;
  EXPECT_THROW(toHfLlama("ln_f.weight", {kHidden}, std::vector<float>(kHidden).data(),
                         llamaModel(2)),
               FormatError);
  EXPECT_TRUE(isHfLlamaFile({"lm_head.weight", "model.norm.weight"}));
  EXPECT_FALSE(isHfLlamaFile({"lm_head.weight", "wte", "h.0.attn.qkv.weight"}));
}

TEST(HfLlamaNames, ExportWritesLlamaForCausalLMsTensors) {
  for (bool tied : {false, true}) {
    const HfFile file = exportAll(distinctValues(2, tied), 2, tied);
    std::set<std::string> names;
    for (const auto &[name, t] : file)
      names.insert(name);
    std::set<std::string> expected = {"model.embed_tokens.weight", "model.norm.weight"};
    if (!tied)
      expected.insert("lm_head.weight");
    for (int l = 0; l < kLayers; ++l)
      for (const char *suffix :
           {"input_layernorm.weight", "self_attn.q_proj.weight", "self_attn.k_proj.weight",
            "self_attn.v_proj.weight", "self_attn.o_proj.weight",
            "post_attention_layernorm.weight", "mlp.gate_proj.weight", "mlp.up_proj.weight",
            "mlp.down_proj.weight"})
        expected.insert("model.layers." + std::to_string(l) + "." + suffix);
    EXPECT_EQ(names, expected) << "tied " << tied;
    EXPECT_NO_THROW(checkHfLlamaFile(namesOf(file), llamaModel(2, tied), readerOf(file)));
  }
}

TEST(HfLlamaNames, LayoutsByValue) {
  const auto v = distinctValues(2);
  const HfFile file = exportAll(v, 2);

  // Embeddings and lm_head: the real vocabulary's rows only, [vocab, hidden].
  for (const auto &[hf, mtc] : {std::pair<std::string, std::string>{"model.embed_tokens.weight",
                                                                    "wte"},
                                {"lm_head.weight", "lm_head.weight"}}) {
    EXPECT_EQ(file.at(hf).shape, (std::vector<int64_t>{kVocab, kHidden}));
    EXPECT_EQ(file.at(hf).data,
              std::vector<float>(v.at(mtc).begin(), v.at(mtc).begin() + kVocab * kHidden));
  }
  EXPECT_EQ(file.at("model.layers.1.post_attention_layernorm.weight").data,
            v.at("h.1.post_attention_norm.weight"));
  EXPECT_EQ(file.at("model.norm.weight").data, v.at("norm_f.weight"));

  // torch Linear [out, in] = mtc [in, out] transposed.
  const HfTensor &gate = file.at("model.layers.1.mlp.gate_proj.weight");
  EXPECT_EQ(gate.shape, (std::vector<int64_t>{kFfn, kHidden}));
  for (int64_t in = 0; in < kHidden; ++in)
    for (int64_t out = 0; out < kFfn; ++out)
      ASSERT_EQ(gate.data[out * kHidden + in], v.at("h.1.mlp.gate_proj.weight")[in * kFfn + out]);
  const HfTensor &down = file.at("model.layers.0.mlp.down_proj.weight");
  EXPECT_EQ(down.shape, (std::vector<int64_t>{kHidden, kFfn}));
  EXPECT_EQ(down.data[3 * kFfn + 5], v.at("h.0.mlp.down_proj.weight")[5 * kHidden + 3]);
  const HfTensor &o = file.at("model.layers.0.self_attn.o_proj.weight");
  EXPECT_EQ(o.shape, (std::vector<int64_t>{kHidden, kHeads * kHeadDim}));
  EXPECT_EQ(o.data[2 * kHidden + 7], v.at("h.0.attn.o_proj.weight")[7 * kHidden + 2]);
}

// q/k/v by value for 4 query heads and 4 (plain multi-head), 2 and 1 (multi-
// query) key/value heads, then back: the exact param.
TEST(HfLlamaNames, GroupedQkvSplitsAndRoundTrips) {
  const char *parts[] = {"q_proj", "k_proj", "v_proj"};
  for (int64_t kv : {4, 2, 1}) {
    const auto v = distinctValues(kv);
    const HfFile file = exportAll(v, kv);
    const int64_t width = (kHeads + 2 * kv) * kHeadDim;
    for (int l = 0; l < kLayers; ++l) {
      const std::string layer = "model.layers." + std::to_string(l) + ".self_attn.";
      const std::vector<float> &w = v.at("h." + std::to_string(l) + ".attn.qkv.weight");
      for (int part = 0; part < 3; ++part)
        ASSERT_EQ(file.at(layer + parts[part] + ".weight").shape,
                  (std::vector<int64_t>{(part == 0 ? kHeads : kv) * kHeadDim, kHidden}))
            << "kv " << kv << " " << parts[part];
      const auto blocks = groupedBlocks(kv);
      ASSERT_EQ(static_cast<int64_t>(blocks.size()) * kHeadDim, width);
      for (size_t b = 0; b < blocks.size(); ++b) {
        const auto [part, head] = blocks[b];
        const HfTensor &t = file.at(layer + parts[part] + ".weight");
        for (int64_t i = 0; i < kHeadDim; ++i)
          for (int64_t in = 0; in < kHidden; ++in)
            ASSERT_EQ(t.data[(head * kHeadDim + i) * kHidden + in],
                      w[in * width + static_cast<int64_t>(b) * kHeadDim + i])
                << "kv " << kv << " " << layer << parts[part] << " head " << head << " dim "
                << i << " in " << in;
      }
      std::vector<float> back = fromHfLlama("h." + std::to_string(l) + ".attn.qkv.weight",
                                            {kHidden, width}, llamaModel(kv), readerOf(file));
      EXPECT_EQ(back, w) << "kv " << kv;
    }
    // kv_heads 0 means one per query head.
    if (kv == kHeads) {
      const std::string qkv = "h.0.attn.qkv.weight";
      const auto zero = toHfLlama(qkv, {kHidden, width}, v.at(qkv).data(), llamaModel(0));
      ASSERT_EQ(zero.size(), 3u);
      for (const HfTensor &t : zero)
        EXPECT_EQ(t.data, file.at(t.name).data) << t.name;
    }
  }
}

TEST(HfLlamaNames, RoundTripRestoresEveryParamAndZeroesPaddingRows) {
  for (bool tied : {false, true}) {
    const auto v = distinctValues(2, tied);
    const HfFile file = exportAll(v, 2, tied);
    for (const auto &[name, shape] : llamaShapes(2, tied)) {
      std::vector<float> back = fromHfLlama(name, shape, llamaModel(2, tied), readerOf(file));
      std::vector<float> expected = v.at(name);
      if (name == "wte" || name == "lm_head.weight") // padding rows come back as zeros
        std::fill(expected.begin() + kVocab * kHidden, expected.end(), 0.f);
      EXPECT_EQ(back, expected) << name;
    }
  }
}

std::string errorOf(const std::string &name, const HfFile &file, int64_t kv = 2,
                    bool tied = false) {
  try {
    fromHfLlama(name, llamaShapes(kv, tied).at(name), llamaModel(kv, tied), readerOf(file));
  } catch (const FormatError &e) {
    return e.what();
  }
  return "";
}

std::string fileErrorOf(const HfFile &file, bool tied = false) {
  try {
    checkHfLlamaFile(namesOf(file), llamaModel(2, tied), readerOf(file));
  } catch (const FormatError &e) {
    return e.what();
  }
  return "";
}

TEST(HfLlamaNames, RefusesWhatItCannotLoadFaithfully) {
  const HfFile good = exportAll(distinctValues(2), 2);
  EXPECT_EQ(fileErrorOf(good), "");

  HfFile partial = good;
  partial.erase("model.layers.1.self_attn.v_proj.weight");
  EXPECT_EQ(errorOf("h.1.attn.qkv.weight", partial),
            "tensor 'model.layers.1.self_attn.v_proj.weight' (param 'h.1.attn.qkv.weight') is "
            "missing");

  HfFile noHead = good; // a tied model's file, for an untied plan
  noHead.erase("lm_head.weight");
  EXPECT_NE(errorOf("lm_head.weight", noHead).find("'lm_head.weight' (param 'lm_head.weight') "
                                                   "is missing: the model's lm_head is untied"),
            std::string::npos)
      << errorOf("lm_head.weight", noHead);

  HfFile square = good; // [in, out] stored untransposed: [8, 6] instead of [6, 8]
  square["model.layers.0.mlp.up_proj.weight"].shape = {kHidden, kFfn};
  EXPECT_EQ(errorOf("h.0.mlp.up_proj.weight", square),
            "tensor 'model.layers.0.mlp.up_proj.weight' has shape [8, 6], param "
            "'h.0.mlp.up_proj.weight' needs [6, 8]");

  HfFile padded = good; // padded_vocab rows: not the config's vocabulary
  padded["model.embed_tokens.weight"] = {"", {kPadded, kHidden},
                                         std::vector<float>(kPadded * kHidden)};
  EXPECT_EQ(errorOf("wte", padded),
            "tensor 'model.embed_tokens.weight' has shape [8, 8], param 'wte' needs [5, 8]");

  // A file of 4 key/value heads into a plan of 2: k_proj has twice the rows.
  const HfFile mha = exportAll(distinctValues(4), 4);
  EXPECT_EQ(errorOf("h.0.attn.qkv.weight", mha),
            "tensor 'model.layers.0.self_attn.k_proj.weight' has shape [8, 8], param "
            "'h.0.attn.qkv.weight' needs [4, 8]");

  // 3 key/value heads do not divide 4 query heads.
  EXPECT_THROW(fromHfLlama("h.0.attn.qkv.weight", {kHidden, (kHeads + 6) * kHeadDim},
                           llamaModel(3), readerOf(good)),
               FormatError);

  // Tensors the model has no place for: another layer, a bias.
  HfFile deeper = good;
  deeper["model.layers.2.input_layernorm.weight"] = good.at("model.norm.weight");
  EXPECT_EQ(fileErrorOf(deeper),
            "tensor 'model.layers.2.input_layernorm.weight' has no place in a LlamaForCausalLM "
            "of 2 layers (no biases, one q/k/v/o projection per layer)");
  HfFile bias = good;
  bias["model.layers.0.self_attn.q_proj.bias"] = {"", {kHidden}, std::vector<float>(kHidden)};
  EXPECT_NE(fileErrorOf(bias).find("'model.layers.0.self_attn.q_proj.bias' has no place"),
            std::string::npos);
  // Rotary's inverse frequencies, stored by older files, are ignored (as HF does).
  HfFile invFreq = good;
  invFreq["model.layers.1.self_attn.rotary_emb.inv_freq"] = {"", {1}, {1.f}};
  EXPECT_EQ(fileErrorOf(invFreq), "");

  // An untied file into a tied plan; the tied copy itself is fine.
  EXPECT_EQ(fileErrorOf(good, true),
            "tensor 'lm_head.weight' differs from 'model.embed_tokens.weight', but the model "
            "ties them (tie_word_embeddings): an untied checkpoint cannot be loaded without "
            "dropping one of them");
  HfFile tiedCopy = exportAll(distinctValues(2, true), 2, true);
  EXPECT_EQ(fileErrorOf(tiedCopy, true), "");
  tiedCopy["lm_head.weight"] = tiedCopy.at("model.embed_tokens.weight");
  EXPECT_EQ(fileErrorOf(tiedCopy, true), "");
}

// The tiny runtime plan as a one-layer LLaMA of 4 query heads of 2 and 2
// key/value heads: its params renamed (wpe [seq 4, hidden 8] as down_proj, so
// ffn is 4) and the others added (no step reads them; export and import do).
pb::Plan tinyLlamaPlan() {
  pb::Plan plan = testing::makeTinyPlan();
  const int64_t h = testing::TinyDims{}.hidden, ffn = testing::TinyDims{}.seq;
  pb::Model *m = plan.mutable_model();
  m->set_arch("llama");
  m->set_heads(4);
  m->set_kv_heads(2);
  m->set_layers(1);
  m->set_tied_embeddings(false);
  plan.mutable_params(testing::kWpe)->set_name("h.0.mlp.down_proj.weight");
  plan.mutable_params(testing::kLnGamma)->set_name("norm_f.weight");
  plan.mutable_params(testing::kLnBeta)->set_name("h.0.input_norm.weight");
  auto add = [&](const std::string &name, std::vector<int64_t> shape) {
    testing::appendParam(plan, name, shape);
  };
  add("h.0.attn.qkv.weight", {h, (4 + 2 * 2) * 2});
  add("h.0.attn.o_proj.weight", {h, h});
  add("h.0.post_attention_norm.weight", {h});
  add("h.0.mlp.gate_proj.weight", {h, ffn});
  add("h.0.mlp.up_proj.weight", {h, ffn});
  add("lm_head.weight", {testing::TinyDims{}.paddedVocab, h});
  return plan;
}

TEST(HfLlamaNames, SafetensorsExportAndImportUseThemForLlamaPlans) {
  const testing::TinyDims dims;
  fs::path dir = fs::temp_directory_path() / "mtc_hf_llama_names_test";
  fs::create_directories(dir);
  const std::string file = (dir / "llama.safetensors").string();

  Executor source(tinyLlamaPlan(), {});
  exportSafetensors(file, source);
  SafetensorsFile parsed(file);
  EXPECT_EQ(parsed.metadata().at("mtc_names"), "LlamaForCausalLM");
  EXPECT_EQ(parsed.names().size(), 12u); // 10 params, qkv as three
  EXPECT_EQ(parsed.entry("model.embed_tokens.weight").shape,
            (std::vector<int64_t>{dims.vocab, dims.hidden}));
  EXPECT_EQ(parsed.entry("lm_head.weight").shape,
            (std::vector<int64_t>{dims.vocab, dims.hidden}));
  EXPECT_EQ(parsed.entry("model.layers.0.self_attn.k_proj.weight").shape,
            (std::vector<int64_t>{4, dims.hidden}));
  EXPECT_FALSE(parsed.contains("wte"));

  ExecutorOptions other;
  other.seed = 99;
  Executor target(tinyLlamaPlan(), other);
  std::string report;
  EXPECT_EQ(importSafetensors(file, target, &report), 10);
  EXPECT_NE(report.find("LlamaForCausalLM's names"), std::string::npos) << report;
  EXPECT_EQ(report.find("kept the initialization"), std::string::npos) << report;
  for (int id = 0; id < source.numParams(); ++id) {
    int64_t n = source.paramElements(id);
    const std::string &name = source.paramInfo(id).name();
    if (name == "wte" || name == "lm_head.weight") { // padding rows zeroed
      const int64_t real = dims.vocab * dims.hidden;
      for (int64_t i = real; i < n; ++i)
        ASSERT_EQ(target.param(id)[i], 0.f) << name << " " << i;
      n = real;
    }
    for (int64_t i = 0; i < n; ++i)
      ASSERT_EQ(target.param(id)[i], source.param(id)[i]) << name << " " << i;
  }

  // Gradients: the same names and layouts.
  const int up = source.findParam("h.0.mlp.up_proj.weight");
  for (int64_t i = 0; i < source.paramElements(up); ++i)
    source.grad(up)[i] = static_cast<float>(i);
  exportGradients(file, source);
  std::vector<float> g = SafetensorsFile(file).read("model.layers.0.mlp.up_proj.weight");
  // HF [out, in] = [4, 8]: element [out 3, in 1] is mtc's [1, 3] of [8, 4].
  EXPECT_EQ(g[3 * dims.hidden + 1], static_cast<float>(1 * 4 + 3));

  // A tensor missing from the file fails the whole import, naming it.
  std::vector<TensorView> views;
  SafetensorsFile full(file);
  std::vector<std::vector<float>> data;
  for (const std::string &name : full.names())
    data.push_back(full.read(name));
  for (size_t i = 0; i < full.names().size(); ++i)
    if (full.names()[i] != "model.layers.0.post_attention_layernorm.weight")
      views.push_back({full.names()[i], full.entry(full.names()[i]).shape, data[i].data()});
  const std::string partial = (dir / "partial.safetensors").string();
  writeSafetensors(partial, views);
  try {
    importSafetensors(partial, target);
    ADD_FAILURE() << "a file without post_attention_layernorm loaded";
  } catch (const FormatError &e) {
    EXPECT_NE(std::string(e.what()).find(
                  "'model.layers.0.post_attention_layernorm.weight' (param "
                  "'h.0.post_attention_norm.weight') is missing"),
              std::string::npos)
        << e.what();
  }
  fs::remove_all(dir);
}

TEST(HfLlamaNames, ImportFillsATensorParallelSliceOfQkv) {
  // Tensor rank 0 of 2 holds key/value group 0: query heads 0 and 1, key head
  // 0, value head 0 (4 blocks of 2 columns of the 16).
  const int64_t h = testing::TinyDims{}.hidden, d = 2;
  pb::Plan plan = tinyLlamaPlan();
  for (pb::Param &p : *plan.mutable_params())
    if (p.name() == "h.0.attn.qkv.weight") {
      p.set_shape(1, 4 * d);
      p.set_tensor_split(true);
      p.set_split_dim(1);
    }
  Executor source(tinyLlamaPlan(), {});
  fs::path dir = fs::temp_directory_path() / "mtc_hf_llama_slice_test";
  fs::create_directories(dir);
  const std::string file = (dir / "llama.safetensors").string();
  exportSafetensors(file, source);
  Executor e(plan, {});
  EXPECT_EQ(importSafetensors(file, e), 10);
  const int id = e.findParam("h.0.attn.qkv.weight");
  const float *whole = source.param(source.findParam("h.0.attn.qkv.weight"));
  for (int64_t in = 0; in < h; ++in)
    for (int64_t c = 0; c < 4 * d; ++c)
      ASSERT_EQ(e.param(id)[in * 4 * d + c], whole[in * 8 * d + c]) << in << " " << c;
  fs::remove_all(dir);
}

} // namespace
} // namespace mtc::runtime
