//===- BuildModelTest.cpp - the model builder's output --------------------===//
#include "mtc/Import/ModelBuilder.h"
#include "mtc/MtcDialect.h"
#include "mtc/MtcOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include <cmath>
#include <gtest/gtest.h>

using namespace mlir;
using namespace mtc;

namespace {
ModelConfig tinyGpt() {
  ModelConfig c;
  c.name = "tiny";
  c.layers = 3;
  c.hidden = 64;
  c.heads = 4;
  c.vocab = 100;
  c.positions = 32;
  c.seq = 16;
  c.microBatch = 2;
  return c;
}

int64_t countParams(ModuleOp module) {
  int64_t n = 0;
  for (ParamOp p : module.getOps<ParamOp>())
    n += p.getNumElements();
  return n;
}

template <typename OpT> int64_t countOps(ModuleOp module) {
  int64_t n = 0;
  module.walk([&](OpT) { ++n; });
  return n;
}

/// Per layer 12h^2 + 13h (QKV, projection, two MLP matrices, their biases and
/// two norms), for an FFN of 4h.
int64_t layerParams(int64_t h) { return 12 * h * h + 13 * h; }

TEST(BuildModel, TinyGptVerifiesWithExpectedShapes) {
  MLIRContext ctx;
  ModelConfig c = tinyGpt();
  OwningOpRef<ModuleOp> module = buildModel(ctx, c);
  ASSERT_TRUE(module);
  ASSERT_TRUE(succeeded(verify(*module)));

  ModelAttr model = getModelAttr(*module);
  ASSERT_TRUE(model);
  EXPECT_EQ(model.getName(), "tiny");
  EXPECT_EQ(model.getArch(), "gpt");
  EXPECT_EQ(model.getLayers(), 3);
  EXPECT_EQ(model.getFfn(), 256);
  EXPECT_EQ(model.getPaddedVocab(), 100);
  EXPECT_EQ(model.getSeq(), 16);
  EXPECT_EQ(model.getMicroBatch(), 2);

  // Tied output layer: wte, wpe and ln_f outside the layers.
  int64_t h = 64;
  EXPECT_EQ(countParams(*module), 3 * layerParams(h) + (100 + 32) * h + 2 * h);
  EXPECT_EQ(countOps<LayerOp>(*module), 3);
  EXPECT_EQ(countOps<AttentionOp>(*module), 3);
  EXPECT_EQ(countOps<CrossEntropyOp>(*module), 1);
  // Default dropout 0.1: after the embedding and twice per layer.
  EXPECT_EQ(countOps<DropoutOp>(*module), 1 + 2 * 3);

  auto forward = module->lookupSymbol<func::FuncOp>("forward");
  ASSERT_TRUE(forward);
  auto tokens = llvm::cast<RankedTensorType>(forward.getArgumentTypes()[0]);
  EXPECT_EQ(tokens.getShape(), (ArrayRef<int64_t>{2, 16}));
  EXPECT_TRUE(tokens.getElementType().isInteger(32));

  int64_t index = 0;
  module->walk([&](LayerOp layer) {
    EXPECT_EQ(layer.getIndex(), static_cast<uint64_t>(index));
    EXPECT_EQ(layer.getLayerName(), "h." + std::to_string(index));
    auto type = llvm::cast<RankedTensorType>(layer.getResult(0).getType());
    EXPECT_EQ(type.getShape(), (ArrayRef<int64_t>{2, 16, 64}));
    ++index;
  });
  module->walk([&](AttentionOp attn) {
    EXPECT_TRUE(attn.getCausal());
    EXPECT_EQ(attn.getHeads(), 4u);
    EXPECT_EQ(attn.getHeadDim(), 16u);
    EXPECT_DOUBLE_EQ(attn.getScale().convertToDouble(), 0.25);
  });
}

TEST(BuildModel, InitAndWeightDecayFollowMegatron) {
  MLIRContext ctx;
  ModelConfig c = tinyGpt();
  c.initStd = 0.02;
  OwningOpRef<ModuleOp> module = buildModel(ctx, c);
  auto param = [&](StringRef name) { return module->lookupSymbol<ParamOp>(name); };
  ASSERT_TRUE(param("h.0.attn.c_attn.weight"));
  EXPECT_EQ(param("h.0.attn.c_attn.weight").getInit(), InitKind::normal);
  EXPECT_DOUBLE_EQ(param("h.0.attn.c_attn.weight").getStd()->convertToDouble(), 0.02);
  // Output projections: 0.02 / sqrt(2 * 3 layers).
  double scaled = 0.02 / std::sqrt(6.0);
  EXPECT_DOUBLE_EQ(param("h.2.attn.c_proj.weight").getStd()->convertToDouble(), scaled);
  EXPECT_DOUBLE_EQ(param("h.2.mlp.c_proj.weight").getStd()->convertToDouble(), scaled);
  EXPECT_FALSE(param("h.0.mlp.c_fc.weight").getNoDecay());
  EXPECT_TRUE(param("h.0.mlp.c_fc.bias").getNoDecay());
  EXPECT_EQ(param("h.0.mlp.c_fc.bias").getInit(), InitKind::zeros);
  EXPECT_TRUE(param("ln_f.weight").getNoDecay());
  EXPECT_EQ(param("ln_f.weight").getInit(), InitKind::ones);
  EXPECT_EQ(param("h.0.mlp.c_fc.weight").getTensorType().getShape(),
            (ArrayRef<int64_t>{64, 256}));
}

TEST(BuildModel, NoDropoutOpsAtRateZero) {
  MLIRContext ctx;
  ModelConfig c = tinyGpt();
  c.hiddenDropout = 0.0;
  c.attentionDropout = 0.0;
  OwningOpRef<ModuleOp> module = buildModel(ctx, c);
  ASSERT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(countOps<DropoutOp>(*module), 0);
  module->walk([](AttentionOp attn) {
    EXPECT_EQ(attn.getDropout().convertToDouble(), 0.0);
    EXPECT_EQ(attn.getStream(), 0u);
  });
}

TEST(BuildModel, SquaredReluTakesGelusPlaces) {
  // HF's "relu2": the MLP's activation, and BERT's MLM head's; no parameters.
  MLIRContext ctx;
  ModelConfig c = tinyGpt();
  int64_t gelu = countParams(*buildModel(ctx, c));
  c.activation = ModelConfig::Activation::SquaredRelu;
  OwningOpRef<ModuleOp> gpt = buildModel(ctx, c);
  ASSERT_TRUE(gpt && succeeded(verify(*gpt)));
  EXPECT_EQ(countOps<SquaredReluOp>(*gpt), 3);
  EXPECT_EQ(countOps<GeluOp>(*gpt), 0);
  EXPECT_EQ(countParams(*gpt), gelu);
  gpt->walk([](SquaredReluOp act) {
    EXPECT_EQ(llvm::cast<RankedTensorType>(act.getType()).getShape(),
              (ArrayRef<int64_t>{2, 16, 256})); // the fc's output, [b, s, 4h]
  });
  c.arch = "bert";
  OwningOpRef<ModuleOp> bert = buildModel(ctx, c);
  ASSERT_TRUE(bert && succeeded(verify(*bert)));
  EXPECT_EQ(countOps<SquaredReluOp>(*bert), 3 + 1);
  EXPECT_EQ(countOps<GeluOp>(*bert), 0);
}

TEST(BuildModel, PaddedVocabularySizesTheTableNotTheLoss) {
  MLIRContext ctx;
  ModelConfig c = tinyGpt();
  c.vocab = 50257;
  c.vocabDivisibleBy = 128;
  c.tensorParallel = 2;
  OwningOpRef<ModuleOp> module = buildModel(ctx, c);
  ASSERT_TRUE(succeeded(verify(*module)));
  auto wte = module->lookupSymbol<ParamOp>("wte");
  ASSERT_TRUE(wte);
  EXPECT_EQ(wte.getTensorType().getShape(), (ArrayRef<int64_t>{50432, 64}));
  EXPECT_EQ(getModelAttr(*module).getPaddedVocab(), 50432);
  module->walk([](CrossEntropyOp ce) {
    EXPECT_EQ(ce.getValidVocab(), 50257u);
    EXPECT_EQ(llvm::cast<RankedTensorType>(ce.getLogits().getType()).getShape().back(), 50432);
  });
}

TEST(BuildModel, BertHasPostNormAndHead) {
  MLIRContext ctx;
  ModelConfig c = tinyGpt();
  c.arch = "bert";
  c.ffn = 128;
  OwningOpRef<ModuleOp> module = buildModel(ctx, c);
  ASSERT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(getModelAttr(*module).getArch(), "bert");
  int64_t h = 64, f = 128, v = 100, s = 32;
  int64_t layer = (3 * h * h + 3 * h) + (h * h + h) + 2 * h * f + f + h + 4 * h;
  int64_t outside = (v + s + 2 /*token types*/) * h + 2 * h /*emb_ln*/ +
                    (h * h + h) /*head.dense*/ + 2 * h /*head.ln*/ + v /*head.bias*/ +
                    (h * h + h) /*pooler*/ + (2 * h + 2) /*binary head*/;
  EXPECT_EQ(countParams(*module), 3 * layer + outside);
  EXPECT_TRUE(module->lookupSymbol<ParamOp>("emb_ln.weight"));
  EXPECT_TRUE(module->lookupSymbol<ParamOp>("head.bias"));
  EXPECT_FALSE(module->lookupSymbol<ParamOp>("ln_f.weight"));
  module->walk([](AttentionOp attn) {
    EXPECT_FALSE(attn.getCausal());
    EXPECT_TRUE(attn.getLengths()); // padding is masked
  });
  // Two terms: masked LM over the vocabulary, sentence order over 2 classes.
  auto fn = module->lookupSymbol<func::FuncOp>("forward");
  ASSERT_TRUE(fn);
  EXPECT_EQ(fn.getNumResults(), 2u);
  EXPECT_EQ(inputRole(fn, 4), "sentence_labels");

  // Megatron's --bert-no-binary-head: no pooler, one loss.
  c.binaryHead = false;
  OwningOpRef<ModuleOp> lmOnly = buildModel(ctx, c);
  ASSERT_TRUE(succeeded(verify(*lmOnly)));
  EXPECT_EQ(countParams(*lmOnly), 3 * layer + outside - (h * h + h) - (2 * h + 2));
  EXPECT_EQ(lmOnly->lookupSymbol<func::FuncOp>("forward").getNumResults(), 1u);
}

TEST(BuildModel, Gpt2SmallHasTheKnownCount) {
  MLIRContext ctx;
  ModelConfig c;
  c.name = "gpt2";
  c.layers = 12;
  c.hidden = 768;
  c.heads = 12;
  c.vocab = 50257;
  c.positions = 1024;
  OwningOpRef<ModuleOp> module = buildModel(ctx, c);
  ASSERT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(countParams(*module), 124439808);
}
} // namespace
