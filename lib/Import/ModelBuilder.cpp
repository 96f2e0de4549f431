//===- ModelBuilder.cpp - GPT and BERT models in the mtc dialect ----------===//
//
// Parameter names follow GPT-2's checkpoints (wte, wpe, h.N.ln_1.weight,
// h.N.attn.c_attn.weight, ...) so weights travel to and from PyTorch by name.
//
//===----------------------------------------------------------------------===//
#include "mtc/Import/ModelBuilder.h"
#include "mtc/MtcOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <cmath>
#include <sstream>

using namespace mlir;
using namespace mtc;

int64_t ModelConfig::paddedVocab() const {
  if (vocabDivisibleBy <= 0)
    return vocab;
  int64_t multiple = vocabDivisibleBy * tensorParallel;
  return (vocab + multiple - 1) / multiple * multiple;
}

llvm::Error ModelConfig::validate() const {
  auto err = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (arch != "gpt" && arch != "bert" && arch != "llama")
    return err("architecture must be 'gpt', 'bert' or 'llama', got '" + arch + "'");
  for (auto [what, value] :
       {std::pair<const char *, int64_t>{"layers", layers}, {"hidden size", hidden},
        {"attention heads", heads}, {"vocabulary size", vocab},
        {"positions", positions}, {"micro-batch", microBatch},
        {"tensor-parallel size", tensorParallel}})
    if (value < 1)
      return err(llvm::Twine(what) + " must be at least 1, got " +
                 llvm::Twine(value));
  // Bounds that keep every size, product and parameter count in 64 bits.
  constexpr int64_t kMaxSize = int64_t(1) << 24, kMaxLayers = int64_t(1) << 16;
  for (auto [what, value] :
       {std::pair<const char *, int64_t>{"hidden size", hidden},
        {"attention heads", heads}, {"FFN size", ffnSize()},
        {"vocabulary size", vocab}, {"positions", positions},
        {"micro-batch", microBatch}, {"padding multiple", vocabDivisibleBy}})
    if (value > kMaxSize)
      return err(llvm::Twine(what) + " " + llvm::Twine(value) +
                 " exceeds the supported " + llvm::Twine(kMaxSize));
  if (layers > kMaxLayers)
    return err("layers " + llvm::Twine(layers) + " exceed the supported " +
               llvm::Twine(kMaxLayers));
  if (ffn < 0)
    return err("FFN size must be positive (or 0 for 4 x hidden), got " +
               llvm::Twine(ffn));
  if (vocabDivisibleBy < 0)
    return err("the vocabulary padding multiple must not be negative, got " +
               llvm::Twine(vocabDivisibleBy));
  if (hidden % heads != 0)
    return err("hidden size " + llvm::Twine(hidden) +
               " is not divisible by the " + llvm::Twine(heads) +
               " attention heads");
  if (seqLength() > positions || seqLength() < 1)
    return err("sequence length " + llvm::Twine(seqLength()) +
               " must be in [1, " + llvm::Twine(positions) + "] positions");
  // BERT samples have two segments ([CLS] A [SEP] and B [SEP]).
  if (typeVocab < (arch == "bert" ? 2 : 1) || typeVocab > kMaxSize)
    return err("token types (type_vocab_size) must be in [" + llvm::Twine(arch == "bert" ? 2 : 1) +
               ", " + llvm::Twine(kMaxSize) + "], got " + llvm::Twine(typeVocab));
  if (arch == "llama") {
    if (keyValueHeads() < 1 || heads % keyValueHeads() != 0)
      return err("key/value heads (" + llvm::Twine(keyValueHeads()) +
                 ") must divide the " + llvm::Twine(heads) + " attention heads");
    if ((hidden / heads) % 2 != 0)
      return err("head size " + llvm::Twine(hidden / heads) +
                 " is odd: rotary embeddings rotate pairs of dimensions");
    if (!(ropeTheta > 1.0) || !std::isfinite(ropeTheta))
      return err("rope_theta must be finite and greater than 1, got " + std::to_string(ropeTheta));
  } else if (keyValueHeads() != heads || !tiedEmbeddings) {
    return err("grouped-query attention and an untied output layer are LLaMA "
               "features (arch 'llama')");
  }
  if (experts != 0) {
    if (arch != "llama")
      return err("mixtures of experts are built for the LLaMA family (SwiGLU experts), not '" +
                 llvm::Twine(arch) + "'");
    if (experts < 1 || experts > kMaxSize)
      return err("the number of experts must be in [1, " + llvm::Twine(kMaxSize) + "], got " +
                 llvm::Twine(experts));
    if (topk < 1 || topk > experts)
      return err("top-k routing (num_experts_per_tok, --moe-router-topk) must pick between 1 "
                 "and the " + llvm::Twine(experts) + " experts, got " + llvm::Twine(topk));
  } else if (moeAuxLossCoeff != 0 || capacityFactor != 0 || dropByPosition) {
    return err("a load-balancing loss, capacity factor or drop policy needs experts "
               "(--num-experts)");
  }
  if (!(moeAuxLossCoeff >= 0) || !std::isfinite(moeAuxLossCoeff))
    return err("the load-balancing loss coefficient must be finite and not negative, got " +
               std::to_string(moeAuxLossCoeff));
  if (!(capacityFactor >= 0) || !std::isfinite(capacityFactor))
    return err("the expert capacity factor must be finite and not negative (0: no dropping), "
               "got " + std::to_string(capacityFactor));
  if (!(layerNormEps > 0.0) || !std::isfinite(layerNormEps))
    return err("the normalization epsilon must be positive and finite, got " +
               std::to_string(layerNormEps));
  // Every parameter's normal initialization (the mtc.param verifier's rule).
  if (!(initStd > 0.0) || !std::isfinite(initStd))
    return err("the initialization standard deviation (initializer_range) must be positive "
               "and finite, got " + std::to_string(initStd));
  // Named by the config keys and the flags that set them.
  for (auto [what, value] :
       {std::pair<const char *, double>{"hidden dropout (resid_pdrop, hidden_dropout_prob, "
                                        "--hidden-dropout)",
                                        hiddenDropout},
        {"attention dropout (attn_pdrop, attention_probs_dropout_prob, attention_dropout, "
         "--attention-dropout)",
         attentionDropout}})
    if (!(value >= 0 && value < 1)) {
      std::ostringstream shown; // 1.5, not to_string's 1.500000
      shown << value;
      return err(llvm::Twine(what) + " must be in [0, 1), got " + shown.str());
    }
  return llvm::Error::success();
}

llvm::Expected<ModelConfig> mtc::readHuggingFaceConfig(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read '" + path + "': " +
                                       buffer.getError().message());
  // llvm::json::parse recurses once per nesting level: a deeply nested file
  // would overflow the stack. A config is a flat object (its deepest values,
  // rope_scaling's, nest 2 levels); refuse anything nested beyond 64.
  // (runtime/io/JsonDepth.h's scan; lib/ does not include the runtime.)
  {
    constexpr int kMaxDepth = 64;
    int depth = 0;
    bool inString = false, escaped = false;
    for (char ch : (*buffer)->getBuffer()) {
      if (inString) {
        if (escaped)
          escaped = false;
        else if (ch == '\\')
          escaped = true;
        else if (ch == '"')
          inString = false;
      } else if (ch == '"') {
        inString = true;
      } else if (ch == '[' || ch == '{') {
        if (++depth > kMaxDepth)
          return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                         "'" + path + "' nests JSON arrays or objects more than " +
                                             llvm::Twine(kMaxDepth) + " levels deep");
      } else if (ch == ']' || ch == '}') {
        --depth;
      }
    }
  }
  auto json = llvm::json::parse((*buffer)->getBuffer());
  if (!json)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + path + "' is not valid JSON: " +
                                       llvm::toString(json.takeError()));
  const llvm::json::Object *obj = json->getAsObject();
  if (!obj)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + path + "' must hold a JSON object");
  ModelConfig c;
  c.name = llvm::sys::path::stem(path).str();
  if (auto name = obj->getString("name"))
    c.name = name->str();
  auto integer = [&](std::initializer_list<const char *> keys, int64_t &out) {
    for (const char *key : keys)
      if (auto v = obj->getInteger(key)) {
        out = *v;
        return true;
      }
    return false;
  };
  auto number = [&](std::initializer_list<const char *> keys, double &out) {
    for (const char *key : keys)
      if (auto v = obj->getNumber(key)) {
        out = *v;
        return;
      }
  };
  bool bert = obj->get("num_hidden_layers") != nullptr;
  c.arch = bert ? "bert" : "gpt";
  if (auto type = obj->getString("model_type")) {
    // Only the families built here; anything else would be a different
    // model under a familiar name.
    if (*type == "bert")
      c.arch = "bert";
    else if (*type == "gpt2" || *type == "gpt")
      c.arch = "gpt";
    else if (*type == "llama" || *type == "mistral" || *type == "mixtral")
      c.arch = "llama";
    else
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "'" + path + "': model_type '" + *type +
                                         "' is not supported (gpt2, bert, llama, mistral or "
                                         "mixtral)");
  }
  struct Required {
    std::initializer_list<const char *> keys;
    int64_t &out;
  };
  for (const Required &r :
       {Required{{"n_layer", "num_hidden_layers", "num_layers"}, c.layers},
        Required{{"n_embd", "hidden_size"}, c.hidden},
        Required{{"n_head", "num_attention_heads"}, c.heads},
        Required{{"vocab_size", "padded_vocab_size"}, c.vocab},
        Required{{"n_positions", "max_position_embeddings", "n_ctx"},
                 c.positions}})
    if (!integer(r.keys, r.out))
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "'" + path + "' has no integer '" + *r.keys.begin() + "' (or " +
              llvm::join(llvm::drop_begin(r.keys), ", ") + ")");
  integer({"n_inner", "intermediate_size", "ffn_hidden_size"}, c.ffn);
  integer({"seq_length"}, c.seq);
  number({"resid_pdrop", "hidden_dropout_prob"}, c.hiddenDropout);
  number({"attn_pdrop", "attention_probs_dropout_prob"}, c.attentionDropout);
  number({"layer_norm_epsilon", "layer_norm_eps"}, c.layerNormEps);
  number({"initializer_range"}, c.initStd);
  integer({"type_vocab_size"}, c.typeVocab);
  if (c.ffn < 0)
    c.ffn = 0;
  // Keys whose other values make another model: refused, never approximated.
  struct Fixed {
    const char *arch, *key;
    bool value;
  };
  for (const Fixed &f : {Fixed{"gpt", "scale_attn_weights", true},
                         Fixed{"gpt", "scale_attn_by_inverse_layer_idx", false},
                         Fixed{"bert", "is_decoder", false},
                         Fixed{"bert", "add_cross_attention", false}})
    if (auto v = obj->getBoolean(f.key); v && c.arch == f.arch && *v != f.value)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "'" + path + "': " + f.key + " = " +
                                         (*v ? "true" : "false") + " is not supported");
  if (auto type = obj->getString("position_embedding_type");
      type && c.arch == "bert" && *type != "absolute")
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + path + "': position_embedding_type '" + *type +
                                       "' is not supported (absolute)");
  if (c.arch != "llama") {
    // GPT-2 and BERT name their activation differently; each form is built
    // exactly, anything else is refused rather than replaced by a GeLU.
    const char *key = c.arch == "bert" ? "hidden_act" : "activation_function";
    if (auto act = obj->getString(key)) {
      if (*act == "gelu")
        c.activation = ModelConfig::Activation::GeluExact;
      else if (*act == "relu2")
        c.activation = ModelConfig::Activation::SquaredRelu;
      else if (*act != "gelu_new" && *act != "gelu_pytorch_tanh")
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "'" + path + "': " + key + " '" + *act +
                                           "' is not supported (gelu, gelu_new, "
                                           "gelu_pytorch_tanh or relu2)");
    }
  }
  if (c.arch == "llama")
    if (llvm::Error err = readLlamaKeys(*obj, path, c))
      return std::move(err);
  if (llvm::Error err = readMixtralKeys(*obj, path, c))
    return std::move(err);
  return c;
}

llvm::Error mtc::readMixtralKeys(const llvm::json::Object &obj, llvm::StringRef path,
                                 ModelConfig &c) {
  auto refuse = [&](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + path + "': " + msg + "; not supported");
  };
  const bool mixtral = obj.getString("model_type").value_or("") == "mixtral";
  if (!mixtral) {
    // Expert keys make another model: refused, never dropped.
    for (const char *key : {"num_local_experts", "num_experts_per_tok", "num_experts",
                            "moe_router_topk", "router_aux_loss_coef", "moe_ffn_hidden_size"})
      if (obj.get(key))
        return refuse(llvm::Twine("'") + key + "' outside a model_type 'mixtral' config");
    return llvm::Error::success();
  }
  std::optional<int64_t> experts = obj.getInteger("num_local_experts");
  if (!experts)
    return refuse("a mixtral config without an integer num_local_experts");
  c.experts = *experts;
  c.topk = obj.getInteger("num_experts_per_tok").value_or(2);
  // HF adds the load-balancing loss to the training loss only with
  // output_router_logits; mtc adds Megatron's (docs/moe.md: HF's is k times
  // Megatron's and pools the layers' tokens), with the same coefficient.
  if (obj.getBoolean("output_router_logits").value_or(false))
    c.moeAuxLossCoeff = obj.getNumber("router_aux_loss_coef").value_or(0.001);
  if (obj.getNumber("router_jitter_noise").value_or(0.0) != 0.0)
    return refuse("router_jitter_noise (multiplicative noise on the router's input)");
  return llvm::Error::success();
}

llvm::Error mtc::readLlamaKeys(const llvm::json::Object &obj, llvm::StringRef path,
                               ModelConfig &c) {
  auto refuse = [&](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + path + "': " + msg + "; not supported");
  };
  auto null = [&](const char *key) {
    const llvm::json::Value *v = obj.get(key);
    return !v || v->kind() == llvm::json::Value::Null;
  };
  // LLaMA has no learned positions, no dropout after its layers and, unless
  // configured, an output layer of its own (HF's default).
  c.hiddenDropout = 0.0;
  c.attentionDropout = obj.getNumber("attention_dropout").value_or(0.0);
  c.layerNormEps = obj.getNumber("rms_norm_eps").value_or(1e-6);
  c.ropeTheta = obj.getNumber("rope_theta").value_or(10000.0);
  c.tiedEmbeddings = obj.getBoolean("tie_word_embeddings").value_or(false);
  c.kvHeads = obj.getInteger("num_key_value_heads").value_or(c.heads);
  if (c.kvHeads < 1)
    return refuse("num_key_value_heads " + llvm::Twine(c.kvHeads) + " (at least 1)");
  if (auto act = obj.getString("hidden_act"); act && *act != "silu")
    return refuse("hidden_act '" + *act + "' (SwiGLU uses silu)");
  if (!null("rope_scaling"))
    return refuse("rope_scaling (scaled rotary positions)");
  for (const char *key : {"attention_bias", "mlp_bias"})
    if (obj.getBoolean(key).value_or(false))
      return refuse(llvm::Twine(key) + " = true (LLaMA linears have no bias)");
  if (auto hd = obj.getInteger("head_dim"); hd && c.heads > 0 && *hd * c.heads != c.hidden)
    return refuse("head_dim " + llvm::Twine(*hd) + " with " + llvm::Twine(c.heads) +
                  " heads and hidden size " + llvm::Twine(c.hidden) +
                  " (heads x head_dim must be the hidden size)");
  // Mistral's sliding window only binds on sequences longer than it: capping
  // the positions at the window keeps every sequence where full causal
  // attention is exactly the model.
  if (!null("sliding_window")) {
    std::optional<int64_t> window = obj.getInteger("sliding_window");
    if (!window || *window < 1)
      return refuse("sliding_window that is not a positive integer");
    c.positions = std::min(c.positions, *window);
  }
  return llvm::Error::success();
}

namespace {
/// Emits parameters at module level and their reads where the builder is.
class ModelEmitter {
public:
  ModelEmitter(MLIRContext &ctx, const ModelConfig &c, ModuleOp module)
      : ctx(ctx), c(c), module(module), b(&ctx), loc(UnknownLoc::get(&ctx)) {}

  /// Fails, with the error emitted, when #mtc.model's verifier refuses the
  /// sizes (a product past int64 that validate()'s per-size bounds allow).
  LogicalResult build();

private:
  RankedTensorType f32(ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, Float32Type::get(&ctx));
  }

  /// Declares a parameter (once) and reads it at the current position.
  Value param(StringRef name, ArrayRef<int64_t> shape, InitKind init,
              double std = 0.0, bool noDecay = false) {
    // A set, not module.lookupSymbol: that scans the module, which made
    // building L layers take O(L^2) time (4,096 layers: 48 s).
    if (declared.insert(name).second) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(forward);
      // Only the attributes an unsharded parameter has; the parallelism
      // passes add theirs later.
      SmallVector<NamedAttribute> attrs = {
          b.getNamedAttr("sym_name", b.getStringAttr(name)),
          b.getNamedAttr("type", TypeAttr::get(f32(shape))),
          b.getNamedAttr("init", InitKindAttr::get(&ctx, init))};
      if (init == InitKind::normal)
        attrs.push_back(b.getNamedAttr("std", b.getF64FloatAttr(std)));
      if (noDecay)
        attrs.push_back(b.getNamedAttr("no_decay", b.getUnitAttr()));
      ParamOp::create(b, loc, TypeRange{}, ValueRange{}, attrs);
    }
    return ParamRefOp::create(b, loc, f32(shape), name);
  }

  Value layerNorm(Value x, const std::string &prefix) {
    Value w = param(prefix + ".weight", {c.hidden}, InitKind::ones, 0, true);
    Value bias = param(prefix + ".bias", {c.hidden}, InitKind::zeros, 0, true);
    return LayerNormOp::create(b, loc, x, w, bias,
                               b.getF64FloatAttr(c.layerNormEps));
  }

  Value linear(Value x, const std::string &prefix, int64_t in, int64_t out,
               double std) {
    Value w = param(prefix + ".weight", {in, out}, InitKind::normal, std);
    Value bias = param(prefix + ".bias", {out}, InitKind::zeros, 0, true);
    return LinearOp::create(b, loc, x, w, bias, /*transpose_weight=*/false);
  }

  Value rmsNorm(Value x, const std::string &name) {
    Value w = param(name, {c.hidden}, InitKind::ones, 0, true);
    return RmsNormOp::create(b, loc, x, w, b.getF64FloatAttr(c.layerNormEps));
  }

  Value linearNoBias(Value x, const std::string &name, int64_t in, int64_t out, double std) {
    Value w = param(name, {in, out}, InitKind::normal, std);
    return LinearOp::create(b, loc, x, w, Value(), /*transpose_weight=*/false);
  }

  /// LLaMA's attention: packed QKV (grouped), rotary, causal attention, o_proj.
  Value llamaAttention(Value x, const std::string &prefix) {
    int64_t hd = c.hidden / c.heads, kv = c.keyValueHeads();
    Value qkv = linearNoBias(x, prefix + ".qkv.weight", c.hidden, (c.heads + 2 * kv) * hd,
                             c.initStd);
    qkv = RotaryOp::create(b, loc, qkv, b.getI64IntegerAttr(c.heads), b.getI64IntegerAttr(kv),
                           b.getI64IntegerAttr(hd), b.getF64FloatAttr(c.ropeTheta), UnitAttr());
    auto attn = AttentionOp::create(
        b, loc, qkv, Value(), b.getI64IntegerAttr(c.heads), b.getI64IntegerAttr(hd),
        b.getBoolAttr(true), b.getF64FloatAttr(1.0 / std::sqrt(hd)),
        b.getF64FloatAttr(c.attentionDropout),
        b.getI64IntegerAttr(c.attentionDropout > 0 ? nextStream++ : 0),
        b.getI64IntegerAttr(kv == c.heads ? 0 : kv), b.getI64IntegerAttr(1));
    Value proj = linearNoBias(attn.getResult(), prefix + ".o_proj.weight", c.hidden, c.hidden,
                              outputStd());
    return dropout(proj, c.hiddenDropout);
  }

  /// LLaMA's MLP: down(silu(gate(x)) * up(x)).
  Value llamaMlp(Value x, const std::string &prefix) {
    Value gate = linearNoBias(x, prefix + ".gate_proj.weight", c.hidden, c.ffnSize(), c.initStd);
    Value up = linearNoBias(x, prefix + ".up_proj.weight", c.hidden, c.ffnSize(), c.initStd);
    Value act = SwigluOp::create(b, loc, gate, up);
    Value down = linearNoBias(act, prefix + ".down_proj.weight", c.ffnSize(), c.hidden,
                              outputStd());
    return dropout(down, c.hiddenDropout);
  }

  /// A mixture of experts in place of LLaMA's MLP (MtcMoeOps.td): the
  /// router, top-k routing, the load-balancing loss, and SwiGLU experts on
  /// the expert-sorted rows, combined back per token with their weights.
  Value moeMlp(Value x, const std::string &prefix) {
    int64_t E = c.experts, f = c.ffnSize();
    Value logits = linearNoBias(x, prefix + ".router.weight", c.hidden, E, c.initStd);
    auto route = MoeRouteOp::create(b, loc, logits, b.getI64IntegerAttr(c.topk));
    auto dispatch = MoeDispatchOp::create(
        b, loc, route.getExperts(), route.getWeights(), b.getI64IntegerAttr(E),
        b.getF64FloatAttr(c.capacityFactor), c.dropByPosition ? b.getUnitAttr() : UnitAttr());
    // The load-balancing loss (coefficient 0: only the expert load is reported).
    MoeAuxLossOp::create(b, loc, route.getProbs(), dispatch.getRouted(),
                         b.getI64IntegerAttr(c.topk), b.getF64FloatAttr(c.moeAuxLossCoeff));
    Value rows = MoePermuteOp::create(b, loc, x, dispatch.getRowOf(), dispatch.getEntryOf());
    Value kept = dispatch.getKept();
    auto experts = [&](const char *name, int64_t in, int64_t out, double std) {
      return param(prefix + "." + name, {E, in, out}, InitKind::normal, std);
    };
    Value gate = GroupedLinearOp::create(b, loc, rows, kept, experts("w1", c.hidden, f, c.initStd));
    Value up = GroupedLinearOp::create(b, loc, rows, kept, experts("w3", c.hidden, f, c.initStd));
    Value act = SwigluOp::create(b, loc, gate, up);
    Value down =
        GroupedLinearOp::create(b, loc, act, kept, experts("w2", f, c.hidden, outputStd()));
    Value y = MoeCombineOp::create(b, loc, down, dispatch.getRowOf(), dispatch.getEntryOf(),
                                   route.getWeights());
    return dropout(y, c.hiddenDropout);
  }

  /// The activation the config names, in the MLP and BERT's MLM head.
  Value activation(Value x) {
    if (c.activation == ModelConfig::Activation::SquaredRelu)
      return SquaredReluOp::create(b, loc, x);
    bool exact = c.activation == ModelConfig::Activation::GeluExact;
    return GeluOp::create(b, loc, x, exact ? b.getUnitAttr() : UnitAttr());
  }

  Value dropout(Value x, double rate) {
    if (rate == 0.0)
      return x;
    return DropoutOp::create(b, loc, x, b.getF64FloatAttr(rate),
                             b.getI64IntegerAttr(nextStream++));
  }

  Value attention(Value x, Value lengths, const std::string &prefix) {
    int64_t hd = c.hidden / c.heads;
    Value qkv = linear(x, prefix + ".c_attn", c.hidden, 3 * c.hidden, c.initStd);
    auto attn = AttentionOp::create(
        b, loc, qkv, lengths, b.getI64IntegerAttr(c.heads), b.getI64IntegerAttr(hd),
        b.getBoolAttr(c.arch == "gpt"), b.getF64FloatAttr(1.0 / std::sqrt(hd)),
        b.getF64FloatAttr(c.attentionDropout),
        b.getI64IntegerAttr(c.attentionDropout > 0 ? nextStream++ : 0),
        b.getI64IntegerAttr(0), b.getI64IntegerAttr(1));
    Value proj = linear(attn.getResult(), prefix + ".c_proj", c.hidden,
                        c.hidden, outputStd());
    return dropout(proj, c.hiddenDropout);
  }

  Value mlp(Value x, const std::string &prefix) {
    Value fc = linear(x, prefix + ".c_fc", c.hidden, c.ffnSize(), c.initStd);
    Value act = activation(fc);
    Value proj = linear(act, prefix + ".c_proj", c.ffnSize(), c.hidden,
                        outputStd());
    return dropout(proj, c.hiddenDropout);
  }

  /// Megatron-LM's scaled init for the projections that feed a residual.
  double outputStd() const { return c.initStd / std::sqrt(2.0 * c.layers); }

  Value layer(Value x, Value lengths, int64_t index);
  /// BERT's heads: masked LM (tied decoder) and, with the binary head, sentence order.
  SmallVector<Value> bertLosses(Value x, Value targets, Value sentenceLabels);

  MLIRContext &ctx;
  const ModelConfig &c;
  ModuleOp module;
  llvm::StringSet<> declared; // the params declared so far
  OpBuilder b;
  Location loc;
  func::FuncOp forward;
  int64_t nextStream = 1;
};

Value ModelEmitter::layer(Value input, Value lengths, int64_t index) {
  std::string name = "h." + std::to_string(index);
  SmallVector<Value> inputs{input};
  if (lengths)
    inputs.push_back(lengths); // a layer is isolated: the padding comes in
  auto op = LayerOp::create(b, loc, TypeRange{input.getType()},
                            b.getStringAttr(name), b.getI64IntegerAttr(index),
                            UnitAttr(), inputs);
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Type> types(ValueRange(inputs).getTypes());
  SmallVector<Location> locs(inputs.size(), loc);
  Block *body = b.createBlock(&op.getBody(), {}, types, locs);
  Value x = body->getArgument(0);
  Value innerLengths = lengths ? body->getArgument(1) : Value();
  Value out;
  if (c.arch == "llama") { // pre-RMSNorm
    Value r1 = AddOp::create(b, loc, x,
                             llamaAttention(rmsNorm(x, name + ".input_norm.weight"),
                                            name + ".attn"));
    Value normed = rmsNorm(r1, name + ".post_attention_norm.weight");
    out = AddOp::create(b, loc, r1,
                        c.experts ? moeMlp(normed, name + ".moe") : llamaMlp(normed, name + ".mlp"));
  } else if (c.arch == "gpt") { // pre-LN
    Value r1 = AddOp::create(b, loc, x, attention(layerNorm(x, name + ".ln_1"),
                                                  innerLengths, name + ".attn"));
    out = AddOp::create(b, loc, r1,
                        mlp(layerNorm(r1, name + ".ln_2"), name + ".mlp"));
  } else { // post-LN
    Value r1 = layerNorm(
        AddOp::create(b, loc, x, attention(x, innerLengths, name + ".attn")),
        name + ".ln_1");
    out = layerNorm(AddOp::create(b, loc, r1, mlp(r1, name + ".mlp")),
                    name + ".ln_2");
  }
  YieldOp::create(b, loc, ValueRange{out});
  return op.getResult(0);
}

SmallVector<Value> ModelEmitter::bertLosses(Value x, Value targets,
                                            Value sentenceLabels) {
  int64_t v = c.paddedVocab();
  // Masked LM: dense, the activation, layer norm, then the decoder tied to wte.
  Value h = linear(x, "head.dense", c.hidden, c.hidden, c.initStd);
  h = layerNorm(activation(h), "head.ln");
  Value table = ParamRefOp::create(b, loc, f32({v, c.hidden}), "wte");
  Value bias = param("head.bias", {v}, InitKind::zeros, 0, true);
  Value logits = LinearOp::create(b, loc, h, table, bias, /*transpose_weight=*/true);
  SmallVector<Value> losses{CrossEntropyOp::create(
      b, loc, logits, targets, b.getI64IntegerAttr(c.vocab), b.getI64IntegerAttr(0))};
  if (!sentenceLabels)
    return losses;
  // Sentence order: the pooler (tanh of a dense layer on [CLS]) and a
  // two-way classifier, as Megatron's --bert-binary-head.
  Value pooled = FirstTokenOp::create(b, loc, x, UnitAttr());
  pooled = TanhOp::create(b, loc, linear(pooled, "pooler.dense", c.hidden, c.hidden,
                                         c.initStd));
  Value sop = linear(pooled, "binary_head", c.hidden, 2, c.initStd);
  losses.push_back(CrossEntropyOp::create(b, loc, sop, sentenceLabels,
                                          b.getI64IntegerAttr(2), b.getI64IntegerAttr(0)));
  return losses;
}

LogicalResult ModelEmitter::build() {
  int64_t s = c.seqLength(), v = c.paddedVocab();
  // Checked as mtc-opt and mtc-compile will check it when they read the file.
  auto model =
      ModelAttr::getChecked([&] { return emitError(module.getLoc()); }, &ctx, StringRef(c.name),
                            StringRef(c.arch), c.layers, c.hidden, c.heads, c.ffnSize(), c.vocab, v,
                            c.positions, s, c.microBatch, c.kvHeads == c.heads ? 0 : c.kvHeads);
  if (!model)
    return failure();
  module->setAttr(kModelAttrName, model);
  bool bert = c.arch == "bert";
  auto tokensType = RankedTensorType::get({c.microBatch, s}, b.getI32Type());
  // The inputs a micro-batch brings, each tagged with its role so that the
  // compiler and the runtime find them by meaning, not position.
  SmallVector<std::pair<StringRef, RankedTensorType>> inputs{{"tokens", tokensType},
                                                             {"targets", tokensType}};
  if (bert) {
    inputs.push_back({"token_types", tokensType});
    inputs.push_back({"lengths", RankedTensorType::get({c.microBatch}, b.getI32Type())});
    if (c.binaryHead)
      inputs.push_back(
          {"sentence_labels", RankedTensorType::get({c.microBatch, 1}, b.getI32Type())});
  }
  SmallVector<Type> argTypes, resultTypes(bert && c.binaryHead ? 2 : 1,
                                           RankedTensorType::get({}, b.getF32Type()));
  for (auto &[role, type] : inputs)
    argTypes.push_back(type);
  b.setInsertionPointToEnd(module.getBody());
  forward = func::FuncOp::create(b, loc, "forward",
                                 b.getFunctionType(argTypes, resultTypes));
  for (auto [i, input] : llvm::enumerate(inputs))
    forward.setArgAttr(i, kInputRoleAttrName, b.getStringAttr(input.first));
  Block *entry = forward.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Value tokens = entry->getArgument(0), targets = entry->getArgument(1);
  Value tokenTypes = bert ? entry->getArgument(2) : Value();
  Value lengths = bert ? entry->getArgument(3) : Value();
  Value sentenceLabels = bert && c.binaryHead ? entry->getArgument(4) : Value();

  bool llama = c.arch == "llama";
  Value wte = param("wte", {v, c.hidden}, InitKind::normal, c.initStd);
  // LLaMA's positions are rotary, inside attention; the others learn a table.
  Value wpe = llama ? Value()
                    : param("wpe", {c.positions, c.hidden}, InitKind::normal, c.initStd);
  Value x = EmbeddingOp::create(b, loc, tokens, wte, wpe, b.getI64IntegerAttr(0));
  if (bert) {
    Value tte = param("tte", {c.typeVocab, c.hidden}, InitKind::normal, c.initStd);
    x = TokenTypeAddOp::create(b, loc, x, tokenTypes, tte);
    x = layerNorm(x, "emb_ln");
  }
  x = dropout(x, c.hiddenDropout);
  for (int64_t i = 0; i < c.layers; ++i)
    x = layer(x, lengths, i);

  if (bert) {
    func::ReturnOp::create(b, loc, bertLosses(x, targets, sentenceLabels));
    return success();
  }
  x = llama ? rmsNorm(x, "norm_f.weight") : layerNorm(x, "ln_f");
  // The output layer reads the input embedding table unless it has its own.
  Value table = c.tiedEmbeddings
                    ? ParamRefOp::create(b, loc, f32({v, c.hidden}), "wte").getResult()
                    : param("lm_head.weight", {v, c.hidden}, InitKind::normal, c.initStd);
  Value logits = LinearOp::create(b, loc, x, table, Value(),
                                  /*transpose_weight=*/true);
  Value loss = CrossEntropyOp::create(b, loc, logits, targets,
                                      b.getI64IntegerAttr(c.vocab),
                                      b.getI64IntegerAttr(0));
  func::ReturnOp::create(b, loc, loss);
  return success();
}
} // namespace

OwningOpRef<ModuleOp> mtc::buildModel(MLIRContext &context,
                                      const ModelConfig &config) {
  context.loadDialect<MtcDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  if (failed(ModelEmitter(context, config, *module).build()))
    return nullptr;
  return module;
}
