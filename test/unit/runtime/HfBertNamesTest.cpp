// A BERT plan's params under Hugging Face BertForPreTraining's names: the
// table, the layouts by value (transposed Linears, c_attn split into query/key/
// value from Megatron's per-head order, vocabulary rows), the round trip, what
// the loader accepts and refuses, and the wiring into safetensors export/import.
#include "HfFileMap.h"
#include "TinyPlan.h"

#include "checkpoint/Checkpoint.h"
#include "interop/WeightFiles.h"
#include "exec/Executor.h"
#include "interop/HfBertNames.h"
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

// A small BERT: 2 layers, hidden 4, 2 heads of 2, ffn 6, vocab 5 padded to 8,
// 7 positions. Shapes are what the compiler gives (mtc names, [in, out]).
constexpr int64_t kLayers = 2, kHidden = 4, kHeads = 2, kHeadDim = 2, kFfn = 6, kVocab = 5,
                  kPadded = 8, kPositions = 7;

pb::Model bertModel() {
  pb::Model m;
  m.set_name("bert-test");
  m.set_arch("bert");
  m.set_layers(kLayers);
  m.set_hidden(kHidden);
  m.set_heads(kHeads);
  m.set_ffn(kFfn);
  m.set_vocab(kVocab);
  m.set_padded_vocab(kPadded);
  m.set_positions(kPositions);
  return m;
}

std::map<std::string, std::vector<int64_t>> bertShapes() {
  std::map<std::string, std::vector<int64_t>> s = {
      {"wte", {kPadded, kHidden}},
      {"wpe", {kPositions, kHidden}},
      {"tte", {2, kHidden}},
      {"emb_ln.weight", {kHidden}},
      {"emb_ln.bias", {kHidden}},
      {"head.dense.weight", {kHidden, kHidden}},
      {"head.dense.bias", {kHidden}},
      {"head.ln.weight", {kHidden}},
      {"head.ln.bias", {kHidden}},
      {"head.bias", {kPadded}},
      {"pooler.dense.weight", {kHidden, kHidden}},
      {"pooler.dense.bias", {kHidden}},
      {"binary_head.weight", {kHidden, 2}},
      {"binary_head.bias", {2}},
  };
  for (int l = 0; l < kLayers; ++l) {
    const std::string h = "h." + std::to_string(l) + ".";
    s[h + "attn.c_attn.weight"] = {kHidden, 3 * kHidden};
    s[h + "attn.c_attn.bias"] = {3 * kHidden};
    s[h + "attn.c_proj.weight"] = {kHidden, kHidden};
    s[h + "attn.c_proj.bias"] = {kHidden};
    s[h + "ln_1.weight"] = {kHidden};
    s[h + "ln_1.bias"] = {kHidden};
    s[h + "mlp.c_fc.weight"] = {kHidden, kFfn};
    s[h + "mlp.c_fc.bias"] = {kFfn};
    s[h + "mlp.c_proj.weight"] = {kFfn, kHidden};
    s[h + "mlp.c_proj.bias"] = {kHidden};
    s[h + "ln_2.weight"] = {kHidden};
    s[h + "ln_2.bias"] = {kHidden};
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
std::map<std::string, std::vector<float>> distinctValues() {
  std::map<std::string, std::vector<float>> out;
  int k = 1;
  for (const auto &[name, shape] : bertShapes()) {
    std::vector<float> v(elements(shape));
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = static_cast<float>(k * 1000 + i);
    out[name] = v;
    ++k;
  }
  return out;
}


HfFile exportAll(const std::map<std::string, std::vector<float>> &values) {
  HfFile file;
  const auto shapes = bertShapes();
  for (const auto &[name, v] : values)
    for (HfTensor &t : toHfBert(name, shapes.at(name), v.data(), bertModel())) {
      EXPECT_EQ(file.count(t.name), 0u) << t.name << " written twice";
      file[t.name] = std::move(t);
    }
  return file;
}

// Megatron's per-head column of (part, head, d) in c_attn: [heads][q,k,v][headDim].
int64_t megatronColumn(int part, int head, int d) { return (head * 3 + part) * kHeadDim + d; }

TEST(HfBertNames, TheNameTable) {
  EXPECT_EQ(hfBertNames("wte"),
            std::vector<std::string>{"bert.embeddings.word_embeddings.weight"});
  EXPECT_EQ(hfBertNames("tte"),
            std::vector<std::string>{"bert.embeddings.token_type_embeddings.weight"});
  EXPECT_EQ(hfBertNames("h.11.attn.c_attn.weight"),
            (std::vector<std::string>{"bert.encoder.layer.11.attention.self.query.weight",
                                      "bert.encoder.layer.11.attention.self.key.weight",
                                      "bert.encoder.layer.11.attention.self.value.weight"}));
  EXPECT_EQ(hfBertNames("h.3.ln_1.bias"),
            std::vector<std::string>{"bert.encoder.layer.3.attention.output.LayerNorm.bias"});
  EXPECT_EQ(hfBertNames("h.3.mlp.c_proj.weight"),
            std::vector<std::string>{"bert.encoder.layer.3.output.dense.weight"});
  EXPECT_EQ(hfBertNames("head.bias"), std::vector<std::string>{"cls.predictions.bias"});
  EXPECT_EQ(hfBertNames("binary_head.weight"),
            std::vector<std::string>{"cls.seq_relationship.weight"});
  for (const char *none : {"ln_f.weight", "h.x.ln_1.bias", "h..ln_1.bias", "h.0.ln_3.weight",
                           "wte.weight", "h.0"})
    EXPECT_TRUE(hfBertNames(none).empty()) << none;
  EXPECT_THROW(toHfBert("ln_f.weight", {kHidden}, std::vector<float>(kHidden).data(),
                        bertModel()),
               FormatError);
}

TEST(HfBertNames, ExportWritesBertForPreTrainingsTensors) {
  const HfFile file = exportAll(distinctValues());
  std::set<std::string> names;
  for (const auto &[name, t] : file)
    names.insert(name);
  std::set<std::string> expected = {
      "bert.embeddings.word_embeddings.weight", "bert.embeddings.position_embeddings.weight",
      "bert.embeddings.token_type_embeddings.weight", "bert.embeddings.LayerNorm.weight",
      "bert.embeddings.LayerNorm.bias", "bert.pooler.dense.weight", "bert.pooler.dense.bias",
      "cls.predictions.transform.dense.weight", "cls.predictions.transform.dense.bias",
      "cls.predictions.transform.LayerNorm.weight", "cls.predictions.transform.LayerNorm.bias",
      "cls.predictions.bias", "cls.seq_relationship.weight", "cls.seq_relationship.bias"};
  for (int l = 0; l < kLayers; ++l)
    for (const char *suffix :
         {"attention.self.query.weight", "attention.self.query.bias",
          "attention.self.key.weight", "attention.self.key.bias", "attention.self.value.weight",
          "attention.self.value.bias", "attention.output.dense.weight",
          "attention.output.dense.bias", "attention.output.LayerNorm.weight",
          "attention.output.LayerNorm.bias", "intermediate.dense.weight",
          "intermediate.dense.bias", "output.dense.weight", "output.dense.bias",
          "output.LayerNorm.weight", "output.LayerNorm.bias"})
      expected.insert("bert.encoder.layer." + std::to_string(l) + "." + suffix);
  // No tied decoder copies: save_pretrained drops them from safetensors too.
  EXPECT_EQ(names, expected);
  EXPECT_EQ(names.size(), 46u);
}

TEST(HfBertNames, LayoutsByValue) {
  const auto v = distinctValues();
  const HfFile file = exportAll(v);

  // Word embeddings and MLM bias: the real vocabulary's rows only.
  const HfTensor &words = file.at("bert.embeddings.word_embeddings.weight");
  EXPECT_EQ(words.shape, (std::vector<int64_t>{kVocab, kHidden}));
  EXPECT_EQ(words.data, std::vector<float>(v.at("wte").begin(),
                                           v.at("wte").begin() + kVocab * kHidden));
  EXPECT_EQ(file.at("cls.predictions.bias").shape, std::vector<int64_t>{kVocab});
  EXPECT_EQ(file.at("cls.predictions.bias").data[kVocab - 1], v.at("head.bias")[kVocab - 1]);
  EXPECT_EQ(file.at("bert.embeddings.token_type_embeddings.weight").data, v.at("tte"));
  EXPECT_EQ(file.at("bert.embeddings.position_embeddings.weight").shape,
            (std::vector<int64_t>{kPositions, kHidden}));

  // torch Linear [out, in] = mtc [in, out] transposed.
  const HfTensor &fc = file.at("bert.encoder.layer.1.intermediate.dense.weight");
  EXPECT_EQ(fc.shape, (std::vector<int64_t>{kFfn, kHidden}));
  for (int64_t in = 0; in < kHidden; ++in)
    for (int64_t out = 0; out < kFfn; ++out)
      ASSERT_EQ(fc.data[out * kHidden + in], v.at("h.1.mlp.c_fc.weight")[in * kFfn + out]);
  const HfTensor &sop = file.at("cls.seq_relationship.weight");
  EXPECT_EQ(sop.shape, (std::vector<int64_t>{2, kHidden}));
  EXPECT_EQ(sop.data[1 * kHidden + 3], v.at("binary_head.weight")[3 * 2 + 1]);

  // query/key/value: their own head columns of c_attn, transposed.
  const char *parts[] = {"query", "key", "value"};
  for (int l = 0; l < kLayers; ++l) {
    const std::string layer = "bert.encoder.layer." + std::to_string(l) + ".attention.self.";
    const std::vector<float> &w = v.at("h." + std::to_string(l) + ".attn.c_attn.weight");
    const std::vector<float> &b = v.at("h." + std::to_string(l) + ".attn.c_attn.bias");
    for (int part = 0; part < 3; ++part) {
      const HfTensor &weight = file.at(layer + parts[part] + ".weight");
      const HfTensor &bias = file.at(layer + parts[part] + ".bias");
      ASSERT_EQ(weight.shape, (std::vector<int64_t>{kHidden, kHidden}));
      ASSERT_EQ(bias.shape, std::vector<int64_t>{kHidden});
      for (int out = 0; out < kHidden; ++out) {
        const int64_t column = megatronColumn(part, out / kHeadDim, out % kHeadDim);
        ASSERT_EQ(bias.data[out], b[column]) << layer << parts[part] << " " << out;
        for (int in = 0; in < kHidden; ++in)
          ASSERT_EQ(weight.data[out * kHidden + in], w[in * 3 * kHidden + column])
              << layer << parts[part] << " [" << out << ", " << in << "]";
      }
    }
  }
}

TEST(HfBertNames, RoundTripRestoresEveryParamAndZeroesPaddingRows) {
  const auto v = distinctValues();
  const HfFile file = exportAll(v);
  for (const auto &[name, shape] : bertShapes()) {
    std::vector<float> back;
    ASSERT_TRUE(fromHfBert(name, shape, bertModel(), readerOf(file), &back)) << name;
    std::vector<float> expected = v.at(name);
    if (name == "wte" || name == "head.bias") // padding rows come back as zeros
      std::fill(expected.begin() + elements(shape) / kPadded * kVocab, expected.end(), 0.f);
    EXPECT_EQ(back, expected) << name;
  }
}

TEST(HfBertNames, AcceptsWhatHuggingFacesLoaderAccepts) {
  const auto v = distinctValues();
  HfFile hf = exportAll(v);
  // A BertModel's file (no "bert." prefix) with TensorFlow's gamma/beta.
  HfFile renamed;
  for (auto &[name, t] : hf) {
    std::string n = name.rfind("bert.", 0) == 0 ? name.substr(5) : name;
    if (n.find(".LayerNorm.weight") != std::string::npos)
      n.replace(n.size() - 6, 6, "gamma");
    else if (n.find(".LayerNorm.bias") != std::string::npos)
      n.replace(n.size() - 4, 4, "beta");
    renamed[n] = t;
  }
  ASSERT_TRUE(renamed.count("encoder.layer.0.attention.output.LayerNorm.gamma"));
  const auto shapes = bertShapes();
  for (const char *name : {"h.0.ln_1.weight", "emb_ln.bias", "h.1.attn.c_attn.weight", "wpe"}) {
    std::vector<float> back;
    ASSERT_TRUE(fromHfBert(name, shapes.at(name), bertModel(), readerOf(renamed), &back))
        << name;
    EXPECT_EQ(back, v.at(name)) << name;
  }
  // A table with the padded vocabulary's rows is accepted; its padding rows
  // come back zero, like a vocab_size table's (they are no token's).
  HfFile padded = hf;
  padded["bert.embeddings.word_embeddings.weight"] = {"", {kPadded, kHidden}, v.at("wte")};
  std::vector<float> back;
  ASSERT_TRUE(fromHfBert("wte", shapes.at("wte"), bertModel(), readerOf(padded), &back));
  std::vector<float> zeroPadded = v.at("wte");
  std::fill(zeroPadded.begin() + kVocab * kHidden, zeroPadded.end(), 0.f);
  EXPECT_EQ(back, zeroPadded);
  // A tied decoder copy equal to the embeddings is fine.
  hf["cls.predictions.decoder.weight"] = hf.at("bert.embeddings.word_embeddings.weight");
  hf["cls.predictions.decoder.bias"] = hf.at("cls.predictions.bias");
  EXPECT_TRUE(fromHfBert("wte", shapes.at("wte"), bertModel(), readerOf(hf), &back));
  EXPECT_TRUE(fromHfBert("head.bias", shapes.at("head.bias"), bertModel(), readerOf(hf), &back));
}

std::string errorOf(const std::string &name, const HfFile &file) {
  std::vector<float> out;
  try {
    fromHfBert(name, bertShapes().at(name), bertModel(), readerOf(file), &out);
  } catch (const FormatError &e) {
    return e.what();
  }
  return "";
}

TEST(HfBertNames, RefusesWhatItCannotLoadFaithfully) {
  const HfFile good = exportAll(distinctValues());
  std::vector<float> out = {42.f};
  EXPECT_FALSE(fromHfBert("pooler.dense.weight", {kHidden, kHidden}, bertModel(),
                          readerOf(HfFile{}), &out));
  EXPECT_EQ(out, std::vector<float>{42.f}); // untouched when absent

  HfFile untied = good;
  untied["cls.predictions.decoder.weight"] = good.at("bert.embeddings.word_embeddings.weight");
  untied["cls.predictions.decoder.weight"].data[3] += 1;
  EXPECT_NE(errorOf("wte", untied).find("'cls.predictions.decoder.weight' differs"),
            std::string::npos)
      << errorOf("wte", untied);

  HfFile partial = good;
  partial.erase("bert.encoder.layer.1.attention.self.value.bias");
  EXPECT_NE(errorOf("h.1.attn.c_attn.bias", partial)
                .find("'bert.encoder.layer.1.attention.self.value.bias' is missing"),
            std::string::npos);

  HfFile square = good; // [in, out] stored untransposed: [4, 6] instead of [6, 4]
  square["bert.encoder.layer.0.intermediate.dense.weight"].shape = {kHidden, kFfn};
  EXPECT_EQ(errorOf("h.0.mlp.c_fc.weight", square),
            "tensor 'bert.encoder.layer.0.intermediate.dense.weight' has shape [4, 6], param "
            "'h.0.mlp.c_fc.weight' needs [6, 4]");

  HfFile vocab = good;
  vocab["cls.predictions.bias"].shape = {kVocab + 1};
  EXPECT_NE(errorOf("head.bias", vocab).find("needs [5]"), std::string::npos);

  pb::Model threeHeads = bertModel();
  threeHeads.set_heads(3);
  EXPECT_THROW(fromHfBert("h.0.attn.c_attn.bias", {3 * kHidden}, threeHeads, readerOf(good),
                          &out),
               FormatError);
}

// The tiny runtime plan as a BERT: its embedding layer norm renamed, heads 2,
// and the other BERT params added (no step reads them; export and import do).
pb::Plan tinyBertPlan() {
  pb::Plan plan = testing::makeTinyPlan();
  const int64_t h = testing::TinyDims{}.hidden;
  pb::Model *m = plan.mutable_model();
  m->set_arch("bert");
  m->set_heads(2);
  m->set_layers(1);
  plan.mutable_params(testing::kLnGamma)->set_name("emb_ln.weight");
  plan.mutable_params(testing::kLnBeta)->set_name("emb_ln.bias");
  auto add = [&](const std::string &name, std::vector<int64_t> shape) {
    testing::appendParam(plan, name, shape);
  };
  add("tte", {2, h});
  add("h.0.attn.c_attn.weight", {h, 3 * h});
  add("h.0.attn.c_attn.bias", {3 * h});
  add("h.0.attn.c_proj.weight", {h, h});
  add("h.0.ln_1.weight", {h});
  add("h.0.mlp.c_fc.weight", {h, 2 * h});
  add("head.bias", {testing::TinyDims{}.paddedVocab});
  add("binary_head.weight", {h, 2});
  return plan;
}

TEST(HfBertNames, SafetensorsExportAndImportUseThemForBertPlans) {
  const testing::TinyDims dims;
  fs::path dir = fs::temp_directory_path() / "mtc_hf_bert_names_test";
  fs::create_directories(dir);
  const std::string file = (dir / "bert.safetensors").string();

  Executor source(tinyBertPlan(), {});
  exportSafetensors(file, source);
  SafetensorsFile parsed(file);
  EXPECT_EQ(parsed.metadata().at("mtc_names"), "BertForPreTraining");
  EXPECT_EQ(parsed.names().size(), 16u); // 12 params, c_attn's two as three each
  EXPECT_EQ(parsed.entry("bert.embeddings.word_embeddings.weight").shape,
            (std::vector<int64_t>{dims.vocab, dims.hidden}));
  EXPECT_EQ(parsed.entry("bert.encoder.layer.0.attention.self.key.weight").shape,
            (std::vector<int64_t>{dims.hidden, dims.hidden}));
  EXPECT_FALSE(parsed.contains("wte"));

  ExecutorOptions other;
  other.seed = 99;
  Executor target(tinyBertPlan(), other);
  std::string report;
  EXPECT_EQ(importSafetensors(file, target, &report), 12);
  EXPECT_NE(report.find("BertForPreTraining's names"), std::string::npos) << report;
  for (int id = 0; id < source.numParams(); ++id) {
    int64_t n = source.paramElements(id);
    const std::string &name = source.paramInfo(id).name();
    if (name == "wte" || name == "head.bias") { // padding rows zeroed
      const int64_t real = n / dims.paddedVocab * dims.vocab;
      for (int64_t i = real; i < n; ++i)
        ASSERT_EQ(target.param(id)[i], 0.f) << name << " " << i;
      n = real;
    }
    for (int64_t i = 0; i < n; ++i)
      ASSERT_EQ(target.param(id)[i], source.param(id)[i]) << name << " " << i;
  }

  // Gradients: the same names and layouts.
  const int fc = source.findParam("h.0.mlp.c_fc.weight");
  for (int64_t i = 0; i < source.paramElements(fc); ++i)
    source.grad(fc)[i] = static_cast<float>(i);
  exportGradients(file, source);
  std::vector<float> g = SafetensorsFile(file).read("bert.encoder.layer.0.intermediate.dense.weight");
  // HF [out, in] = [16, 8]: element [out 3, in 1] is mtc's [1, 3].
  EXPECT_EQ(g[3 * dims.hidden + 1], static_cast<float>(1 * 2 * dims.hidden + 3));
  fs::remove_all(dir);
}

TEST(HfBertNames, ImportFillsATensorParallelSliceOfCAttn) {
  // Tensor rank 0 of 2 holds head 0: its q, k and v columns in Megatron's order.
  const int64_t h = testing::TinyDims{}.hidden, headDim = h / 2;
  pb::Plan plan = tinyBertPlan();
  for (pb::Param &p : *plan.mutable_params())
    if (p.name() == "h.0.attn.c_attn.weight") {
      p.set_shape(1, 3 * h / 2);
      p.set_tensor_split(true);
      p.set_split_dim(1);
    }
  fs::path dir = fs::temp_directory_path() / "mtc_hf_bert_slice_test";
  fs::create_directories(dir);
  const std::string file = (dir / "bert.safetensors").string();
  // The whole model's file (an import takes every param or none), with
  // query/key/value [out, in] holding part * 1000 + out * 10 + in.
  {
    Executor whole(tinyBertPlan(), {});
    exportSafetensors(file, whole);
  }
  SafetensorsFile exported(file);
  std::map<std::string, std::vector<float>> data;
  for (const std::string &name : exported.names())
    data[name] = exported.read(name);
  const char *parts[] = {"query", "key", "value"};
  for (int part = 0; part < 3; ++part) {
    std::vector<float> &w =
        data[std::string("bert.encoder.layer.0.attention.self.") + parts[part] + ".weight"];
    for (int64_t out = 0; out < h; ++out)
      for (int64_t in = 0; in < h; ++in)
        w[out * h + in] = static_cast<float>(part * 1000 + out * 10 + in);
  }
  std::vector<TensorView> views;
  for (const auto &[name, values] : data)
    views.push_back({name, exported.entry(name).shape, values.data()});
  writeSafetensors(file, views);
  Executor e(plan, {});
  EXPECT_EQ(importSafetensors(file, e), plan.params_size());
  const int id = e.findParam("h.0.attn.c_attn.weight");
  for (int64_t in = 0; in < h; ++in)
    for (int part = 0; part < 3; ++part)
      for (int64_t d = 0; d < headDim; ++d)
        ASSERT_EQ(e.param(id)[in * (3 * h / 2) + part * headDim + d],
                  static_cast<float>(part * 1000 + d * 10 + in))
            << "in " << in << " part " << part << " d " << d;
  fs::remove_all(dir);
}

TEST(HfBertNames, MtcNamedFilesStillLoadIntoBertPlans) {
  fs::path dir = fs::temp_directory_path() / "mtc_hf_bert_mtc_names_test";
  fs::create_directories(dir);
  const std::string file = (dir / "mtc.safetensors").string();
  const int64_t h = testing::TinyDims{}.hidden;
  std::vector<float> pooler(h * h);
  for (size_t i = 0; i < pooler.size(); ++i)
    pooler[i] = static_cast<float>(i);
  // "pooler.dense.weight" is also a BertModel name: in a file of mtc names it
  // stays mtc's [in, out].
  pb::Plan plan = tinyBertPlan();
  testing::appendParam(plan, "pooler.dense.weight", {h, h});
  // Every param under its mtc name (all or nothing), the pooler's coded.
  Executor source(plan, {});
  std::vector<TensorView> views;
  for (int id = 0; id < source.numParams(); ++id) {
    const pb::Param &param = source.paramInfo(id);
    views.push_back({param.name(), {param.shape().begin(), param.shape().end()},
                     param.name() == "pooler.dense.weight" ? pooler.data() : source.param(id)});
  }
  writeSafetensors(file, views);
  Executor e(plan, {});
  std::string report;
  EXPECT_EQ(importSafetensors(file, e, &report), plan.params_size());
  EXPECT_EQ(report.find("BertForPreTraining"), std::string::npos) << report;
  const int id = e.findParam("pooler.dense.weight");
  EXPECT_EQ(std::vector<float>(e.param(id), e.param(id) + h * h), pooler);
  fs::remove_all(dir);
}

} // namespace
} // namespace mtc::runtime
