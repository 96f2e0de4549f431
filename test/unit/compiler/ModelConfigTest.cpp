//===- ModelConfigTest.cpp - readHuggingFaceConfig, validate, paddedVocab -===//
#include "LlvmErrorOf.h"
#include "mtc/Import/ModelBuilder.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <gtest/gtest.h>
#include <vector>

using namespace mtc;
using mtc::testing::errorOf;

namespace {
/// A config file in a fresh temporary folder, removed with the object; the
/// folder lets a test choose the file's name (the model name defaults to it).
class TempConfig {
public:
  TempConfig(llvm::StringRef fileName, llvm::StringRef text) {
    llvm::SmallString<128> dir;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("mtc-unit", dir));
    folder = dir.str().str();
    llvm::SmallString<128> file(dir);
    llvm::sys::path::append(file, fileName);
    path = file.str().str();
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    EXPECT_FALSE(ec) << ec.message();
    os << text;
  }
  ~TempConfig() {
    llvm::sys::fs::remove(path);
    llvm::sys::fs::remove(folder);
  }
  std::string path, folder;
};

ModelConfig gpt2Small() {
  ModelConfig c;
  c.layers = 12;
  c.hidden = 768;
  c.heads = 12;
  c.vocab = 50257;
  c.positions = 1024;
  return c;
}

TEST(ReadHuggingFaceConfig, Gpt2Keys) {
  TempConfig file("gpt2-small.json", R"({"model_type": "gpt2", "n_layer": 12, "n_embd": 768,
      "n_head": 12, "n_positions": 1024, "vocab_size": 50257, "n_inner": null,
      "resid_pdrop": 0.0, "attn_pdrop": 0.25, "layer_norm_epsilon": 1e-6,
      "initializer_range": 0.01})");
  auto c = readHuggingFaceConfig(file.path);
  ASSERT_TRUE(bool(c)) << errorOf(c);
  EXPECT_EQ(c->name, "gpt2-small"); // the file's stem
  EXPECT_EQ(c->arch, "gpt");
  EXPECT_EQ(c->layers, 12);
  EXPECT_EQ(c->hidden, 768);
  EXPECT_EQ(c->heads, 12);
  EXPECT_EQ(c->vocab, 50257);
  EXPECT_EQ(c->positions, 1024);
  EXPECT_EQ(c->ffnSize(), 4 * 768); // n_inner null: 4h
  EXPECT_EQ(c->seqLength(), 1024);  // no seq_length: all positions
  EXPECT_DOUBLE_EQ(c->hiddenDropout, 0.0);
  EXPECT_DOUBLE_EQ(c->attentionDropout, 0.25);
  EXPECT_DOUBLE_EQ(c->layerNormEps, 1e-6);
  EXPECT_DOUBLE_EQ(c->initStd, 0.01);
  EXPECT_FALSE(c->validate());
}

TEST(ReadHuggingFaceConfig, BertKeys) {
  TempConfig file("bert.json", R"({"model_type": "bert", "num_hidden_layers": 24,
      "hidden_size": 1024, "num_attention_heads": 16, "intermediate_size": 4096,
      "vocab_size": 30522, "max_position_embeddings": 512,
      "hidden_dropout_prob": 0.2, "attention_probs_dropout_prob": 0.3,
      "layer_norm_eps": 1e-12})");
  auto c = readHuggingFaceConfig(file.path);
  ASSERT_TRUE(bool(c)) << errorOf(c);
  EXPECT_EQ(c->arch, "bert");
  EXPECT_EQ(c->layers, 24);
  EXPECT_EQ(c->hidden, 1024);
  EXPECT_EQ(c->heads, 16);
  EXPECT_EQ(c->ffnSize(), 4096);
  EXPECT_EQ(c->vocab, 30522);
  EXPECT_EQ(c->positions, 512);
  EXPECT_DOUBLE_EQ(c->hiddenDropout, 0.2);
  EXPECT_DOUBLE_EQ(c->attentionDropout, 0.3);
  EXPECT_DOUBLE_EQ(c->layerNormEps, 1e-12);
}

TEST(ReadHuggingFaceConfig, BertDetectedByKeysAlone) {
  TempConfig file("b.json", R"({"num_hidden_layers": 2, "hidden_size": 64,
      "num_attention_heads": 2, "vocab_size": 100, "max_position_embeddings": 32})");
  auto c = readHuggingFaceConfig(file.path);
  ASSERT_TRUE(bool(c)) << errorOf(c);
  EXPECT_EQ(c->arch, "bert");
}

TEST(ReadHuggingFaceConfig, NameSeqAndAlternativeKeys) {
  TempConfig file("x.json", R"({"name": "custom", "num_layers": 3, "n_embd": 64,
      "n_head": 4, "padded_vocab_size": 512, "n_ctx": 128, "seq_length": 64,
      "ffn_hidden_size": 100, "ignored_key": [1, 2, 3]})");
  auto c = readHuggingFaceConfig(file.path);
  ASSERT_TRUE(bool(c)) << errorOf(c);
  EXPECT_EQ(c->name, "custom");
  EXPECT_EQ(c->layers, 3);
  EXPECT_EQ(c->vocab, 512);
  EXPECT_EQ(c->positions, 128);
  EXPECT_EQ(c->seqLength(), 64);
  EXPECT_EQ(c->ffnSize(), 100);
}

TEST(ReadHuggingFaceConfig, NegativeInnerSizeMeansDefault) {
  TempConfig file("x.json", R"({"n_layer": 1, "n_embd": 64, "n_head": 4,
      "vocab_size": 10, "n_positions": 8, "n_inner": -1})");
  auto c = readHuggingFaceConfig(file.path);
  ASSERT_TRUE(bool(c)) << errorOf(c);
  EXPECT_EQ(c->ffnSize(), 256);
}

TEST(ReadHuggingFaceConfig, ActivationByItsHuggingFaceName) {
  using Act = ModelConfig::Activation;
  // GPT-2 names it in activation_function, BERT in hidden_act; "relu2" is
  // HF's squared ReLU (Megatron-LM's --squared-relu).
  struct Case {
    const char *arch, *key, *name;
    Act expected;
  };
  for (const Case &k : {Case{"gpt2", "activation_function", "relu2", Act::SquaredRelu},
                        Case{"gpt2", "activation_function", "gelu_new", Act::GeluTanh},
                        Case{"gpt2", "activation_function", "gelu", Act::GeluExact},
                        Case{"bert", "hidden_act", "relu2", Act::SquaredRelu},
                        Case{"bert", "hidden_act", "gelu_pytorch_tanh", Act::GeluTanh}}) {
    TempConfig file("act.json", std::string(R"({"model_type": ")") + k.arch +
                                    R"(", "n_layer": 1, "n_embd": 64, "n_head": 4,
        "vocab_size": 10, "n_positions": 8, ")" + k.key + R"(": ")" + k.name + R"("})");
    auto c = readHuggingFaceConfig(file.path);
    ASSERT_TRUE(bool(c)) << errorOf(c);
    EXPECT_EQ(c->activation, k.expected) << k.arch << " " << k.name;
  }
}

TEST(ReadHuggingFaceConfig, UnknownActivationIsRefused) {
  // Never replaced by a GeLU: the message lists what is built.
  TempConfig file("swish.json", R"({"model_type": "gpt2", "n_layer": 1, "n_embd": 64,
      "n_head": 4, "vocab_size": 10, "n_positions": 8, "activation_function": "swish"})");
  auto c = readHuggingFaceConfig(file.path);
  ASSERT_FALSE(bool(c));
  EXPECT_NE(errorOf(c).find("swish.json': activation_function 'swish' is not supported "
                            "(gelu, gelu_new, gelu_pytorch_tanh or relu2)"),
            std::string::npos);
  // LLaMA's MLP is SwiGLU: its hidden_act must be silu, relu2 included.
  TempConfig llama("llama.json", R"({"model_type": "llama", "num_hidden_layers": 1,
      "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 10,
      "max_position_embeddings": 8, "hidden_act": "relu2"})");
  auto l = readHuggingFaceConfig(llama.path);
  ASSERT_FALSE(bool(l));
  EXPECT_NE(errorOf(l).find("hidden_act 'relu2' (SwiGLU uses silu); not supported"),
            std::string::npos);
}

TEST(ReadHuggingFaceConfig, MissingFileNamesIt) {
  auto c = readHuggingFaceConfig("/nonexistent/mtc/config.json");
  ASSERT_FALSE(bool(c));
  std::string msg = errorOf(c);
  EXPECT_NE(msg.find("cannot read '/nonexistent/mtc/config.json'"), std::string::npos) << msg;
}

TEST(ReadHuggingFaceConfig, BadJsonNamesFileAndPlace) {
  TempConfig file("bad.json", "{\"n_layer\": 2,\n \"n_embd\": }");
  auto c = readHuggingFaceConfig(file.path);
  ASSERT_FALSE(bool(c));
  std::string msg = errorOf(c);
  EXPECT_NE(msg.find("bad.json' is not valid JSON"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[2:"), std::string::npos) << msg; // the line of the fault
}

TEST(ReadHuggingFaceConfig, NotAnObject) {
  TempConfig file("list.json", "[1, 2, 3]");
  auto c = readHuggingFaceConfig(file.path);
  ASSERT_FALSE(bool(c));
  EXPECT_NE(errorOf(c).find("must hold a JSON object"), std::string::npos);
}

TEST(ReadHuggingFaceConfig, MissingKeys) {
  // n_positions absent; and a size given as a string is not a size.
  for (const char *text :
       {R"({"n_layer": 2, "n_embd": 64, "n_head": 4, "vocab_size": 100})",
        R"({"n_layer": "2", "n_embd": 64, "n_head": 4, "vocab_size": 100, "n_positions": 8})",
        "{}"}) {
    TempConfig file("partial.json", text);
    auto c = readHuggingFaceConfig(file.path);
    ASSERT_FALSE(bool(c)) << text;
    std::string msg = errorOf(c);
    EXPECT_NE(msg.find("partial.json' has no integer '"), std::string::npos) << msg;
  }
}

TEST(ModelConfigValidate, AcceptsGpt2) { EXPECT_EQ(errorOf(gpt2Small().validate()), "(no error)"); }

TEST(ModelConfigValidate, NamesTheBadNumber) {
  struct Case {
    std::function<void(ModelConfig &)> change;
    std::string message;
  };
  std::vector<Case> cases = {
      {[](ModelConfig &c) { c.arch = "t5"; }, "architecture must be 'gpt', 'bert' or 'llama', got 't5'"},
      {[](ModelConfig &c) { c.layers = 0; }, "layers must be at least 1, got 0"},
      {[](ModelConfig &c) { c.hidden = -8; }, "hidden size must be at least 1, got -8"},
      {[](ModelConfig &c) { c.heads = 0; }, "attention heads must be at least 1, got 0"},
      {[](ModelConfig &c) { c.vocab = 0; }, "vocabulary size must be at least 1, got 0"},
      {[](ModelConfig &c) { c.positions = 0; }, "positions must be at least 1, got 0"},
      {[](ModelConfig &c) { c.microBatch = 0; }, "micro-batch must be at least 1, got 0"},
      {[](ModelConfig &c) { c.tensorParallel = -1; },
       "tensor-parallel size must be at least 1, got -1"},
      {[](ModelConfig &c) { c.heads = 5; },
       "hidden size 768 is not divisible by the 5 attention heads"},
      {[](ModelConfig &c) { c.seq = 2048; }, "sequence length 2048 must be in [1, 1024] positions"},
      {[](ModelConfig &c) { c.seq = -4; }, "sequence length -4 must be in [1, 1024] positions"},
      {[](ModelConfig &c) { c.hiddenDropout = 1.0; },
       "hidden dropout (resid_pdrop, hidden_dropout_prob, --hidden-dropout) must be in [0, 1), "
       "got 1"},
      {[](ModelConfig &c) { c.attentionDropout = -0.1; },
       "attention dropout (attn_pdrop, attention_probs_dropout_prob, attention_dropout, "
       "--attention-dropout) must be in [0, 1), got -0.1"},
  };
  for (const Case &test : cases) {
    ModelConfig c = gpt2Small();
    test.change(c);
    EXPECT_EQ(errorOf(c.validate()), test.message);
  }
}

TEST(PaddedVocab, MegatronRule) {
  ModelConfig c = gpt2Small();
  EXPECT_EQ(c.paddedVocab(), 50257); // no padding asked for
  c.vocabDivisibleBy = 128;
  EXPECT_EQ(c.paddedVocab(), 50304); // 393 x 128
  c.tensorParallel = 2;
  EXPECT_EQ(c.paddedVocab(), 50432); // 197 x 256
  c.tensorParallel = 8;
  EXPECT_EQ(c.paddedVocab(), 51200); // 50 x 1024: Megatron's 8.3B
  c.vocab = 51200;
  EXPECT_EQ(c.paddedVocab(), 51200); // already a multiple
  c.vocab = 1;
  EXPECT_EQ(c.paddedVocab(), 1024);
  c.vocabDivisibleBy = 0;
  EXPECT_EQ(c.paddedVocab(), 1); // tp alone pads nothing
}
} // namespace
